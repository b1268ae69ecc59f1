// Games (issue 19 part B; spec learning §2 "Games", §7 GET /task/api/game/detail, start, roundList,
// roundDetail, roundContent, finishRound, searchByUser, userGameHist and POST saveUserRoundContent).
// Server routes validate with these (server/modules/task/games-*.ts); src/api/games.ts derives its
// types. The scoring rules (spec §9 "game scoring numbers: not shown") are ours: docs/growth.md "Games".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { Nullable, PageNo, PageSize } from './list';
import { GameItem } from './task';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** Most answers one save may carry (a round has far fewer questions). */
export const GAME_ANSWERS_MAX = 100;

// --- Queries and bodies ---

/** GET detail: the game by id. */
export const GameIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The game.' }) });
/** GET start, roundList: the game by gameId. */
export const GameRefQuery = Type.Object({ tenantId: TenantIdParam, gameId: Id({ description: 'The game.' }) });
/** GET roundDetail, roundContent: the round. */
export const RoundIdQuery = Type.Object({ tenantId: TenantIdParam, roundId: Id({ description: 'The round.' }) });
/** GET finishRound: the attempt (the study record's userRoundId). */
export const FinishRoundQuery = Type.Object({ tenantId: TenantIdParam, userRoundId: Id({ description: 'The attempt to close and score.' }) });
/** GET searchByUser: my games. */
export const MyGamesQuery = Type.Object({ tenantId: TenantIdParam, ...Paging });
/** GET userGameHist: my attempts, newest first, optionally of one game. */
export const GameHistQuery = Type.Object({ tenantId: TenantIdParam, gameId: Type.Optional(Id({ description: 'Only this game.' })), ...Paging });

/**
 * POST saveUserRoundContent. Without userRoundId: the learner has studied the round's material and
 * starts answering: opens an attempt (or returns the open one). With userRoundId: saves the answers
 * of that open attempt (replacing those saved before), until its deadline.
 */
export const SaveRoundBody = Type.Object({
  tenantId: TenantIdParam,
  roundId: Id({ description: 'The round.' }),
  userRoundId: Type.Optional(Id({ description: 'The open attempt whose answers to save; absent: start answering.' })),
  answers: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{1,16}$' }), Type.Array(Type.String({ maxLength: 8 }), { maxItems: 10 }), {
    maxProperties: GAME_ANSWERS_MAX, description: 'Option keys by question id.',
  })),
});
export type SaveRoundBody = Static<typeof SaveRoundBody>;

// --- Answers ---

/** A round for me: locked (the previous is not passed yet), open (playable, not passed) or passed. */
export const RoundState = Type.Union([Type.Literal('locked'), Type.Literal('open'), Type.Literal('passed')]);
export type RoundState = Static<typeof RoundState>;

/** A round on the map, with my standing. */
export const RoundSummary = Type.Object({
  id: Type.Integer(), gameId: Type.Integer(), sort: Type.Integer({ description: 'Its number, from 1.' }), title: Type.String(),
  timeLimit: Type.Integer({ description: 'Seconds to answer.' }), passScore: Type.Integer({ description: 'Percent needed to pass.' }),
  questionCount: Type.Integer(), state: RoundState,
  bestScore: Nullable(Type.Integer({ description: 'My best score (percent); null: never finished.' })),
  bestStars: Type.Integer({ minimum: 0, maximum: 3 }),
  attempts: Type.Integer({ description: 'My finished attempts.' }),
  openAttemptId: Nullable(Type.Integer({ description: 'My attempt still being answered, to continue.' })),
});
export type RoundSummary = Static<typeof RoundSummary>;

/** My standing in a game. */
export const GameProgress = Type.Object({
  started: Type.Boolean({ description: 'Whether I am a player (start was called or a round played).' }),
  startedAt: Nullable(DateTime()),
  lastPlayedAt: Nullable(DateTime()),
  passedRounds: Type.Integer(), roundCount: Type.Integer(),
  stars: Type.Integer({ description: 'The sum of my best stars per round.' }), maxStars: Type.Integer({ description: '3 per round.' }),
  nextRoundId: Nullable(Type.Integer({ description: 'The round to play next: the first open one; null when every round is passed.' })),
  finished: Type.Boolean({ description: 'Every round passed.' }),
});
export type GameProgress = Static<typeof GameProgress>;

/** GET detail: the game, its rounds with lock state, and my progress (null for a guest). */
export const GameDetail = Type.Object({
  game: GameItem,
  rounds: Type.Array(RoundSummary),
  progress: Nullable(GameProgress),
});
export type GameDetail = Static<typeof GameDetail>;

/** GET roundList: the round map of a game for me. */
export const RoundMap = Type.Object({
  gameId: Type.Integer(), gameTitle: Type.String(), rounds: Type.Array(RoundSummary), progress: GameProgress,
});
export type RoundMap = Static<typeof RoundMap>;

/** One finished attempt, as lists show it. */
export const AttemptRow = Type.Object({
  userRoundId: Type.Integer(), gameId: Type.Integer(), gameTitle: Type.String(), roundId: Type.Integer(), roundSort: Type.Integer(), roundTitle: Type.String(),
  score: Type.Integer(), correct: Type.Integer(), questionCount: Type.Integer(), stars: Type.Integer({ minimum: 0, maximum: 3 }), passed: Type.Boolean(),
  elapsedSeconds: Type.Integer(), timeLimit: Type.Integer(), timedOut: Type.Boolean(), pointsAwarded: Type.Integer(),
  startedAt: DateTime(), finishedAt: DateTime(),
});
export type AttemptRow = Static<typeof AttemptRow>;

/** GET roundDetail: a round, its game, my attempts at it (newest first) and the round after it. */
export const RoundDetail = Type.Object({
  round: RoundSummary, gameTitle: Type.String(), roundCount: Type.Integer(),
  attempts: Type.Array(AttemptRow),
  nextRound: Nullable(Type.Object({ id: Type.Integer(), title: Type.String(), state: RoundState })),
});
export type RoundDetail = Static<typeof RoundDetail>;

/** A question as the player shows it: no answer, no explanation. */
export const RoundQuestion = Type.Object({
  id: Type.Integer(), kind: Type.Union([Type.Literal('single'), Type.Literal('multiple'), Type.Literal('judge')]),
  stem: Type.String(), options: Type.Array(Type.Object({ key: Type.String(), text: Type.String() })), score: Type.Integer(), sort: Type.Integer(),
});
export type RoundQuestion = Static<typeof RoundQuestion>;

/** An attempt being answered: its questions (no answers), deadline on the server clock and saved answers. */
export const OpenAttempt = Type.Object({
  userRoundId: Type.Integer(), startedAt: DateTime(),
  deadline: DateTime('started + time limit (server clock); answers saved after it do not count.'),
  serverNow: DateTime('The server clock, for the countdown.'),
  questions: Type.Array(RoundQuestion),
  answers: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Saved answers by question id.' }),
  savedAt: Nullable(DateTime()),
});
export type OpenAttempt = Static<typeof OpenAttempt>;

/** GET roundContent and POST saveUserRoundContent: the round's material and my open attempt (null before I start answering). */
export const RoundPlay = Type.Object({
  round: RoundSummary, gameId: Type.Integer(), gameTitle: Type.String(),
  content: Type.String({ description: 'The material: plain text, paragraphs separated by a blank line.' }),
  attempt: Nullable(OpenAttempt),
});
export type RoundPlay = Static<typeof RoundPlay>;

/** A question after the attempt: my answer, the right one, whether I was right, and why. */
export const ReviewedQuestion = Type.Object({
  ...RoundQuestion.properties,
  yourAnswer: Type.Array(Type.String()), correctAnswer: Type.Array(Type.String()), right: Type.Boolean(),
  explanation: Nullable(Type.String()),
});
export type ReviewedQuestion = Static<typeof ReviewedQuestion>;

/** GET finishRound: the result of a closed attempt (the same on every call). */
export const RoundResult = Type.Object({
  ...AttemptRow.properties,
  passScore: Type.Integer(),
  firstPass: Type.Boolean({ description: 'My first pass of this round: the attempt that earned points.' }),
  questions: Type.Array(ReviewedQuestion),
  nextRound: Nullable(Type.Object({ id: Type.Integer(), title: Type.String(), state: RoundState })),
});
export type RoundResult = Static<typeof RoundResult>;

/** GET searchByUser: one game I play, with my progress. */
export const MyGameItem = Type.Object({ game: GameItem, progress: GameProgress });
export type MyGameItem = Static<typeof MyGameItem>;
