// Community calls (docs/api.md "Catalogue lists"): notices, articles and the two boards (teachers,
// learners' points). Public GETs through the one client, which adds tenantId.
import type { ArticleItem, NoticeItem } from '../../schemas/api/cm';
import type { IntegralRankItem, TeacherRankItem } from '../../schemas/api/um';
import { apiList as page } from './client';

// Notices, articles and the boards' rows are the server's response schemas, derived (issue 14
// point 4): NoticeItem and ArticleItem (schemas/api/cm), TeacherRankItem and the points board's
// IntegralRankItem (schemas/api/um).
export type { ArticleItem, NoticeItem } from '../../schemas/api/cm';
export type { TeacherRankItem } from '../../schemas/api/um';

/** A row of the points board; equal points share a rank. */
export type PointsRankItem = IntegralRankItem;

export interface PageQuery {
  pageNo?: number;
  /** 1…50. */
  pageSize?: number;
}

export interface NoticeQuery extends PageQuery {
  categoryId?: number;
  searchValue?: string;
}

export interface ArticleQuery extends PageQuery {
  categoryId?: number;
  searchValue?: string;
  sort?: 'newest' | 'popular';
  kind?: 'share' | 'news';
}

export interface TeacherQuery extends PageQuery {
  /** Words in the teacher's name. */
  searchValue?: string;
}

/** Public notices, pinned first. */
export const searchNotices = (params: NoticeQuery, signal?: AbortSignal) => page<NoticeItem>('/cm/api/notice/searchAuth', params, signal);

// One article with the address of its text (GET /cm/api/article/info; opening it counts a view):
// the response schema of schemas/api/cm/article.ts, derived.
export type { ArticleDetail } from '../../schemas/api/cm';

/** Shared articles and news. */
export const searchArticles = (params: ArticleQuery, signal?: AbortSignal) => page<ArticleItem>('/cm/api/article/search', params, signal);

/** The teacher board, best first. */
export const rankTeachers = (params: TeacherQuery, signal?: AbortSignal) => page<TeacherRankItem>('/um/api/teacher/rank', params, signal);

/** The learners' points board, most points first. */
export const rankPoints = (params: PageQuery, signal?: AbortSignal) => page<PointsRankItem>('/um/api/userIntegrate/rank', params, signal);
