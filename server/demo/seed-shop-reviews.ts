import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PlanProduct } from './seed-catalogue-plan';

// Writes the seeded reviews of products (product_comment, migration 0014) once the products have
// ids. A review names its author by account: the plan's learners, written before the products.

/** Writes the reviews of `products`, whose ids the database gave in the same order, under the tenant. */
export async function writeProductReviews(trx: Transaction<DB>, tenantId: number, products: readonly PlanProduct[], ids: readonly number[]): Promise<number> {
  if (products.length !== ids.length) throw new Error(`Seeding product reviews got ${ids.length} ids for ${products.length} products.`);
  const accounts = [...new Set(products.flatMap((p) => (p.reviews ?? []).map((r) => r.account)))];
  if (!accounts.length) return 0;
  // An explicit tenant filter: the owner may be a superuser, which row-level security does not bind.
  const users = await trx.selectFrom('user_account').select(['id', 'account'])
    .where('tenant_id', '=', tenantId).where('account', 'in', accounts).execute();
  const userIds = new Map(users.map((u) => [u.account, Number(u.id)]));
  const rows = products.flatMap((p, i) => (p.reviews ?? []).map((r) => {
    const userId = userIds.get(r.account);
    if (userId === undefined) throw new Error(`A seeded review of "${p.title}" names the account "${r.account}", which tenant ${tenantId} does not have; add it to the plan's learners.`);
    return { tenant_id: tenantId, product_id: ids[i]!, user_id: userId, order_id: null, score: r.score, content: r.content, created_at: r.createdAt };
  }));
  if (rows.length) await trx.insertInto('product_comment').values(rows).execute();
  return rows.length;
}
