// Community calls (docs/api.md "Catalogue lists"): notices, articles and the two boards (teachers,
// learners' points). Public GETs through the one client, which adds tenantId.
import { apiList as page } from './client';
import type { CardItem } from './catalogue';

/** A public notice; pinned ones (top) come first. No cover. */
export interface NoticeItem {
  id: number;
  title: string;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  /** Pinned: always listed first. */
  top: boolean;
  viewCount: number;
  /** ISO 8601. */
  publishTime: string;
}

/** An article (shared article or news): /share/article/detail/{id}. */
export interface ArticleItem extends CardItem {
  kind: 'share' | 'news';
  author: string | null;
  viewCount: number;
  favourCount: number;
}

/** A row of the teacher board; rank is over all teachers and kept when searching. */
export interface TeacherRankItem {
  rank: number;
  id: number;
  name: string;
  title: string | null;
  avatar: string | null;
  intro: string | null;
  score: number;
  courseCount: number;
}

/** A row of the points board; equal points share a rank. */
export interface PointsRankItem {
  rank: number;
  userId: number;
  /** Nickname, else real name; never the account. */
  name: string;
  avatar: string | null;
  points: number;
}

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

/** One article with the address of its text (GET /cm/api/article/info; opening it counts a view). */
export interface ArticleDetail extends ArticleItem {
  /** A sanitised HTML document of the site, or null when the article has no text. */
  bodyUrl: string | null;
}

/** Shared articles and news. */
export const searchArticles = (params: ArticleQuery, signal?: AbortSignal) => page<ArticleItem>('/cm/api/article/search', params, signal);

/** The teacher board, best first. */
export const rankTeachers = (params: TeacherQuery, signal?: AbortSignal) => page<TeacherRankItem>('/um/api/teacher/rank', params, signal);

/** The learners' points board, most points first. */
export const rankPoints = (params: PageQuery, signal?: AbortSignal) => page<PointsRankItem>('/um/api/userIntegrate/rank', params, signal);
