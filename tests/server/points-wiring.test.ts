// Where points are earned in existing code (issue 19 part C; docs/growth.md "Points, levels and
// ranking"): study time and a content's first finish on the player's save, a course's last lesson
// on courseLog, an exam's first pass at submit, a comment. Each with a fresh learner, so no seed's
// award for today changes what the caps leave.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { studyLogCode } from '../../server/lib/study-log-code';
import { finaliseIfMarked, shortQuestionsOf } from '../../server/modules/exam/marking-finalise';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { data } = apiOf(() => t.app);

/** A signed-in learner of the demo tenant with no points. */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  return { id: Number(user.id), token };
}

/** The learner's ledger rows, oldest first. */
const ledger = (userId: number) => withTenant(t.db.app, 1001, (trx) => trx.selectFrom('points_ledger').select(['kind', 'ref', 'points', 'note'])
  .where('user_id', '=', userId).orderBy('id').execute());

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('points earned where learning happens', () => {
  it('the player\'s save earns study time by whole 10 minutes and a content\'s first finish once', async () => {
    const u = await makeUser('wire-study');
    const content = await t.db.owner.selectFrom('content').select(['id', 'title']).where('tenant_id', '=', 1001).where('state', '=', 1)
      .where('id', 'not in', t.db.owner.selectFrom('course_phase_content').select('content_id').where('tenant_id', '=', 1001).where('content_id', 'is not', null))
      .orderBy('id').executeTakeFirstOrThrow();
    const save = (body: object) => data('POST', '/cm/api/hist/save', u.token, { tenantId: 1001, contentId: Number(content.id), duration: 3600, ...body });
    await save({ progress: 300, playTime: 300, state: 1, savedAt: 1 });
    expect(await ledger(u.id)).toEqual([]);
    await save({ progress: 1500, playTime: 1500, state: 1, savedAt: 2 });
    const studied = await ledger(u.id);
    expect(studied.map((r) => [r.kind, r.points])).toEqual([['study_time', 2], ['study_time', 2]]);
    await save({ progress: 3600, playTime: 1600, state: 2, savedAt: 3 });
    await save({ progress: 3600, playTime: 1600, state: 2, savedAt: 4 });
    const finished = (await ledger(u.id)).filter((r) => r.kind === 'content_finish');
    expect(finished).toEqual([{ kind: 'content_finish', ref: `content:${content.id}:0`, points: 5, note: content.title }]);
  });

  it('the courseLog that finishes a course\'s last lesson earns course_finish once', async () => {
    const u = await makeUser('wire-course');
    const lessons = await t.db.owner.selectFrom('course_phase_content').select(['course_id', sql<number[]>`array_agg(distinct content_id order by content_id)`.as('ids')])
      .where('tenant_id', '=', 1001).where('content_id', 'is not', null).groupBy('course_id').orderBy(sql`count(distinct content_id)`).orderBy('course_id').executeTakeFirstOrThrow();
    const courseId = Number(lessons.course_id);
    const { logKey } = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${courseId}`, u.token);
    const ids = lessons.ids.map(Number);
    for (const [i, contentId] of ids.entries()) {
      const w = { contentId, partId: 0, courseId, progress: 100, duration: 100, playTime: 100, state: 2, savedAt: 10 + i };
      await data('POST', '/cm/api/hist/courseLog', u.token, { tenantId: 1001, ...w, validCode: studyLogCode(logKey, w) });
      const courses = (await ledger(u.id)).filter((r) => r.kind === 'course_finish');
      // Not before the last lesson; then once.
      expect(courses.length, `after lesson ${i + 1} of ${ids.length}`).toBe(i === ids.length - 1 ? 1 : 0);
    }
    const rows = await ledger(u.id);
    expect(rows.find((r) => r.kind === 'course_finish')).toMatchObject({ ref: `course:${courseId}`, points: 20 });
    expect(rows.filter((r) => r.kind === 'content_finish')).toHaveLength(Math.min(ids.length, 6)); // 5 each, 30 a day
  });

  it('an exam passed at submit earns exam_pass once, a failed one nothing', async () => {
    const u = await makeUser('wire-exam');
    const exams = await sql<{ id: number }>`
      select e.id from exam e where e.tenant_id = 1001 and e.type = 'exam' and e.state = 1 and now() >= e.start_time
        and (e.end_time is null or now() <= e.end_time) and e.paper_mode = 'fixed'
        and not exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id and q.attempt_id is null
                        and q.kind not in ('single', 'multiple', 'judge'))
      order by e.id limit 2`.execute(t.db.owner);
    expect(exams.rows.length, 'the seed needs two open choice-only exams').toBe(2);
    const sit = async (examId: number, right: boolean) => {
      const paper = await data('POST', '/exam/api/exam/start', u.token, { tenantId: 1001, examId });
      const qs = await t.db.owner.selectFrom('exam_question').select(['id', 'answer', 'options']).where('tenant_id', '=', 1001).where('exam_id', '=', examId)
        .where('attempt_id', 'is', null).execute();
      const answers = qs.map((q) => ({ questionId: Number(q.id), value: right ? q.answer as string[] : [] }));
      return data('POST', '/exam/api/exam/submit', u.token, { tenantId: 1001, attemptId: paper.attemptId, answers });
    };
    const [pass, fail] = [Number(exams.rows[0]!.id), Number(exams.rows[1]!.id)];
    expect((await sit(pass, true)).passed).toBe(true);
    expect((await sit(fail, false)).passed).toBe(false);
    expect((await sit(pass, true)).passed).toBe(true);
    expect((await ledger(u.id)).filter((r) => r.kind === 'exam_pass')).toMatchObject([{ ref: `exam:${pass}`, points: 20 }]);
  });

  it('an attempt whose marking is done and passes earns exam_pass once', async () => {
    // A seeded paper waiting for marking (student1–3, server/demo/seed-marking.ts), marked full.
    const pending = await t.db.owner.selectFrom('exam_attempt').select(['id', 'exam_id', 'user_id'])
      .where('tenant_id', '=', 1001).where('marking_state', '=', 'pending').orderBy('id').executeTakeFirstOrThrow();
    const [id, examId, userId] = [Number(pending.id), Number(pending.exam_id), Number(pending.user_id)];
    const before = (await ledger(userId)).filter((r) => r.kind === 'exam_pass' && r.ref === `exam:${examId}`);
    expect(before).toEqual([]);
    const outcome = await withTenant(t.db.app, 1001, async (trx) => {
      const shorts = await shortQuestionsOf(trx, { id, exam_id: examId });
      await trx.insertInto('exam_mark').values(shorts.map((q) => ({ tenant_id: 1001, attempt_id: id, question_id: q.id, score: q.score }))).execute();
      await trx.updateTable('exam_attempt').set({ objective_score: 1000 }).where('id', '=', id).execute();
      return finaliseIfMarked(trx, id);
    });
    expect(outcome).toMatchObject({ markingState: 'done', passed: true });
    await withTenant(t.db.app, 1001, (trx) => finaliseIfMarked(trx, id));
    expect((await ledger(userId)).filter((r) => r.kind === 'exam_pass' && r.ref === `exam:${examId}`)).toMatchObject([{ points: 20 }]);
  });

  it('a comment earns a point, five a day', async () => {
    const u = await makeUser('wire-comment');
    const target = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    for (let i = 0; i < 7; i++) {
      await data('POST', '/cm/api/commentScore/saveComment', u.token, { tenantId: 1001, targetType: 'content', targetId: Number(target.id), content: `第 ${i + 1} 条心得` });
    }
    const rows = (await ledger(u.id)).filter((r) => r.kind === 'comment');
    expect(rows.map((r) => r.points)).toEqual([1, 1, 1, 1, 1]);
    const score = await data('GET', '/um/api/userIntegrate/userScore?tenantId=1001', u.token);
    expect(score.todayByKind.find((k: { kind: string }) => k.kind === 'comment')).toMatchObject({ points: 5, dailyCap: 5 });
  });
});
