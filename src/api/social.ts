// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// docs/api.md "Favourites, comments and scores"): the calls and their types. The learning pages
// (src/features/learning/api/social.ts) and the personal center (src/features/center/api/my-study.ts)
// both use them and add their own query hooks.
import type { AppraiseSummary, CommentItem, FavoriteItem, FavoriteState, MyCommentItem, ScoreSummary, TargetType } from '../../schemas/api/cm';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

/** What a favourite, comment or appraisal is about. */
export type SocialTargetType = TargetType;

/** A course, subject or content. */
export interface SocialTarget {
  targetType: SocialTargetType;
  targetId: number;
}

// The answers are the server's response schemas (schemas/api/cm/social.ts), derived (issue 14
// point 4): a listed comment (mine: the caller wrote it), one of my comments, the rating summary,
// my favourite state, the appraisals (mine: 1, -1 or 0) and a favourite with its target's card.
export type { AppraiseSummary, CommentItem, FavoriteItem, FavoriteState, MyCommentItem, ScoreSummary } from '../../schemas/api/cm';

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
