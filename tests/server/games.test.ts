// Games (issue 19 part B; server/modules/task/games-*.ts): the seed, a learner's journey through the
// rounds (lock, start, save, finish, repeat), the time limit on the server clock, stars, answers
// never sent before the finish, the refusals (guest, another tenant's user, another learner's
// attempt, bad answers) and row-level security on the game tables.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { scoreOf, starsFor } from '../../server/modules/task/games-repository';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acmeLearner: { id: number; token: string };
/** The first hand-written demo game and its rounds in order. */
let gameId: number;
let rounds: { id: number; title: string }[];

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number>, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const save = (token: string | undefined, body: object, tenantId = 1001) => call('POST', '/task/api/game/saveUserRoundContent', token, { tenantId, ...body });

/** A new demo user with a token. */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

/** The right answers of a round by question id, read from the database (the API never sends them early). */
async function rightAnswers(roundId: number): Promise<Record<string, string[]>> {
  const rows = await t.db.owner.selectFrom('game_round_question').select(['id', 'answer']).where('round_id', '=', roundId).execute();
  return Object.fromEntries(rows.map((r) => [String(r.id), r.answer]));
}

/** Opens an attempt at a round and answers it (right or, with `wrong`, every answer wrong); its id. */
async function play(token: string, roundId: number, wrong = false): Promise<number> {
  const started = await data('POST', '/task/api/game/saveUserRoundContent', token, { tenantId: 1001, roundId });
  const right = await rightAnswers(roundId);
  const answers = wrong
    ? Object.fromEntries(started.attempt.questions.map((x: { id: number; options: { key: string }[] }) => [String(x.id), [x.options.find((o) => !right[String(x.id)]!.includes(o.key))!.key]]))
    : right;
  await data('POST', '/task/api/game/saveUserRoundContent', token, { tenantId: 1001, roundId, userRoundId: started.attempt.userRoundId, answers });
  return started.attempt.userRoundId;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
  const list = await data('GET', q('/task/api/game/search', { sort: 'popular', pageSize: 5 }), undefined);
  gameId = list.list[0].id;
  const detail = await data('GET', q('/task/api/game/detail', { id: gameId }), undefined);
  rounds = detail.rounds;
}, 120_000);

afterAll(async () => t?.close());

describe('the seed', () => {
  it('leads the demo list with the hand-written safety game: three rounds of three questions, in Chinese', async () => {
    const detail = await data('GET', q('/task/api/game/detail', { id: gameId }), undefined);
    expect(detail.game.title).toBe('安全生产知识闯关');
    expect(detail.game.roundCount).toBe(3);
    expect(detail.rounds.map((r: { questionCount: number }) => r.questionCount)).toEqual([3, 3, 3]);
  });

  it('gives every published game of every tenant rounds, and round_count counts them', async () => {
    const rows = await sql<{ tenant_id: number; id: number; round_count: number; n: number }>`
      select g.tenant_id, g.id, g.round_count, (select count(*) from game_round r where r.tenant_id = g.tenant_id and r.game_id = g.id)::int as n
      from game g where g.state = 1`.execute(t.db.owner);
    expect(rows.rows.length).toBeGreaterThan(5);
    for (const r of rows.rows) {
      expect(r.n, `game ${r.id} of tenant ${r.tenant_id}`).toBeGreaterThanOrEqual(3);
      expect(r.round_count).toBe(r.n);
    }
  });

  it('writes acme (English) games in English', async () => {
    const list = await data('GET', q('/task/api/game/search', { sort: 'popular', pageSize: 1 }, 1002), undefined);
    expect(list.list[0].title).toBe('Workplace safety quest');
  });

  it('leaves the demo learner with no game played', async () => {
    const mine = await data('GET', q('/task/api/game/searchByUser', {}), learner.token);
    expect(mine.total).toBe(0);
  });
});

describe('stars and score (docs/growth.md "Games")', () => {
  it('gives 3 stars for at least 90 within half the time limit, 2 for at least 75, 1 for a pass, 0 for a fail', () => {
    expect(starsFor(100, true, 60, 120)).toBe(3);
    expect(starsFor(100, true, 61, 120)).toBe(2);
    expect(starsFor(90, true, 10, 120)).toBe(3);
    expect(starsFor(80, true, 10, 120)).toBe(2);
    expect(starsFor(67, true, 10, 120)).toBe(1);
    expect(starsFor(33, false, 10, 120)).toBe(0);
  });

  it('scores a multiple-choice question all or nothing', () => {
    const qs = [
      { id: 1, round_id: 1, sort: 1, kind: 'multiple' as const, stem: 's', options: [], answer: ['A', 'B'], explanation: null, score: 1 },
      { id: 2, round_id: 1, sort: 2, kind: 'single' as const, stem: 's', options: [], answer: ['C'], explanation: null, score: 1 },
    ];
    expect(scoreOf(qs, { 1: ['B', 'A'], 2: ['C'] })).toEqual({ score: 100, correct: 2 });
    expect(scoreOf(qs, { 1: ['A'], 2: ['C'] })).toEqual({ score: 50, correct: 1 });
    expect(scoreOf(qs, {})).toEqual({ score: 0, correct: 0 });
  });
});

describe('a learner plays', () => {
  it('sees round 1 open and the others locked as a guest, with no progress', async () => {
    const detail = await data('GET', q('/task/api/game/detail', { id: gameId }), undefined);
    expect(detail.progress).toBeNull();
    expect(detail.rounds.map((r: { state: string }) => r.state)).toEqual(['open', 'locked', 'locked']);
  });

  it('starts once however often start is called, counted once among the players', async () => {
    const user = await makeUser(`starter_${Date.now()}`);
    const before = (await data('GET', q('/task/api/game/detail', { id: gameId }), undefined)).game.playerCount;
    const first = await data('GET', q('/task/api/game/start', { gameId }), user.token);
    const again = await data('GET', q('/task/api/game/start', { gameId }), user.token);
    expect(first.progress).toMatchObject({ started: true, passedRounds: 0, roundCount: 3, nextRoundId: rounds[0]!.id });
    expect(again.progress.startedAt).toBe(first.progress.startedAt);
    expect((await data('GET', q('/task/api/game/detail', { id: gameId }), undefined)).game.playerCount).toBe(before + 1);
  });

  it('refuses round 2 until round 1 is passed (GAME_ROUND_LOCKED), for the material and for answering', async () => {
    const user = await makeUser(`locked_${Date.now()}`);
    const content = await call('GET', q('/task/api/game/roundContent', { roundId: rounds[1]!.id }), user.token);
    expect(content).toMatchObject({ success: false, errorCode: 'GAME_ROUND_LOCKED' });
    expect(content.message).toContain('第 1 关');
    expect(await save(user.token, { roundId: rounds[1]!.id })).toMatchObject({ success: false, errorCode: 'GAME_ROUND_LOCKED' });
    // A failed round 1 does not unlock it either.
    await data('GET', q('/task/api/game/finishRound', { userRoundId: await play(user.token, rounds[0]!.id, true) }), user.token);
    expect(await save(user.token, { roundId: rounds[1]!.id })).toMatchObject({ success: false, errorCode: 'GAME_ROUND_LOCKED' });
  });

  it('passes round 1: material, one open attempt, saved answers, a result with explanations, round 2 unlocked', async () => {
    const user = await makeUser(`player_${Date.now()}`);
    const content = await data('GET', q('/task/api/game/roundContent', { roundId: rounds[0]!.id }), user.token);
    expect(content.content).toContain('119');
    expect(content.attempt).toBeNull();
    const started = await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id });
    const again = await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id });
    expect(again.attempt.userRoundId).toBe(started.attempt.userRoundId);
    expect(started.attempt.questions).toHaveLength(3);
    // Never send answers to the client before the attempt is finished.
    expect(JSON.stringify(started)).not.toMatch(/"answer"|explanation|correctAnswer/);
    const deadline = new Date(started.attempt.deadline).getTime() - new Date(started.attempt.startedAt).getTime();
    expect(deadline).toBe(started.round.timeLimit * 1000);

    const id = started.attempt.userRoundId;
    const saved = await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id, userRoundId: id, answers: await rightAnswers(rounds[0]!.id) });
    expect(Object.keys(saved.attempt.answers)).toHaveLength(3);
    const result = await data('GET', q('/task/api/game/finishRound', { userRoundId: id }), user.token);
    expect(result).toMatchObject({ score: 100, correct: 3, questionCount: 3, passed: true, stars: 3, firstPass: true, timedOut: false });
    expect(result.questions.every((x: { right: boolean; explanation: string | null }) => x.right && x.explanation)).toBe(true);
    expect(result.nextRound).toMatchObject({ id: rounds[1]!.id, state: 'open' });
    // The first pass feeds points: the tenant's game_round rule times the stars, in the points ledger.
    const ledger = await t.db.owner.selectFrom('points_ledger').select(['points', 'note']).where('tenant_id', '=', 1001).where('user_id', '=', user.id)
      .where('kind', '=', 'game_round').where('ref', '=', `round:${rounds[0]!.id}`).execute();
    const rule = await t.db.owner.selectFrom('points_rule').select('points').where('tenant_id', '=', 1001).where('kind', '=', 'game_round').executeTakeFirstOrThrow();
    expect(result.pointsAwarded).toBe(rule.points * 3);
    expect(ledger).toEqual([{ points: rule.points * 3, note: `安全生产知识闯关 · ${rounds[0]!.title}` }]);

    // finishRound again: the same result, nothing re-scored.
    const repeat = await data('GET', q('/task/api/game/finishRound', { userRoundId: id }), user.token);
    expect(repeat).toEqual(result);
    expect(await save(user.token, { roundId: rounds[0]!.id, userRoundId: id, answers: {} })).toMatchObject({ success: false, errorCode: 'GAME_ATTEMPT_CLOSED' });

    const map = await data('GET', q('/task/api/game/roundList', { gameId }), user.token);
    expect(map.rounds.map((r: { state: string }) => r.state)).toEqual(['passed', 'open', 'locked']);
    expect(map.progress).toMatchObject({ passedRounds: 1, stars: 3, maxStars: 9, nextRoundId: rounds[1]!.id, finished: false });

    // A replay that passes again is not a first pass (points come once per round).
    const replay = await data('GET', q('/task/api/game/finishRound', { userRoundId: await play(user.token, rounds[0]!.id) }), user.token);
    expect(replay).toMatchObject({ passed: true, firstPass: false, pointsAwarded: 0 });

    const hist = await data('GET', q('/task/api/game/userGameHist', { gameId }), user.token);
    expect(hist.total).toBe(2);
    expect(hist.list[0]).toMatchObject({ gameId, roundId: rounds[0]!.id, roundSort: 1, stars: 3, passed: true });
    const mine = await data('GET', q('/task/api/game/searchByUser', {}), user.token);
    expect(mine.list[0]).toMatchObject({ game: { id: gameId }, progress: { passedRounds: 1, stars: 3 } });
    const detail = await data('GET', q('/task/api/game/roundDetail', { roundId: rounds[0]!.id }), user.token);
    expect(detail).toMatchObject({ round: { state: 'passed', bestScore: 100, bestStars: 3, attempts: 2 }, nextRound: { id: rounds[1]!.id } });
  });

  it('scores an attempt over the time limit as submitted at the limit, refusing later saves', async () => {
    const user = await makeUser(`late_${Date.now()}`);
    const started = await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id });
    const id = started.attempt.userRoundId;
    await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id, userRoundId: id, answers: await rightAnswers(rounds[0]!.id) });
    // The clock moves on: the attempt started 10 minutes ago with a 2-minute limit.
    await t.db.owner.updateTable('game_user_round').set({ started_at: sql`now() - interval '10 minutes'`, deadline: sql`now() - interval '8 minutes'` }).where('id', '=', id).execute();
    expect(await save(user.token, { roundId: rounds[0]!.id, userRoundId: id, answers: {} })).toMatchObject({ success: false, errorCode: 'GAME_ROUND_TIME_UP' });
    const result = await data('GET', q('/task/api/game/finishRound', { userRoundId: id }), user.token);
    // Answers saved in time count; the time is the limit, so not 3 stars.
    expect(result).toMatchObject({ score: 100, passed: true, timedOut: true, elapsedSeconds: started.round.timeLimit, stars: 2 });
  });

  it('scores an attempt begun before its game was unpublished, and shows the result again (no 500)', async () => {
    const user = await makeUser(`unpublished_${Date.now()}`);
    const id = await play(user.token, rounds[0]!.id);
    const setState = (state: number) => t.db.owner.updateTable('game').set({ state }).where('tenant_id', '=', 1001).where('id', '=', gameId).execute();
    await setState(0);
    try {
      const result = await call('GET', q('/task/api/game/finishRound', { userRoundId: id }), user.token);
      expect(result, result.message).toMatchObject({ success: true, data: { userRoundId: id, score: 100, passed: true, firstPass: true, nextRound: null } });
      expect(result.data.questions).toHaveLength(3);
      // Reading it again (finishRound is safe to repeat) answers the same result.
      expect(await call('GET', q('/task/api/game/finishRound', { userRoundId: id }), user.token)).toEqual(result);
      // New play stays closed while the game is unpublished.
      expect(await save(user.token, { roundId: rounds[0]!.id })).toMatchObject({ success: false, errorCode: 'GAME_ROUND_NOT_FOUND' });
    } finally {
      await setState(1);
    }
  });

  it('closes an attempt left open past its deadline when the learner next looks (a closed tab)', async () => {
    const user = await makeUser(`gone_${Date.now()}`);
    const id = await play(user.token, rounds[0]!.id);
    await t.db.owner.updateTable('game_user_round').set({ started_at: sql`now() - interval '1 hour'`, deadline: sql`now() - interval '58 minutes'` }).where('id', '=', id).execute();
    const map = await data('GET', q('/task/api/game/roundList', { gameId }), user.token);
    expect(map.rounds[0]).toMatchObject({ state: 'passed', openAttemptId: null, attempts: 1 });
  });
});

describe('refusals', () => {
  it('asks a guest to sign in for every call but the detail', async () => {
    for (const path of [
      q('/task/api/game/start', { gameId }), q('/task/api/game/roundList', { gameId }), q('/task/api/game/roundDetail', { roundId: rounds[0]!.id }),
      q('/task/api/game/roundContent', { roundId: rounds[0]!.id }), q('/task/api/game/finishRound', { userRoundId: 1 }),
      q('/task/api/game/searchByUser', {}), q('/task/api/game/userGameHist', {}),
    ]) {
      expect(await call('GET', path), path).toMatchObject({ success: false, flag: 401 });
    }
    expect(await save(undefined, { roundId: rounds[0]!.id })).toMatchObject({ flag: 401 });
  });

  it('refuses another tenant\'s user: their token with this tenant, and this tenant\'s games under theirs', async () => {
    expect(await call('GET', q('/task/api/game/start', { gameId }), acmeLearner.token)).toMatchObject({ flag: 401 });
    expect(await call('GET', q('/task/api/game/start', { gameId }, 1002), acmeLearner.token)).toMatchObject({ success: false, errorCode: 'GAME_NOT_FOUND' });
    expect(await call('GET', q('/task/api/game/roundContent', { roundId: rounds[0]!.id }, 1002), acmeLearner.token)).toMatchObject({ success: false, errorCode: 'GAME_ROUND_NOT_FOUND' });
    const id = await play(learner.token, rounds[0]!.id);
    expect(await call('GET', q('/task/api/game/finishRound', { userRoundId: id }, 1002), acmeLearner.token)).toMatchObject({ success: false, errorCode: 'GAME_ATTEMPT_NOT_FOUND' });
  });

  it('does not let one learner finish or save another\'s attempt', async () => {
    const other = await makeUser(`other_${Date.now()}`);
    const open = await data('GET', q('/task/api/game/roundContent', { roundId: rounds[0]!.id }), learner.token);
    const id = open.attempt.userRoundId as number;
    expect(await call('GET', q('/task/api/game/finishRound', { userRoundId: id }), other.token)).toMatchObject({ success: false, errorCode: 'GAME_ATTEMPT_NOT_FOUND' });
    expect(await save(other.token, { roundId: rounds[0]!.id, userRoundId: id, answers: {} })).toMatchObject({ success: false, errorCode: 'GAME_ATTEMPT_NOT_FOUND' });
  });

  it('refuses answers naming another round\'s question, an unknown option or two choices for a single question', async () => {
    const user = await makeUser(`bad_${Date.now()}`);
    const started = await data('POST', '/task/api/game/saveUserRoundContent', user.token, { tenantId: 1001, roundId: rounds[0]!.id });
    const id = started.attempt.userRoundId;
    const single = started.attempt.questions.find((x: { kind: string }) => x.kind === 'single');
    const foreign = Object.keys(await rightAnswers(rounds[1]!.id))[0]!;
    for (const answers of [{ [foreign]: ['A'] }, { [single.id]: ['Z'] }, { [single.id]: ['A', 'B'] }]) {
      expect(await save(user.token, { roundId: rounds[0]!.id, userRoundId: id, answers })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    }
  });
});

describe('row-level security', () => {
  it('shows a tenant only its own rows of every game table, and refuses writing another tenant\'s', async () => {
    for (const table of ['game_round', 'game_round_question', 'game_player', 'game_user_round']) {
      const seen = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(seen.rows.every((r) => Number(r.tenant_id) === 1002), table).toBe(true);
    }
    const own = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('game_round').select('id').where('id', '=', rounds[0]!.id).execute());
    expect(own).toEqual([]);
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('game_round').values({ tenant_id: 1001, game_id: gameId, sort: 99, title: 'x' }).execute()))
      .rejects.toThrow(/row-level security/);
  });
});
