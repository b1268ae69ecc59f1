// The learning file's calls (issue 19 part D; schemas/api/archives.ts, docs/api.md "Archives"):
// the summary, the entries, one entry's process, study time by period, and self-directed study.
// Reads are silent (each page shows its own error with a retry); writes go through the error
// catalogue, so a refusal (the day's limit, a future day) shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArchiveEntry, ArchiveKind, AutonomyKind, AutonomyPage, AutonomySaveBody, AutonomySaved, ContentRecordItem, LearningProcess,
  StudyTimeDetail, StudyTimeUnit, UserStatistics,
} from '../../schemas/api/archives';
import { contentPage } from '../lib/audio-handoff';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  ArchiveEntry, ArchiveKind, AutonomyAttachment, AutonomyEntry, AutonomyKind, AutonomyPage, AutonomySaved, ContentRecordItem, LearningProcess,
  ProcessStep, StudyTimeBucket, StudyTimeDetail, StudyTimeUnit, UserStatistics,
} from '../../schemas/api/archives';
export {
  AUTONOMY_MINUTES_MAX, AUTONOMY_NOTE_MAX, AUTONOMY_TITLE_MAX, AUTONOMY_TITLE_MIN, STUDY_TIME_MAX_PERIODS,
} from '../../schemas/api/archives';

/** The entries' filter (GET /um/api/userStudy/search). */
export interface EntryQuery {
  pageNo: number;
  pageSize: number;
  kind?: ArchiveKind | undefined;
  state?: 1 | 2 | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The self-directed list's filter. */
export interface AutonomyQuery {
  pageNo: number;
  pageSize: number;
  kind?: AutonomyKind | undefined;
}

const defined = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const getUserStatistics = (opts: ApiOptions = {}) => apiGet<UserStatistics>('/um/api/userStatistics/get', {}, opts);
export const searchUserStudy = (q: EntryQuery, opts: ApiOptions = {}) => apiGet<Paged<ArchiveEntry>>('/um/api/userStudy/search', defined(q), opts);
export const getLearningProcess = (type: ArchiveKind, id: number, opts: ApiOptions = {}) =>
  apiGet<LearningProcess>('/dataapi/study/LearningProcess', { type, id }, opts);
export const searchContentRecords = (q: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<ContentRecordItem>>('/cm/api/contentRecord/searchUser', q, opts);
export const getStudyTime = (unit: StudyTimeUnit, count: number, opts: ApiOptions = {}) =>
  apiGet<StudyTimeDetail>('/um/api/userStatistics/studyTime', { unit, count }, opts);
export const searchAutonomy = (q: AutonomyQuery, opts: ApiOptions = {}) => apiGet<AutonomyPage>('/um/api/autonomyStudy/search', defined(q), opts);
export const saveAutonomy = (body: Omit<AutonomySaveBody, 'tenantId'>) => apiPost<AutonomySaved>('/um/api/autonomyStudy/save', { ...body });
export const deleteAutonomy = (id: number) => apiPost<{ id: number }>('/um/api/autonomyStudy/delete', { id });

/** Where an entry's own page is (the course, the exam's result history, the class, the task). */
export function entryTarget(e: Pick<ArchiveEntry, 'kind' | 'id'>): string {
  switch (e.kind) {
    case 'course': return `/course/detail/${e.id}`;
    case 'content': {
      const { pageUrl, pageQuery } = contentPage(e.id);
      return pageQuery ? `${pageUrl}?${new URLSearchParams(pageQuery).toString()}` : pageUrl;
    }
    case 'exam': return `/exam/detail/${e.id}`;
    case 'classes': return `/classes/detail/${e.id}`;
    case 'task': return `/task/detail/${e.id}`;
    case 'autonomy': return '/archives/autonomyStudy';
  }
}

/** The process page of an entry (spec learning §2: /archives/archivesDetall, query type and id). */
export const processPath = (e: Pick<ArchiveEntry, 'kind' | 'id'>) => `/archives/archivesDetall?type=${e.kind}&id=${e.id}`;

/** The learner's file's query keys: per tenant and user, so a sign-out or switch never shows another's. */
export function useArchiveKeys() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['archives', tenantId, userId] as const;
}

export function useUserStatistics() {
  const keys = useArchiveKeys();
  return useQuery({ queryKey: [...keys, 'statistics'], queryFn: ({ signal }) => getUserStatistics({ silent: true, signal }), retry: false });
}

export function useUserStudy(q: EntryQuery) {
  const keys = useArchiveKeys();
  return useQuery({
    queryKey: [...keys, 'entries', q], queryFn: ({ signal }) => searchUserStudy(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

export function useLearningProcess(type: ArchiveKind | null, id: number) {
  const keys = useArchiveKeys();
  return useQuery({
    queryKey: [...keys, 'process', type, id], queryFn: ({ signal }) => getLearningProcess(type!, id, { silent: true, signal }),
    enabled: type !== null && id > 0, retry: false,
  });
}

export function useStudyTime(unit: StudyTimeUnit, count: number) {
  const keys = useArchiveKeys();
  return useQuery({
    queryKey: [...keys, 'studyTime', unit, count], queryFn: ({ signal }) => getStudyTime(unit, count, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

export function useAutonomyList(q: AutonomyQuery) {
  const keys = useArchiveKeys();
  return useQuery({
    queryKey: [...keys, 'autonomy', q], queryFn: ({ signal }) => searchAutonomy(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Saves or deletes self-directed study; the whole file is read again (summary, entries, study time). */
export function useAutonomyMutations() {
  const keys = useArchiveKeys();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys });
  return {
    save: useMutation({ mutationFn: saveAutonomy, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteAutonomy, onSuccess: refresh }),
  };
}
