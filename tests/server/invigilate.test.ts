// The paper's heartbeat, the deadline sweep and invigilation (issue 18; docs/exams.md "Timer,
// autosave and invigilation"): the heartbeat marks the attempt seen and stores events clamped to
// its window; the sweep closes an overdue attempt once even when two nodes sweep at once; the
// invigilator's list shows a candidate's progress; force-submit is refused to a learner, a guest,
// another exam's invigilator and another tenant's teacher; exam_attempt_event stays in its tenant.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { grantRole } from '../../server/lib/roles';
import { startDeadlineSweep, sweepOverdueAttempts, sweepTenant } from '../../server/modules/exam/deadline-sweep';
import { clampTime } from '../../server/modules/exam/heartbeat-service';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let teacher: { id: number; token: string };
let admin: { id: number; token: string };
let acmeTeacher: { id: number; token: string };
/** Open exams of tenant 1001 the demo teacher invigilates (each test takes its own). */
let exams: number[];

const start = (examId: number) => data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId });
const beat = (attemptId: number, events: object[] = [], token = learner.token) =>
  call('POST', '/exam/api/paper/heartbeat', token, { tenantId: 1001, attemptId, events });
const candidates = (examId: number, token = teacher.token, tenantId = 1001) =>
  call('GET', `/exam/api/invigilate/candidates?tenantId=${tenantId}&examId=${examId}`, token);
const force = (attemptId: number, token: string | undefined, reason = '违规使用手机', tenantId = 1001) =>
  call('POST', '/exam/api/invigilate/forceSubmit', token, { tenantId, attemptId, reason });
const eventsOf = (attemptId: number) => t.db.owner.selectFrom('exam_attempt_event').select(['kind', 'at', 'detail'])
  .where('tenant_id', '=', 1001).where('attempt_id', '=', attemptId).orderBy('at').orderBy('id').execute();
const attemptRow = (attemptId: number) => t.db.owner.selectFrom('exam_attempt').selectAll().where('tenant_id', '=', 1001).where('id', '=', attemptId).executeTakeFirstOrThrow();
/** Moves an attempt's deadline into the past, as if the time ran out with the tab closed. */
const expire = (attemptId: number) => sql`update exam_attempt set deadline = now() - interval '1 second' where tenant_id = 1001 and id = ${attemptId}`.execute(t.db.owner);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acmeTeacher = await signIn(1002, 'teacher', 'Teach@2026');
  const rows = await sql<{ id: number }>`
    select e.id from exam e
    where e.tenant_id = 1001 and e.type = 'exam' and e.state = 1 and e.duration > 0 and now() >= e.start_time and (e.end_time is null or now() <= e.end_time)
      and exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id and q.attempt_id is null)
      and exists (select 1 from user_role r where r.tenant_id = e.tenant_id and r.user_id = ${teacher.id} and r.role = 'invigilator'
        and (r.scope_type is null or (r.scope_type = 'exam' and r.scope_id = e.id)))
    order by e.id`.execute(t.db.owner);
  exams = rows.rows.map((r) => Number(r.id));
  expect(exams.length, 'the seed needs four open exams the demo teacher invigilates').toBeGreaterThanOrEqual(4);
});
afterAll(() => t.close());

describe('heartbeat', () => {
  it('marks the attempt seen, stores the events clamped to its window and answers the clock and deadline', async () => {
    const paper = await start(exams[0]!);
    const before = await attemptRow(paper.attemptId);
    const res = await beat(paper.attemptId, [
      { kind: 'leave', at: new Date().toISOString(), detail: '切换到其他窗口' },
      { kind: 'return', at: new Date(Date.now() + 3_600_000).toISOString() }, // a clock an hour fast: clamped to now
      { kind: 'offline', at: '2001-01-01T00:00:00.000Z' }, // before the start: clamped to the start
    ]);
    expect(res, res.message).toMatchObject({ success: true, data: { state: 'open', deadline: paper.deadline, forced: false, reason: null } });
    expect(Math.abs(Date.parse(res.data.serverNow) - Date.now())).toBeLessThan(5_000);
    const row = await attemptRow(paper.attemptId);
    expect(row.last_seen_at!.getTime()).toBeGreaterThanOrEqual(before.started_at.getTime());
    // The start (paper-service) is at the attempt's start too, where the early offline is clamped.
    const all = await eventsOf(paper.attemptId);
    expect(all.filter((e) => e.kind === 'start').map((e) => e.at.getTime())).toEqual([before.started_at.getTime()]);
    const events = all.filter((e) => e.kind !== 'start');
    expect(events.map((e) => e.kind)).toEqual(['offline', 'leave', 'return']);
    expect(events[0]!.at.getTime()).toBe(before.started_at.getTime());
    expect(events[2]!.at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(events[1]!.detail).toBe('切换到其他窗口');
  });

  it('refuses more than 50 events, another user\'s attempt and a guest', async () => {
    const paper = await start(exams[0]!);
    const many = Array.from({ length: 51 }, () => ({ kind: 'leave', at: new Date().toISOString() }));
    expect((await beat(paper.attemptId, many)).success).toBe(false);
    expect(await beat(paper.attemptId, [], admin.token)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    expect(await call('POST', '/exam/api/paper/heartbeat', undefined, { tenantId: 1001, attemptId: paper.attemptId, events: [] })).toMatchObject({ success: false, flag: 401 });
  });

  it('clamps into the window by the numbers', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2026-01-01T01:00:00Z');
    expect(clampTime(new Date('2025-12-31T00:00:00Z'), from, to)).toEqual(from);
    expect(clampTime(new Date('2026-01-02T00:00:00Z'), from, to)).toEqual(to);
    expect(clampTime(new Date('2026-01-01T00:30:00Z'), from, to)).toEqual(new Date('2026-01-01T00:30:00Z'));
    expect(clampTime(new Date('nonsense'), from, to)).toEqual(to);
  });
});

describe('deadline sweep', () => {
  it('closes an overdue attempt once across two concurrent sweeps, with one auto_submit event', async () => {
    const paper = await start(exams[1]!);
    const q = paper.questions[0];
    await data('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: q.id, value: [q.options[0].key] }] });
    await expire(paper.attemptId);
    const [a, b] = await Promise.all([sweepTenant(t.db.app, 1001), sweepTenant(t.db.app, 1001)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const row = await attemptRow(paper.attemptId);
    expect(row.state).toBe('expired');
    expect(row.answers[String(q.id)]?.v).toEqual([q.options[0].key]);
    expect((await eventsOf(paper.attemptId)).filter((e) => e.kind === 'auto_submit')).toHaveLength(1);
    // Nothing left to close: a third sweep over every tenant closes none of it again.
    await sweepOverdueAttempts(t.db.app);
    expect((await eventsOf(paper.attemptId)).filter((e) => e.kind === 'auto_submit')).toHaveLength(1);
    // The paper learns at its next heartbeat.
    expect((await beat(paper.attemptId)).data).toMatchObject({ state: 'expired', forced: false });
  });

  it('two sweeps at once never close one attempt twice (skip locked), counted over many attempts', async () => {
    // Several learners' attempts, all overdue: the two sweeps split them and each is closed once.
    // (A start closes the learner's own overdue attempts lazily: every start first, then the deadlines.)
    const ids: number[] = [];
    for (const examId of exams.slice(0, 3)) ids.push((await start(examId)).attemptId);
    for (const id of ids) await expire(id);
    const [a, b] = await Promise.all([sweepTenant(t.db.app, 1001), sweepTenant(t.db.app, 1001)]);
    expect(a + b).toBe(ids.length);
    for (const id of ids) expect((await eventsOf(id)).filter((e) => e.kind === 'auto_submit')).toHaveLength(1);
  });

  it('the loop sweeps once started and stops cleanly', async () => {
    const p = await start(exams[2]!);
    await expire(p.attemptId);
    const loop = startDeadlineSweep(t.db.app, { intervalMs: 60_000 });
    await loop.stop(); // waits for the first sweep, which runs at once
    expect((await attemptRow(p.attemptId)).state).toBe('expired');
  });
});

describe('invigilation', () => {
  it('the invigilator sees the running exam and the candidate\'s progress, leaves and last seen', async () => {
    const examId = exams[3]!;
    const paper = await start(examId);
    const [q1, q2] = paper.questions;
    await data('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [
      { questionId: q1.id, value: [q1.options[0].key] }, { questionId: q2.id, value: [q2.options[0].key] },
    ] });
    await beat(paper.attemptId, [{ kind: 'leave', at: new Date().toISOString() }]);

    const running = await data('GET', '/exam/api/invigilate/exams?tenantId=1001', teacher.token);
    expect(running.find((e: { id: number }) => e.id === examId)).toMatchObject({ answering: 1 });
    const list = (await candidates(examId)).data;
    const me = list.candidates.find((c: { userId: number }) => c.userId === learner.id);
    expect(me).toMatchObject({ attemptId: paper.attemptId, state: 'open', answered: 2, total: paper.questions.length, offline: false, leaveCount: 1, forced: false });
    expect(me.name.length).toBeGreaterThan(0);
    expect(me.latestEvents[0]).toMatchObject({ kind: 'leave' });

    // Silent for more than 45 s: offline.
    await sql`update exam_attempt set last_seen_at = now() - interval '46 seconds' where tenant_id = 1001 and id = ${paper.attemptId}`.execute(t.db.owner);
    expect((await candidates(examId)).data.candidates.find((c: { userId: number }) => c.userId === learner.id).offline).toBe(true);

    // Reopening the paper is a resume: seen again, and on the timeline after the start and the leave.
    await start(examId);
    expect((await candidates(examId)).data.candidates.find((c: { userId: number }) => c.userId === learner.id).offline).toBe(false);
    const timeline = await data('GET', `/exam/api/invigilate/events?tenantId=1001&attemptId=${paper.attemptId}`, teacher.token);
    expect(timeline.events.map((e: { kind: string }) => e.kind)).toEqual(['start', 'leave', 'resume']);
  });

  it('force-submit is refused to the learner, a guest, another exam\'s invigilator and another tenant\'s teacher; the invigilator hands it in', async () => {
    const examId = exams[3]!;
    const paper = await start(examId); // resumes the open attempt
    // The admin invigilates another exam only.
    await withTenant(t.db.app, 1001, (trx) => grantRole(trx, 1001, admin.id, 'invigilator', { type: 'exam', id: exams[0]! }));

    expect(await force(paper.attemptId, learner.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_INVIGILATOR' });
    expect(await force(paper.attemptId, admin.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_INVIGILATOR' });
    expect(await candidates(examId, admin.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_INVIGILATOR' });
    expect(await force(paper.attemptId, undefined)).toMatchObject({ success: false, flag: 401 });
    // Another tenant's teacher: its token is not good for tenant 1001, and under its own tenant the attempt does not exist.
    expect(await force(paper.attemptId, acmeTeacher.token)).toMatchObject({ success: false, flag: 401 });
    expect(await force(paper.attemptId, acmeTeacher.token, '违规', 1002)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    expect(await force(paper.attemptId, teacher.token, '   ')).toMatchObject({ success: false, errorCode: 'REASON_REQUIRED' });
    expect((await attemptRow(paper.attemptId)).state).toBe('open');

    expect(await data('POST', '/exam/api/invigilate/forceSubmit', teacher.token, { tenantId: 1001, attemptId: paper.attemptId, reason: '违规使用手机' }))
      .toEqual({ attemptId: paper.attemptId, state: 'submitted' });
    const row = await attemptRow(paper.attemptId);
    expect(row).toMatchObject({ state: 'submitted', forced_by: teacher.id });
    expect((await eventsOf(paper.attemptId)).at(-1)).toMatchObject({ kind: 'force_submit', detail: '违规使用手机' });
    // Twice: nothing left to hand in.
    expect(await force(paper.attemptId, teacher.token)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_OPEN' });
    // The learner's paper learns at its next heartbeat, with the reason.
    expect((await beat(paper.attemptId)).data).toMatchObject({ state: 'submitted', forced: true, reason: '违规使用手机' });
  });

  it('a learner asking for the invigilation list is told it is for invigilators', async () => {
    expect(await call('GET', '/exam/api/invigilate/exams?tenantId=1001', learner.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_INVIGILATOR' });
  });

  it('exam_attempt_event stays in its tenant: acme sees none of demo\'s events, even by id', async () => {
    const demoCount = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('exam_attempt_event').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow());
    expect(demoCount.n).toBeGreaterThan(0);
    const ids = await t.db.owner.selectFrom('exam_attempt_event').select('attempt_id').where('tenant_id', '=', 1001).execute();
    const seen = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('exam_attempt_event').select('id')
      .where('attempt_id', 'in', ids.map((r) => Number(r.attempt_id))).execute());
    expect(seen).toEqual([]);
    // Writing a demo attempt's event under acme is refused by row-level security.
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('exam_attempt_event')
      .values({ tenant_id: 1001, attempt_id: Number(ids[0]!.attempt_id), kind: 'leave' }).execute())).rejects.toThrow();
    const attemptId = Number(ids[0]!.attempt_id);
    expect(await call('GET', `/exam/api/invigilate/events?tenantId=1002&attemptId=${attemptId}`, acmeTeacher.token)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
  });
});
