// The reading platform's calls (issue 20 part U; docs/api.md "Reading platform"): a book's page,
// an author's page and follows, the text platform, the shelf of reading works and my comments on
// books. The reading pages (src/features/reading) and the personal center's content section
// (src/features/center) both use them. Reads are silent (the pages show their own states); writes
// too, the pages say what went wrong in place.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthorDetail, BookCard, BookComment, BookDetail, FanItem, FollowItem, FollowState, PlatformHome, PlatformList, ShelfItem, ShelfState,
} from '../../schemas/api/reading-platform';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';

export type {
  AuthorDetail, AuthorRef, BookCard, BookChapter, BookComment, BookDetail, FanItem, FollowItem, FollowState, PlatformCategory, PlatformHome,
  PlatformList, SerialState, ShelfItem, ShelfState,
} from '../../schemas/api/reading-platform';

const silent: ApiOptions = { silent: true };
type PageArgs = { pageNo: number; pageSize: number };

export const getBook = (id: number, opts: ApiOptions = {}) => apiGet<BookDetail>('/cm/api/book/info', { id }, { ...silent, ...opts });
export const getAuthor = (id: number, opts: ApiOptions = {}) => apiGet<AuthorDetail>('/cm/api/author/info', { id }, { ...silent, ...opts });
export const getAuthorWorks = (authorId: number, page: PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<BookCard>>('/cm/api/author/works', { authorId, ...page }, { ...silent, ...opts });
export const getPlatformHome = (categoryId: number | null, opts: ApiOptions = {}) =>
  apiGet<PlatformHome>('/cm/api/textPlatform/home', categoryId === null ? {} : { categoryId }, { ...silent, ...opts });
export const getPlatformList = (q: { categoryId: number | null; list: PlatformList } & PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<BookCard>>('/cm/api/textPlatform/list', { ...q, categoryId: q.categoryId ?? undefined }, { ...silent, ...opts });
export const saveShelf = (contentId: number, onShelf: boolean) => apiPost<ShelfState>('/cm/api/book/shelf', { contentId, onShelf }, silent);
export const getShelf = (page: PageArgs, opts: ApiOptions = {}) => apiGet<Paged<ShelfItem>>('/cm/api/book/shelfList', page, { ...silent, ...opts });
export const saveFollow = (authorId: number, follow: boolean) => apiPost<FollowState>('/um/api/userFollow/save', { authorId, follow }, silent);
export const getFollowList = (page: PageArgs, opts: ApiOptions = {}) => apiGet<Paged<FollowItem>>('/um/api/userFollow/followList', page, { ...silent, ...opts });
export const getFans = (authorId: number | null, page: PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<FanItem>>('/um/api/userFollow/fans', authorId === null ? page : { authorId, ...page }, { ...silent, ...opts });
export const getMyBookComments = (page: PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<BookComment>>('/cmu/api/articleComment/searchByUser', page, { ...silent, ...opts });
export const deleteBookComment = (id: number) => apiPost<boolean>('/cmu/api/articleComment/delComment', { id }, silent);

/** The query key root: the tenant and the signed-in user (follow and shelf flags differ per user). */
function useScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['reading-platform', tenantId, userId] as const;
}

export function useBook(id: number | null) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'book', id], queryFn: ({ signal }) => getBook(id!, { signal }), enabled: id !== null, retry: false });
}

export function useAuthor(id: number | null) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'author', id], queryFn: ({ signal }) => getAuthor(id!, { signal }), enabled: id !== null, retry: false });
}

export function useAuthorWorks(id: number | null, page: PageArgs) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'works', id, page.pageNo, page.pageSize], queryFn: ({ signal }) => getAuthorWorks(id!, page, { signal }),
    enabled: id !== null, placeholderData: keepPreviousData, retry: false,
  });
}

export function useFans(authorId: number | null, page: PageArgs, enabled = true) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'fans', authorId, page.pageNo, page.pageSize], queryFn: ({ signal }) => getFans(authorId, page, { signal }),
    enabled, placeholderData: keepPreviousData, retry: false,
  });
}

export function usePlatformHome(categoryId: number | null) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'platform', categoryId], queryFn: ({ signal }) => getPlatformHome(categoryId, { signal }), retry: false });
}

export function usePlatformList(q: { categoryId: number | null; list: PlatformList } & PageArgs) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'platform-list', q.categoryId, q.list, q.pageNo, q.pageSize], queryFn: ({ signal }) => getPlatformList(q, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

export function useFollowList(page: PageArgs) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'follows', page.pageNo, page.pageSize], queryFn: ({ signal }) => getFollowList(page, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

export function useMyBookComments(page: PageArgs) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'comments', page.pageNo, page.pageSize], queryFn: ({ signal }) => getMyBookComments(page, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Follow or unfollow; the author page, my follows and the followers lists are read again. */
export function useSaveFollow() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ authorId, follow }: { authorId: number; follow: boolean }) => saveFollow(authorId, follow),
    onSuccess: () => Promise.all(['author', 'follows', 'fans'].map((k) => client.invalidateQueries({ queryKey: [...scope, k] }))),
  });
}

/** Put a work on the shelf or take it off; the book page and the shelf are read again. */
export function useSaveShelf() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contentId, onShelf }: { contentId: number; onShelf: boolean }) => saveShelf(contentId, onShelf),
    onSuccess: () => Promise.all(['book', 'shelf'].map((k) => client.invalidateQueries({ queryKey: [...scope, k] }))),
  });
}

export function useShelf(page: PageArgs, enabled = true) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'shelf', page.pageNo, page.pageSize], queryFn: ({ signal }) => getShelf(page, { signal }),
    enabled, placeholderData: keepPreviousData, retry: false,
  });
}

/** Delete one of my book comments; my comments and any cached book comments (key root 'social') are read again. */
export function useDeleteBookComment() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteBookComment(id),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...scope, 'comments'] }),
      client.invalidateQueries({ queryKey: ['social'] }),
    ]),
  });
}
