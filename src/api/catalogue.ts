// Catalogue list calls (docs/api.md "Catalogue lists"): the lists home-page widgets and list pages
// read. Public GETs through the one client, which adds tenantId; each takes the abort signal so a
// left page cancels its calls.
import type { Static, TObject } from 'typebox';
import type { LabelCount } from '../../schemas/api/cfg';
import type { ContentItem, CourseItem, SubjectItem } from '../../schemas/api/cm';
import type { ExamItem } from '../../schemas/api/exam';
import type { CardFields } from '../../schemas/api/list';
import type { GameItem, TaskItem } from '../../schemas/api/task';
import type { ClassItem, RoomItem } from '../../schemas/api/train';
import { apiGet, apiList as list } from './client';

// The cards are the server's response schemas (schemas/api), derived rather than re-declared
// (issue 14 point 4); type-only imports, so no TypeBox code reaches the bundle.

/** Fields every catalogue card carries. */
export type CardItem = Static<TObject<typeof CardFields>>;

export type { ContentItem, CourseItem, SubjectItem } from '../../schemas/api/cm';
export type { ClassItem, RoomItem } from '../../schemas/api/train';
export type { ExamItem } from '../../schemas/api/exam';
export type { GameItem, TaskItem } from '../../schemas/api/task';

/** Content kinds the content list can filter on. */
export type ContentKind = 'video' | 'audio' | 'pdf' | 'article' | 'link';

/** Whether a live room is on air. */
export type LiveState = RoomItem['liveState'];

/** Where now stands against an exam's or task's window. */
export type WindowState = ExamItem['windowState'];

/** Query parameters every catalogue list takes. */
export interface CatalogueQuery {
  pageNo?: number;
  /** 1…50. */
  pageSize?: number;
  /** The category and every category under it. */
  categoryId?: number;
  searchValue?: string;
  sort?: 'newest' | 'popular';
}

/** The course, subject and content lists also filter by one label (GET /cfg/api/label/listLabel names them). */
export interface LabelledQuery extends CatalogueQuery {
  label?: string | undefined;
}

export interface ContentQuery extends LabelledQuery {
  /** Repeatable; absent means every purpose but help. */
  purpose?: readonly number[];
  kind?: ContentKind;
}

export interface ClassQuery extends CatalogueQuery {
  state?: 1 | 2 | 3;
}

export interface RoomQuery extends Omit<CatalogueQuery, 'sort'> {
  liveState?: LiveState;
  /** schedule (default on the server), newest or popular. */
  sort?: 'schedule' | 'newest' | 'popular';
}

export interface ExamQuery extends CatalogueQuery {
  type?: 'exam' | 'survey';
  windowState?: WindowState;
}

export const searchCourses = (params: LabelledQuery, signal?: AbortSignal) => list<CourseItem>('/cm/api/course/search', params, signal);

export const searchSubjects = (params: LabelledQuery, signal?: AbortSignal) => list<SubjectItem>('/cm/api/subject/search', params, signal);

/** Contents of the given purposes; purpose repeats in the URL (purpose=5&purpose=6), as the server reads it. */
export const searchContents = (params: ContentQuery, signal?: AbortSignal) => list<ContentItem>('/cm/api/content/search', params, signal);

export const searchClasses = (params: ClassQuery, signal?: AbortSignal) => list<ClassItem>('/train/api/classes/searchAuth', params, signal);

export const searchRooms = (params: RoomQuery, signal?: AbortSignal) => list<RoomItem>('/train/api/room/search', params, signal);

export const searchExams = (params: ExamQuery, signal?: AbortSignal) => list<ExamItem>('/exam/api/exam/search', params, signal);

export const searchTasks = (params: CatalogueQuery, signal?: AbortSignal) => list<TaskItem>('/task/api/task/searchAuth', params, signal);

export const searchGames = (params: CatalogueQuery, signal?: AbortSignal) => list<GameItem>('/task/api/game/search', params, signal);

// A label and how many published items carry it (GET /cfg/api/label/listLabel): the response
// schema of schemas/api/cfg.ts, derived.
export type { LabelCount } from '../../schemas/api/cfg';

/** The labels of one kind of item, most used first; for contents, of the given purposes. */
export function listLabels(type: 'course' | 'subject' | 'content', purposes: readonly number[], signal?: AbortSignal): Promise<LabelCount[]> {
  const repeated = purposes.map((p) => `purpose=${p}`).join('&');
  return apiGet<LabelCount[]>(`/cfg/api/label/listLabel${repeated ? `?${repeated}` : ''}`, { type, pageSize: 20 }, { silent: true, ...(signal ? { signal } : {}) });
}
