// The course detail page's data (spec learning §7: GET /cm/api/course/info and phaseContent; "Study
// history": getCourseRecord): the course, its chapters with their lessons, and the signed-in user's
// records of those lessons. All silent: a missing course is the page's own "not found" state.
import { useQuery } from '@tanstack/react-query';
import type { CourseInfo, CoursePhase } from '../../../../schemas/api/cm';
import { apiGet, type ApiOptions } from '../../../api/client';
import { useDetailQuery } from './detail-query';
import { getCourseRecord } from '../../../api/hist';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

// The course as GET /cm/api/course/info answers (docs/api.md "Course detail"), its teacher, and its
// chapters with their lessons in order (phaseContent): the server's response schemas
// (schemas/api/cm/course.ts), derived (issue 14 point 4).
export type { CourseLesson, CoursePhase, CourseTeacher } from '../../../../schemas/api/cm';

/** One published course as GET /cm/api/course/info answers. */
export type CourseDetail = CourseInfo;

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
