// Sitting exams and surveys (spec learning §2 "Exams", §7 "Exams"; docs/api.md "Exams: sitting"):
// detail, start (or resume), autosave, submit, result and the caller's exams. Shared by the exam
// pages and the personal center's myNewExam / myNewSurvey. The list itself is searchExams in
// catalogue.ts. Calls are silent: the pages show their own state and messages.
import type {
  AnswerInput, AttemptSummary, ExamDetail, ExamPreview, ExamResult, HistoryItem, MemberExam, Paper, PaperQuestion, SaveResult,
} from '../../schemas/api/exam';
import { apiGet, apiPost, type Paged } from './client';

// The sitting answers are the server's response schemas (schemas/api/exam), derived (issue 14
// point 4); AnswerInput is the request's item schema.
export type {
  AnswerInput, AttemptSummary, ExamDetail, ExamResult, MemberExam, Paper, PaperQuestion, ReviewQuestion, ReviewSubQuestion, SubQuestion,
} from '../../schemas/api/exam';

export type QuestionKind = PaperQuestion['kind'];
export type AttemptState = AttemptSummary['state'];

const silent = { silent: true } as const;

export const getExamDetail = (id: number, signal?: AbortSignal) =>
  apiGet<ExamDetail>('/exam/api/exam/detail', { id }, { ...silent, ...(signal ? { signal } : {}) });

export const startExam = (examId: number) => apiPost<Paper>('/exam/api/exam/start', { examId }, silent);

export const saveExamAnswers = (attemptId: number, answers: AnswerInput[]) =>
  apiPost<SaveResult>('/exam/api/exam/saveAnswer', { attemptId, answers }, silent);

export const submitExam = (attemptId: number, answers: AnswerInput[]) =>
  apiPost<ExamResult>('/exam/api/exam/submit', { attemptId, answers }, silent);

export const getExamResult = (attemptId: number, signal?: AbortSignal) =>
  apiGet<ExamResult>('/exam/api/exam/result', { attemptId }, { ...silent, ...(signal ? { signal } : {}) });

export const searchMyExams = (params: { pageNo: number; pageSize: number; type?: 'exam' | 'survey' }, signal?: AbortSignal) =>
  apiGet<Paged<MemberExam>>('/exam/api/exam/searchByMember', params, { ...silent, ...(signal ? { signal } : {}) });

/** The result page of an attempt: spec learning §2, examResult with type 3 is a survey result. */
export const resultPath = (attemptId: number, type: 'exam' | 'survey') => `/exam/examResult?id=${attemptId}&type=${type === 'survey' ? 3 : 1}`;

// issue 18: the paper read-only (/exam/preview/{id}) and every attempt of the caller (/exam/examHistory).
export type { ExamPreview, HistoryItem } from '../../schemas/api/exam';
export type MarkingState = ExamResult['markingState'];

export const getExamPreview = (id: number, signal?: AbortSignal) =>
  apiGet<ExamPreview>('/exam/api/exam/preview', { id }, { ...silent, ...(signal ? { signal } : {}) });

export const getExamHistory = (params: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  apiGet<Paged<HistoryItem>>('/exam/api/exam/history', params, { ...silent, ...(signal ? { signal } : {}) });
