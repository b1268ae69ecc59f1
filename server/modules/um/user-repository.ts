import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { UserInfo } from '../../../schemas/api/um';
import { rolesOf } from '../../lib/roles';

// Accounts (user_account). Callers pass a transaction scoped to the tenant (withTenant).

/** What sign-in needs of an account: its id and stored password. */
export interface AccountSecret {
  id: number;
  passwordHash: string;
  passwordSalt: string;
}

const infoColumns = [
  'id', 'account', 'avatar_img', 'real_name', 'nick_name', 'mobile', 'email', 'gender', 'birthday', 'summary',
  'org_name', 'post_name', 'county_code', 'county_name', 'admin_auth',
] as const;

type InfoRow = {
  id: number; account: string; avatar_img: string | null; real_name: string | null; nick_name: string | null;
  mobile: string | null; email: string | null; gender: string | null; birthday: Date | string | null; summary: string | null;
  org_name: string | null; post_name: string | null; county_code: string | null; county_name: string | null; admin_auth: boolean;
};

function toUserInfo(r: InfoRow): UserInfo {
  return {
    userId: Number(r.id), avatarImg: r.avatar_img, username: r.account, realName: r.real_name, nickName: r.nick_name,
    mobile: r.mobile, email: r.email, gender: r.gender === 'M' || r.gender === 'F' ? r.gender : null,
    // spec shell §3: birthday is a timestamp (epoch ms).
    birthday: r.birthday === null ? null : new Date(r.birthday).getTime(),
    summary: r.summary, orgName: r.org_name, postName: r.post_name, countyCode: r.county_code, countyName: r.county_name,
    adminAuth: r.admin_auth,
  };
}

/** The account's id and password, matched case-insensitively, or undefined. */
export async function findAccountSecret(db: Kysely<DB>, account: string): Promise<AccountSecret | undefined> {
  const row = await db.selectFrom('user_account').select(['id', 'password_hash', 'password_salt'])
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
  return row && { id: Number(row.id), passwordHash: row.password_hash, passwordSalt: row.password_salt };
}

/** The id of the account bound to a mobile, or undefined. */
export async function findUserIdByMobile(db: Kysely<DB>, mobile: string): Promise<number | undefined> {
  const row = await db.selectFrom('user_account').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The user info of an id, or undefined. */
export async function findUserInfo(db: Kysely<DB>, userId: number): Promise<UserInfo | undefined> {
  const row = await db.selectFrom('user_account').select(infoColumns).where('id', '=', userId).executeTakeFirst();
  // The client shows teacher controls from these (spec learning §6; server/lib/roles.ts).
  return row && { ...toUserInfo(row as InfoRow), roles: await rolesOf(db, userId) };
}

/** Whether an account exists, ignoring case. */
export async function accountExists(db: Kysely<DB>, account: string): Promise<boolean> {
  return (await findAccountSecret(db, account)) !== undefined;
}

/** Inserts an account and returns its id. */
export async function insertAccount(db: Kysely<DB>, row: {
  tenantId: number; account: string; hash: string; salt: string; mobile: string | null; realName: string | null; nickName: string | null;
}): Promise<number> {
  const inserted = await db.insertInto('user_account').values({
    tenant_id: row.tenantId, account: row.account, password_hash: row.hash, password_salt: row.salt,
    real_name: row.realName, nick_name: row.nickName, mobile: row.mobile, email: null, gender: null, birthday: null,
    summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The counts of the profile header: follows (no follow data exists yet, so 0), points, unread messages. */
export async function findFollowSummary(db: Kysely<DB>, userId: number) {
  const row = await db.selectNoFrom([
    sql<number>`coalesce((select points from user_integral where user_id = ${userId}), 0)`.as('points'),
    sql<number>`(select count(*) from user_message where user_id = ${userId} and state = 0)`.as('unread'),
  ]).executeTakeFirstOrThrow();
  return { followCount: 0, fansCount: 0, points: Number(row.points), unreadCount: Number(row.unread) };
}
