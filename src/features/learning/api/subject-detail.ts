// The subject detail page's data (spec learning §7: GET /cm/api/subject/info and content; "Study
// history": getCourseRecord with subjectId): the subject, its courses and contents in order, and the
// signed-in user's records of them. All silent: a missing subject is the page's own "not found" state.
import { useQuery } from '@tanstack/react-query';
import type { SubjectEntry, SubjectInfo } from '../../../../schemas/api/cm';
import { apiGet, type ApiOptions } from '../../../api/client';
import { useDetailQuery } from './detail-query';
import { getCourseRecord } from '../../../api/hist';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

// The subject as GET /cm/api/subject/info answers (docs/api.md "Subject detail") and one of its
// items, a course or a content (GET /cm/api/subject/content): the server's response schemas
// (schemas/api/cm/subject.ts), derived (issue 14 point 4).
export type { SubjectEntry } from '../../../../schemas/api/cm';

/** One published subject as GET /cm/api/subject/info answers. */
export type SubjectDetail = SubjectInfo;

/** One published subject; SUBJECT_NOT_FOUND otherwise. */
export function getSubjectInfo(id: number, opts: ApiOptions = {}): Promise<SubjectDetail> {
  return apiGet<SubjectDetail>('/cm/api/subject/info', { id }, opts);
}

/** The courses and contents of a published subject in order; SUBJECT_NOT_FOUND otherwise. */
export function getSubjectContent(id: number, opts: ApiOptions = {}): Promise<SubjectEntry[]> {
  return apiGet<SubjectEntry[]>('/cm/api/subject/content', { id }, opts);
}

/** The subject's card. */
export function useSubjectDetail(id: number | null) {
  return useDetailQuery('subject', 'info', id, getSubjectInfo);
}

/** The subject's items, fetched beside its card. */
export function useSubjectItems(id: number | null) {
  return useDetailQuery('subject', 'content', id, getSubjectContent);
}

/**
 * The signed-in user's records of the subject (its contents and its courses' lessons), only when
 * `enabled` (a guest has none: the page is public). Refetched when the window regains focus and every
 * `intervalMs` while `live` (the floating player is playing one of its contents).
 */
export function useSubjectRecord(id: number | null, enabled: boolean, live: boolean, intervalMs = 10_000) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['subject', tenantId, 'record', id, userId],
    queryFn: () => getCourseRecord({ subjectId: id! }),
    enabled: id !== null && enabled,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: live ? intervalMs : false,
  });
}
