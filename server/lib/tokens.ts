import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

// Sign-in tokens (migration 0003), in the kernel: the auth plugin reads them, um issues and revokes them.
// Callers pass a transaction scoped to the token's tenant.

/** The user and expiry (epoch ms) of a stored token hash that is neither expired nor revoked, or undefined. */
export async function findActiveTokenUser(db: Kysely<DB>, tokenHash: string): Promise<{ userId: number; expiresAt: number } | undefined> {
  const row = await db.selectFrom('user_token').select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { userId: Number(row.user_id), expiresAt: new Date(row.expires_at as unknown as string | Date).getTime() } : undefined;
}

/** Stores a new token's hash for a user. */
export async function insertToken(db: Kysely<DB>, row: { tenantId: number; tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insertInto('user_token')
    .values({ tenant_id: row.tenantId, token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt })
    .execute();
}

/** Revokes a token by its hash; revoking twice (or an unknown hash) changes nothing. */
export async function revokeToken(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.updateTable('user_token').set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash).where('revoked_at', 'is', null)
    .execute();
}

/** Drops a user's tokens that expired or were revoked over a day ago (housekeeping at sign-in). */
export async function deleteStaleTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_token')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([
      eb('expires_at', '<', sql<Date>`now() - interval '1 day'`),
      eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`),
    ]))
    .execute();
}
