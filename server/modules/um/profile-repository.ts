import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { withTenant } from '../../db/database';
import type { ConfigItem } from '../../../schemas/tenant-settings';
import type { DB } from '../../db/types';
import { findStore, listConfig } from '../../lib/store-settings';

// Profile, security and default sign-in queries. Callers pass a transaction scoped to the tenant.

/** One of the tenant's settings (its default store, tenant-wide rows included), or undefined. */
export async function findTenantSetting(trx: Transaction<DB>, group: string, key: string): Promise<ConfigItem | undefined> {
  const found = await findStore(trx);
  if (!found) return undefined;
  return (await listConfig(trx, found.store.id, group)).find((item) => item.paramKey === key);
}

/** The profile columns the modProfile call may write. */
export interface ProfileChanges {
  avatar_img?: string | null;
  real_name?: string | null;
  nick_name?: string | null;
  email?: string | null;
  gender?: 'M' | 'F' | null;
  org_name?: string | null;
  post_name?: string | null;
  county_code?: string | null;
  county_name?: string | null;
  birthday?: Date | null;
  summary?: string | null;
}

/** Writes profile changes of one user. */
export async function updateProfile(db: Kysely<DB>, userId: number, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('user_account').set(changes).where('id', '=', userId).execute();
}

/** The user's mobile, or null. */
export async function findMobile(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user_account').select('mobile').where('id', '=', userId).executeTakeFirst();
  return row?.mobile ?? null;
}

/** Binds a mobile to a user. */
export async function updateMobile(db: Kysely<DB>, userId: number, mobile: string): Promise<void> {
  await db.updateTable('user_account').set({ mobile }).where('id', '=', userId).execute();
}

/** The stored password of a user. */
export async function findPassword(db: Kysely<DB>, userId: number): Promise<{ hash: string; salt: string } | undefined> {
  const row = await db.selectFrom('user_account').select(['password_hash', 'password_salt']).where('id', '=', userId).executeTakeFirst();
  return row && { hash: row.password_hash, salt: row.password_salt };
}

/** Replaces a user's password. */
export async function updatePassword(db: Kysely<DB>, userId: number, hash: string, salt: string): Promise<void> {
  await db.updateTable('user_account').set({ password_hash: hash, password_salt: salt }).where('id', '=', userId).execute();
}

/** Revokes every live token of a user except the one presented (a password change signs out other devices). */
export async function revokeOtherTokens(db: Kysely<DB>, userId: number, keepHash: string | null): Promise<void> {
  let query = db.updateTable('user_token').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepHash) query = query.where('token_hash', '!=', keepHash);
  await query.execute();
}

/** The id of an account by name (case-insensitive), or undefined. */
export async function findUserIdByAccount(db: Kysely<DB>, account: string): Promise<number | undefined> {
  const row = await db.selectFrom('user_account').select('id').where(sql<string>`lower(account)`, '=', account.toLowerCase()).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

async function loginConfigOf(app: FastifyInstance, tenantId: number): Promise<Record<string, unknown>> {
  const item = await withTenant(app.db.app, tenantId, (trx) => findTenantSetting(trx, 'PcLoginConfig', 'loginConfig'));
  try {
    const config: unknown = JSON.parse(item?.paramValue ?? '{}');
    return typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** True when the tenant asks for the slider captcha before account sign-in (PcLoginConfig.loginConfig.slideCaptcha). */
export async function slideCaptchaRequired(app: FastifyInstance, tenantId: number): Promise<boolean> {
  return (await loginConfigOf(app, tenantId)).slideCaptcha === true;
}

/** False when the tenant switched self-registration off (PcLoginConfig.loginConfig.allowRegister). */
export async function registrationOpen(app: FastifyInstance, tenantId: number): Promise<boolean> {
  return (await loginConfigOf(app, tenantId)).allowRegister !== false;
}
