// Games' SQL (issue 19 part B; migration 0028-games): rounds, questions, players and attempts, and
// the scoring of an attempt (spec learning §9 "game scoring numbers: not shown": ours, docs/growth.md
// "Games"). Every function runs inside the tenant's transaction (row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { GameQuestionKind } from '../../db/types-games';
import { awardPoints } from '../../lib/points';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { GameItem } from '../../../schemas/api/task';
import type { AttemptRow, GameProgress, ReviewedQuestion, RoundQuestion, RoundResult, RoundSummary } from '../../../schemas/api/games';

type Trx = Transaction<DB>;

/** Seconds after the deadline a save is still taken: the answer was given in time, the network was slow. */
export const SAVE_GRACE_SECONDS = 5;

/** A round with its game's title and its question count. */
export interface RoundRow {
  id: number; game_id: number; sort: number; title: string; content: string; time_limit: number; pass_score: number;
  question_count: number; game_title: string;
}

/** A question whole, answer included: never sent before the attempt is finished. */
export interface QuestionRow {
  id: number; round_id: number; sort: number; kind: GameQuestionKind; stem: string; options: { key: string; text: string }[];
  answer: string[]; explanation: string | null; score: number;
}

/** An attempt row. */
export type AttemptRowDb = Awaited<ReturnType<typeof findAttempt>>;

const cardColumns = [
  'game.id', 'game.title', 'game.cover', 'game.summary', 'game.category_id', 'cat.name as category_name', 'game.publish_time',
  'game.round_count', 'game.player_count',
] as const;

/** A published game as its card, or undefined (unpublished, missing, or another tenant's). */
export async function findGameCard(trx: Trx, id: number): Promise<GameItem | undefined> {
  const r = await trx.selectFrom('game')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'game.tenant_id').onRef('cat.id', '=', 'game.category_id'))
    .select(cardColumns).where('game.id', '=', id).where('game.state', '=', 1).executeTakeFirst();
  return r && toCard(r);
}

function toCard(r: {
  id: number; title: string; cover: string | null; summary: string | null; category_id: number | null; category_name: string | null;
  publish_time: Date; round_count: number; player_count: number;
}): GameItem {
  return {
    id: r.id, title: r.title, cover: r.cover, summary: r.summary, categoryId: r.category_id, categoryName: r.category_name,
    publishTime: iso(r.publish_time), roundCount: r.round_count, playerCount: r.player_count,
  };
}

const anyRoundQuery = (trx: Trx) => trx.selectFrom('game_round as r')
  .innerJoin('game as g', (j) => j.onRef('g.tenant_id', '=', 'r.tenant_id').onRef('g.id', '=', 'r.game_id'))
  .select([
    'r.id', 'r.game_id', 'r.sort', 'r.title', 'r.content', 'r.time_limit', 'r.pass_score', 'g.title as game_title',
    sql<number>`(select count(*) from game_round_question q where q.tenant_id = r.tenant_id and q.round_id = r.id)`.as('question_count'),
  ]);

const roundQuery = (trx: Trx) => anyRoundQuery(trx).where('g.state', '=', 1);

/** The rounds of a game in order. */
export async function listRounds(trx: Trx, gameId: number): Promise<RoundRow[]> {
  return roundQuery(trx).where('r.game_id', '=', gameId).orderBy('r.sort').execute();
}

/** One round of a published game, or undefined. */
export async function findRound(trx: Trx, roundId: number): Promise<RoundRow | undefined> {
  return roundQuery(trx).where('r.id', '=', roundId).executeTakeFirst();
}

/**
 * One round whatever its game's state, or undefined: the result of an attempt the learner already
 * made (an unpublished game stops new play, not the scoring of an attempt begun while it was published).
 */
export async function findRoundOfAttempt(trx: Trx, roundId: number): Promise<RoundRow | undefined> {
  return anyRoundQuery(trx).where('r.id', '=', roundId).executeTakeFirst();
}

/** A round's questions in order, answers included (server side only). */
export async function roundQuestions(trx: Trx, roundId: number): Promise<QuestionRow[]> {
  return trx.selectFrom('game_round_question')
    .select(['id', 'round_id', 'sort', 'kind', 'stem', 'options', 'answer', 'explanation', 'score'])
    .where('round_id', '=', roundId).orderBy('sort').orderBy('id').execute();
}

/** A question as the player shows it: no answer, no explanation (never before the attempt is finished). */
export const toPlayerQuestion = (q: QuestionRow): RoundQuestion => ({ id: q.id, kind: q.kind, stem: q.stem, options: q.options, score: q.score, sort: q.sort });

interface RoundStats { best_score: number | null; best_stars: number; attempts: number; passed: boolean; open_id: number | null }

/** My best score, stars, finished attempts, whether passed and my open attempt, per round. */
async function myRoundStats(trx: Trx, userId: number, roundIds: number[]): Promise<Map<number, RoundStats>> {
  if (roundIds.length === 0) return new Map();
  const rows = await trx.selectFrom('game_user_round').where('user_id', '=', userId).where('round_id', 'in', roundIds)
    .select([
      'round_id',
      sql<number | null>`max(score)`.as('best_score'),
      sql<number>`coalesce(max(stars), 0)`.as('best_stars'),
      sql<number>`count(finished_at)`.as('attempts'),
      sql<boolean>`coalesce(bool_or(passed), false)`.as('passed'),
      sql<number | null>`max(id) filter (where finished_at is null)`.as('open_id'),
    ])
    .groupBy('round_id').execute();
  return new Map(rows.map((r) => [r.round_id, r]));
}

/**
 * The rounds with my state: round 1 is open; a round unlocks when the previous one is passed
 * (score ≥ its pass score); a passed round stays passed. A guest (userId null) sees them as a new player.
 */
export async function roundSummaries(trx: Trx, rounds: RoundRow[], userId: number | null): Promise<RoundSummary[]> {
  const stats = userId === null ? new Map<number, RoundStats>() : await myRoundStats(trx, userId, rounds.map((r) => r.id));
  let previousPassed = true;
  return rounds.map((r) => {
    const s = stats.get(r.id);
    const passed = s?.passed ?? false;
    // spec learning §2 "Games" (issue 19): a round unlocks when the previous one is passed.
    const state = passed ? 'passed' as const : previousPassed ? 'open' as const : 'locked' as const;
    previousPassed = passed;
    return {
      id: r.id, gameId: r.game_id, sort: r.sort, title: r.title, timeLimit: r.time_limit, passScore: r.pass_score,
      questionCount: r.question_count, state, bestScore: s?.best_score ?? null, bestStars: s?.best_stars ?? 0,
      attempts: s?.attempts ?? 0, openAttemptId: s?.open_id ?? null,
    };
  });
}

/** The player row of a user in a game, or undefined. */
export async function findPlayer(trx: Trx, gameId: number, userId: number) {
  return trx.selectFrom('game_player').select(['id', 'started_at', 'last_played_at']).where('game_id', '=', gameId).where('user_id', '=', userId).executeTakeFirst();
}

/** My player row in a game, created once (and counted in the game's players); safe to repeat. */
export async function ensurePlayer(trx: Trx, tenantId: number, gameId: number, userId: number) {
  const made = await trx.insertInto('game_player').values({ tenant_id: tenantId, game_id: gameId, user_id: userId })
    .onConflict((oc) => oc.columns(['tenant_id', 'game_id', 'user_id']).doNothing()).returning('id').executeTakeFirst();
  if (made) await trx.updateTable('game').set((eb) => ({ player_count: eb('player_count', '+', 1) })).where('id', '=', gameId).execute();
  return (await findPlayer(trx, gameId, userId))!;
}

/** My progress in a game from its round summaries and my player row. */
export function progressOf(player: { started_at: Date; last_played_at: Date | null } | undefined, rounds: RoundSummary[]): GameProgress {
  const passed = rounds.filter((r) => r.state === 'passed').length;
  return {
    started: player !== undefined, startedAt: player ? iso(player.started_at) : null, lastPlayedAt: player ? isoOrNull(player.last_played_at) : null,
    passedRounds: passed, roundCount: rounds.length, stars: rounds.reduce((n, r) => n + r.bestStars, 0), maxStars: rounds.length * 3,
    nextRoundId: rounds.find((r) => r.state === 'open')?.id ?? null, finished: rounds.length > 0 && passed === rounds.length,
  };
}

/** An attempt by id (any user's: callers check the owner), with the database clock. */
export async function findAttempt(trx: Trx, id: number) {
  return trx.selectFrom('game_user_round')
    .select([
      'id', 'player_id', 'round_id', 'user_id', 'started_at', 'deadline', 'answers', 'saved_at', 'finished_at', 'score', 'correct', 'stars',
      'passed', 'elapsed_seconds', 'timed_out', 'first_pass', 'points_awarded', sql<Date>`now()`.as('now'),
    ])
    .where('id', '=', id).executeTakeFirst();
}

/** My open attempt at a round, or undefined. */
export async function findOpenAttempt(trx: Trx, userId: number, roundId: number) {
  const row = await trx.selectFrom('game_user_round').select('id').where('user_id', '=', userId).where('round_id', '=', roundId)
    .where('finished_at', 'is', null).executeTakeFirst();
  return row ? findAttempt(trx, row.id) : undefined;
}

/** Opens an attempt at a round, its deadline the server clock plus the time limit; the open one if there is one already. */
export async function openAttempt(trx: Trx, tenantId: number, playerId: number, round: RoundRow, userId: number) {
  await trx.insertInto('game_user_round').values({
    tenant_id: tenantId, player_id: playerId, round_id: round.id, user_id: userId,
    deadline: sql<Date>`now() + make_interval(secs => ${round.time_limit})`,
  }).onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'round_id']).where('finished_at', 'is', null).doNothing()).execute();
  return (await findOpenAttempt(trx, userId, round.id))!;
}

/** Replaces the saved answers of an open attempt. */
export async function saveAnswers(trx: Trx, attemptId: number, answers: Record<string, string[]>): Promise<void> {
  await trx.updateTable('game_user_round').set({ answers: JSON.stringify(answers), saved_at: sql<Date>`now()` })
    .where('id', '=', attemptId).where('finished_at', 'is', null).execute();
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((k, i) => k === [...b].sort()[i]);

/**
 * Stars of a finished attempt (spec learning §9 "game scoring numbers: not shown": ours, docs/growth.md
 * "Games"): 0 failed; 3 a score of at least 90 within half the time limit; 2 at least 75; 1 passed.
 */
export function starsFor(score: number, passed: boolean, elapsedSeconds: number, timeLimit: number): number {
  if (!passed) return 0;
  if (score >= 90 && elapsedSeconds * 2 <= timeLimit) return 3;
  if (score >= 75) return 2;
  return 1;
}

/** The score of saved answers: percent of the round's points gained (a multiple question is all or nothing), and how many were right. */
export function scoreOf(questions: QuestionRow[], answers: Record<string, string[]>): { score: number; correct: number } {
  const total = questions.reduce((n, q) => n + q.score, 0);
  let gained = 0;
  let correct = 0;
  for (const q of questions) {
    if (sameKeys(answers[String(q.id)] ?? [], q.answer)) {
      gained += q.score;
      correct += 1;
    }
  }
  return { score: total > 0 ? Math.round((gained * 100) / total) : 0, correct };
}

/**
 * Closes an open attempt and scores what was saved; an attempt already closed is left as it is (so
 * finishRound is safe to repeat). Over the time limit it is scored as submitted at the limit, on the
 * server clock. The first pass of a round awards points (kind game_round, units = stars).
 */
export async function closeAttempt(trx: Trx, attemptId: number): Promise<void> {
  const a = await trx.selectFrom('game_user_round')
    .select(['id', 'round_id', 'user_id', 'player_id', 'started_at', 'deadline', 'answers', 'finished_at', sql<Date>`now()`.as('now')])
    .where('id', '=', attemptId).forUpdate().executeTakeFirst();
  if (!a || a.finished_at !== null) return;
  const round = (await trx.selectFrom('game_round as r')
    .innerJoin('game as g', (j) => j.onRef('g.tenant_id', '=', 'r.tenant_id').onRef('g.id', '=', 'r.game_id'))
    .select(['r.id', 'r.title', 'r.time_limit', 'r.pass_score', 'g.title as game_title']).where('r.id', '=', a.round_id).executeTakeFirstOrThrow());
  const questions = await roundQuestions(trx, a.round_id);
  // spec learning §9 (ours): over the time limit the attempt is scored as submitted at the limit.
  const timedOut = a.now.getTime() > a.deadline.getTime();
  const finishedAt = timedOut ? a.deadline : a.now;
  const elapsed = Math.min(round.time_limit, Math.max(0, Math.round((finishedAt.getTime() - a.started_at.getTime()) / 1000)));
  const { score, correct } = scoreOf(questions, a.answers);
  const passed = score >= round.pass_score;
  const stars = starsFor(score, passed, elapsed, round.time_limit);
  const passedBefore = passed && (await trx.selectFrom('game_user_round').select('id').where('user_id', '=', a.user_id)
    .where('round_id', '=', a.round_id).where('passed', '=', true).limit(1).executeTakeFirst()) !== undefined;
  const firstPass = passed && !passedBefore;
  await trx.updateTable('game_user_round').set({
    finished_at: finishedAt, score, correct, stars, passed, elapsed_seconds: elapsed, timed_out: timedOut, first_pass: firstPass,
  }).where('id', '=', a.id).execute();
  await trx.updateTable('game_player').set({ last_played_at: a.now }).where('id', '=', a.player_id).execute();
  if (firstPass) {
    // issue 19 contract: scores feed points on the first pass, units = stars.
    const points = await awardPoints(trx, { userId: a.user_id, kind: 'game_round', ref: `round:${a.round_id}`, units: stars, note: `${round.game_title} · ${round.title}` });
    if (points > 0) await trx.updateTable('game_user_round').set({ points_awarded: points }).where('id', '=', a.id).execute();
  }
}

/** Closes my attempts whose time ran out while nobody submitted them (a closed tab): scored at the limit. */
export async function closeExpired(trx: Trx, userId: number): Promise<void> {
  const rows = await trx.selectFrom('game_user_round').select('id').where('user_id', '=', userId).where('finished_at', 'is', null)
    .where(sql<boolean>`deadline + make_interval(secs => ${SAVE_GRACE_SECONDS}) < now()`).execute();
  for (const r of rows) await closeAttempt(trx, r.id);
}

const attemptListQuery = (trx: Trx, userId: number) => trx.selectFrom('game_user_round as a')
  .innerJoin('game_round as r', (j) => j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.round_id'))
  .innerJoin('game as g', (j) => j.onRef('g.tenant_id', '=', 'r.tenant_id').onRef('g.id', '=', 'r.game_id'))
  .where('a.user_id', '=', userId).where('a.finished_at', 'is not', null);

/** Finished attempts as list rows (newest first), of one game or round when asked. */
export async function listAttempts(trx: Trx, userId: number, q: { gameId?: number | undefined; roundId?: number | undefined; pageNo: number; pageSize: number }): Promise<{ list: AttemptRow[]; total: number }> {
  let base = attemptListQuery(trx, userId);
  if (q.gameId !== undefined) base = base.where('r.game_id', '=', q.gameId);
  if (q.roundId !== undefined) base = base.where('a.round_id', '=', q.roundId);
  const [rows, count] = await Promise.all([
    base.select([
      'a.id', 'r.game_id', 'g.title as game_title', 'a.round_id', 'r.sort', 'r.title as round_title', 'a.score', 'a.correct', 'a.stars', 'a.passed',
      'a.elapsed_seconds', 'r.time_limit', 'a.timed_out', 'a.points_awarded', 'a.started_at', 'a.finished_at',
      sql<number>`(select count(*) from game_round_question q where q.tenant_id = r.tenant_id and q.round_id = r.id)`.as('question_count'),
    ]).orderBy('a.finished_at', 'desc').orderBy('a.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      userRoundId: r.id, gameId: r.game_id, gameTitle: r.game_title, roundId: r.round_id, roundSort: r.sort, roundTitle: r.round_title,
      score: r.score ?? 0, correct: r.correct ?? 0, questionCount: r.question_count, stars: r.stars ?? 0, passed: r.passed ?? false,
      elapsedSeconds: r.elapsed_seconds ?? 0, timeLimit: r.time_limit, timedOut: r.timed_out ?? false, pointsAwarded: r.points_awarded,
      startedAt: iso(r.started_at), finishedAt: iso(r.finished_at!),
    })),
  };
}

/** The result of a closed attempt: its row, each question with my answer, the right one and the explanation, and the round after it. */
export async function resultOf(trx: Trx, attemptId: number, userId: number): Promise<RoundResult> {
  const a = (await findAttempt(trx, attemptId))!;
  const round = (await findRoundOfAttempt(trx, a.round_id))!;
  const row = (await listAttempts(trx, userId, { roundId: a.round_id, pageNo: 1, pageSize: 1000 })).list.find((x) => x.userRoundId === attemptId)!;
  const questions: ReviewedQuestion[] = (await roundQuestions(trx, a.round_id)).map((q) => {
    const yours = a.answers[String(q.id)] ?? [];
    return { ...toPlayerQuestion(q), yourAnswer: yours, correctAnswer: q.answer, right: sameKeys(yours, q.answer), explanation: q.explanation };
  });
  const next = await nextRoundOf(trx, round, userId);
  return { ...row, passScore: round.pass_score, firstPass: a.first_pass, questions, nextRound: next };
}

/** The round after this one with my state, or null for the last. */
export async function nextRoundOf(trx: Trx, round: RoundRow, userId: number) {
  const summaries = await roundSummaries(trx, await listRounds(trx, round.game_id), userId);
  const next = summaries.find((r) => r.sort > round.sort);
  return next ? { id: next.id, title: next.title, state: next.state } : null;
}

/** The games I play (newest played first), paged. */
export async function myGames(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }) {
  const base = trx.selectFrom('game_player as p')
    .innerJoin('game', (j) => j.onRef('game.tenant_id', '=', 'p.tenant_id').onRef('game.id', '=', 'p.game_id'))
    .where('p.user_id', '=', userId).where('game.state', '=', 1);
  const [rows, count] = await Promise.all([
    base.leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'game.tenant_id').onRef('cat.id', '=', 'game.category_id'))
      .select([...cardColumns, 'p.started_at', 'p.last_played_at'])
      .orderBy(sql`coalesce(p.last_played_at, p.started_at)`, 'desc').orderBy('p.id', 'desc')
      .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = [];
  for (const r of rows) {
    const rounds = await roundSummaries(trx, await listRounds(trx, r.id), userId);
    list.push({ game: toCard(r), progress: progressOf(r, rounds) });
  }
  return { list, total: Number(count.n) };
}
