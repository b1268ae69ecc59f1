import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

// Rate-limit state and verification codes (migration 0003), kept in the database so every API node
// sees the same counts. Callers pass a transaction scoped to the tenant (withTenant).

/** Records an attempt under each key as pending (ok null); returns the new row ids. */
export async function insertPendingAttempts(db: Kysely<DB>, tenantId: number, keys: string[]): Promise<number[]> {
  const rows = await db.insertInto('login_attempt')
    .values(keys.map((key) => ({ tenant_id: tenantId, key, ok: null })))
    .returning('id').execute();
  return rows.map((r) => Number(r.id));
}

/** Attempts not known to have succeeded (failed or still pending) per key within the last `minutes`. */
export async function countUnsuccessfulAttempts(db: Kysely<DB>, keys: string[], minutes: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('login_attempt')
    .select(['key', sql<number>`count(*)`.as('n')])
    .where('key', 'in', keys)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .where((eb) => eb.or([eb('ok', 'is', null), eb('ok', '=', false)]))
    .groupBy('key').execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Settles pending attempts as succeeded or failed. */
export async function settleAttempts(db: Kysely<DB>, ids: number[], ok: boolean): Promise<void> {
  if (ids.length) await db.updateTable('login_attempt').set({ ok }).where('id', 'in', ids).execute();
}

/** Forgets attempts that were refused before any check (they do not extend a lock-out). */
export async function deleteAttempts(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('login_attempt').where('id', 'in', ids).execute();
}

/** Housekeeping: drops a key's attempts older than a day. */
export async function deleteOldAttempts(db: Kysely<DB>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_attempt').where('key', 'in', keys).where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/**
 * Serialises the work on one mobile across API nodes until the transaction ends (a transaction
 * advisory lock), so two simultaneous requests cannot both pass a send limit or both use one code.
 */
export async function lockMobile(db: Kysely<DB>, tenantId: number, mobile: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${tenantId}:${mobile}`}, 0))`.execute(db);
}

/** Codes sent to a mobile in the last 24 hours, and seconds since the newest. */
export async function findSmsSendStats(db: Kysely<DB>, mobile: string): Promise<{ sentToday: number; secondsSinceLast: number | null }> {
  const row = await db.selectFrom('sms_code')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number | null>`extract(epoch from now() - max(created_at))`.as('since'),
    ])
    .where('mobile', '=', mobile)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return { sentToday: Number(row.n), secondsSinceLast: row.since === null ? null : Number(row.since) };
}

/** Stores a code's hash with its expiry, and drops this mobile's codes older than two days. */
export async function insertSmsCode(db: Kysely<DB>, row: { tenantId: number; mobile: string; codeHash: string; ttlSeconds: number }): Promise<void> {
  await db.deleteFrom('sms_code').where('mobile', '=', row.mobile).where('created_at', '<', sql<Date>`now() - interval '2 days'`).execute();
  await db.insertInto('sms_code').values({
    tenant_id: row.tenantId, mobile: row.mobile, code_hash: row.codeHash,
    expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
  }).execute();
}


/** The newest code of a mobile that is unused and unexpired, or undefined. */
export async function findLiveSmsCode(db: Kysely<DB>, mobile: string): Promise<{ id: number; codeHash: string; attempts: number } | undefined> {
  const row = await db.selectFrom('sms_code').select(['id', 'code_hash', 'attempts'])
    .where('mobile', '=', mobile)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .limit(1).executeTakeFirst();
  return row && { id: Number(row.id), codeHash: row.code_hash, attempts: row.attempts };
}

/** Counts one wrong try against a code. */
export async function addSmsCodeAttempt(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
}

/** Marks a code used: it never works again. */
export async function markSmsCodeUsed(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('sms_code').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/**
 * Serialises the SMS sends of one client address in a tenant across API nodes until the
 * transaction ends, so simultaneous requests cannot together pass the per-address caps.
 */
export async function lockSmsSource(db: Kysely<DB>, tenantId: number, ip: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`sms-ip:${tenantId}:${ip}`}, 0))`.execute(db);
}

/** The key an SMS send is recorded under in login_attempt: the client address and the mobile. */
export const smsSendKey = (ip: string, mobile: string) => `sms:${ip}|${mobile}`;

/**
 * SMS sends from one address in the last `minutes` (rows of login_attempt keyed by smsSendKey):
 * how many, to how many different mobiles, and whether this mobile is one of them.
 */
export async function findSmsSourceStats(db: Kysely<DB>, ip: string, mobile: string, minutes: number): Promise<{ sends: number; mobiles: number; knownMobile: boolean }> {
  const prefix = smsSendKey(ip, '');
  const row = await db.selectFrom('login_attempt')
    .select([
      sql<number>`count(*)`.as('sends'),
      sql<number>`count(distinct key)`.as('mobiles'),
      sql<boolean>`bool_or(key = ${smsSendKey(ip, mobile)})`.as('known'),
    ])
    .where(sql<boolean>`starts_with(key, ${prefix})`)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return { sends: Number(row.sends), mobiles: Number(row.mobiles), knownMobile: row.known === true };
}

/** Records one SMS send from an address to a mobile, and drops that pair's records older than a day. */
export async function recordSmsSend(db: Kysely<DB>, tenantId: number, ip: string, mobile: string): Promise<void> {
  const key = smsSendKey(ip, mobile);
  await db.insertInto('login_attempt').values({ tenant_id: tenantId, key, ok: true }).execute();
  await deleteOldAttempts(db, [key]);
}

/** Codes the tenant sent in the last `minutes` (the per-tenant cap). */
export async function countTenantSmsSends(db: Kysely<DB>, minutes: number): Promise<number> {
  const row = await db.selectFrom('sms_code').select(sql<number>`count(*)`.as('n'))
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
