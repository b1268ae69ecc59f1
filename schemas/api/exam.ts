// The exam service's contract (spec learning §7 "Exams"): exam cards and sittings.
// Server routes validate with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { CardFields, ListParams, Nullable, PageParams } from './list';

// --- Exam cards ---
/** An exam or survey card: /exam/detail/{id}. */
export const ExamItem = Type.Object({
  ...CardFields,
  type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Nullable(Type.String({ format: 'date-time', description: 'null: open-ended.' })),
  duration: Type.Integer({ description: 'Answering time in minutes; 0 for no limit.' }),
  passScore: Nullable(Type.Integer({ description: 'null for surveys.' })),
  totalScore: Nullable(Type.Integer({ description: 'null for surveys.' })),
  questionCount: Type.Integer(),
  joinCount: Type.Integer(),
  windowState: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')], { description: 'From the clock and the window.' }),
});
export type ExamItem = Static<typeof ExamItem>;

// --- Sittings ---
// TypeBox schemas of the sitting calls: detail, start, saveAnswer, submit, result and searchByMember.
const Id = (description: string) => Type.Integer({ minimum: 1, description });
const DateTime = Type.String({ format: 'date-time' });
const AttemptState = Type.Union([Type.Literal('open'), Type.Literal('submitted'), Type.Literal('expired')], {
  description: 'open: answering; submitted: handed in; expired: closed at its deadline with the answers saved by then.',
});
const Kind = Type.Union([
  Type.Literal('single'), Type.Literal('multiple'), Type.Literal('judge'), Type.Literal('text'),
  Type.Literal('fill'), Type.Literal('short'), Type.Literal('composite'),
], { description: 'fill: blanks; short: marked by a person; composite: a passage with sub-questions (issue 18).' });
const Option = Type.Object({ key: Type.String(), text: Type.String() });

export const ExamIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id('The exam or survey id.') });
export const AttemptQuery = Type.Object({ tenantId: TenantIdParam, attemptId: Id('The attempt id (from start or detail).') });
export const StartBody = Type.Object({ tenantId: TenantIdParam, examId: Id('The exam or survey to sit.') });

/** One answer as the client sends it: option keys, or the text in one element; [] clears it. */
export const AnswerInput = Type.Object({
  questionId: Id('The question.'),
  value: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 26, description: 'Option keys (A, B…), or [text] for a text question; [] clears the answer.' }),
});
export type AnswerInput = Static<typeof AnswerInput>;
const Answers = Type.Array(AnswerInput, { maxItems: 200 });

export const SaveAnswerBody = Type.Object({ tenantId: TenantIdParam, attemptId: Id('The open attempt.'), answers: Answers });
export const SubmitBody = Type.Object({
  tenantId: TenantIdParam, attemptId: Id('The attempt to hand in.'),
  answers: Type.Optional(Type.Array(AnswerInput, { maxItems: 200, description: 'Last answers not yet autosaved; they count only before the deadline.' })),
});

const MarkingState = Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('done')], {
  description: 'none: the score was final at submit; pending: short answers await a marker (score null); done: marked, score final (issue 18).',
});

/** An attempt in a list. */
export const AttemptSummary = Type.Object({
  id: Type.Integer(), state: AttemptState, startedAt: DateTime, deadline: Nullable(DateTime), submittedAt: Nullable(DateTime),
  score: Nullable(Type.Integer({ description: 'null while open, while awaiting marking and for surveys.' })), passed: Nullable(Type.Boolean()),
  markingState: MarkingState,
  objectiveScore: Nullable(Type.Integer({ description: 'The machine-scored part of a paper with short answers; null otherwise.' })),
});
export type AttemptSummary = Static<typeof AttemptSummary>;

export const ExamDetail = Type.Object({
  exam: ExamItem,
  maxAttempts: Type.Integer({ description: "Attempts a user may make: the exam's own limit, else exam 3, survey 1." }),
  allowPreview: Type.Boolean({ description: 'Whether /exam/preview/{id} shows the paper.' }),
  attempts: Type.Array(AttemptSummary, { description: "The caller's attempts, newest first; [] for guests." }),
  openAttemptId: Nullable(Type.Integer({ description: 'The open attempt to resume, if any.' })),
  bestScore: Nullable(Type.Integer()),
  canStart: Type.Boolean({ description: 'Whether start (or resume) is possible now.' }),
  reasonCode: Nullable(Type.Union([
    Type.Literal('NOT_SIGNED_IN'), Type.Literal('EXAM_UPCOMING'), Type.Literal('EXAM_CLOSED'), Type.Literal('NO_ATTEMPTS_LEFT'), Type.Literal('NOT_IN_AUDIENCE'),
  ])),
  reason: Nullable(Type.String({ description: 'Why it cannot start, for the user (未开始 / 已结束 / no attempts left / only for some classes).' })),
  serverNow: DateTime,
});
export type ExamDetail = Static<typeof ExamDetail>;

const QuestionFields = {
  id: Type.Integer(), kind: Kind,
  stem: Type.String({ description: 'A fill question marks its blanks with a run of underscores (____); a composite\'s is the passage.' }),
  options: Type.Array(Option), score: Type.Integer({ description: 'Points; a composite\'s is its sub-questions\' sum.' }), sort: Type.Integer(),
  blanks: Type.Optional(Type.Integer({ minimum: 1, description: 'fill only: how many blanks (one answer each, in order).' })),
};
/** A composite's sub-question (never composite itself); answered by its own id. */
export const SubQuestion = Type.Object(QuestionFields);
export type SubQuestion = Static<typeof SubQuestion>;
export const PaperQuestion = Type.Object({
  ...QuestionFields,
  children: Type.Optional(Type.Array(SubQuestion, { description: 'composite only: its sub-questions in order.' })),
});
export type PaperQuestion = Static<typeof PaperQuestion>;

/** The paper of an open attempt: the questions without their answers, the deadline and what was saved. */
export const Paper = Type.Object({
  attemptId: Type.Integer(), examId: Type.Integer(), title: Type.String(), type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  startedAt: DateTime,
  deadline: Nullable(Type.String({ format: 'date-time', description: 'min(start + duration, end_time); null: no limit.' })),
  serverNow: Type.String({ format: 'date-time', description: 'The server clock, for the countdown.' }),
  totalScore: Nullable(Type.Integer()), passScore: Nullable(Type.Integer()),
  questions: Type.Array(PaperQuestion),
  answers: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Saved answers by question id.' }),
});
export type Paper = Static<typeof Paper>;

export const SaveResult = Type.Object({ saved: Type.Integer(), savedAt: DateTime });
export type SaveResult = Static<typeof SaveResult>;

const ReviewFields = {
  ...QuestionFields,
  yourAnswer: Type.Array(Type.String(), { description: 'Option keys, [text], or one answer per blank (fill).' }),
  correctAnswer: Nullable(Type.Array(Type.String(), {
    description: 'Option keys; fill: the accepted answers of each blank joined with " / "; null for surveys, text, short and composite questions.',
  })),
  gained: Nullable(Type.Integer({ description: 'Points earned; null for surveys and for a short answer awaiting marking; a composite: its sub-questions\' sum.' })),
  blankRight: Type.Optional(Type.Array(Type.Boolean(), { description: 'fill: whether each blank is right.' })),
  mark: Type.Optional(Nullable(Type.Object({
    score: Type.Integer(), comment: Nullable(Type.String()),
  }, { description: "short: the marker's score and comment; null while awaiting marking." }))),
  reference: Type.Optional(Nullable(Type.String({ description: 'short: the model answer, once closed.' }))),
  explanation: Type.Optional(Nullable(Type.String())),
};
export const ReviewSubQuestion = Type.Object(ReviewFields);
export type ReviewSubQuestion = Static<typeof ReviewSubQuestion>;
export const ReviewQuestion = Type.Object({
  ...ReviewFields,
  children: Type.Optional(Type.Array(ReviewSubQuestion, { description: 'composite only: its sub-questions reviewed.' })),
});
export type ReviewQuestion = Static<typeof ReviewQuestion>;

export const ExamResult = Type.Object({
  attemptId: Type.Integer(), examId: Type.Integer(), title: Type.String(), type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  state: AttemptState, startedAt: DateTime, submittedAt: Nullable(DateTime),
  score: Nullable(Type.Integer({ description: 'null for surveys and while awaiting marking.' })), passed: Nullable(Type.Boolean()),
  totalScore: Nullable(Type.Integer()), passScore: Nullable(Type.Integer()),
  markingState: MarkingState,
  objectiveScore: Nullable(Type.Integer({ description: 'The machine-scored part when the paper has short answers.' })),
  questionCount: Type.Integer({ description: 'Answerable questions (a composite counts its sub-questions).' }),
  answeredCount: Type.Integer(), correctCount: Nullable(Type.Integer({ description: 'Machine-scored questions fully right.' })),
  questions: Type.Array(ReviewQuestion),
});
export type ExamResult = Static<typeof ExamResult>;

// --- Preview and history (issue 18) ---
/** GET preview: the paper read-only, without answers, when the exam allows it. */
export const ExamPreview = Type.Object({
  examId: Type.Integer(), title: Type.String(), type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  duration: Type.Integer(), totalScore: Nullable(Type.Integer()), passScore: Nullable(Type.Integer()),
  paperMode: Type.Union([Type.Literal('fixed'), Type.Literal('random')], { description: 'random: each attempt draws its own questions, so none are shown.' }),
  drawCount: Type.Integer({ description: 'random: how many questions an attempt draws.' }),
  questions: Type.Array(PaperQuestion, { description: 'fixed: the paper without answers; random: [].' }),
});
export type ExamPreview = Static<typeof ExamPreview>;

export const HistoryQuery = Type.Object({ ...PageParams });

/** One attempt of the caller at an exam (/exam/examHistory). */
export const HistoryItem = Type.Object({
  attemptId: Type.Integer(), examId: Type.Integer(), title: Type.String(), state: AttemptState, markingState: MarkingState,
  startedAt: DateTime, submittedAt: Nullable(DateTime),
  timeUsedSeconds: Nullable(Type.Integer({ description: 'From start to hand-in; null while open.' })),
  score: Nullable(Type.Integer({ description: 'null while open or awaiting marking.' })), objectiveScore: Nullable(Type.Integer()),
  passed: Nullable(Type.Boolean()), totalScore: Nullable(Type.Integer()),
});
export type HistoryItem = Static<typeof HistoryItem>;

export const MemberQuery = Type.Object({
  ...PageParams,
  type: Type.Optional(Type.Enum(['exam', 'survey'], { description: 'exam or survey; both when absent.' })),
});

/** An exam or survey the caller has sat, with their latest and best attempt. */
export const MemberExam = Type.Object({
  examId: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  windowState: ExamItem.properties.windowState, endTime: Nullable(DateTime), totalScore: Nullable(Type.Integer()), passScore: Nullable(Type.Integer()),
  attemptCount: Type.Integer(), lastAttemptId: Type.Integer(), lastState: AttemptState, lastTime: DateTime,
  bestScore: Nullable(Type.Integer()), passed: Nullable(Type.Boolean({ description: 'Whether any attempt passed; null for surveys or before a result.' })),
  lastMarkingState: MarkingState,
});
export type MemberExam = Static<typeof MemberExam>;

/** The query of GET /exam/api/exam/search. */
export const ExamSearchQuery = Type.Object({
  ...ListParams,
  type: Type.Optional(Type.Enum(['exam', 'survey'], { description: 'exam or survey; both when absent.' })),
  windowState: Type.Optional(Type.Enum(['upcoming', 'open', 'closed'], { description: 'Only those whose answering window is in this state now.' })),
});
