// The back-office's certificate rules and issued certificates (issue 19 part J; docs/growth.md
// "Back-office: tasks and certificates"; migration 0031). Callers pass a transaction scoped to the
// tenant (row-level security) after the back-office check. Issued certificates are copies: a rule's
// later change never rewrites them (docs/growth.md "Credentials").
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { containsPattern, iso, isoOrNull } from '../../lib/list-sql';
import { ApiError } from '../../plugins/envelope';
import type { AdminCredentialRule, CredentialRuleFields, IssuedCredential, PickRow } from '../../../schemas/api/task-admin';

type Trx = Transaction<DB>;
type SourceKind = CredentialRuleFields['sourceKind'];

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });
const SOURCE_LABEL: Record<SourceKind, string> = { course: '课程', task: '任务', exam: '考试' };

/** revoked before expired, as the holder's side (credentials-repository.ts). */
const STATE = sql<IssuedCredential['state']>`case when c.revoked_at is not null then 'revoked' when c.expires_at is not null and c.expires_at <= now() then 'expired' else 'valid' end`;

/** The title of what earns a rule's certificate, or '' when it is gone (or not the tenant's). */
export async function sourceTitleOf(trx: Trx, kind: SourceKind, id: number): Promise<string> {
  const row = await trx.selectFrom(kind).select('title').where('id', '=', id).executeTakeFirst();
  return row?.title ?? '';
}

/** Every rule of the tenant (newest first), title or source title holding the text, with issued counts. */
export async function listRules(trx: Trx, text: string | undefined): Promise<AdminCredentialRule[]> {
  const like = text?.trim() ? containsPattern(text.trim()) : null;
  const { rows } = await sql<{
    id: number; source_kind: SourceKind; source_id: number; title: string; issuer: string; body: string; valid_months: number | null; enabled: boolean;
    updated_at: Date; source_title: string | null; issued: number; revoked: number;
  }>`
    select r.id, r.source_kind, r.source_id, r.title, r.issuer, r.body, r.valid_months, r.enabled, r.updated_at,
      case r.source_kind when 'course' then (select title from course where course.id = r.source_id)
        when 'task' then (select title from task where task.id = r.source_id) else (select title from exam where exam.id = r.source_id) end as source_title,
      (select count(*)::int from user_credential c where c.rule_id = r.id) as issued,
      (select count(*)::int from user_credential c where c.rule_id = r.id and c.revoked_at is not null) as revoked
    from credential_rule r order by r.id desc`.execute(trx);
  const out = rows.map((r) => ({
    id: Number(r.id), sourceKind: r.source_kind, sourceId: Number(r.source_id), sourceTitle: r.source_title ?? '', title: r.title, issuer: r.issuer, body: r.body,
    validMonths: r.valid_months, enabled: r.enabled, issuedCount: r.issued, revokedCount: r.revoked, updatedAt: iso(r.updated_at),
  }));
  if (!like) return out;
  const needle = text!.trim().toLowerCase();
  return out.filter((r) => r.title.toLowerCase().includes(needle) || r.sourceTitle.toLowerCase().includes(needle));
}

/** Creates or changes a rule; the fields are checked. Returns its id. */
export async function writeRule(trx: Trx, tenantId: number, id: number | undefined, f: CredentialRuleFields): Promise<number> {
  if (!(await sourceTitleOf(trx, f.sourceKind, f.sourceId))) {
    throw fail(`没有找到编号为 ${f.sourceId} 的${SOURCE_LABEL[f.sourceKind]}，请从列表中选择本租户的${SOURCE_LABEL[f.sourceKind]}。`, 'CREDENTIAL_SOURCE_NOT_FOUND');
  }
  const same = await trx.selectFrom('credential_rule').select('id').where('source_kind', '=', f.sourceKind).where('source_id', '=', f.sourceId).where('title', '=', f.title)
    .$if(id !== undefined, (qb) => qb.where('id', '<>', id!)).executeTakeFirst();
  if (same) throw fail(`这个${SOURCE_LABEL[f.sourceKind]}已有名为「${f.title}」的证书规则，请换一个证书名称。`, 'CREDENTIAL_RULE_TAKEN', 409);
  const values = { source_kind: f.sourceKind, source_id: f.sourceId, title: f.title, issuer: f.issuer, body: f.body, valid_months: f.validMonths, enabled: f.enabled };
  if (id === undefined) {
    return Number((await trx.insertInto('credential_rule').values({ tenant_id: tenantId, ...values }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const current = await trx.selectFrom('credential_rule').select(['source_kind', 'source_id', sql<number>`(select count(*)::int from user_credential c where c.rule_id = credential_rule.id)`.as('issued')])
    .where('id', '=', id).executeTakeFirst();
  if (!current) throw fail(`没有找到编号为 ${id} 的证书规则。`, 'CREDENTIAL_RULE_NOT_FOUND', 404);
  // Issued certificates point at their rule: what earns it is fixed once one was issued.
  if (current.issued > 0 && (current.source_kind !== f.sourceKind || Number(current.source_id) !== f.sourceId)) {
    throw fail(`这条规则已发出 ${current.issued} 张证书，不能再改获得条件；可以关闭它，再新建一条规则。`, 'CREDENTIAL_SOURCE_LOCKED', 409);
  }
  await trx.updateTable('credential_rule').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
  return id;
}

/** One rule as the list shows it. */
export async function findRule(trx: Trx, id: number): Promise<AdminCredentialRule> {
  const rule = (await listRules(trx, undefined)).find((r) => r.id === id);
  if (!rule) throw fail(`没有找到编号为 ${id} 的证书规则。`, 'CREDENTIAL_RULE_NOT_FOUND', 404);
  return rule;
}

/** Deletes a rule that issued nothing (one that did can only be turned off). */
export async function deleteRule(trx: Trx, id: number): Promise<void> {
  const rule = await findRule(trx, id);
  if (rule.issuedCount > 0) throw fail(`这条规则已发出 ${rule.issuedCount} 张证书，不能删除；可以关闭它，不再发证。`, 'CREDENTIAL_RULE_USED', 409);
  await trx.deleteFrom('credential_rule').where('id', '=', id).execute();
}

/** A page of a rule's issued certificates, newest first; the text matches the printed name or the account. */
export async function listIssued(trx: Trx, q: { ruleId: number; text?: string | undefined; pageNo: number; pageSize: number }) {
  let base = trx.selectFrom('user_credential as c').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
    .where('c.rule_id', '=', q.ruleId);
  const text = q.text?.trim();
  if (text) base = base.where((eb) => eb.or([eb('c.holder_name', 'ilike', containsPattern(text)), eb('u.account', 'ilike', containsPattern(text))]));
  const [rows, count] = await Promise.all([
    base.select(['c.id', 'c.user_id', 'c.holder_name', 'u.account', 'c.code', 'c.issued_at', 'c.expires_at', 'c.revoked_at', 'c.revoke_reason', STATE.as('state')])
      .orderBy('c.issued_at', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: IssuedCredential[] = rows.map((r) => ({
    id: Number(r.id), userId: Number(r.user_id), holderName: r.holder_name, account: r.account, code: r.code, issuedAt: iso(r.issued_at),
    expiresAt: isoOrNull(r.expires_at), revokedAt: isoOrNull(r.revoked_at), revokeReason: r.revoke_reason, state: r.state,
  }));
  return { list, total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** Revokes a certificate (with the reason its holder sees) or restores a revoked one. */
export async function setRevoked(trx: Trx, id: number, revoke: { reason: string } | null): Promise<void> {
  const row = await trx.selectFrom('user_credential').select('revoked_at').where('id', '=', id).executeTakeFirst();
  if (!row) throw fail(`没有找到编号为 ${id} 的证书。`, 'CREDENTIAL_NOT_FOUND', 404);
  if (revoke && row.revoked_at) throw fail('这张证书已经撤销了。', 'CREDENTIAL_ALREADY_REVOKED', 409);
  if (!revoke && !row.revoked_at) throw fail('这张证书没有被撤销，无需恢复。', 'CREDENTIAL_NOT_REVOKED', 409);
  await trx.updateTable('user_credential').set(revoke ? { revoked_at: sql`now()`, revoke_reason: revoke.reason } : { revoked_at: null, revoke_reason: null })
    .where('id', '=', id).execute();
}

/** Up to 20 published courses, tasks or exams whose title holds the text (the rule's source picker). */
export async function pickSources(trx: Trx, kind: SourceKind, text: string | undefined): Promise<PickRow[]> {
  const like = text?.trim() ? containsPattern(text.trim()) : null;
  const rows = await trx.selectFrom(kind).select(['id', 'title']).where('state', '=', 1)
    .$if(like !== null, (qb) => qb.where('title', 'ilike', like!)).orderBy('id', 'desc').limit(20).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}
