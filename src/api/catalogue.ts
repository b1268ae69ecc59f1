// Catalogue list calls (docs/api.md "Catalogue lists"): the lists home-page widgets and list pages
// read. Public GETs through the one client, which adds tenantId; each takes the abort signal so a
// left page cancels its calls.
import { apiGet, apiList as list } from './client';

/** Fields every catalogue card carries. */
export interface CardItem {
  id: number;
  title: string;
  /** A site path (/uploads/…) or an absolute URL; null when the item has no cover. */
  cover: string | null;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  /** ISO 8601. */
  publishTime: string;
}

/** A course card: /course/detail/{id}. */
export interface CourseItem extends CardItem {
  teacherName: string | null;
  chapterCount: number;
  lessonCount: number;
  /** Seconds. */
  duration: number;
  studyCount: number;
  favourCount: number;
  /** Average rating, 0 to 5. */
  score: number;
  labels: string[];
}

/** A subject (topic) card: /subject/detail/{id}. */
export interface SubjectItem extends CardItem {
  itemCount: number;
  courseCount: number;
  studyCount: number;
  favourCount: number;
  labels: string[];
}

/** Content kinds the content list can filter on. */
export type ContentKind = 'video' | 'audio' | 'pdf' | 'article' | 'link';

/** A content card; purpose picks the detail route (spec learning §2), 5/6/7 are reading. */
export interface ContentItem extends CardItem {
  purpose: number;
  kind: string;
  author: string | null;
  /** Seconds; 0 for reading matter. */
  duration: number;
  mediaUrl: string | null;
  partCount: number;
  viewCount: number;
  favourCount: number;
  labels: string[];
}

/** A training class card: /classes/detail/{id}. */
export interface ClassItem extends CardItem {
  teacherName: string | null;
  startTime: string;
  endTime: string;
  /** null: unlimited places. */
  enrolLimit: number | null;
  enrolCount: number;
  /** 1 enrolling, 2 in progress, 3 finished. */
  state: number;
}

/** Whether a live room is on air. */
export type LiveState = 'upcoming' | 'live' | 'ended';

/** A live room card: /chatRoom/detail/{id}. */
export interface RoomItem extends CardItem {
  teacherId: number | null;
  teacherName: string | null;
  teacherAvatar: string | null;
  startTime: string;
  endTime: string | null;
  liveState: LiveState;
  enrolCount: number;
  audienceCount: number;
}

/** Where now stands against an exam's or task's window. */
export type WindowState = 'upcoming' | 'open' | 'closed';

/** An exam or survey card: /exam/detail/{id}. */
export interface ExamItem extends CardItem {
  type: 'exam' | 'survey';
  startTime: string;
  /** null: open-ended. */
  endTime: string | null;
  /** Minutes; 0 for no limit. */
  duration: number;
  passScore: number | null;
  totalScore: number | null;
  questionCount: number;
  joinCount: number;
  windowState: WindowState;
}

/** A task card: /task/detail/{id}. */
export interface TaskItem extends CardItem {
  startTime: string;
  endTime: string | null;
  stepCount: number;
  points: number;
  joinCount: number;
  windowState: WindowState;
}

/** A learning game card: /game/detail/{id}. */
export interface GameItem extends CardItem {
  roundCount: number;
  playerCount: number;
}

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

/** A label and how many published items carry it (GET /cfg/api/label/listLabel). */
export interface LabelCount {
  name: string;
  count: number;
}

/** The labels of one kind of item, most used first; for contents, of the given purposes. */
export function listLabels(type: 'course' | 'subject' | 'content', purposes: readonly number[], signal?: AbortSignal): Promise<LabelCount[]> {
  const repeated = purposes.map((p) => `purpose=${p}`).join('&');
  return apiGet<LabelCount[]>(`/cfg/api/label/listLabel${repeated ? `?${repeated}` : ''}`, { type, pageSize: 20 }, { silent: true, ...(signal ? { signal } : {}) });
}
