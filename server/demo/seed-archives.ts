// Issue 19 part D (archives: the learner's learning file, self-directed study): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 18's seeds (server/demo/seed.ts). For the demo learner of every tenant:
// a course studied part-way (one lesson finished, one begun, on days of the past week, so the
// study-time detail has bars), and a few self-directed study entries in the tenant's language
// (acme, 1002, is English, as in seed-work.ts). Explicit tenant filters: the owner may be a superuser.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { AutonomyKind } from '../db/types-archives';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const DAY = 86_400_000;

const ENTRIES: Record<'zh' | 'en', { title: string; kind: AutonomyKind; daysAgo: number; minutes: number; note: string }[]> = {
  zh: [
    { title: '阅读《高效能人士的七个习惯》第一章', kind: 'book', daysAgo: 1, minutes: 45, note: '要事第一：先把每周最重要的三件事写下来。' },
    { title: '参加部门安全生产培训', kind: 'offline', daysAgo: 4, minutes: 90, note: '学习了消防器材的使用和疏散路线。' },
    { title: '观看数据分析公开课', kind: 'video', daysAgo: 6, minutes: 60, note: '' },
    { title: '用表格整理本月销售数据', kind: 'practice', daysAgo: 9, minutes: 30, note: '练习了数据透视表。' },
  ],
  en: [
    { title: 'Read chapter one of Deep Work', kind: 'book', daysAgo: 1, minutes: 45, note: 'Block two hours each morning for focused work.' },
    { title: 'Attended the site safety briefing', kind: 'offline', daysAgo: 4, minutes: 90, note: 'Fire extinguishers and evacuation routes.' },
    { title: 'Watched an open lecture on data analysis', kind: 'video', daysAgo: 6, minutes: 60, note: '' },
    { title: 'Tidied this month\'s sales figures in a sheet', kind: 'practice', daysAgo: 9, minutes: 30, note: 'Practised pivot tables.' },
  ],
};

export async function seedArchives(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const userId = Number(learner.id);
  const { rows: zone } = await sql<{ today: string }>`
    select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from tenant where id = ${tenantId}::bigint`.execute(trx);
  const today = zone[0]?.today ?? new Date().toISOString().slice(0, 10);
  const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

  const entries = ENTRIES[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  await trx.insertInto('autonomy_study').values(entries.map((e) => ({
    tenant_id: tenantId, user_id: userId, title: e.title, kind: e.kind, study_date: dayBefore(e.daysAgo), minutes: e.minutes, note: e.note,
    attachment: null, created_at: new Date(Date.parse(`${dayBefore(e.daysAgo)}T12:00:00Z`)),
  }))).execute();

  // A course studied part-way: the newest published course with two document lessons that belong
  // to it alone (videos and shared library lessons are what other journeys play and finish).
  const { rows: lessons } = await sql<{ course_id: string; content_id: string; duration: number }>`
    select l.course_id, l.content_id, greatest(c.duration, 60) as duration from course_phase_content l
    join content c on c.tenant_id = l.tenant_id and c.id = l.content_id
    join course k on k.tenant_id = l.tenant_id and k.id = l.course_id
    where l.tenant_id = ${tenantId}::bigint and k.state = 1 and c.kind in ('article', 'pdf')
      and not exists (select 1 from course_phase_content o where o.tenant_id = l.tenant_id and o.content_id = l.content_id and o.course_id <> l.course_id)
      and l.course_id = (
        select l2.course_id from course_phase_content l2 join content c2 on c2.tenant_id = l2.tenant_id and c2.id = l2.content_id
        join course k2 on k2.tenant_id = l2.tenant_id and k2.id = l2.course_id
        where l2.tenant_id = ${tenantId}::bigint and k2.state = 1 and k2.id <> 1001 and c2.kind in ('article', 'pdf')
          and not exists (select 1 from course_phase_content o where o.tenant_id = l2.tenant_id and o.content_id = l2.content_id and o.course_id <> l2.course_id)
        group by l2.course_id having count(distinct l2.content_id) >= 2 order by l2.course_id desc limit 1)
    order by l.sort, l.id limit 2`.execute(trx);
  if (lessons.length < 2) return;
  const now = Date.now();
  const [done, begun] = lessons as [typeof lessons[number], typeof lessons[number]];
  // Written as the player would: the triggers of migration 0006 put the time on the days of saved_at.
  await trx.insertInto('study_record').values([
    {
      tenant_id: tenantId, user_id: userId, content_id: Number(done.content_id), course_id: Number(done.course_id), log_type: 1, content_type: 'article',
      progress: done.duration, max_progress: done.duration, duration: done.duration, state: 2, percentage: 100, play_time: 20 * 60,
      saved_at: now - 3 * DAY, finished_at: new Date(now - 3 * DAY)
    },
    {
      tenant_id: tenantId, user_id: userId, content_id: Number(begun.content_id), course_id: Number(begun.course_id), log_type: 1, content_type: 'article',
      progress: Math.floor(begun.duration / 2), max_progress: Math.floor(begun.duration / 2), duration: begun.duration, state: 1, percentage: 50,
      play_time: 12 * 60, saved_at: now - DAY, finished_at: null
    },
  ]).execute();
  // When each was begun and last moved: the days they were studied.
  for (const [r, daysAgo, minutes] of [[done, 3, 20], [begun, 1, 12]] as const) {
    await sql`update study_record set created_at = now() - make_interval(days => ${daysAgo}, mins => ${minutes}), updated_at = now() - make_interval(days => ${daysAgo})
      where tenant_id = ${tenantId}::bigint and user_id = ${userId}::bigint and content_id = ${Number(r.content_id)}::bigint and part_id = 0`.execute(trx);
  }
}
