// SQL of the work review (issue 18 "Teachers": myContent; migration 0023's content audit columns).
// A learner's submitted work is a content row with its uploader, audit_state pending and the class it
// was submitted in; a teacher of that class (any for a tenant-wide teacher) approves it, which
// publishes it, or rejects it with a reason. Callers pass a transaction scoped to the tenant.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import { reviewable, type WorkScope } from '../../lib/work-scope';
import type { PendingWork } from '../../../schemas/api/work';
import { publishChapters } from './authoring-part-repository';

type Trx = Transaction<DB>;

const NAME = sql<string>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account)`;

type PendingRow = {
  id: number; title: string; summary: string | null; cover: string | null; kind: string; purpose: number; media_url: string | null; uploader_id: number | null;
  uploader_name: string | null; classes_id: number | null; classes_title: string | null; submitted_at: Date | null;
};

const toPending = (r: PendingRow): PendingWork => ({
  id: Number(r.id), title: r.title, summary: r.summary, cover: r.cover, kind: r.kind, purpose: r.purpose, mediaUrl: r.media_url,
  uploaderId: r.uploader_id === null ? null : Number(r.uploader_id), uploaderName: r.uploader_name,
  classesId: r.classes_id === null ? null : Number(r.classes_id), classesTitle: r.classes_title, submittedAt: r.submitted_at ? iso(r.submitted_at) : null,
});

/** A page of the works awaiting my review, oldest submission first. */
export async function listPendingWorks(trx: Trx, scope: WorkScope, q: { pageNo: number; pageSize: number }): Promise<Page<PendingWork>> {
  const where = sql`c.audit_state = 'pending' and ${reviewable(scope)}`;
  const [rows, count] = await Promise.all([
    sql<PendingRow>`
      select c.id, c.title, c.summary, c.cover, c.kind, c.purpose, c.media_url, c.uploader_id, ${NAME} as uploader_name,
        c.audit_classes_id as classes_id, k.title as classes_title, c.submitted_at
      from content c
      left join user_account u on u.tenant_id = c.tenant_id and u.id = c.uploader_id
      left join training_class k on k.tenant_id = c.tenant_id and k.id = c.audit_classes_id
      where ${where} order by c.submitted_at nulls last, c.id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from content c where ${where}`.execute(trx),
  ]);
  return { list: rows.rows.map(toPending), total: count.rows[0]!.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The work, locked, if I may review it (whatever its state), else undefined. */
export async function findReviewableWork(trx: Trx, scope: WorkScope, id: number) {
  const row = (await sql<{ id: number; title: string; uploader_id: number | null; audit_state: string; audited_at: Date | null }>`
    select c.id, c.title, c.uploader_id, c.audit_state, c.audited_at from content c
    where c.id = ${id}::bigint and c.uploader_id is not null and ${reviewable(scope)} for update`.execute(trx)).rows[0];
  return row && { id: Number(row.id), title: row.title, uploaderId: row.uploader_id === null ? null : Number(row.uploader_id), auditState: row.audit_state, auditedAt: isoOrNull(row.audited_at) };
}

/** Approves: the work is published now (state 1), its audit recorded; a creator's chapters get their approved text (issue 20 part V). */
export async function approveWork(trx: Trx, id: number, reviewer: number): Promise<void> {
  await trx.updateTable('content').set({
    state: 1, publish_time: sql<Date>`coalesce(case when state = 1 then publish_time end, now())`, audit_state: 'approved', audit_reason: null, audited_by: reviewer, audited_at: sql<Date>`now()`,
  }).where('id', '=', id).execute();
  await publishChapters(trx, id);
}

/** Rejects with the reason the uploader is told; the work stays unpublished. */
export async function rejectWork(trx: Trx, id: number, reviewer: number, reason: string): Promise<void> {
  await trx.updateTable('content').set({
    audit_state: 'rejected', audit_reason: reason, audited_by: reviewer, audited_at: sql<Date>`now()`,
  }).where('id', '=', id).execute();
}
