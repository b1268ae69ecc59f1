// Banner call (docs/api.md "Catalogue lists"): the slides of a carousel, in slide order. Not paged:
// a carousel is short.
import type { BannerItem } from '../../schemas/api/cfg';
import { apiGet } from './client';

/** One carousel slide: the server's response schema (schemas/api/cfg.ts), derived (issue 14 point 4). */
export type { BannerItem } from '../../schemas/api/cfg';

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
