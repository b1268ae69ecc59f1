// Where credentials are issued (issue 19 part E; docs/growth.md "Credentials"): the courseLog that
// finishes a course's last lesson issues the course's certificate (not an earlier lesson), an exam
// submitted with a passing score issues the exam's (a failing one does not), and so does an attempt
// awaiting marking once its marks make it pass.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { finaliseIfMarked, shortQuestionsOf } from '../../server/modules/exam/marking-finalise';
import { hashToken, newToken } from '../../server/plugins/auth';
import { studyLogCode } from '../../server/lib/study-log-code';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data } = apiOf(() => t.app);
const DAY = 86_400_000;

/** A new user of the demo tenant with a token: no study records, no attempts, no certificates. */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: `学员${account.slice(-4)}`, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

/** A rule of the demo tenant for the source; its id. */
async function addRule(kind: 'course' | 'exam', sourceId: number) {
  const row = await t.db.owner.insertInto('credential_rule').values({
    tenant_id: 1001, source_kind: kind, source_id: sourceId, title: `测试证书 ${kind}`, issuer: '测试机构', body: '{name} 完成《{source}》。',
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const heldBy = (userId: number, ruleId: number) => t.db.owner.selectFrom('user_credential').select(['id', 'holder_name', 'source_title'])
  .where('tenant_id', '=', 1001).where('user_id', '=', userId).where('rule_id', '=', ruleId).execute();

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => t?.close());

describe('a course finished', () => {
  it('issues the course\'s certificate with the log that finishes its last lesson, not before', async () => {
    const { rows } = await sql<{ course_id: number; lessons: number }>`
      select course_id, count(distinct content_id)::int as lessons from course_phase_content
      where tenant_id = 1001 and content_id is not null group by course_id having count(distinct content_id) >= 2 order by count(distinct content_id), course_id limit 1`.execute(t.db.owner);
    const courseId = Number(rows[0]!.course_id);
    const lessons = await t.db.owner.selectFrom('course_phase_content').select('content_id').distinct()
      .where('tenant_id', '=', 1001).where('course_id', '=', courseId).where('content_id', 'is not', null).execute();
    const ruleId = await addRule('course', courseId);
    const user = await makeUser(`course_${Date.now()}`);
    const { logKey } = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${courseId}`, user.token);
    const finish = async (contentId: number) => {
      const w = { contentId, partId: 0, courseId, progress: 60, duration: 60, playTime: 60, state: 2, savedAt: Date.now() };
      return data('POST', '/cm/api/hist/courseLog', user.token, { tenantId: 1001, ...w, validCode: studyLogCode(logKey, w) });
    };
    for (const lesson of lessons.slice(0, -1)) await finish(Number(lesson.content_id));
    expect(await heldBy(user.id, ruleId)).toEqual([]);
    await finish(Number(lessons.at(-1)!.content_id));
    const course = await t.db.owner.selectFrom('course').select('title').where('tenant_id', '=', 1001).where('id', '=', courseId).executeTakeFirstOrThrow();
    expect(await heldBy(user.id, ruleId)).toEqual([expect.objectContaining({ source_title: course.title })]);
    // Logging the finished lesson again issues nothing more.
    await finish(Number(lessons[0]!.content_id));
    expect(await heldBy(user.id, ruleId)).toHaveLength(1);
  });
});

describe('an exam passed', () => {
  it('issues the exam\'s certificate at a passing submit, and none at a failing one', async () => {
    // An open exam with a fixed paper of machine-scored questions only, and a pass mark.
    const { rows } = await sql<{ id: number }>`
      select e.id from exam e where e.tenant_id = 1001 and e.state = 1 and e.type = 'exam' and e.pass_score is not null and e.pass_score > 0
        and e.paper_mode = 'fixed' and (e.end_time is null or e.end_time > now()) and e.start_time <= now() and e.audience = 'all'
        and not exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id and q.attempt_id is null
          and q.kind in ('text', 'fill', 'short', 'composite'))
        and exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id)
      order by e.id limit 1`.execute(t.db.owner);
    const examId = Number(rows[0]!.id);
    const ruleId = await addRule('exam', examId);
    const questions = await t.db.owner.selectFrom('exam_question').select(['id', 'answer', 'options'])
      .where('tenant_id', '=', 1001).where('exam_id', '=', examId).where('attempt_id', 'is', null).execute();
    const sit = async (right: boolean) => {
      const user = await makeUser(`exam_${right}_${Date.now()}`);
      const paper = await data('POST', '/exam/api/exam/start', user.token, { tenantId: 1001, examId });
      const answers = questions.map((q) => {
        const key = (q.answer as string[]);
        const wrongKey = (q.options as { key: string }[]).map((o) => o.key).find((k) => !key.includes(k)) ?? 'Z';
        return { questionId: Number(q.id), value: right ? key : [wrongKey] };
      });
      const result = await data('POST', '/exam/api/exam/submit', user.token, { tenantId: 1001, attemptId: paper.attemptId, answers });
      return { user, result };
    };
    const passed = await sit(true);
    expect(passed.result.passed).toBe(true);
    expect(await heldBy(passed.user.id, ruleId)).toHaveLength(1);
    const failed = await sit(false);
    expect(failed.result.passed).toBe(false);
    expect(await heldBy(failed.user.id, ruleId)).toEqual([]);
    expect((await call('GET', '/um/api/userCredentials/list?tenantId=1001', passed.user.token)).data.list[0]).toMatchObject({ sourceKind: 'exam', sourceId: examId, state: 'valid' });
  });
});

describe('an exam passed at marking', () => {
  it('issues the exam\'s certificate when the last short answer is marked and the attempt passes', async () => {
    // A seeded attempt awaiting marking (seed-marking.ts), of an exam with a pass mark.
    const attempt = await t.db.owner.selectFrom('exam_attempt as a').innerJoin('exam as e', (j) => j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.id', '=', 'a.exam_id'))
      .select(['a.id', 'a.exam_id', 'a.user_id']).where('a.tenant_id', '=', 1001).where('a.marking_state', '=', 'pending')
      .where('e.pass_score', 'is not', null).orderBy('a.id').executeTakeFirstOrThrow();
    const ruleId = await addRule('exam', Number(attempt.exam_id));
    const shorts = await withTenant(t.db.app, 1001, (trx) => shortQuestionsOf(trx, { id: Number(attempt.id), exam_id: Number(attempt.exam_id) }));
    expect(shorts.length).toBeGreaterThan(0);
    // Every short answer but the last marked in full: still pending, nothing issued.
    const mark = (q: { id: number; score: number }) => t.db.owner.insertInto('exam_mark')
      .values({ tenant_id: 1001, attempt_id: Number(attempt.id), question_id: q.id, score: q.score }).onConflict((oc) => oc.columns(['tenant_id', 'attempt_id', 'question_id']).doUpdateSet({ score: q.score })).execute();
    for (const q of shorts.slice(0, -1)) await mark(q);
    await withTenant(t.db.app, 1001, (trx) => finaliseIfMarked(trx, Number(attempt.id)));
    expect(await heldBy(Number(attempt.user_id), ruleId)).toEqual([]);
    // Full marks on every short answer: at least the short part's points, enough for this exam's pass mark.
    await t.db.owner.updateTable('exam_attempt').set({ objective_score: 1000 }).where('tenant_id', '=', 1001).where('id', '=', attempt.id).execute();
    await mark(shorts.at(-1)!);
    const outcome = await withTenant(t.db.app, 1001, (trx) => finaliseIfMarked(trx, Number(attempt.id)));
    expect(outcome).toMatchObject({ markingState: 'done', passed: true });
    expect(await heldBy(Number(attempt.user_id), ruleId)).toHaveLength(1);
  });
});
