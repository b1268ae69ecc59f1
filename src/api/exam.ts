// Sitting exams and surveys (spec learning §2 "Exams", §7 "Exams"; docs/api.md "Exams: sitting"):
// detail, start (or resume), autosave, submit, result and the caller's exams. Shared by the exam
// pages and the personal center's myNewExam / myNewSurvey. The list itself is searchExams in
// catalogue.ts. Calls are silent: the pages show their own state and messages.
import { apiGet, apiPost, type Paged } from './client';
import type { ExamItem, WindowState } from './catalogue';

export type QuestionKind = 'single' | 'multiple' | 'judge' | 'text';
export type AttemptState = 'open' | 'submitted' | 'expired';

/** One of my attempts. */
export interface AttemptSummary {
  id: number;
  state: AttemptState;
  startedAt: string;
  deadline: string | null;
  submittedAt: string | null;
  score: number | null;
  passed: boolean | null;
}

/** GET /exam/api/exam/detail. */
export interface ExamDetail {
  exam: ExamItem;
  maxAttempts: number;
  attempts: AttemptSummary[];
  openAttemptId: number | null;
  bestScore: number | null;
  canStart: boolean;
  reasonCode: 'NOT_SIGNED_IN' | 'EXAM_UPCOMING' | 'EXAM_CLOSED' | 'NO_ATTEMPTS_LEFT' | null;
  reason: string | null;
  serverNow: string;
}

export interface PaperQuestion {
  id: number;
  kind: QuestionKind;
  stem: string;
  options: { key: string; text: string }[];
  score: number;
  sort: number;
}

/** POST /exam/api/exam/start: the paper of the open attempt (no correct answers). */
export interface Paper {
  attemptId: number;
  examId: number;
  title: string;
  type: 'exam' | 'survey';
  startedAt: string;
  /** min(start + duration, end time); null: no limit. */
  deadline: string | null;
  serverNow: string;
  totalScore: number | null;
  passScore: number | null;
  questions: PaperQuestion[];
  /** Saved answers by question id. */
  answers: Record<string, string[]>;
}

export interface ReviewQuestion extends PaperQuestion {
  yourAnswer: string[];
  correctAnswer: string[] | null;
  gained: number | null;
}

/** GET /exam/api/exam/result and POST submit. */
export interface ExamResult {
  attemptId: number;
  examId: number;
  title: string;
  type: 'exam' | 'survey';
  state: AttemptState;
  startedAt: string;
  submittedAt: string | null;
  score: number | null;
  passed: boolean | null;
  totalScore: number | null;
  passScore: number | null;
  questionCount: number;
  answeredCount: number;
  correctCount: number | null;
  questions: ReviewQuestion[];
}

/** A row of GET /exam/api/exam/searchByMember. */
export interface MemberExam {
  examId: number;
  title: string;
  cover: string | null;
  type: 'exam' | 'survey';
  windowState: WindowState;
  endTime: string | null;
  totalScore: number | null;
  passScore: number | null;
  attemptCount: number;
  lastAttemptId: number;
  lastState: AttemptState;
  lastTime: string;
  bestScore: number | null;
  passed: boolean | null;
}

/** One answer to save: option keys, or [text]; [] clears it. */
export interface AnswerInput {
  questionId: number;
  value: string[];
}

const silent = { silent: true } as const;

export const getExamDetail = (id: number, signal?: AbortSignal) =>
  apiGet<ExamDetail>('/exam/api/exam/detail', { id }, { ...silent, ...(signal ? { signal } : {}) });

export const startExam = (examId: number) => apiPost<Paper>('/exam/api/exam/start', { examId }, silent);

export const saveExamAnswers = (attemptId: number, answers: AnswerInput[]) =>
  apiPost<{ saved: number; savedAt: string }>('/exam/api/exam/saveAnswer', { attemptId, answers }, silent);

export const submitExam = (attemptId: number, answers: AnswerInput[]) =>
  apiPost<ExamResult>('/exam/api/exam/submit', { attemptId, answers }, silent);

export const getExamResult = (attemptId: number, signal?: AbortSignal) =>
  apiGet<ExamResult>('/exam/api/exam/result', { attemptId }, { ...silent, ...(signal ? { signal } : {}) });

export const searchMyExams = (params: { pageNo: number; pageSize: number; type?: 'exam' | 'survey' }, signal?: AbortSignal) =>
  apiGet<Paged<MemberExam>>('/exam/api/exam/searchByMember', params, { ...silent, ...(signal ? { signal } : {}) });

/** The result page of an attempt: spec learning §2, examResult with type 3 is a survey result. */
export const resultPath = (attemptId: number, type: 'exam' | 'survey') => `/exam/examResult?id=${attemptId}&type=${type === 'survey' ? 3 : 1}`;
