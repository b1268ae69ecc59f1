// The paper's heartbeat and invigilation (issue 18 part D; docs/api.md "Exams: heartbeat and
// invigilation"): the heartbeat the paper sends, and the invigilator's running exams, live candidate
// list (polled every 5 s), an attempt's event timeline and force-submit, with their query hooks.
// Calls are silent: the pages show the server's message themselves (a refusal is a 403 Result).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttemptEvents, CandidateList, ForceSubmitResult, HeartbeatResult, InvigilateExam, PaperEventInput,
} from '../../schemas/api/exam-invigilate';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost } from './client';

export type {
  AttemptEvents, Candidate, CandidateList, ForceSubmitResult, HeartbeatResult, InvigilateExam, PaperEvent, PaperEventInput, PaperEventKind,
} from '../../schemas/api/exam-invigilate';
export { MAX_EVENTS_PER_HEARTBEAT } from '../../schemas/api/exam-invigilate';

/** How often the invigilator's list refreshes. */
export const CANDIDATES_REFRESH_MS = 5_000;

const silent = { silent: true } as const;
const withSignal = (signal?: AbortSignal) => ({ ...silent, ...(signal ? { signal } : {}) });

/** The paper is alive: what happened since the last beat; answers the server clock, deadline and state. */
export const sendHeartbeat = (attemptId: number, events: PaperEventInput[]) =>
  apiPost<HeartbeatResult>('/exam/api/paper/heartbeat', { attemptId, events }, { ...silent, timeout: 10_000 });

export const getInvigilateExams = (signal?: AbortSignal) => apiGet<InvigilateExam[]>('/exam/api/invigilate/exams', {}, withSignal(signal));

export const getCandidates = (examId: number, signal?: AbortSignal) => apiGet<CandidateList>('/exam/api/invigilate/candidates', { examId }, withSignal(signal));

export const getAttemptEvents = (attemptId: number, signal?: AbortSignal) => apiGet<AttemptEvents>('/exam/api/invigilate/events', { attemptId }, withSignal(signal));

export const forceSubmitAttempt = (attemptId: number, reason: string) =>
  apiPost<ForceSubmitResult>('/exam/api/invigilate/forceSubmit', { attemptId, reason }, silent);

/** The keys of the invigilation queries, tenant- and user-scoped; ['invigilate', tenant, user] covers them all. */
function useInvigilateKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['invigilate', tenantId, userId] as const;
}

/** The running exams the signed-in user invigilates (a refusal is the query's error: NOT_INVIGILATOR for a learner). */
export function useInvigilateExams() {
  const key = useInvigilateKey();
  return useQuery({ queryKey: [...key, 'exams'], queryFn: ({ signal }) => getInvigilateExams(signal), retry: false, refetchInterval: 30_000 });
}

/** One exam's live candidate list, refreshed every 5 s (a poll: a WebSocket is not needed); idle without an exam. */
export function useCandidates(examId: number | null) {
  const key = useInvigilateKey();
  return useQuery({
    queryKey: [...key, 'candidates', examId], queryFn: ({ signal }) => getCandidates(examId!, signal),
    enabled: examId !== null, retry: false, refetchInterval: CANDIDATES_REFRESH_MS, refetchIntervalInBackground: false,
  });
}

/** One attempt's whole event timeline (the drawer), refreshed with the list; idle until one is opened. */
export function useAttemptEvents(attemptId: number | null) {
  const key = useInvigilateKey();
  return useQuery({
    queryKey: [...key, 'events', attemptId], queryFn: ({ signal }) => getAttemptEvents(attemptId!, signal),
    enabled: attemptId !== null, retry: false, refetchInterval: CANDIDATES_REFRESH_MS,
  });
}

/** Force-submits an attempt, then refreshes the list, counts and timelines. */
export function useForceSubmit() {
  const key = useInvigilateKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, reason }: { attemptId: number; reason: string }) => forceSubmitAttempt(attemptId, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
