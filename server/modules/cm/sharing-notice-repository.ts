// My notices (spec learning §7 "GET /cm/api/notice/searchByUser"; issue 19 part H): the tenant's
// published notices, the notices of the classes I am enrolled in, and the tenant's affairs, with my
// read state (notice_read; an affair is read once its receipt is recorded, affair_receipt).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso } from '../../lib/list-sql';
import type { NoticeSource, UserNoticeItem } from '../../../schemas/api/sharing';

type Trx = Transaction<DB>;

interface Row {
  id: number; source: NoticeSource; title: string; summary: string | null; body: string | null; classes_id: number | null;
  classes_title: string | null; top: boolean; need_confirm: boolean; publish_time: Date; read: boolean;
}

/** Every notice I may read, one row each, with whether I have read it. */
function mine(userId: number) {
  const u = sql`${userId}::bigint`;
  return sql<Row>`
    select n.id, 'tenant' as source, n.title, n.summary, null::text as body, null::bigint as classes_id, null::text as classes_title,
      n.top, false as need_confirm, n.publish_time,
      exists (select 1 from notice_read r where r.user_id = ${u} and r.notice_id = n.id) as read
    from notice n where n.state = 1 and n.publish_time <= now()
    union all
    select cn.id, 'classes', cn.title, cn.summary, cn.body, c.id, c.title, cn.top, false, cn.publish_time,
      exists (select 1 from notice_read r where r.user_id = ${u} and r.classes_notice_id = cn.id)
    from classes_notice cn
    join classes_member m on m.tenant_id = cn.tenant_id and m.classes_id = cn.classes_id and m.user_id = ${u} and m.state = 1
    join training_class c on c.tenant_id = cn.tenant_id and c.id = cn.classes_id
    where cn.state = 1 and cn.publish_time <= now()
    union all
    select a.id, 'affair', a.title, null, null, null, null, false, a.need_confirm, a.publish_time,
      exists (select 1 from affair_receipt ar where ar.user_id = ${u} and ar.affair_id = a.id)
    from affair a where a.state = 1 and a.publish_time <= now()`;
}

/** A page of my notices: unread first, then pinned, then newest; with my unread count across all. */
export async function searchUserNotices(trx: Trx, userId: number, q: { unread: boolean; pageNo: number; pageSize: number }) {
  const filter = q.unread ? sql`where not x.read` : sql``;
  const [page, counts] = await Promise.all([
    sql<Row>`select * from (${mine(userId)}) x ${filter}
      order by x.read, x.top desc, x.publish_time desc, x.source, x.id desc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ total: number; unread: number }>`select count(*)::int as total, (count(*) filter (where not x.read))::int as unread
      from (${mine(userId)}) x`.execute(trx),
  ]);
  const c = counts.rows[0]!;
  const list: UserNoticeItem[] = page.rows.map((r) => ({
    id: Number(r.id), source: r.source, title: r.title, summary: r.summary, body: r.body, classesId: r.classes_id === null ? null : Number(r.classes_id),
    classesTitle: r.classes_title, top: r.top, needConfirm: r.need_confirm, publishTime: iso(r.publish_time), read: r.read,
  }));
  return { list, total: q.unread ? c.unread : c.total, unread: c.unread, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** My unread notices across every source. */
export async function countUnread(trx: Trx, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${mine(userId)}) x where not x.read`.execute(trx);
  return rows[0]!.n;
}

/** Whether a tenant notice is published and may be read now. */
export async function tenantNoticeExists(trx: Trx, id: number): Promise<boolean> {
  const row = await trx.selectFrom('notice').select('id').where('id', '=', id).where('state', '=', 1)
    .where('publish_time', '<=', sql<Date>`now()`).executeTakeFirst();
  return row !== undefined;
}

/** A class notice I may read (I am enrolled in its class), or undefined. */
export async function myClassNotice(trx: Trx, userId: number, id: number): Promise<{ id: number } | undefined> {
  return trx.selectFrom('classes_notice as cn')
    .innerJoin('classes_member as m', (j) => j.onRef('m.tenant_id', '=', 'cn.tenant_id').onRef('m.classes_id', '=', 'cn.classes_id'))
    .select('cn.id').where('cn.id', '=', id).where('cn.state', '=', 1).where('m.user_id', '=', userId).where('m.state', '=', 1)
    .executeTakeFirst();
}

/** Records that I read a tenant notice (once; the first time stays). */
export async function markTenantNoticeRead(trx: Trx, tenantId: number, userId: number, noticeId: number): Promise<number> {
  const r = await sql`insert into notice_read (tenant_id, user_id, notice_id) values (${tenantId}, ${userId}, ${noticeId})
    on conflict (tenant_id, user_id, notice_id) where notice_id is not null do nothing`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Records that I read a class notice (once). */
export async function markClassNoticeRead(trx: Trx, tenantId: number, userId: number, classesNoticeId: number): Promise<number> {
  const r = await sql`insert into notice_read (tenant_id, user_id, classes_notice_id) values (${tenantId}, ${userId}, ${classesNoticeId})
    on conflict (tenant_id, user_id, classes_notice_id) where classes_notice_id is not null do nothing`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Marks every unread notice of mine read: the tenant's, my classes', and the affairs that ask for
 * no receipt. An affair that asks for one stays unread until I confirm it on its page.
 */
export async function markAllRead(trx: Trx, tenantId: number, userId: number): Promise<number> {
  const u = sql`${userId}::bigint`;
  const a = await sql`insert into notice_read (tenant_id, user_id, notice_id)
    select ${tenantId}::bigint, ${u}, n.id from notice n
    where n.state = 1 and n.publish_time <= now() and not exists (select 1 from notice_read r where r.user_id = ${u} and r.notice_id = n.id)
    on conflict (tenant_id, user_id, notice_id) where notice_id is not null do nothing`.execute(trx);
  const b = await sql`insert into notice_read (tenant_id, user_id, classes_notice_id)
    select ${tenantId}::bigint, ${u}, cn.id from classes_notice cn
    join classes_member m on m.tenant_id = cn.tenant_id and m.classes_id = cn.classes_id and m.user_id = ${u} and m.state = 1
    where cn.state = 1 and cn.publish_time <= now() and not exists (select 1 from notice_read r where r.user_id = ${u} and r.classes_notice_id = cn.id)
    on conflict (tenant_id, user_id, classes_notice_id) where classes_notice_id is not null do nothing`.execute(trx);
  const c = await sql`insert into affair_receipt (tenant_id, affair_id, user_id)
    select ${tenantId}::bigint, a.id, ${u} from affair a where a.state = 1 and a.publish_time <= now() and not a.need_confirm
    on conflict do nothing`.execute(trx);
  return [a, b, c].reduce((s, r) => s + Number(r.numAffectedRows ?? 0), 0);
}
