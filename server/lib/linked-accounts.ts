// Shared kernel (issue 21 W): how one person's accounts in several tenants relate. Accounts belong
// to one tenant (user_account is keyed (tenant_id, id), unique per tenant by account and by mobile),
// and there is no platform-wide identity. Two accounts in different tenants are the same person
// when they carry the same mobile: a mobile reaches user_account only through an SMS code (register
// with a mobile, bindMobile) or an operator/seed, so it is proof of one phone. The account name is
// NOT a link: names are chosen per tenant ("learner" is five different people in the demo), and an
// open-registration tenant would let anyone claim "admin" and list or enter other tenants.
// GET /um/api/tenant/queryAuth lists these; a tenant switch (userTenantLogin) may only go to them.
import { sql, type Kysely } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';

/** One account of the person in one tenant. */
export interface LinkedAccount {
  tenantId: number;
  userId: number;
  account: string;
}

/**
 * Every tenant's account with this mobile, in tenant id order. One transaction walks the tenants,
 * switching app.tenant_id for each, so row-level security still scopes every read to one tenant.
 * One indexed lookup per tenant (unique (tenant_id, mobile)): fine for hundreds of tenants; past
 * that, a platform table of verified mobiles is the next step (docs/decisions.md, issue 21 W).
 */
export async function findAccountsByMobile(db: Kysely<DB>, mobile: string): Promise<LinkedAccount[]> {
  const tenants = await db.selectFrom('tenant').select('id').orderBy('id').execute();
  return db.transaction().execute(async (trx) => {
    const found: LinkedAccount[] = [];
    for (const { id } of tenants) {
      await sql`select set_config('app.tenant_id', ${String(id)}, true)`.execute(trx);
      const row = await trx.selectFrom('user_account').select(['id', 'account']).where('mobile', '=', mobile).executeTakeFirst();
      if (row) found.push({ tenantId: Number(id), userId: Number(row.id), account: row.account });
    }
    return found;
  });
}

/** The signed-in user's accounts in every tenant (their own first), by the mobile rule above. */
export async function findLinkedAccounts(db: Kysely<DB>, tenantId: number, userId: number): Promise<LinkedAccount[]> {
  const own = await findOwnAccount(db, tenantId, userId);
  if (!own) return [];
  const others = own.mobile ? (await findAccountsByMobile(db, own.mobile)).filter((a) => a.tenantId !== tenantId) : [];
  return [{ tenantId, userId: own.userId, account: own.account }, ...others];
}

/** The person's account in `targetTenantId`, or undefined when none is linked: what a tenant switch checks. */
export async function findLinkedAccountIn(db: Kysely<DB>, tenantId: number, userId: number, targetTenantId: number): Promise<LinkedAccount | undefined> {
  const own = await findOwnAccount(db, tenantId, userId);
  if (!own) return undefined;
  if (targetTenantId === tenantId) return { tenantId, userId: own.userId, account: own.account };
  if (!own.mobile) return undefined;
  const mobile = own.mobile;
  const row = await withTenant(db, targetTenantId, (trx) =>
    trx.selectFrom('user_account').select(['id', 'account']).where('mobile', '=', mobile).executeTakeFirst());
  return row ? { tenantId: targetTenantId, userId: Number(row.id), account: row.account } : undefined;
}

/** The user's own account and mobile, read under their tenant. */
async function findOwnAccount(db: Kysely<DB>, tenantId: number, userId: number): Promise<{ userId: number; account: string; mobile: string | null } | undefined> {
  const row = await withTenant(db, tenantId, (trx) =>
    trx.selectFrom('user_account').select(['id', 'account', 'mobile']).where('id', '=', userId).executeTakeFirst());
  return row ? { userId: Number(row.id), account: row.account, mobile: row.mobile } : undefined;
}
