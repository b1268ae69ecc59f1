// Banner call (docs/api.md "Catalogue lists"): the slides of a carousel, in slide order. Not paged:
// a carousel is short.
import type { LinkItem } from '../../schemas/link';
import { apiGet } from './client';

/** One carousel slide. */
export interface BannerItem {
  id: number;
  /** null: tenant-wide; otherwise the store it belongs to. */
  storeId: number | null;
  position: string;
  title: string;
  /** A site path (/uploads/…) or an absolute URL. */
  image: string;
  /** Where the slide leads; resolved by the link rules. */
  link: LinkItem | null;
  sort: number;
}

export interface BannerQuery {
  /** Where the banner sits; the server's default is "home". */
  position?: string;
  /** That store's banners plus the tenant-wide ones. */
  storeId?: number;
}

/** The slides of one banner position, in slide order. */
export function getBanners({ position, storeId }: BannerQuery, signal?: AbortSignal): Promise<BannerItem[]> {
  const params: Record<string, unknown> = {};
  if (position) params.position = position;
  if (storeId !== undefined) params.storeId = storeId;
  return apiGet<BannerItem[]>('/cfg/api/banner', params, signal ? { signal } : {});
}
