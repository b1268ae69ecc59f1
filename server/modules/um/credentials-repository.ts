// Credentials: the holder's reads and changes, the public verification and the tenant's language
// (issue 19 part E; schemas/api/credentials.ts; docs/growth.md "Credentials"). Every query runs in
// the tenant's transaction (row-level security); the holder's queries name the user.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { fillCredentialBody } from '../../lib/credentials';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { CredentialState, CredentialVerification, UserCredential } from '../../../schemas/api/credentials';

type Trx = Transaction<DB>;

/** revoked before expired: a revoked certificate is never valid again, whatever its date. */
const STATE = sql<CredentialState>`case when revoked_at is not null then 'revoked' when expires_at is not null and expires_at <= now() then 'expired' else 'valid' end`;

const COLUMNS = [
  'id', 'title', 'issuer', 'body', 'holder_name', 'source_kind', 'source_id', 'source_title', 'issued_at', 'expires_at',
  'revoke_reason', 'code', 'public_verify',
] as const;

type Row = Awaited<ReturnType<typeof selectMine>>[number];

function selectMine(trx: Trx, userId: number) {
  return trx.selectFrom('user_credential').select([...COLUMNS, STATE.as('state')]).where('user_id', '=', userId).execute();
}

/** The public page's path for a code (the client puts the origin before it). */
export const verifyPathOf = (tenantId: number, code: string) => `/study/credential/verify?code=${encodeURIComponent(code)}&tenantId=${tenantId}`;

const credentialOf = (tenantId: number, r: Row): UserCredential => ({
  id: Number(r.id), title: r.title, issuer: r.issuer, body: fillCredentialBody(r.body, { name: r.holder_name }), holderName: r.holder_name,
  sourceKind: r.source_kind, sourceId: Number(r.source_id), sourceTitle: r.source_title, issuedAt: iso(r.issued_at), expiresAt: isoOrNull(r.expires_at),
  state: r.state, revokeReason: r.revoke_reason, code: r.code, publicVerify: r.public_verify, verifyPath: verifyPathOf(tenantId, r.code),
});

/** A page of the user's certificates, newest first; `state` keeps one state only. */
export async function listMyCredentials(trx: Trx, tenantId: number, userId: number, q: { pageNo: number; pageSize: number; state?: CredentialState | undefined }) {
  let query = trx.selectFrom('user_credential').where('user_id', '=', userId);
  if (q.state) query = query.where(STATE, '=', q.state);
  const [rows, total] = await Promise.all([
    query.select([...COLUMNS, STATE.as('state')]).orderBy('issued_at', 'desc').orderBy('id', 'desc')
      .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => credentialOf(tenantId, r)), total: Number(total.n) };
}

/** One of the user's certificates, or undefined (another user's or another tenant's is not theirs). */
export async function findMyCredential(trx: Trx, tenantId: number, userId: number, id: number): Promise<UserCredential | undefined> {
  const row = await trx.selectFrom('user_credential').select([...COLUMNS, STATE.as('state')])
    .where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && credentialOf(tenantId, row);
}

/** Changes the printed name and the public switch of the user's certificate; false when it is not theirs. */
export async function modifyMyCredential(trx: Trx, userId: number, id: number, change: { holderName?: string | undefined; publicVerify?: boolean | undefined }): Promise<boolean> {
  const set = {
    ...(change.holderName !== undefined ? { holder_name: change.holderName } : {}),
    ...(change.publicVerify !== undefined ? { public_verify: change.publicVerify } : {}),
  };
  const result = await trx.updateTable('user_credential').set({ ...set, updated_at: sql`now()` })
    .where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the public page shows for a code: a private or unknown one is notFound, with nothing else. */
export async function verifyCode(trx: Trx, code: string): Promise<CredentialVerification> {
  const row = await trx.selectFrom('user_credential')
    .select(['holder_name', 'title', 'issuer', 'issued_at', 'expires_at', STATE.as('state')])
    .where('code', '=', code).where('public_verify', '=', true).executeTakeFirst();
  if (!row) return { state: 'notFound', code, holderName: null, title: null, issuer: null, issuedAt: null, expiresAt: null };
  return {
    state: row.state, code, holderName: row.holder_name, title: row.title, issuer: row.issuer,
    issuedAt: iso(row.issued_at), expiresAt: isoOrNull(row.expires_at),
  };
}

/** The tenant's language for printed certificates (server/lib/tenant-language.ts). */
export { tenantLanguage } from '../../lib/tenant-language';
