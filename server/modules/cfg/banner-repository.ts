import type { Transaction } from 'kysely';
import type { LinkItem } from '../../../schemas/link';
import type { DB } from '../../db/types';
import type { BannerItem } from '../../../schemas/api/cfg';

type Trx = Transaction<DB>;

/** Enabled banners of a position in slide order; with a store, the store's own and the tenant-wide ones. */
export async function listBanners(trx: Trx, opts: { position: string; storeId?: number }): Promise<BannerItem[]> {
  let query = trx.selectFrom('banner')
    .select(['id', 'store_id', 'position', 'title', 'image', 'link', 'sort'])
    .where('state', '=', 1).where('position', '=', opts.position);
  const { storeId } = opts;
  if (storeId !== undefined) query = query.where((eb) => eb.or([eb('store_id', 'is', null), eb('store_id', '=', storeId)]));
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, storeId: r.store_id, position: r.position, title: r.title, image: r.image, sort: r.sort,
    link: (r.link as LinkItem | null) ?? null,
  }));
}
