// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// docs/api.md "Favourites, comments and scores"): the calls and their types. The learning pages
// (src/features/learning/api/social.ts) and the personal center (src/features/center/api/my-study.ts)
// both use them and add their own query hooks.
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

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
