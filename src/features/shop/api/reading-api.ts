// The reading calls (docs/api.md "Shop: reading"): a reading product's chapters with their lock
// state, one chapter, and the bookshelf. Silent: the pages show locks and failures in place.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookshelfItem, ChapterList, ChapterView } from '../../../../schemas/api/order';
import { apiGet, type ApiOptions, type Paged } from '../../../api/client';
import { useShopScope } from './shop-api';

/** spec learning §9: product types 8 e-book, 9 audiobook and 10 serial are reading type. */
export const READING_TYPES = [8, 9, 10] as const;

// A chapter in the contents (never its text), a book's contents, one chapter to read and a
// bookshelf row: the server's response schemas (schemas/api/order.ts), derived (issue 14 point 4).
export type { BookshelfItem, ChapterItem, ChapterList, ChapterView } from '../../../../schemas/api/order';

const silent: ApiOptions = { silent: true };

export const getChapters = (productId: number, opts: ApiOptions = {}) =>
  apiGet<ChapterList>('/order/api/reading/chapters', { productId }, { ...silent, ...opts });
export const getChapter = (productId: number, id: number, opts: ApiOptions = {}) =>
  apiGet<ChapterView>('/order/api/reading/chapter', { productId, id }, { ...silent, ...opts });
export const getBookshelf = (pageNo: number, pageSize: number, opts: ApiOptions = {}) =>
  apiGet<Paged<BookshelfItem>>('/order/api/reading/bookshelf', { pageNo, pageSize }, { ...silent, ...opts });

/** The chapters of a book for the signed-in user (or the guest); refetched when the user changes. */
export function useChapters(productId: number | null) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'reading', productId, 'chapters'],
    queryFn: ({ signal }) => getChapters(productId!, { signal }),
    enabled: productId !== null, retry: false,
  });
}

/** One chapter (null: none chosen, or locked, so nothing is asked). */
export function useChapter(productId: number | null, chapterId: number | null) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'reading', productId, 'chapter', chapterId],
    queryFn: ({ signal }) => getChapter(productId!, chapterId!, { signal }),
    enabled: productId !== null && chapterId !== null, retry: false,
  });
}

/** A page of my bookshelf. */
export function useBookshelf(pageNo: number, pageSize: number) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'reading', 'bookshelf', pageNo, pageSize],
    queryFn: ({ signal }) => getBookshelf(pageNo, pageSize, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}
