// Credentials (issue 19 part E; spec learning §2 "Archives", §7 userCredentials; the rules are
// ours, in docs/growth.md "Credentials"): a learner earns a credential by finishing a course, a task
// or an exam (passed) when the tenant has a rule for it. A kernel function, since courses (cm), tasks
// (task) and exams (exam) all finish things and a module never imports another. Callers pass a
// transaction scoped to the tenant, and call after the write that earned it.
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/** What was finished. */
export interface CredentialSource {
  kind: 'course' | 'task' | 'exam';
  id: number;
}

/** The code's letters: no 0/O or 1/I, so a code read off paper is typed back right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random verification code, XXXX-XXXX-XXXX (60 bits). */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A code typed by hand as the holder would: lower case, spaces or no dashes are the same code. */
export function normaliseVerificationCode(input: string): string {
  const bare = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
}

/** The name printed on a certificate until the holder changes it: real name, nickname, account. */
export function defaultHolderName(user: { real_name: string | null; nick_name: string | null; account: string }): string {
  const name = user.real_name?.trim() || user.nick_name?.trim() || user.account;
  return name.slice(0, 40);
}

/**
 * The certificate text with a placeholder filled in. At issue only {source} is filled: {name} stays
 * until the certificate is read, since the holder may change the printed name.
 */
export function fillCredentialBody(body: string, values: { name?: string; source?: string }): string {
  let text = body;
  if (values.source !== undefined) text = text.replaceAll('{source}', values.source);
  if (values.name !== undefined) text = text.replaceAll('{name}', values.name);
  return text;
}

async function sourceTitle(trx: Transaction<DB>, source: CredentialSource): Promise<string> {
  const table = source.kind === 'course' ? 'course' : source.kind === 'task' ? 'task' : 'exam';
  const row = await trx.selectFrom(table).select('title').where('id', '=', source.id).executeTakeFirst();
  return row?.title ?? '';
}

/** A code no credential of the tenant has (a clash of 60 random bits is retried, never expected). */
async function freshCode(trx: Transaction<DB>): Promise<string> {
  for (;;) {
    const code = newVerificationCode();
    const taken = await trx.selectFrom('user_credential').select('id').where('code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}

/**
 * Issues every credential the tenant's enabled rules grant for finishing `source` that the user
 * does not hold yet, and renews one the user held that has expired (earned again: issued now, a new
 * validity, the same code); returns the ids issued or renewed (empty: no rule, or already held and
 * valid, or revoked: a revoked credential is never re-issued). Idempotent.
 */
export async function issueCredentialsFor(trx: Transaction<DB>, userId: number, source: CredentialSource): Promise<number[]> {
  const rules = await trx.selectFrom('credential_rule')
    .select(['id', 'title', 'issuer', 'body', 'valid_months'])
    .where('source_kind', '=', source.kind).where('source_id', '=', source.id).where('enabled', '=', true)
    .orderBy('id').execute();
  if (rules.length === 0) return [];
  const user = await trx.selectFrom('user_account').select(['real_name', 'nick_name', 'account'])
    .where('id', '=', userId).executeTakeFirst();
  if (!user) return [];
  const held = await trx.selectFrom('user_credential')
    .select(['id', 'rule_id', 'holder_name', 'revoked_at', sql<boolean>`expires_at is not null and expires_at <= now()`.as('expired')])
    .where('user_id', '=', userId).where('rule_id', 'in', rules.map((r) => r.id)).execute();
  const heldByRule = new Map(held.map((h) => [Number(h.rule_id), h]));
  const title = await sourceTitle(trx, source);
  const issued: number[] = [];
  for (const rule of rules) {
    const expiresAt = rule.valid_months === null ? null : sql<Date>`now() + make_interval(months => ${rule.valid_months}::int)`;
    const mine = heldByRule.get(Number(rule.id));
    if (mine) {
      if (mine.revoked_at !== null || !mine.expired) continue;
      await trx.updateTable('user_credential')
        .set({ issued_at: sql`now()`, expires_at: expiresAt, updated_at: sql`now()` })
        .where('id', '=', mine.id).execute();
      issued.push(Number(mine.id));
      continue;
    }
    const name = defaultHolderName(user);
    const row = await trx.insertInto('user_credential')
      .values({
        tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`,
        user_id: userId, rule_id: rule.id, source_kind: source.kind, source_id: source.id, source_title: title,
        title: rule.title, issuer: rule.issuer, body: fillCredentialBody(rule.body, { source: title }),
        holder_name: name, code: await freshCode(trx), expires_at: expiresAt,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'rule_id']).doNothing())
      .returning('id').executeTakeFirst();
    if (row) issued.push(Number(row.id));
  }
  return issued;
}

/** How many valid credentials the user holds (not revoked, not expired): the archive's summary. */
export async function countCredentials(trx: Transaction<DB>, userId: number): Promise<number> {
  const row = await trx.selectFrom('user_credential')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId).where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
