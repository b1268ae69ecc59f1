// Homework of the teacher's classes and learners' submissions (issue 18). For each class the demo
// teacher teaches (seed-live.ts): two assignments in the class's language (acme's English titles get
// English homework), one due in a week and one past its deadline that still takes late work. The
// demo learner is enrolled in the teacher's first class (so the homework journey works on every
// tenant) and has there one submission awaiting marking and one marked with a comment; two other
// members have submitted too, so the marking queue has something in each state.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

const DAY = 86_400_000;

const TEXTS = {
  zh: {
    homework: [
      { title: '学习心得：本阶段的三点收获', instructions: '<p>结合本阶段课程，写下你的<strong>三点收获</strong>和一个仍有疑问的地方，不少于 300 字。</p><p>可以附上笔记照片或文档。</p>' },
      { title: '案例分析：改进一项工作流程', instructions: '<p>选一项你日常工作中的流程，用 PDCA 分析它的问题，并给出改进方案。</p><ul><li>现状描述</li><li>问题与原因</li><li>改进措施和预期效果</li></ul>' },
    ],
    waiting: '本阶段最大的收获是学会了先明确目标再安排任务；第二是会议前准备议题；第三是及时复盘。疑问：如何衡量改进效果？',
    marked: '我选择了报销审批流程：现状是纸质单据流转慢。问题在于多级签字；改进为线上审批，预计用时缩短一半。',
    comment: '分析清楚，措施可行；下次可以补充改进后的衡量指标。',
    other: '已完成，请老师查看。',
  },
  en: {
    homework: [
      { title: 'Reflection: three things I learned this phase', instructions: '<p>Write down <strong>three things you learned</strong> in this phase and one question you still have, at least 200 words.</p><p>You may attach notes or a document.</p>' },
      { title: 'Case study: improve one work process', instructions: '<p>Pick a process from your daily work and analyse it with PDCA.</p><ul><li>How it works today</li><li>Problems and causes</li><li>Improvements and expected results</li></ul>' },
    ],
    waiting: 'My biggest lesson was to set a clear goal before planning tasks; second, to prepare an agenda before meetings; third, to review promptly. Question: how do we measure improvement?',
    marked: 'I chose expense approval: paper forms move slowly because of several signatures. Moving approval online should halve the time.',
    comment: 'Clear analysis and practical steps; next time add how you will measure the result.',
    other: 'Done, please have a look.',
  },
} as const;

const isChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

export async function seedHomework(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const teacher = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'teacher').executeTakeFirst();
  if (!teacher) return;
  const grants = await trx.selectFrom('user_role').select('scope_id').where('tenant_id', '=', tenantId).where('user_id', '=', Number(teacher.id))
    .where('role', '=', 'teacher').where('scope_type', '=', 'classes').orderBy('id').execute();
  const classIds = grants.map((g) => Number(g.scope_id));
  if (classIds.length === 0) return;
  const classes = await trx.selectFrom('training_class').select(['id', 'title']).where('tenant_id', '=', tenantId).where('id', 'in', classIds).execute();
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  const now = Date.now();

  for (const [index, classesId] of classIds.entries()) {
    const c = classes.find((k) => Number(k.id) === classesId);
    if (!c) continue;
    const t = isChinese(c.title) ? TEXTS.zh : TEXTS.en;
    const [reflection, caseStudy] = await Promise.all(t.homework.map((h, k) => trx.insertInto('homework').values({
      tenant_id: tenantId, classes_id: classesId, title: h.title, instructions: h.instructions,
      deadline: new Date(k === 0 ? now + 7 * DAY : now - 2 * DAY), total_score: 100, allow_late: k === 1,
      created_by: Number(teacher.id), created_at: new Date(now - (k === 0 ? 3 : 10) * DAY),
    }).returning('id').executeTakeFirstOrThrow()));
    if (index > 0 || !learner) continue;

    // The demo learner takes part in the teacher's first class.
    await trx.insertInto('classes_member').values({ tenant_id: tenantId, classes_id: classesId, user_id: Number(learner.id), enrolled_at: new Date(now - 14 * DAY) })
      .onConflict((oc) => oc.doNothing()).execute();
    await sql`update training_class set enrol_count = (select count(*) from classes_member m where m.tenant_id = ${tenantId} and m.classes_id = ${classesId} and m.state = 1)
      where tenant_id = ${tenantId} and id = ${classesId}`.execute(trx);
    await trx.insertInto('homework_submission').values([
      { tenant_id: tenantId, homework_id: Number(reflection!.id), user_id: Number(learner.id), content: t.waiting, submitted_at: new Date(now - DAY) },
      {
        tenant_id: tenantId, homework_id: Number(caseStudy!.id), user_id: Number(learner.id), content: t.marked, submitted_at: new Date(now - 4 * DAY),
        state: 'marked', score: 88, comment: t.comment, marker_id: Number(teacher.id), marked_at: new Date(now - 3 * DAY),
      },
    ]).execute();
    // Two other members have handed in the reflection.
    const others = await trx.selectFrom('classes_member').select('user_id').where('tenant_id', '=', tenantId).where('classes_id', '=', classesId)
      .where('state', '=', 1).where('user_id', '!=', Number(learner.id)).orderBy('user_id').limit(2).execute();
    if (others.length) {
      await trx.insertInto('homework_submission').values(others.map((o, k) => ({
        tenant_id: tenantId, homework_id: Number(reflection!.id), user_id: Number(o.user_id), content: t.other, submitted_at: new Date(now - (2 + k) * DAY),
      }))).execute();
    }
  }
}
