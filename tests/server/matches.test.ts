// Matches (issue 19 part F; server/modules/task/matches-*.ts): the seeded matches, enrolment and
// withdrawal (window, limit), submissions (window, bounds, sanitising, resubmission), judging, my
// matches, the refusals (guest, learner on judge calls, another tenant's user) and row-level
// security on the four tables. The scoreboard and the final places: ./matches-final.test.ts.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { at, matchesFixture, q, upload, work, type SignedIn } from './matches-fixture';

const fx = matchesFixture();
const { call, data, owner, post, makeMatch, enrolDirect, makeUser } = fx;
let learner: SignedIn;
let teacher: SignedIn;
let acmeLearner: SignedIn;
let acmeTeacher: SignedIn;
let enrolling: number;
let running: number;
let ended: number;
beforeAll(() => {
  ({ learner, teacher, acmeLearner, acmeTeacher, enrolling, running, ended } = fx.state);
});

describe('the seeded matches', () => {
  it('gives every tenant an enrolling, a running and an ended match in its language, running and enrolling first', async () => {
    const demo = await data('GET', q('/task/api/match/search', {}), undefined);
    expect(demo.list.map((m: { status: string }) => m.status)).toEqual(['enrolling', 'in_progress', 'ended']);
    expect(demo.list[0].title).toMatch(/[\u4e00-\u9fff]/);
    const acme = await data('GET', q('/task/api/match/search', {}, 1002), undefined);
    expect(acme.list).toHaveLength(3);
    expect(acme.list.map((m: { title: string }) => m.title).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
    for (const tenantId of [1003, 1004, 1533]) expect((await data('GET', q('/task/api/match/search', {}, tenantId), undefined)).total).toBe(3);
  });

  it('has the learner enrolled in the running match with its submission stage open, and the ended one final with places', async () => {
    const detail = await data('GET', q('/task/api/match/detail', { id: running }), learner.token);
    expect(detail).toMatchObject({ enrolled: true, status: 'in_progress', canEnroll: false });
    const open = detail.stages.find((s: { kind: string }) => s.kind === 'submission');
    expect(open).toMatchObject({ state: 'open', canSubmit: true, mine: null });
    expect(detail.stages.find((s: { kind: string }) => s.kind === 'exam')).toMatchObject({ state: 'upcoming', examId: expect.any(Number) });
    const board = await data('GET', q('/task/api/match/scoreboard', { id: ended }), undefined);
    expect(board.final).toBe(true);
    expect(board.rows.map((r: { place: number }) => r.place)).toEqual([1, 2, 3, 4]);
    // learner 88 + 84 = 172 is second behind 92 + 85.
    expect(board.rows[1]).toMatchObject({ userId: learner.id, total: 172, stageScores: [88, 84] });
    const mine = await data('GET', q('/task/api/match/detail', { id: ended }), learner.token);
    expect(mine).toMatchObject({ finalised: true, myPlace: 2 });
  });

  it('makes the demo teacher a judge of the seeded matches and nobody else; a judge may not enrol', async () => {
    expect(await data('GET', q('/task/api/match/detail', { id: running }), teacher.token)).toMatchObject({ isJudge: true, canEnroll: false });
    expect((await post('/task/api/match/enroll', teacher.token, { matchId: running })).errorCode).toBe('JUDGE_CANNOT_ENROLL');
    expect((await data('GET', q('/task/api/match/detail', { id: running }), learner.token)).isJudge).toBe(false);
  });
});

describe('the list', () => {
  it('filters by status and keyword and pages', async () => {
    const ended1 = await data('GET', q('/task/api/match/search', { status: 'ended' }), undefined);
    expect(ended1.list.every((m: { status: string }) => m.status === 'ended')).toBe(true);
    const kw = await data('GET', q('/task/api/match/search', { keyword: '征文' }), undefined);
    expect(kw.list.map((m: { id: number }) => m.id)).toContain(running);
    expect(kw.list.map((m: { id: number }) => m.id)).not.toContain(enrolling);
    const none = await data('GET', q('/task/api/match/search', { keyword: '%_' }), undefined);
    expect(none.total).toBe(0);
    const page = await data('GET', q('/task/api/match/search', { pageSize: 1, pageNo: 2 }), undefined);
    expect(page.list).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });
});

describe('enrolment', () => {
  it('enrols and withdraws while enrolment is open, counting entrants', async () => {
    const before = await data('GET', q('/task/api/match/detail', { id: enrolling }), learner.token);
    expect(before.canEnroll).toBe(true);
    const after = await data('POST', '/task/api/match/enroll', learner.token, { tenantId: 1001, matchId: enrolling });
    expect(after).toMatchObject({ enrolled: true, canWithdraw: true, entrantCount: before.entrantCount + 1 });
    expect((await post('/task/api/match/enroll', learner.token, { matchId: enrolling })).errorCode).toBe('MATCH_ALREADY_ENROLLED');
    const out = await data('POST', '/task/api/match/cancelEnroll', learner.token, { tenantId: 1001, matchId: enrolling });
    expect(out).toMatchObject({ enrolled: false, entrantCount: before.entrantCount, canEnroll: true });
    expect((await post('/task/api/match/cancelEnroll', learner.token, { matchId: enrolling })).errorCode).toBe('MATCH_NOT_ENROLLED');
  });

  it('refuses enrolment before the window, after it, and when the limit is reached', async () => {
    const early = await makeMatch({ enroll: [2, 5], run: [6, 10], stage: [6, 9] });
    expect((await post('/task/api/match/enroll', learner.token, { matchId: early.matchId })).errorCode).toBe('MATCH_ENROLL_NOT_OPEN');
    const late = await makeMatch({ enroll: [-5, -1], run: [-1, 10] });
    const res = await post('/task/api/match/enroll', learner.token, { matchId: late.matchId });
    expect(res).toMatchObject({ success: false, errorCode: 'MATCH_ENROLL_CLOSED' });
    expect(res.message).toContain('报名已截止');
    const full = await makeMatch({ limit: 1 });
    await enrolDirect(full.matchId, teacher.id);
    const refused = await post('/task/api/match/enroll', learner.token, { matchId: full.matchId });
    expect(refused).toMatchObject({ errorCode: 'MATCH_FULL' });
    expect(refused.message).toContain('名额已满');
    expect((await data('GET', q('/task/api/match/detail', { id: full.matchId }), learner.token)).canEnroll).toBe(false);
  });

  it('refuses withdrawal once enrolment closed or after a submission', async () => {
    const closed = await makeMatch({ enroll: [-5, -1] });
    await enrolDirect(closed.matchId, learner.id);
    expect((await post('/task/api/match/cancelEnroll', learner.token, { matchId: closed.matchId })).errorCode).toBe('MATCH_WITHDRAW_CLOSED');
    const open = await makeMatch();
    await data('POST', '/task/api/match/enroll', learner.token, { tenantId: 1001, matchId: open.matchId });
    await data('POST', '/task/api/match/submit', learner.token, { tenantId: 1001, stageId: open.stageId, ...work() });
    expect((await post('/task/api/match/cancelEnroll', learner.token, { matchId: open.matchId })).errorCode).toBe('MATCH_HAS_SUBMISSIONS');
  });
});

describe('submissions and judging', () => {
  it('takes the learner\'s work, sanitised; a judge scores it; the learner sees the score and the scoreboard counts it', async () => {
    const stageId = (await data('GET', q('/task/api/match/detail', { id: running }), learner.token)).stages[0].id as number;
    const first = await data('POST', '/task/api/match/submit', learner.token, {
      tenantId: 1001, stageId, title: '  我的学习方法  ', content: '<p>先预习<script>alert(1)</script><img src=x onerror="alert(2)"></p>', attachments: [upload()],
    });
    const mine = first.stages[0].mine;
    expect(mine).toMatchObject({ title: '我的学习方法', revision: 1, score: null });
    expect(mine.content).toContain('先预习');
    expect(mine.content).not.toMatch(/script|onerror/);
    const again = await data('POST', '/task/api/match/submit', learner.token, { tenantId: 1001, stageId, ...work({ title: '我的学习方法（修改）' }) });
    expect(again.stages[0].mine).toMatchObject({ revision: 2, title: '我的学习方法（修改）' });

    const list = await data('GET', q('/task/api/match/judgeList', { matchId: running, pending: true }), teacher.token);
    const row = list.find((r: { userId: number }) => r.userId === learner.id);
    expect(row).toMatchObject({ stageId, maxScore: 100, score: null, title: '我的学习方法（修改）' });
    expect(list.every((r: { score: number | null }) => r.score === null)).toBe(true);
    expect((await post('/task/api/match/score', teacher.token, { submissionId: row.id, score: 101 })).errorCode).toBe('VALIDATION');
    const scored = await data('POST', '/task/api/match/score', teacher.token, { tenantId: 1001, submissionId: row.id, score: 91, comment: '很好' });
    expect(scored).toMatchObject({ score: 91, judgeComment: '很好', judgeName: expect.any(String) });

    const seen = await data('GET', q('/task/api/match/detail', { id: running }), learner.token);
    expect(seen.stages[0]).toMatchObject({ canSubmit: false, mine: { score: 91, judgeComment: '很好' } });
    const board = await data('GET', q('/task/api/match/scoreboard', { id: running }), learner.token);
    expect(board.final).toBe(false);
    // 91 beats the seeded 86.
    expect(board.rows[0]).toMatchObject({ place: 1, userId: learner.id, total: 91, me: true });
    expect(board.rows.find((r: { place: number | null }) => r.place === null)).toBeDefined();
    expect((await post('/task/api/match/submit', learner.token, { stageId, ...work() })).errorCode).toBe('SUBMISSION_SCORED');
  });

  it('checks the title, text, files, stage window and kind, and enrolment', async () => {
    const m = await makeMatch();
    await enrolDirect(m.matchId, learner.id);
    const submit = (extra: object, token = learner.token, stageId = m.stageId) => post('/task/api/match/submit', token, { stageId, ...work(extra) });
    expect((await submit({ title: '短' })).message).toContain('2–60');
    expect((await submit({ title: '长'.repeat(61) })).errorCode).toBe('VALIDATION');
    expect((await submit({ content: `<p>${'字'.repeat(5001)}</p>` })).message).toContain('5000');
    expect((await submit({ content: `<p>${'字'.repeat(5000)}</p>` })).success).toBe(true);
    // 1000 characters of text, 26000 of stored HTML: past the column's 20000, the same Chinese message.
    const marked = await submit({ content: '<p><strong>字</strong></p>'.repeat(1000) });
    expect(marked).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(marked.message).toContain('作品正文最多 5000 字');
    expect(marked.message).toContain('20000');
    expect((await submit({ attachments: Array.from({ length: 10 }, () => upload()) })).message).toContain('最多 9 个');
    expect((await submit({ attachments: [upload(1002)] })).errorCode).toBe('FILE_NOT_UPLOADED');
    expect((await submit({ content: '', attachments: [] })).errorCode).toBe('VALIDATION');
    const stranger = await makeMatch();
    expect((await submit({}, learner.token, stranger.stageId)).errorCode).toBe('MATCH_NOT_ENROLLED');
    const closed = await makeMatch({ stage: [-5, -1] });
    await enrolDirect(closed.matchId, learner.id);
    expect((await submit({}, learner.token, closed.stageId)).errorCode).toBe('STAGE_CLOSED');
    const later = await makeMatch({ stage: [2, 5] });
    await enrolDirect(later.matchId, learner.id);
    expect((await submit({}, learner.token, later.stageId)).errorCode).toBe('STAGE_NOT_OPEN');
    const examStage = (await data('GET', q('/task/api/match/detail', { id: running }), learner.token)).stages.find((s: { kind: string }) => s.kind === 'exam');
    expect((await submit({}, learner.token, examStage.id)).errorCode).toBe('STAGE_IS_EXAM');
  });

  it('never shows a learner another entrant\'s submission', async () => {
    const detail = await data('GET', q('/task/api/match/detail', { id: running }), learner.token);
    const text = JSON.stringify(detail);
    // The seeded submissions of the two other entrants carry these titles.
    expect(text).not.toContain('我的番茄工作法实践');
    const board = JSON.stringify(await data('GET', q('/task/api/match/scoreboard', { id: running }), learner.token));
    expect(board).not.toContain('我的番茄工作法实践');
    expect((await call('GET', q('/task/api/match/judgeList', { matchId: running }), learner.token)).errorCode).toBe('JUDGE_ONLY');
  });

  it('refuses scoring by a learner, of one\'s own work, and after the match ended', async () => {
    const list = await data('GET', q('/task/api/match/judgeList', { matchId: running }), teacher.token);
    expect((await post('/task/api/match/score', learner.token, { submissionId: list[0].id, score: 10 })).errorCode).toBe('JUDGE_ONLY');
    const m = await makeMatch();
    await enrolDirect(m.matchId, teacher.id);
    await owner().insertInto('user_role').values({ tenant_id: 1001, user_id: teacher.id, role: 'marker', scope_type: 'match', scope_id: m.matchId }).execute();
    await data('POST', '/task/api/match/submit', teacher.token, { tenantId: 1001, stageId: m.stageId, ...work() });
    // An entrant with a judge's role is refused as an entrant before their own work comes up.
    const own = await owner().selectFrom('competition_submission').select('id').where('match_id', '=', m.matchId).where('user_id', '=', teacher.id).executeTakeFirstOrThrow();
    expect((await post('/task/api/match/score', teacher.token, { submissionId: Number(own.id), score: 10 })).errorCode).toBe('JUDGE_IS_ENTRANT');
    const endedList = await data('GET', q('/task/api/match/judgeList', { matchId: ended }), teacher.token);
    expect((await post('/task/api/match/score', teacher.token, { submissionId: endedList[0].id, score: 10 })).errorCode).toBe('MATCH_ENDED');
  });
});

describe('entrants as judges', () => {
  it('refuses the judges\' calls to an enrolled entrant who holds the marker role over the match or the whole tenant', async () => {
    const m = await makeMatch();
    const entrant = await makeUser(`entrant-judge-${Date.now()}`);
    const rival = await makeUser(`entrant-rival-${Date.now()}`);
    for (const u of [entrant, rival]) {
      await enrolDirect(m.matchId, u.id);
      await data('POST', '/task/api/match/submit', u.token, { tenantId: 1001, stageId: m.stageId, ...work() });
    }
    const theirs = await owner().selectFrom('competition_submission').select('id').where('match_id', '=', m.matchId).where('user_id', '=', rival.id).executeTakeFirstOrThrow();
    for (const scope of [{ scope_type: 'match' as const, scope_id: m.matchId }, { scope_type: null, scope_id: null }]) {
      const grant = await owner().insertInto('user_role').values({ tenant_id: 1001, user_id: entrant.id, role: 'marker', ...scope }).returning('id').executeTakeFirstOrThrow();
      const list = await call('GET', q('/task/api/match/judgeList', { matchId: m.matchId }), entrant.token);
      expect(list, `${scope.scope_type}`).toMatchObject({ success: false, errorCode: 'JUDGE_IS_ENTRANT', data: null });
      expect(list.message).toContain('参赛者不能担任评委');
      const score = await post('/task/api/match/score', entrant.token, { submissionId: Number(theirs.id), score: 50 });
      expect(score, `${scope.scope_type}`).toMatchObject({ success: false, errorCode: 'JUDGE_IS_ENTRANT' });
      expect((await data('GET', q('/task/api/match/detail', { id: m.matchId }), entrant.token)).isJudge).toBe(false);
      await owner().deleteFrom('user_role').where('id', '=', grant.id).execute();
    }
    const row = await owner().selectFrom('competition_submission').select('score').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.score).toBeNull();
  });
});


describe('my matches', () => {
  it('lists the matches I enrolled in with my total and place', async () => {
    const mine = await data('GET', q('/task/api/match/searchByUser', { pageSize: 50 }), learner.token);
    const ids = mine.list.map((m: { id: number }) => m.id);
    expect(ids).toContain(running);
    expect(ids).toContain(ended);
    expect(mine.list.find((m: { id: number }) => m.id === ended)).toMatchObject({ myState: 'enrolled', place: 2, total: 172, scoredStages: 2, submittedStages: 2 });
    const endedOnly = await data('GET', q('/task/api/match/searchByUser', { status: 'ended' }), learner.token);
    expect(endedOnly.list.every((m: { status: string }) => m.status === 'ended')).toBe(true);
  });
});

describe('refusals and isolation', () => {
  it('refuses guests on the signed-in calls', async () => {
    for (const [method, path, body] of [
      ['POST', '/task/api/match/enroll', { matchId: enrolling }], ['POST', '/task/api/match/cancelEnroll', { matchId: enrolling }],
      ['POST', '/task/api/match/submit', { stageId: 1, ...work() }], ['POST', '/task/api/match/score', { submissionId: 1, score: 1 }],
    ] as const) {
      expect((await post(path, undefined, body)).flag, `${method} ${path}`).toBe(401);
    }
    expect((await call('GET', q('/task/api/match/searchByUser', {}), undefined)).flag).toBe(401);
    expect((await call('GET', q('/task/api/match/judgeList', { matchId: running }), undefined)).flag).toBe(401);
  });

  it('refuses another tenant\'s user, who never sees this tenant\'s matches', async () => {
    expect((await post('/task/api/match/enroll', acmeLearner.token, { matchId: enrolling })).flag).toBe(401);
    expect((await post('/task/api/match/enroll', acmeLearner.token, { matchId: enrolling }, 1002)).errorCode).toBe('MATCH_NOT_FOUND');
    expect((await call('GET', q('/task/api/match/detail', { id: running }, 1002), acmeLearner.token)).errorCode).toBe('MATCH_NOT_FOUND');
    expect((await call('GET', q('/task/api/match/scoreboard', { id: ended }, 1002), undefined)).errorCode).toBe('MATCH_NOT_FOUND');
    const list = await data('GET', q('/task/api/match/judgeList', { matchId: running }), teacher.token);
    expect((await post('/task/api/match/score', acmeTeacher.token, { submissionId: list[0].id, score: 1 }, 1002)).errorCode).toBe('SUBMISSION_NOT_FOUND');
    const demoStage = (await data('GET', q('/task/api/match/detail', { id: running }), learner.token)).stages[0].id;
    expect((await post('/task/api/match/submit', acmeLearner.token, { stageId: demoStage, ...work() }, 1002)).errorCode).toBe('STAGE_NOT_FOUND');
    // A guest's detail of a demo match: not a judge, cannot enrol.
    expect(await data('GET', q('/task/api/match/detail', { id: enrolling }), undefined)).toMatchObject({ canEnroll: false, enrolled: false, isJudge: false });
  });

  it('keeps each tenant\'s rows of the four tables to itself under row-level security', async () => {
    await withTenant(fx.app().db.app, 1002, async (trx) => {
      for (const table of ['competition', 'competition_stage', 'competition_entrant', 'competition_submission'] as const) {
        const { rows } = await sql<{ n: number; mine: number }>`select count(*)::int as n, count(*) filter (where tenant_id = 1002)::int as mine from ${sql.table(table)}`.execute(trx);
        expect(rows[0]!.n, table).toBe(rows[0]!.mine);
        expect(rows[0]!.n, table).toBeGreaterThan(0);
      }
      await expect(trx.insertInto('competition').values({
        tenant_id: 1001, title: '越权', enroll_start: at(0), enroll_end: at(1), start_time: at(1), end_time: at(2),
      }).execute()).rejects.toThrow(/row-level security/);
    });
  });
});
