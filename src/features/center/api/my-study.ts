// The personal center's study calls (spec learning §2 "Personal center", §7 searchByUser and
// "Comments and favourites"; docs/api.md "Personal center: study"). Every one needs a signed-in
// user; reads are silent (the pages show their own error with a retry), writes go through the error
// catalogue. The favourite and comment calls are shared with the learning pages (src/api/social.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudiedContent, StudiedCourse, StudiedSubject } from '../../../../schemas/api/cm';
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

// A course, subject or content I studied, each its catalogue card with my progress and when it
// last moved: the server's response schemas (schemas/api/cm/my-study.ts), derived (issue 14 point 4).
export type { StudiedContent, StudiedCourse, StudiedSubject } from '../../../../schemas/api/cm';

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
