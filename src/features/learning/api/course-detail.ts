// The course detail page's data (spec learning §7: GET /cm/api/course/info and phaseContent; "Study
// history": getCourseRecord): the course, its chapters with their lessons, and the signed-in user's
// records of those lessons. All silent: a missing course is the page's own "not found" state.
import { useQuery } from '@tanstack/react-query';
import { apiGet, type ApiOptions } from '../../../api/client';
import { useDetailQuery } from './detail-query';
import { getCourseRecord } from '../../../api/hist';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** The teacher of a course. */
export interface CourseTeacher {
  id: number;
  name: string;
  title: string | null;
  avatar: string | null;
  /** A few lines about the teacher; null when none. */
  intro: string | null;
}

/** One published course as GET /cm/api/course/info answers (docs/api.md "Course detail"). */
export interface CourseDetail {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  publishTime: string;
  labels: string[];
  teacher: CourseTeacher | null;
  studyCount: number;
  favourCount: number;
  /** Average rating, 0 to 5: the rating box's average (0 when nobody rated); the page reads the box's own summary. */
  score: number;
  chapterCount: number;
  lessonCount: number;
  /** Seconds. */
  duration: number;
}

/** One lesson of a chapter. */
export interface CourseLesson {
  /** The phase-content id. */
  id: number;
  /** The content it plays, the contentId of its study records; null: the lesson has no content yet. */
  contentId: number | null;
  title: string;
  /** video, audio, pdf, article or link. */
  kind: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  /** The content's media (a `media:` address); null without a published content or media. */
  mediaUrl: string | null;
  /** The content's purpose (picks its detail page); null without a published content. */
  purpose: number | null;
}

/** A chapter with its lessons, both in order (GET /cm/api/course/phaseContent). */
export interface CoursePhase {
  id: number;
  title: string;
  sort: number;
  contents: CourseLesson[];
}

/** One published course; COURSE_NOT_FOUND otherwise. */
export function getCourseInfo(id: number, opts: ApiOptions = {}): Promise<CourseDetail> {
  return apiGet<CourseDetail>('/cm/api/course/info', { id }, opts);
}

/** The chapters of a published course with their lessons; COURSE_NOT_FOUND otherwise. */
export function getCoursePhases(id: number, opts: ApiOptions = {}): Promise<CoursePhase[]> {
  return apiGet<CoursePhase[]>('/cm/api/course/phaseContent', { id }, opts);
}

/** The course's card. */
export function useCourseDetail(id: number | null) {
  return useDetailQuery('course', 'info', id, getCourseInfo);
}

/** The course's chapters and lessons, fetched beside its card. */
export function useCoursePhases(id: number | null) {
  return useDetailQuery('course', 'phases', id, getCoursePhases);
}

/**
 * The signed-in user's records of the course, refetched when the window regains focus and every
 * `intervalMs` while `live` (the floating player is playing one of its lessons and saving them).
 */
export function useCourseRecord(id: number | null, live: boolean, intervalMs = 10_000) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['course', tenantId, 'record', id, userId],
    queryFn: () => getCourseRecord({ courseId: id! }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: live ? intervalMs : false,
  });
}
