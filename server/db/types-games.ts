// The tables of migration 0028-games (issue 19 part B: games: rounds, round questions, players and their rounds), as Kysely sees them;
// collected in types.ts `DB`. docs/growth.md "Games" explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A jsonb column written as JSON text (JSON.stringify) and read parsed. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

/** The kinds a round's question may be. */
export type GameQuestionKind = 'single' | 'multiple' | 'judge';

/** A round of a game: material, then questions against a time limit. */
export interface GameRoundTable {
  tenant_id: TenantKey;
  id: Id;
  game_id: number;
  sort: number;
  title: string;
  content: Generated<string>;
  /** Seconds. */
  time_limit: Generated<number>;
  /** Percent. */
  pass_score: Generated<number>;
}

/** A question of a round; answer and explanation stay on the server until the attempt is finished. */
export interface GameRoundQuestionTable {
  tenant_id: TenantKey;
  id: Id;
  round_id: number;
  sort: Generated<number>;
  kind: GameQuestionKind;
  stem: string;
  options: JsonDefault<{ key: string; text: string }[]>;
  answer: string[];
  explanation: NullableOptional<string>;
  score: Generated<number>;
}

/** A learner playing a game (created once). */
export interface GamePlayerTable {
  tenant_id: TenantKey;
  id: Id;
  game_id: number;
  user_id: number;
  started_at: Timestamp;
  last_played_at: NullableOptional<Date>;
}

/** One attempt at a round (the study record's userRoundId). */
export interface GameUserRoundTable {
  tenant_id: TenantKey;
  id: Id;
  player_id: number;
  round_id: number;
  user_id: number;
  started_at: Timestamp;
  deadline: Date;
  answers: JsonDefault<Record<string, string[]>>;
  saved_at: NullableOptional<Date>;
  finished_at: NullableOptional<Date>;
  score: NullableOptional<number>;
  correct: NullableOptional<number>;
  stars: NullableOptional<number>;
  passed: NullableOptional<boolean>;
  elapsed_seconds: NullableOptional<number>;
  timed_out: NullableOptional<boolean>;
  first_pass: Generated<boolean>;
  points_awarded: Generated<number>;
}

/** The tables of migration 0028. */
export interface GamesTables {
  game_round: GameRoundTable;
  game_round_question: GameRoundQuestionTable;
  game_player: GamePlayerTable;
  game_user_round: GameUserRoundTable;
}
