// Game calls (issue 19 part B; spec learning §7 "Tasks and games": GET /task/api/game/detail, start,
// roundList, roundDetail, roundContent, finishRound, searchByUser, userGameHist; POST
// saveUserRoundContent; the list /task/api/game/search is in routes.ts). The spec makes start and
// finishRound GETs: both are safe to repeat (start creates the player once; a second finishRound of
// an attempt returns the same result). Scoring rules: docs/growth.md "Games".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { DB } from '../../db/types';
import {
  closeAttempt, closeExpired, ensurePlayer, findAttempt, findGameCard, findOpenAttempt, findPlayer, findRound, listAttempts, listRounds,
  myGames, nextRoundOf, openAttempt, progressOf, resultOf, roundQuestions, roundSummaries, saveAnswers, SAVE_GRACE_SECONDS, toPlayerQuestion,
  type AttemptRowDb, type RoundRow,
} from './games-repository';
import {
  AttemptRow, FinishRoundQuery, GameDetail, GameHistQuery, GameIdQuery, GameRefQuery, MyGameItem, MyGamesQuery, RoundDetail, RoundIdQuery,
  RoundMap, RoundPlay, RoundResult, SaveRoundBody, type OpenAttempt, type RoundSummary,
} from '../../../schemas/api/games';

type Trx = Transaction<DB>;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** The published game or GAME_NOT_FOUND (another tenant's is not visible under row-level security). */
async function requireGame(trx: Trx, id: number) {
  const game = await findGameCard(trx, id);
  if (!game) throw fail(`闯关游戏不存在或已下架（编号 ${id}）。`, 'GAME_NOT_FOUND', 404);
  return game;
}

/** The round of a published game or GAME_ROUND_NOT_FOUND. */
async function requireRound(trx: Trx, id: number): Promise<RoundRow> {
  const round = await findRound(trx, id);
  if (!round) throw fail(`关卡不存在或所属游戏已下架（编号 ${id}）。`, 'GAME_ROUND_NOT_FOUND', 404);
  return round;
}

/** My summary of a round, refusing a locked one (spec learning §2 "Games": a round unlocks when the previous one is passed). */
async function requireUnlocked(trx: Trx, round: RoundRow, userId: number): Promise<RoundSummary> {
  const rounds = await listRounds(trx, round.game_id);
  const summaries = await roundSummaries(trx, rounds, userId);
  const mine = summaries.find((r) => r.id === round.id)!;
  if (mine.state === 'locked') {
    const previous = summaries[summaries.indexOf(mine) - 1]!;
    throw fail(`第 ${mine.sort} 关还未解锁：请先通过第 ${previous.sort} 关“${previous.title}”。`, 'GAME_ROUND_LOCKED', 409);
  }
  return mine;
}

/** My attempt or GAME_ATTEMPT_NOT_FOUND (someone else's is not found either). */
async function requireMyAttempt(trx: Trx, id: number, userId: number): Promise<NonNullable<AttemptRowDb>> {
  const a = await findAttempt(trx, id);
  if (!a || a.user_id !== userId) throw fail(`闯关记录不存在（编号 ${id}）。`, 'GAME_ATTEMPT_NOT_FOUND', 404);
  return a;
}

/** The open attempt as the player shows it: questions without answers. */
async function openAttemptOf(trx: Trx, a: NonNullable<AttemptRowDb>): Promise<OpenAttempt> {
  const questions = await roundQuestions(trx, a.round_id);
  return {
    userRoundId: a.id, startedAt: iso(a.started_at), deadline: iso(a.deadline), serverNow: iso(a.now),
    // Never send answers to the client before the attempt is finished (issue 19 part B).
    questions: questions.map(toPlayerQuestion), answers: a.answers, savedAt: isoOrNull(a.saved_at),
  };
}

/** The round's material, my summary of it and my open attempt. */
async function playOf(trx: Trx, round: RoundRow, userId: number): Promise<RoundPlay> {
  const summary = (await roundSummaries(trx, await listRounds(trx, round.game_id), userId)).find((r) => r.id === round.id)!;
  const open = await findOpenAttempt(trx, userId, round.id);
  return { round: summary, gameId: round.game_id, gameTitle: round.game_title, content: round.content, attempt: open ? await openAttemptOf(trx, open) : null };
}

/** The signed-in user of this tenant, or null (a guest, or another tenant's token). */
const optionalUser = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** Checks saved answers name questions of the round and options of each question. */
function checkAnswers(answers: Record<string, string[]>, questions: Awaited<ReturnType<typeof roundQuestions>>): Record<string, string[]> {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const clean: Record<string, string[]> = {};
  for (const [id, keys] of Object.entries(answers)) {
    const q = byId.get(id);
    if (!q) throw fail(`第 ${id} 号题不属于这一关，请刷新页面后再作答。`, 'VALIDATION');
    const allowed = new Set(q.options.map((o) => o.key));
    const unique = [...new Set(keys)].sort();
    if (unique.some((k) => !allowed.has(k))) throw fail(`第 ${q.sort} 题的选项不存在，请刷新页面后再作答。`, 'VALIDATION');
    if (q.kind !== 'multiple' && unique.length > 1) throw fail(`第 ${q.sort} 题只能选一个答案。`, 'VALIDATION');
    if (unique.length > 0) clean[id] = unique;
  }
  return clean;
}

/** The game calls; registered from the task service's index. */
export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/task/api/game/detail', {
    schema: {
      tags: ['task'], summary: 'A game: its card, its rounds with lock state, best score and stars, and my progress (null for a guest)',
      querystring: GameIdQuery, response: { 200: Envelope(GameDetail) },
    },
  }, async (req) => {
    const user = optionalUser(req, req.query.tenantId);
    return readTenant(app, req.query.tenantId, async (trx) => {
      const game = await requireGame(trx, req.query.id);
      if (user) await closeExpired(trx, user.userId);
      const rounds = await roundSummaries(trx, await listRounds(trx, game.id), user?.userId ?? null);
      const player = user ? await findPlayer(trx, game.id, user.userId) : undefined;
      return ok({ game: { ...game, roundCount: rounds.length }, rounds, progress: user ? progressOf(player, rounds) : null });
    });
  });

  r.get('/task/api/game/start', {
    schema: {
      tags: ['task'], summary: 'Starts playing a game: makes me its player once (safe to repeat) and returns my round map',
      querystring: GameRefQuery, response: { 200: Envelope(RoundMap) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const game = await requireGame(trx, req.query.gameId);
      const rows = await listRounds(trx, game.id);
      if (rows.length === 0) throw fail(`“${game.title}”还没有关卡，暂时不能开始。`, 'GAME_NO_ROUNDS', 409);
      const player = await ensurePlayer(trx, user.tenantId, game.id, user.userId);
      await closeExpired(trx, user.userId);
      const rounds = await roundSummaries(trx, rows, user.userId);
      return ok({ gameId: game.id, gameTitle: game.title, rounds, progress: progressOf(player, rounds) });
    });
  });

  r.get('/task/api/game/roundList', {
    schema: {
      tags: ['task'], summary: 'The round map of a game for me: every round with lock state, best score, stars and an attempt to continue',
      querystring: GameRefQuery, response: { 200: Envelope(RoundMap) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const game = await requireGame(trx, req.query.gameId);
      await closeExpired(trx, user.userId);
      const rounds = await roundSummaries(trx, await listRounds(trx, game.id), user.userId);
      return ok({ gameId: game.id, gameTitle: game.title, rounds, progress: progressOf(await findPlayer(trx, game.id, user.userId), rounds) });
    });
  });

  r.get('/task/api/game/roundDetail', {
    schema: {
      tags: ['task'], summary: 'A round: time limit, pass score, my state and my attempts at it, and the round after it',
      querystring: RoundIdQuery, response: { 200: Envelope(RoundDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const round = await requireRound(trx, req.query.roundId);
      await closeExpired(trx, user.userId);
      const all = await roundSummaries(trx, await listRounds(trx, round.game_id), user.userId);
      const attempts = await listAttempts(trx, user.userId, { roundId: round.id, pageNo: 1, pageSize: 50 });
      return ok({
        round: all.find((x) => x.id === round.id)!, gameTitle: round.game_title, roundCount: all.length, attempts: attempts.list,
        nextRound: await nextRoundOf(trx, round, user.userId),
      });
    });
  });

  r.get('/task/api/game/roundContent', {
    schema: {
      tags: ['task'], summary: 'The round to play (unlocked rounds only): its material to study first, and my open attempt (questions without answers) if I am answering',
      querystring: RoundIdQuery, response: { 200: Envelope(RoundPlay) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const round = await requireRound(trx, req.query.roundId);
      await closeExpired(trx, user.userId);
      await requireUnlocked(trx, round, user.userId);
      return ok(await playOf(trx, round, user.userId));
    });
  });

  r.post('/task/api/game/saveUserRoundContent', {
    schema: {
      tags: ['task'], summary: 'Without userRoundId: I studied the material and start answering (opens an attempt, or returns the open one). With it: saves my answers until the deadline',
      body: SaveRoundBody, response: { 200: Envelope(RoundPlay) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { roundId, userRoundId, answers } = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const round = await requireRound(trx, roundId);
      if (userRoundId === undefined) {
        await closeExpired(trx, user.userId);
        await requireUnlocked(trx, round, user.userId);
        if (round.question_count === 0) throw fail(`“${round.title}”还没有题目，暂时不能作答。`, 'GAME_ROUND_EMPTY', 409);
        const player = await ensurePlayer(trx, user.tenantId, round.game_id, user.userId);
        await openAttempt(trx, user.tenantId, player.id, round, user.userId);
        return ok(await playOf(trx, round, user.userId), '开始答题');
      }
      const a = await requireMyAttempt(trx, userRoundId, user.userId);
      if (a.round_id !== round.id) throw fail(`闯关记录 ${userRoundId} 不属于这一关。`, 'VALIDATION');
      if (a.finished_at !== null) throw fail('这次闯关已交卷，答案不能再修改。', 'GAME_ATTEMPT_CLOSED', 409);
      // spec learning §9 (ours): answers saved after the deadline (plus a few seconds for the network) do not count.
      if (a.now.getTime() > a.deadline.getTime() + SAVE_GRACE_SECONDS * 1000) {
        throw fail('作答时间已到，答案不再保存；交卷后按时限内保存的答案计分。', 'GAME_ROUND_TIME_UP', 409);
      }
      await saveAnswers(trx, a.id, checkAnswers(answers ?? {}, await roundQuestions(trx, round.id)));
      return ok(await playOf(trx, round, user.userId), '已保存');
    });
  });

  r.get('/task/api/game/finishRound', {
    schema: {
      tags: ['task'], summary: 'Hands in an attempt and scores what was saved (over the time limit: as at the limit); the result with explanations. Safe to repeat: a closed attempt returns the same result',
      querystring: FinishRoundQuery, response: { 200: Envelope(RoundResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireMyAttempt(trx, req.query.userRoundId, user.userId);
      await closeAttempt(trx, a.id);
      return ok(await resultOf(trx, a.id, user.userId));
    });
  });

  r.get('/task/api/game/searchByUser', {
    schema: {
      tags: ['task'], summary: 'The games I play, last played first, with my progress and stars',
      querystring: MyGamesQuery, response: { 200: Envelope(Paged(MyGameItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      await closeExpired(trx, user.userId);
      return ok({ ...(await myGames(trx, user.userId, { pageNo, pageSize })), pageNo, pageSize });
    });
  });

  r.get('/task/api/game/userGameHist', {
    schema: {
      tags: ['task'], summary: 'My finished attempts, newest first (of one game when gameId is given): score, stars, time and points',
      querystring: GameHistQuery, response: { 200: Envelope(Paged(AttemptRow)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, gameId } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      await closeExpired(trx, user.userId);
      return ok({ ...(await listAttempts(trx, user.userId, { gameId, pageNo, pageSize })), pageNo, pageSize });
    });
  });
}
