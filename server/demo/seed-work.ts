// Learners' submitted works awaiting the teacher's review (myContent, issue 18 part G). Runs once per
// new tenant inside its seed transaction, after the accounts and seedLive: on every tenant with the
// demo teacher, three works of the demo learner (and a second learner when the tenant has one)
// submitted in the teacher's first class, pending review and not published; a fourth in another
// class nobody there teaches, so the review list shows only the teacher's own. Texts in the tenant's
// language (acme is English, as in seed-exam-paper.ts). Explicit tenant filters: the owner may be a
// superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const WORKS = {
  zh: [
    { title: '我的安全生产学习心得', summary: '结合本班第一阶段的课程，总结了车间巡检中最容易忽视的三个隐患，并给出整改建议。', kind: 'article' as const, hoursAgo: 30 },
    { title: '小组展示：消防演练记录', summary: '小组在周三消防演练中的分工、用时和复盘，附现场讲解视频。', kind: 'video' as const, hoursAgo: 6 },
    { title: '读书笔记：《高效能人士的七个习惯》', summary: '每章的要点和我在工作中的一个实践例子。', kind: 'article' as const, hoursAgo: 2 },
    { title: '课程作业：客户沟通案例分析', summary: '分析一次客户投诉的处理过程，提出改进的沟通话术。', kind: 'article' as const, hoursAgo: 12 },
  ],
  en: [
    { title: 'What I learned about workplace safety', summary: 'Three hazards that floor inspections miss most often, drawn from the first phase of the class, with fixes.', kind: 'article' as const, hoursAgo: 30 },
    { title: 'Team showcase: fire drill review', summary: 'Who did what in Wednesday\'s fire drill, how long it took and what we would change, with a narrated video.', kind: 'video' as const, hoursAgo: 6 },
    { title: 'Reading notes: The 7 Habits of Highly Effective People', summary: 'The key points of each chapter and one example from my own work.', kind: 'article' as const, hoursAgo: 2 },
    { title: 'Assignment: a customer conversation case study', summary: 'How one customer complaint was handled, and better wording for the next one.', kind: 'article' as const, hoursAgo: 12 },
  ],
};

/** Seeds the pending works of one tenant; nothing when it has no demo teacher with a class. */
export async function seedWork(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<number[]> {
  const grants = await sql<{ class_id: number }>`
    select g.scope_id as class_id from user_role g join user_account u on u.tenant_id = g.tenant_id and u.id = g.user_id
    where g.tenant_id = ${tenantId} and u.account = 'teacher' and g.role = 'teacher' and g.scope_type = 'classes'
    order by g.scope_id`.execute(trx);
  const classId = grants.rows[0] ? Number(grants.rows[0].class_id) : undefined;
  if (classId === undefined) return [];
  const learners = await trx.selectFrom('user_account').select(['id', 'account']).where('tenant_id', '=', tenantId)
    .where('account', 'not in', ['teacher', 'admin']).orderBy(sql`account = 'learner'`, 'desc').orderBy('id').limit(2).execute();
  if (learners.length === 0) return [];
  const other = await trx.selectFrom('training_class').select('id').where('tenant_id', '=', tenantId).where('state', '=', 1)
    .where('id', 'not in', grants.rows.map((g) => Number(g.class_id))).orderBy('id').limit(1).executeTakeFirst();
  const video = await trx.selectFrom('content').select(['media_url', 'duration']).where('tenant_id', '=', tenantId).where('kind', '=', 'video')
    .where('media_url', 'is not', null).orderBy('id').limit(1).executeTakeFirst();
  const cls = await trx.selectFrom('training_class').select(['cover', 'category_id']).where('tenant_id', '=', tenantId).where('id', '=', classId).executeTakeFirstOrThrow();
  const texts = WORKS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  const rows = texts.map((w, i) => {
    const last = i === texts.length - 1;
    const uploader = learners[i % 2 === 1 && learners[1] ? 1 : 0]!;
    const submitted = new Date(now.getTime() - w.hoursAgo * 3_600_000);
    return {
      tenant_id: tenantId, category_id: null, title: w.title, cover: cls.cover, summary: w.summary, state: 0, publish_time: submitted,
      purpose: 4, kind: w.kind === 'video' && video ? 'video' as const : 'article' as const, author: null,
      // The video work plays the tenant's first video: its length is that video's.
      duration: w.kind === 'video' && video ? video.duration : 0,
      media_url: w.kind === 'video' && video ? video.media_url : null, labels: [],
      uploader_id: Number(uploader.id), audit_state: 'pending' as const, submitted_at: submitted,
      // The last one is another class's (when the tenant has one): not in the demo teacher's list.
      audit_classes_id: last ? (other ? Number(other.id) : classId) : classId,
    };
  });
  const done = await trx.insertInto('content').values(rows).returning('id').execute();
  return done.map((r) => Number(r.id));
}
