import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { cardOf, containsPattern, listFilter, listOrder, offsetOf, pageOf } from '../../lib/list-sql';
import type { ProductDetail, ProductItem, ProviderItem } from '../../../schemas/api/order';

type Trx = Transaction<DB>;

const money = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A page of products on sale, optionally of some types or one provider. Products of a provider
 * taken off shelf stay listed with providerState, so the card can warn as spec learning §4 asks.
 */
export async function searchProducts(
  trx: Trx, q: ListOptions & { types?: number[]; providerId?: number; minPrice?: number; maxPrice?: number; priceOrder?: 'asc' | 'desc' },
): Promise<Page<ProductItem>> {
  let base = trx.selectFrom('product').where(listFilter('product', q));
  if (q.types?.length) base = base.where('product.type', 'in', q.types);
  if (q.providerId !== undefined) base = base.where('product.provider_id', '=', q.providerId);
  // Issue 20: the provider page's price range (spec learning §5), bounds included.
  if (q.minPrice !== undefined) base = base.where('product.price', '>=', String(q.minPrice));
  if (q.maxPrice !== undefined) base = base.where('product.price', '<=', String(q.maxPrice));
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'product.tenant_id').onRef('cat.id', '=', 'product.category_id'))
    .innerJoin('provider', (j) => j.onRef('provider.tenant_id', '=', 'product.tenant_id').onRef('provider.id', '=', 'product.provider_id'))
    .select([
      'product.id', 'product.title', 'product.cover', 'product.summary', 'product.category_id', 'cat.name as category_name',
      'product.publish_time', 'product.type', 'product.price', 'product.retail_price', 'product.stock', 'product.sales_count',
      'product.provider_id', 'provider.name as provider_name', 'provider.state as provider_state', 'provider.org_type',
    ])
    .orderBy(q.priceOrder ? sql`product.price ${sql.raw(q.priceOrder === 'asc' ? 'asc' : 'desc')}, product.id desc` : listOrder('product', q.sort, 'sales_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    productType: r.type, price: Number(r.price), retailPrice: money(r.retail_price),
    stock: r.stock, salesCount: r.sales_count, providerId: r.provider_id, providerName: r.provider_name,
    providerState: r.provider_state, orgType: r.org_type,
  }));
}

/** A page of providers (schools and merchants) in menu order, off-shelf ones included, with their products on sale. */
export async function listProviders(trx: Trx, q: Pick<ListOptions, 'pageNo' | 'pageSize' | 'searchValue'> & { orgType?: string }): Promise<Page<ProviderItem>> {
  let base = trx.selectFrom('provider');
  if (q.searchValue !== undefined) base = base.where('provider.name', 'ilike', containsPattern(q.searchValue));
  if (q.orgType !== undefined) base = base.where('provider.org_type', '=', q.orgType);
  const rows = base
    .select([
      'provider.id', 'provider.name', 'provider.logo', 'provider.summary', 'provider.org_type', 'provider.org_path', 'provider.state',
      sql<number>`(select count(*) from product p where p.tenant_id = provider.tenant_id and p.provider_id = provider.id and p.state = 1)`.as('product_count'),
    ])
    .orderBy('provider.sort').orderBy('provider.id')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: r.id, storeId: r.id, storeName: r.name, storeThumbImg: r.logo, title: r.name, cover: r.logo, summary: r.summary,
    orgType: r.org_type, orgPath: r.org_path, state: r.state, productCount: Number(r.product_count),
  }));
}

/** One product by id, on sale or not (state 1 on sale), with its provider; null when the tenant has no such product. */
export async function findProduct(trx: Trx, id: number): Promise<ProductDetail | null> {
  const r = await trx.selectFrom('product')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'product.tenant_id').onRef('cat.id', '=', 'product.category_id'))
    .innerJoin('provider', (j) => j.onRef('provider.tenant_id', '=', 'product.tenant_id').onRef('provider.id', '=', 'product.provider_id'))
    .select([
      'product.id', 'product.title', 'product.cover', 'product.summary', 'product.category_id', 'cat.name as category_name',
      'product.publish_time', 'product.type', 'product.price', 'product.retail_price', 'product.stock', 'product.sales_count', 'product.state',
      'product.description', 'product.images', 'product.specs', 'product.provider_id', 'provider.name as provider_name', 'provider.state as provider_state', 'provider.org_type',
    ])
    .where('product.id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    ...cardOf(r), state: r.state, description: r.description, images: r.images, specs: r.specs,
    productType: r.type, price: Number(r.price), retailPrice: money(r.retail_price),
    stock: r.stock, salesCount: r.sales_count, providerId: r.provider_id, providerName: r.provider_name,
    providerState: r.provider_state, orgType: r.org_type,
  };
}
