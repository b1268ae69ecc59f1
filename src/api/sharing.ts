// Issue 19 part H (schemas/api/sharing.ts, docs/api.md "Sharing, notices, topics and affairs"): my
// articles (myArticle, myShare), my notices (myNotice), topic pages and affairs. The center's pages
// and the sharing feature's pages share these. Reads are silent where the page shows its own error;
// writes go through the error catalogue, so a refusal shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AffairDetail, ArticleSaveBody, ArticleState, MyArticle, MyArticleItem, ReadCount, TopicDetail, UserNoticeItem, UserNoticePage,
} from '../../schemas/api/sharing';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  AffairDetail, AffairFile, ArticleState, MyArticle, MyArticleItem, NoticeSource, ReadCount, TopicDetail, TopicItem, TopicSection, UserNoticeItem,
  UserNoticePage,
} from '../../schemas/api/sharing';
export { ARTICLE_BODY_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX } from '../../schemas/api/sharing';

type WithoutTenant<T> = Omit<T, 'tenantId'>;

/** An article's public page (spec learning §2 "Article goes to /share/article/detail/{id}"). */
export const articlePath = (id: number) => `/share/article/detail/${id}`;
/** An affair's page. */
export const affairPath = (id: number) => `/affair/detail/${id}`;
/** A tenant notice's page (spec learning §2: /user/center/study/noticeDetail). */
export const noticePath = (id: number) => `/user/center/study/noticeDetail?id=${id}`;

export const getMyArticles = (q: { pageNo: number; pageSize: number; state?: ArticleState | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyArticleItem>>('/cm/api/article/searchByUser', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.state ? { state: q.state } : {}) }, opts);
export const getMyArticle = (id: number, opts: ApiOptions = {}) => apiGet<MyArticle>('/cm/api/article/userDetail', { id }, opts);
export const saveArticle = (body: WithoutTenant<ArticleSaveBody>) => apiPost<MyArticle>('/cm/api/article/save', { ...body });
export const publishArticle = (id: number) => apiPost<MyArticle>('/cm/api/article/publish', { id });
export const withdrawArticle = (id: number) => apiPost<MyArticle>('/cm/api/article/withdraw', { id });
export const deleteArticle = (id: number) => apiPost<MyArticleItem>('/cm/api/article/delete', { id });

export const getMyNotices = (q: { pageNo: number; pageSize: number; unread?: boolean }, opts: ApiOptions = {}) =>
  apiGet<UserNoticePage>('/cm/api/notice/searchByUser', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.unread ? { unread: true } : {}) }, opts);
export const readNotice = (n: Pick<UserNoticeItem, 'id' | 'source'>) => apiPost<ReadCount>('/cm/api/notice/read', { id: n.id, source: n.source });
export const readAllNotices = () => apiPost<ReadCount>('/cm/api/notice/readAll', {});

export const getTopic = (id: number, opts: ApiOptions = {}) => apiGet<TopicDetail>('/cm/api/topic/detail', { id }, opts);
export const getAffair = (id: number, opts: ApiOptions = {}) => apiGet<AffairDetail>('/cm/api/affair/detail', { id }, opts);
export const confirmAffair = (id: number) => apiPost<AffairDetail>('/cm/api/affair/confirm', { id });

/** The signed-in user's key prefix: a tenant's and a user's cached rows never mix. */
function useUserKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['sharing', tenantId, userId] as const;
}

/** My articles, a page at a time (myArticle: all; myShare: published). */
export function useMyArticles(q: { pageNo: number; pageSize: number; state?: ArticleState | undefined }) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'articles', q.state ?? 'all', q.pageNo, q.pageSize] as const,
    queryFn: ({ signal }) => getMyArticles(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** One of my articles whole, for the editor; off for null. */
export function useMyArticle(id: number | null) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'article', id] as const,
    queryFn: ({ signal }) => getMyArticle(id!, { silent: true, signal }),
    enabled: id !== null, retry: false,
  });
}

/** A change to my articles (save, publish, withdraw, delete): refreshes my lists and /share. */
export function useArticleMutation<V>(run: (v: V) => Promise<unknown>, onDone?: () => void) {
  const key = useUserKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['article'] });
      onDone?.();
    },
  });
}

/** My notices, a page at a time. */
export function useMyNotices(q: { pageNo: number; pageSize: number; unread: boolean }) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'notices', q.unread, q.pageNo, q.pageSize] as const,
    queryFn: ({ signal }) => getMyNotices(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Marks notices read (one, or all) and refreshes my notices. */
export function useNoticeRead() {
  const key = useUserKey();
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: [...key, 'notices'] });
  return {
    one: useMutation({ mutationFn: readNotice, onSuccess: done }),
    all: useMutation({ mutationFn: readAllNotices, onSuccess: done }),
  };
}

/** A topic page; off for null. */
export function useTopic(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['topic', tenantId, id] as const,
    queryFn: ({ signal }) => getTopic(id!, { silent: true, signal }),
    enabled: id !== null, retry: false, staleTime: 60_000,
  });
}

/** An affair with my receipt; off for null. */
export function useAffair(id: number | null) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'affair', id] as const,
    queryFn: ({ signal }) => getAffair(id!, { silent: true, signal }),
    enabled: id !== null, retry: false,
  });
}

/** Confirms an affair read: the page shows the receipt and myNotice counts it read. */
export function useConfirmAffair(id: number) {
  const key = useUserKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => confirmAffair(id),
    onSuccess: (affair) => {
      client.setQueryData([...key, 'affair', id], affair);
      void client.invalidateQueries({ queryKey: [...key, 'notices'] });
    },
  });
}
