// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// docs/api.md "Favourites, comments and scores"). Reads are silent: the components show their own
// error line, and guests may read. Writes go through the error catalogue, so a lapsed sign-in (flag
// 401) goes to /login and a refusal (rate limit, someone else's comment) shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiOptions, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** What a favourite, comment or appraisal is about. */
export type SocialTargetType = 'course' | 'subject' | 'content';

/** A course, subject or content. */
export interface SocialTarget {
  targetType: SocialTargetType;
  targetId: number;
}

/** A comment as GET /cm/api/commentScore/queryComment lists it. */
export interface CommentItem {
  id: number;
  /** Plain text: render it as text, never as HTML. */
  content: string;
  /** 1 to 5, or null for a comment without a score. */
  score: number | null;
  createTime: string;
  /** The author's nickname, else real name, else 学员. */
  userName: string;
  avatar: string | null;
  /** True when the signed-in user wrote it (and may delete it). */
  mine: boolean;
}

/** One of my comments (GET /cm/api/commentScore/userComment). */
export interface MyCommentItem {
  id: number;
  content: string;
  score: number | null;
  createTime: string;
  targetType: SocialTargetType;
  targetId: number;
  /** null when the target was taken off shelf. */
  targetTitle: string | null;
}

/** The rating summary: each user's newest score counts once. */
export interface ScoreSummary {
  /** One decimal; 0 when nobody scored. */
  average: number;
  count: number;
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** Whether I have the target among my favourites (false for guests), and its count. */
export interface FavoriteState {
  favorited: boolean;
  count: number;
}

/** Likes and dislikes, and mine (1, -1, 0). */
export interface AppraiseSummary {
  likeCount: number;
  dislikeCount: number;
  mine: -1 | 0 | 1;
}

/** A favourite with its target's card (GET /cm/api/favorite/searchByUser). */
export interface FavoriteItem {
  targetType: SocialTargetType;
  targetId: number;
  title: string;
  cover: string | null;
  summary: string | null;
  favoriteTime: string;
}

/** Comments shown per page. */
export const COMMENT_PAGE_SIZE = 10;
/** spec learning §7 / docs/api.md: a comment keeps at most 500 characters after filtering. */
export const COMMENT_MAX_CHARS = 500;

const target = (t: SocialTarget) => ({ targetType: t.targetType, targetId: t.targetId });

export const getFavorite = (t: SocialTarget, opts: ApiOptions = {}) => apiGet<FavoriteState>('/cm/api/favorite/get', target(t), opts);
export const addFavorite = (t: SocialTarget) => apiPost<FavoriteState>('/cm/api/favorite/add', target(t));
export const cancelFavorite = (t: SocialTarget) => apiPost<FavoriteState>('/cm/api/favorite/cancel', target(t));
export const searchMyFavorites = (type: SocialTargetType, page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<FavoriteItem>>('/cm/api/favorite/searchByUser', { type, ...page }, opts);

export const getScore = (t: SocialTarget, opts: ApiOptions = {}) => apiGet<ScoreSummary>('/cm/api/commentScore/getScore', target(t), opts);
export const queryComments = (t: SocialTarget, page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<CommentItem>>('/cm/api/commentScore/queryComment', { ...target(t), ...page }, opts);
export const getMyComments = (page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyCommentItem>>('/cm/api/commentScore/userComment', page, opts);
export const saveComment = (t: SocialTarget, content: string, score: number | null) =>
  apiPost<CommentItem>('/cm/api/commentScore/saveComment', { ...target(t), content, score });
export const deleteComment = (id: number) => apiPost<boolean>('/cm/api/commentScore/delComment', { id });

export const getAppraise = (t: SocialTarget, opts: ApiOptions = {}) => apiGet<AppraiseSummary>('/cm/api/appraise/query', target(t), opts);
export const saveAppraise = (t: SocialTarget, value: -1 | 0 | 1) => apiPost<AppraiseSummary>('/cm/api/appraise/save', { ...target(t), value });

/**
 * The query key root of one target's social data. The user is part of it: the answers carry the
 * viewer's own flags (favorited, mine), so signing in or out reads them again.
 */
function useTargetKey(t: SocialTarget) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['social', tenantId, userId, t.targetType, t.targetId] as const;
}

/** The favourite state of the target. */
export function useFavorite(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'favorite'], queryFn: ({ signal }) => getFavorite(t, { silent: true, signal }), retry: false });
}

/** Adds or cancels the favourite; the answer becomes the cached state. */
export function useToggleFavorite(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favorited: boolean) => (favorited ? cancelFavorite(t) : addFavorite(t)),
    onSuccess: (state) => client.setQueryData([...key, 'favorite'], state),
  });
}

/** The rating summary of the target. */
export function useScore(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'score'], queryFn: ({ signal }) => getScore(t, { silent: true, signal }), retry: false });
}

/** One page of the target's comments; the previous page stays on screen while the next loads. */
export function useComments(t: SocialTarget, pageNo: number) {
  const key = useTargetKey(t);
  return useQuery({
    queryKey: [...key, 'comments', pageNo],
    queryFn: ({ signal }) => queryComments(t, { pageNo, pageSize: COMMENT_PAGE_SIZE }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Writes a comment; the comment list and the score are read again. */
export function useSaveComment(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, score }: { content: string; score: number | null }) => saveComment(t, content, score),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...key, 'comments'] }),
      client.invalidateQueries({ queryKey: [...key, 'score'] }),
    ]),
  });
}

/** Deletes one of my comments; the comment list and the score are read again. */
export function useDeleteComment(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [...key, 'comments'] }),
      client.invalidateQueries({ queryKey: [...key, 'score'] }),
    ]),
  });
}

/** Likes and dislikes of the target. */
export function useAppraise(t: SocialTarget) {
  const key = useTargetKey(t);
  return useQuery({ queryKey: [...key, 'appraise'], queryFn: ({ signal }) => getAppraise(t, { silent: true, signal }), retry: false });
}

/** Sets or takes back my appraisal; the answer becomes the cached counts. */
export function useSaveAppraise(t: SocialTarget) {
  const key = useTargetKey(t);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: -1 | 0 | 1) => saveAppraise(t, value),
    onSuccess: (summary) => client.setQueryData([...key, 'appraise'], summary),
  });
}
