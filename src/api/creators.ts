// Issue 20 part V (schemas/api/creators.ts, docs/api.md "Creators: works and chapters"): a creator's
// works and chapters (myWorks, myWorks/create) and the reviewer's view of a work in review. Reads are
// silent where the page shows its own error; writes go through the error catalogue, so a refusal
// shows the server's message, unless the caller shows it itself (autosave).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChapterDetail, ChapterItem, ClearResult, DownloadLink, MyAuthor, MyWork, MyWorkItem, PatchWorkBody, ReviewWork, SaveChapterBody, SaveWorkBody,
  UploadWorkFileBody, UploadWorkFileResult, WorkState,
} from '../../schemas/api/creators';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type { ChapterDetail, ChapterItem, MyWork, MyWorkItem, ReviewWork, SerialState, WorkAttachment, WorkState } from '../../schemas/api/creators';
export {
  CHAPTER_BODY_MAX, CHAPTER_TITLE_MAX, CHAPTERS_MAX, countWords, PEN_NAME_MAX, WORK_INTRO_MAX, WORK_TITLE_MAX,
} from '../../schemas/api/creators';

type WithoutTenant<T> = Omit<T, 'tenantId'>;

/** Where a published work reads (spec learning §2: /content/noval/{id} for purposes 5, 6, 7). */
export const workReaderPath = (w: { id: number; purpose: number }) => `/content/noval/${w.id}?purpose=${w.purpose}`;
/** The editor of a work (myWorks/create?id=). */
export const workEditPath = (id: number) => `/user/center/content/myWorks/create?id=${id}`;
/** The reviewer's page of a work. */
export const workReviewPath = (id: number) => `/user/center/work/myContent/detail/${id}`;

export const getMyAuthor = (opts: ApiOptions = {}) => apiGet<MyAuthor>('/cm/api/content/myAuthor', {}, opts);
export const getMyWorks = (q: { pageNo: number; pageSize: number; state?: WorkState | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyWorkItem>>('/cm/api/content/searchUpload', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.state ? { state: q.state } : {}) }, opts);
export const getMyWork = (id: number, opts: ApiOptions = {}) => apiGet<MyWork>('/cm/api/content/contentInfo', { id }, opts);
export const saveWork = (body: WithoutTenant<SaveWorkBody>, opts: ApiOptions = {}) => apiPost<MyWork>('/cm/api/content/saveContent', { ...body }, opts);
export const patchWork = (body: WithoutTenant<PatchWorkBody>, opts: ApiOptions = {}) => apiPost<MyWork>('/cm/cmContent/save', { ...body }, opts);
export const uploadWorkFile = (body: WithoutTenant<UploadWorkFileBody>) => apiPost<UploadWorkFileResult>('/cm/api/content/uploadContent', { ...body });
export const removeWorkFile = (id: number) => apiPost<UploadWorkFileResult>('/cm/api/content/removeUpload', { id });
export const submitWork = (id: number) => apiPost<MyWork>('/cm/api/content/applyAudit', { id });
export const deleteWork = (id: number) => apiPost<ClearResult>('/cm/api/content/clearData', { id });
export const getDownloadUrl = (id: number) => apiGet<DownloadLink>('/cm/api/content/getDownloadUrl', { id });

export const getChapters = (contentId: number, opts: ApiOptions = {}) =>
  apiGet<Paged<ChapterItem>>('/cm/api/content/partListPage', { contentId, pageNo: 1, pageSize: 50 }, opts);
export const getChapter = (id: number, opts: ApiOptions = {}) => apiGet<ChapterDetail>('/cm/api/content/partInfo', { id }, opts);
export const saveChapter = (body: WithoutTenant<SaveChapterBody>, opts: ApiOptions = {}) => apiPost<ChapterDetail>('/cm/api/content/savePart', { ...body }, opts);
export const deleteChapter = (id: number) => apiPost<Paged<ChapterItem>>('/cm/api/content/delPart', { id });
export const saveChapterOrder = (contentId: number, parts: { id: number; title: string }[]) =>
  apiPost<Paged<ChapterItem>>('/cm/cmContentPart/saveBatch', { contentId, parts });
export const setChapterState = (contentId: number, ids: number[], state: 0 | 1) =>
  apiPost<Paged<ChapterItem>>('/cm/cmContentPart/updateStateBatch', { contentId, ids, state });

export const getReviewWork = (id: number, opts: ApiOptions = {}) => apiGet<ReviewWork>('/cm/api/work/audit/workDetail', { id }, opts);

/** The signed-in user's key prefix: a tenant's and a user's cached rows never mix. */
function useUserKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['creators', tenantId, userId] as const;
}

/** My pen name (null before my first work). */
export function useMyAuthor() {
  const key = useUserKey();
  return useQuery({ queryKey: [...key, 'author'] as const, queryFn: ({ signal }) => getMyAuthor({ silent: true, signal }), retry: false });
}

/** My works, a page at a time; state filters. */
export function useMyWorks(q: { pageNo: number; pageSize: number; state?: WorkState | undefined }) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'works', q.state ?? 'all', q.pageNo, q.pageSize] as const,
    queryFn: ({ signal }) => getMyWorks(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** One of my works whole; off for null. */
export function useMyWork(id: number | null) {
  const key = useUserKey();
  return useQuery({ queryKey: [...key, 'work', id] as const, queryFn: ({ signal }) => getMyWork(id!, { silent: true, signal }), enabled: id !== null, retry: false });
}

/** My work's chapters (up to 50 in the editor); off for null. */
export function useMyChapters(contentId: number | null) {
  const key = useUserKey();
  return useQuery({
    queryKey: [...key, 'chapters', contentId] as const, queryFn: ({ signal }) => getChapters(contentId!, { silent: true, signal }),
    enabled: contentId !== null, retry: false,
  });
}

/** One chapter of mine with its text; off for null. */
export function useMyChapter(id: number | null) {
  const key = useUserKey();
  // Never served from cache: the editor starts from the text the server has now (gcTime 0), and
  // is not refetched while open (staleTime Infinity), so a refetch never races the author's typing.
  return useQuery({
    queryKey: [...key, 'chapter', id] as const, queryFn: ({ signal }) => getChapter(id!, { silent: true, signal }),
    enabled: id !== null, retry: false, staleTime: Infinity, gcTime: 0,
  });
}

/** A change to my works (save, submit, delete, chapters): refreshes my works and the catalogue's reading rows. */
export function useWorksMutation<V, R>(run: (v: V) => Promise<R>, onDone?: (result: R) => void) {
  const key = useUserKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: [...key, 'works'] });
      onDone?.(result);
    },
  });
}

/** Refreshes what the editor shows of a work (its card and its chapters). */
export function useRefreshWork() {
  const key = useUserKey();
  const client = useQueryClient();
  return (id: number) => Promise.all([
    client.invalidateQueries({ queryKey: [...key, 'work', id] }),
    client.invalidateQueries({ queryKey: [...key, 'chapters', id] }),
    client.invalidateQueries({ queryKey: [...key, 'works'] }),
  ]);
}

/** A work I may review, with its chapters' text; off for null. */
export function useReviewWork(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({ queryKey: ['work-review', tenantId, id] as const, queryFn: ({ signal }) => getReviewWork(id!, { silent: true, signal }), enabled: id !== null, retry: false });
}
