// Marking subjective answers (issue 18 part E; docs/api.md "Exams: marking"): the marker's exams,
// an exam's short questions, the answers to one question and saving a mark, with their query hooks.
// Calls are silent: the marking page shows the server's message itself (a refusal is a 403 Result).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkingAnswers, MarkingExam, MarkingPaper, SaveMarkResult } from '../../schemas/api/exam-marking';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost } from './client';

export type { Candidate, MarkingAnswer, MarkingAnswers, MarkingExam, MarkingPaper, MarkingQuestion, SaveMarkResult } from '../../schemas/api/exam-marking';

/** Which answers of a question: awaiting a mark, or marked. */
export type MarkingListState = 'pending' | 'marked';

/** A mark as the page sends it. */
export type MarkInput = {
  attemptId: number;
  questionId: number;
  score: number;
  comment?: string;
};

const silent = { silent: true } as const;
const withSignal = (signal?: AbortSignal) => ({ ...silent, ...(signal ? { signal } : {}) });

export const getMarkingExams = (signal?: AbortSignal) => apiGet<MarkingExam[]>('/exam/api/marking/exams', {}, withSignal(signal));

export const getMarkingPaper = (examId: number, signal?: AbortSignal) => apiGet<MarkingPaper>('/exam/api/marking/paper', { examId }, withSignal(signal));

export const getMarkingAnswers = (examId: number, questionId: number, state: MarkingListState, signal?: AbortSignal) =>
  apiGet<MarkingAnswers>('/exam/api/marking/answers', { examId, questionId, state }, withSignal(signal));

export const saveMark = (mark: MarkInput) => apiPost<SaveMarkResult>('/exam/api/marking/save', mark, silent);

/** The keys of the marking queries, tenant- and user-scoped; ['marking', tenant, user] covers them all. */
function useMarkingKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['marking', tenantId, userId] as const;
}

/** The exams the signed-in user marks (a refusal is the query's error: NOT_MARKER for a learner). */
export function useMarkingExams() {
  const key = useMarkingKey();
  return useQuery({ queryKey: [...key, 'exams'], queryFn: ({ signal }) => getMarkingExams(signal), retry: false });
}

/** One exam's short questions with the progress of each; idle without an exam. */
export function useMarkingPaper(examId: number | null) {
  const key = useMarkingKey();
  return useQuery({
    queryKey: [...key, 'paper', examId], queryFn: ({ signal }) => getMarkingPaper(examId!, signal), enabled: examId !== null, retry: false,
  });
}

/** The answers to one question, pending or marked; idle until a question is chosen. */
export function useMarkingAnswers(examId: number | null, questionId: number | null, state: MarkingListState) {
  const key = useMarkingKey();
  return useQuery({
    queryKey: [...key, 'answers', examId, questionId, state],
    queryFn: ({ signal }) => getMarkingAnswers(examId!, questionId!, state, signal),
    enabled: examId !== null && questionId !== null, retry: false,
  });
}

/** Saves a mark, then refreshes every marking query (counts, progress and both lists move) and the to-do counts. */
export function useSaveMark() {
  const key = useMarkingKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMark,
    // The center menu's 阅卷 count (the work center's to-do, src/api/work.ts) moves too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['work-center'] })]),
  });
}
