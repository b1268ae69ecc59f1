// Mock practice (issue 18 "Learners"; docs/api.md "Exams: practice"): the bank's categories, the
// newest practice sets, sessions checked one question at a time, the history and the wrong-answer
// book. Shared by the practice pages and the personal center's myTest. Calls are silent: the pages
// show their own state and the server's message.
import type {
  AnswerResult, ExamWrongSummary, PracticeCategory, PracticeHistoryItem, PracticeSession, PracticeSetItem, StartPracticeBody, WrongAnswerItem,
} from '../../schemas/api/practice';
import { apiGet, apiPost, type Paged } from './client';

export type {
  AnswerResult, ExamWrongSummary, PracticeCategory, PracticeFeedback, PracticeHistoryItem, PracticeQuestion, PracticeSession, PracticeSetItem,
  WrongAnswerItem,
} from '../../schemas/api/practice';

/** How many questions a category practice may draw (spec of issue 18: 5/10/20/50). */
export const PRACTICE_COUNTS = [5, 10, 20, 50] as const;
export type PracticeCount = (typeof PRACTICE_COUNTS)[number];
export type StartPractice = Omit<StartPracticeBody, 'tenantId'>;

const silent = { silent: true } as const;
const withSignal = (signal?: AbortSignal) => ({ ...silent, ...(signal ? { signal } : {}) });

export const getPracticeCategories = (signal?: AbortSignal) => apiGet<PracticeCategory[]>('/exam/api/practice/categories', {}, withSignal(signal));

export const getPracticeSets = (params: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  apiGet<Paged<PracticeSetItem>>('/exam/api/practice/sets', params, withSignal(signal));

export const startPractice = (body: StartPractice) => apiPost<PracticeSession>('/exam/api/practice/start', { ...body }, silent);

export const getPracticeSession = (id: number, signal?: AbortSignal) => apiGet<PracticeSession>('/exam/api/practice/session', { id }, withSignal(signal));

export const answerPractice = (sessionId: number, index: number, value: string[], parts?: string[][]) =>
  apiPost<AnswerResult>('/exam/api/practice/answer', { sessionId, index, value, ...(parts ? { parts } : {}) }, silent);

export const assessPractice = (sessionId: number, index: number, correct: boolean) =>
  apiPost<AnswerResult>('/exam/api/practice/assess', { sessionId, index, correct }, silent);

export const finishPractice = (sessionId: number) => apiPost<PracticeSession>('/exam/api/practice/finish', { sessionId }, silent);

export const getPracticeHistory = (params: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  apiGet<Paged<PracticeHistoryItem>>('/exam/api/practice/history', params, withSignal(signal));

export const getWrongBook = (params: { pageNo: number; pageSize: number; mastered?: boolean }, signal?: AbortSignal) =>
  apiGet<Paged<WrongAnswerItem>>('/exam/api/practice/wrongBook', params, withSignal(signal));

export const removeWrongAnswer = (source: WrongAnswerItem['source'], questionId: number) =>
  apiPost<{ removed: boolean }>('/exam/api/practice/wrongBook/remove', { source, questionId }, silent);

export const getExamWrong = (examId: number, signal?: AbortSignal) => apiGet<ExamWrongSummary>('/exam/api/practice/examWrong', { examId }, withSignal(signal));

/** The practice page of a session (resume or review). */
export const practicePath = (sessionId: number) => `/paper?session=${sessionId}`;

/** What a session practised, for its title: a category draw, a set, an exam's mistakes or the wrong-answer book. */
export function sessionKind(s: Pick<PracticeSession, 'source' | 'examId'>): 'category' | 'set' | 'exam' | 'book' {
  if (s.source === 'wrong') return s.examId === null ? 'book' : 'exam';
  return s.source;
}

/** The query key of a session; start seeds it, so the page it moves to shows the fewer-questions notice. */
export const practiceSessionKey = (tenantId: number | null, userId: number | null, id: number) => ['practice', tenantId, userId, 'session', id] as const;
