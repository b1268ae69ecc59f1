import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ProviderDetail } from '../../../schemas/api/provider';

// Issue 20: the provider and school pages' header (GET /order/api/provider/detail). The provider's
// products are the product list's (repository.ts searchProducts with providerId and a price range).

type Trx = Transaction<DB>;

/**
 * One provider, on shelf or not (the page says so when its state is 1 or -1), with its products on
 * sale, the rating of their visible reviews and their categories; null when the tenant has no such provider.
 */
export async function findProviderDetail(trx: Trx, id: number): Promise<ProviderDetail | null> {
  const p = await trx.selectFrom('provider')
    .select(['id', 'name', 'logo', 'summary', 'org_type', 'org_path', 'state'])
    .where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  const onSale = trx.selectFrom('product').where('product.provider_id', '=', id).where('product.state', '=', 1);
  const [count, rating, categories] = await Promise.all([
    onSale.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    // The rating counts the visible reviews (state 1) of every product on sale, as the product page does.
    trx.selectFrom('product_comment as c')
      .innerJoin('product', (j) => j.onRef('product.tenant_id', '=', 'c.tenant_id').onRef('product.id', '=', 'c.product_id'))
      .where('product.provider_id', '=', id).where('product.state', '=', 1).where('c.state', '=', 1)
      .select([sql<number>`count(*)::int`.as('n'), sql<string | null>`avg(c.score)`.as('mean')])
      .executeTakeFirstOrThrow(),
    onSale.innerJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'product.tenant_id').onRef('cat.id', '=', 'product.category_id'))
      .select(['cat.id', 'cat.name', sql<number>`count(*)::int`.as('n')])
      .groupBy(['cat.id', 'cat.name', 'cat.sort']).orderBy(sql`count(*)`, 'desc').orderBy('cat.sort').orderBy('cat.id')
      .execute(),
  ]);
  return {
    id: p.id, storeId: p.id, storeName: p.name, storeThumbImg: p.logo, title: p.name, cover: p.logo, summary: p.summary,
    orgType: p.org_type, orgPath: p.org_path, state: p.state, productCount: count.n,
    rating: { average: rating.mean === null ? 0 : Math.round(Number(rating.mean) * 10) / 10, count: rating.n },
    categories: categories.map((c) => ({ id: c.id, name: c.name, productCount: c.n })),
  };
}
