// The personal center's study calls (spec learning §2 "Personal center", §7 searchByUser and
// "Comments and favourites"; docs/api.md "Personal center: study"). Every one needs a signed-in
// user; reads are silent (the pages show their own error with a retry), writes go through the error
// catalogue. The favourite and comment calls are shared with the learning pages (src/api/social.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, type ApiOptions, type Paged } from '../../../api/client';
import {
  cancelFavorite, deleteComment, getMyComments, searchMyFavorites, type FavoriteItem, type MyCommentItem, type SocialTargetType,
} from '../../../api/social';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** What a favourite or comment is about. */
export type TargetType = SocialTargetType;
export type { FavoriteItem, MyCommentItem };

/** A page request. */
export type PageArgs = { pageNo: number; pageSize: number };

/** The card fields every studied item carries. */
interface StudiedCard {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  /** When the user's progress on it last moved (ISO). */
  lastStudyTime: string;
}

/** A course I studied (GET /cm/api/course/searchByUser). */
export interface StudiedCourse extends StudiedCard {
  teacherName: string | null;
  chapterCount: number;
  /** Distinct lesson contents. */
  lessonCount: number;
  /** Lessons I finished. */
  finishedCount: number;
  /** My progress in percent: every lesson weighs the same, a finished one 100, one begun its share (as the course page shows it). */
  percentage: number;
}

/** A subject (topic) I studied: one of its contents, or a lesson of one of its courses (GET /cm/api/subject/searchByUser). */
export interface StudiedSubject extends StudiedCard {
  /** Courses and contents in the subject. */
  itemCount: number;
  courseCount: number;
  /** Distinct contents: its own and its courses' lessons. */
  lessonCount: number;
  /** Of those, the ones I finished. */
  finishedCount: number;
}

/** A content I studied (GET /cm/api/content/searchByUser). */
export interface StudiedContent extends StudiedCard {
  purpose: number;
  kind: string;
  author: string | null;
  /** Length in seconds. */
  duration: number;
  maxProgress: number;
  /** 1 in progress, 2 finished. */
  state: 1 | 2;
  /** 0 to 100; 100 when finished. */
  percentage: number;
}

export const getMyCourses = (page: PageArgs, opts: ApiOptions = {}) => apiGet<Paged<StudiedCourse>>('/cm/api/course/searchByUser', page, opts);
export const getMySubjects = (page: PageArgs, opts: ApiOptions = {}) => apiGet<Paged<StudiedSubject>>('/cm/api/subject/searchByUser', page, opts);
export const getMyContents = (purpose: number, page: PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<StudiedContent>>('/cm/api/content/searchByUser', { purpose, ...page }, opts);

/** The query key root of the signed-in user's center lists. */
function useScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['center-study', tenantId, userId] as const;
}

/** One page of a center list; the previous page stays on screen while the next loads. */
function usePaged<T>(key: readonly unknown[], fetch: (opts: ApiOptions) => Promise<Paged<T>>) {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => fetch({ silent: true, signal }), placeholderData: keepPreviousData, retry: false });
}

export function useMyCourses(page: PageArgs) {
  const scope = useScope();
  return usePaged([...scope, 'courses', page.pageNo, page.pageSize], (opts) => getMyCourses(page, opts));
}

export function useMySubjects(page: PageArgs) {
  const scope = useScope();
  return usePaged([...scope, 'subjects', page.pageNo, page.pageSize], (opts) => getMySubjects(page, opts));
}

export function useMyContents(purpose: number, page: PageArgs) {
  const scope = useScope();
  return usePaged([...scope, 'contents', purpose, page.pageNo, page.pageSize], (opts) => getMyContents(purpose, page, opts));
}

export function useMyFavorites(type: TargetType, page: PageArgs) {
  const scope = useScope();
  return usePaged([...scope, 'favorites', type, page.pageNo, page.pageSize], (opts) => searchMyFavorites(type, page, opts));
}

export function useMyComments(page: PageArgs) {
  const scope = useScope();
  return usePaged([...scope, 'comments', page.pageNo, page.pageSize], (opts) => getMyComments(page, opts));
}

/** Removes a favourite; the favourites, and any cached detail-page social state (key root 'social'), are read again. */
export function useCancelFavorite() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: TargetType; id: number }) => cancelFavorite({ targetType: type, targetId: id }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...scope, 'favorites'] }),
      client.invalidateQueries({ queryKey: ['social'] }),
    ]),
  });
}

/** Deletes one of my comments; my comments, and any cached detail-page comments (key root 'social'), are read again. */
export function useDeleteComment() {
  const scope = useScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...scope, 'comments'] }),
      client.invalidateQueries({ queryKey: ['social'] }),
    ]),
  });
}
