// Mock practice (issue 18 "Learners": /paper, /paper/latest, /exam/practice, myTest): categories of
// the question bank, practice sets, sessions answered one question at a time, the history and the
// wrong-answer book. Server routes validate with these; src/api/practice.ts derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable, PageParams } from './list';

const Id = (description: string) => Type.Integer({ minimum: 1, description });
const DateTime = Type.String({ format: 'date-time' });
const Kind = Type.Union([
  Type.Literal('single'), Type.Literal('multiple'), Type.Literal('judge'), Type.Literal('fill'), Type.Literal('short'), Type.Literal('composite'),
], { description: 'fill: blanks; short: the learner compares with the reference answer and says whether they got it; composite: a passage with sub-questions.' });
const Option = Type.Object({ key: Type.String(), text: Type.String() });
const Value = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 26, description: 'Option keys; for fill one text per blank; for short [text].' });
/** The right answer: option keys, or for fill the accepted answers of each blank. */
const CorrectAnswer = Nullable(Type.Union([Type.Array(Type.String()), Type.Array(Type.Array(Type.String()))], {
  description: 'single/multiple/judge: the right keys; fill: accepted answers per blank; null for short and composite.',
}));

/** A category of the question bank with its practisable questions (active, top level, children's included). */
export const PracticeCategory = Type.Object({
  id: Type.Integer(), parentId: Nullable(Type.Integer()), name: Type.String(),
  count: Type.Integer({ description: 'Active top-level questions in this category and every category under it.' }),
});
export type PracticeCategory = Static<typeof PracticeCategory>;

/** A published practice set (/paper/latest). */
export const PracticeSetItem = Type.Object({
  id: Type.Integer(), title: Type.String(), categoryName: Nullable(Type.String()), questionCount: Type.Integer(), createdAt: DateTime,
});
export type PracticeSetItem = Static<typeof PracticeSetItem>;

/** Where a session's questions come from. */
export const StartPracticeBody = Type.Object({
  tenantId: TenantIdParam,
  source: Type.Union([Type.Literal('category'), Type.Literal('set'), Type.Literal('wrong')], {
    description: 'category: drawn at random from a category (categoryId, count); set: a practice set (setId); wrong: the wrong answers of a finished exam (examId) or, without examId, of the wrong-answer book.',
  }),
  categoryId: Type.Optional(Id('The category to draw from (source category).')),
  count: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50)], { description: 'How many to draw (source category; also caps source wrong). Default 10.' })),
  setId: Type.Optional(Id('The practice set (source set).')),
  examId: Type.Optional(Id('The finished exam whose wrong answers to practise (source wrong).')),
});
export type StartPracticeBody = Static<typeof StartPracticeBody>;

/** What checking one answer tells: right or wrong, the right answer and the explanation. */
const FeedbackFields = {
  correct: Nullable(Type.Boolean({ description: 'null: a short answer awaiting the learner\'s own verdict (assess).' })),
  yourAnswer: Type.Array(Type.String()),
  correctAnswer: CorrectAnswer,
  explanation: Nullable(Type.String()),
  reference: Nullable(Type.String({ description: 'The reference answer of a short question.' })),
};
const PartFeedback = Type.Object(FeedbackFields);
export const PracticeFeedback = Type.Object({
  ...FeedbackFields,
  parts: Type.Optional(Type.Array(PartFeedback, { description: 'A composite\'s sub-questions, in order.' })),
});
export type PracticeFeedback = Static<typeof PracticeFeedback>;

const QuestionFields = { kind: Kind, stem: Type.String(), options: Type.Array(Option), blanks: Type.Integer({ description: 'fill: how many blanks; else 0.' }) };
/** A practised question as the learner sees it: no answer until it is checked. */
export const PracticeQuestion = Type.Object({
  index: Type.Integer({ description: 'Position in the session, from 0.' }),
  ...QuestionFields,
  children: Type.Array(Type.Object(QuestionFields), { description: 'A composite\'s sub-questions.' }),
  feedback: Nullable(PracticeFeedback),
});
export type PracticeQuestion = Static<typeof PracticeQuestion>;

const Counts = {
  questionCount: Type.Integer(), answeredCount: Type.Integer(), correctCount: Type.Integer(),
  accuracy: Nullable(Type.Integer({ description: 'Percent right of the answered (self-assessed short answers included); null before any answer.' })),
};

/** A session with its questions (answers only for those checked). */
export const PracticeSession = Type.Object({
  id: Type.Integer(), title: Type.String(), source: StartPracticeBody.properties.source, examId: Nullable(Type.Integer()),
  requested: Nullable(Type.Integer({ description: 'The count asked for, when the bank had fewer (questionCount is what was drawn).' })),
  startedAt: DateTime, finishedAt: Nullable(DateTime), ...Counts,
  questions: Type.Array(PracticeQuestion),
});
export type PracticeSession = Static<typeof PracticeSession>;

export const SessionQuery = Type.Object({ tenantId: TenantIdParam, id: Id('The practice session.') });

export const AnswerPracticeBody = Type.Object({
  tenantId: TenantIdParam, sessionId: Id('The practice session.'),
  index: Type.Integer({ minimum: 0, maximum: 199, description: 'The question\'s position in the session.' }),
  value: Value,
  parts: Type.Optional(Type.Array(Value, { maxItems: 50, description: 'A composite: one value per sub-question, in order.' })),
});

export const AssessBody = Type.Object({
  tenantId: TenantIdParam, sessionId: Id('The practice session.'), index: Type.Integer({ minimum: 0, maximum: 199 }),
  correct: Type.Boolean({ description: 'The learner\'s own verdict on a short answer after reading the reference: I got it (true) or I missed it.' }),
});

/** The answer to answer and assess: the feedback and the session's counts after it. */
export const AnswerResult = Type.Object({ index: Type.Integer(), feedback: PracticeFeedback, ...Counts });
export type AnswerResult = Static<typeof AnswerResult>;

export const FinishBody = Type.Object({ tenantId: TenantIdParam, sessionId: Id('The practice session.') });

/** A session in the history. */
export const PracticeHistoryItem = Type.Object({
  id: Type.Integer(), title: Type.String(), source: StartPracticeBody.properties.source, examId: Nullable(Type.Integer()), startedAt: DateTime, finishedAt: Nullable(DateTime), ...Counts,
});
export type PracticeHistoryItem = Static<typeof PracticeHistoryItem>;

export const WrongBookQuery = Type.Object({
  ...PageParams,
  mastered: Type.Optional(Type.Boolean({ description: 'true: the mastered ones; false or absent: those still to practise.' })),
});

/** A question of the wrong-answer book. */
export const WrongAnswerItem = Type.Object({
  source: Type.Union([Type.Literal('bank'), Type.Literal('exam')], { description: 'bank: a bank question met in practice; exam: a question of an exam paper.' }),
  questionId: Type.Integer(), examId: Nullable(Type.Integer()), examTitle: Nullable(Type.String()),
  kind: Type.String(), stem: Type.String(), lastAnswer: Type.Array(Type.String()), wrongCount: Type.Integer(),
  lastWrongAt: DateTime, masteredAt: Nullable(DateTime),
});
export type WrongAnswerItem = Static<typeof WrongAnswerItem>;

export const RemoveWrongBody = Type.Object({
  tenantId: TenantIdParam, source: WrongAnswerItem.properties.source, questionId: Id('The question of the book entry.'),
});

export const ExamWrongQuery = Type.Object({ tenantId: TenantIdParam, examId: Id('The exam.') });

/** Whether a finished exam's wrong answers can be practised (/exam/practice), and how many there are. */
export const ExamWrongSummary = Type.Object({
  examId: Type.Integer(), title: Type.String(), allowPractice: Type.Boolean(),
  attemptId: Nullable(Type.Integer({ description: 'The latest closed attempt; null when the caller has none.' })),
  wrongCount: Type.Integer({ description: 'Questions of that attempt answered wrong (short answers once marked).' }),
});
export type ExamWrongSummary = Static<typeof ExamWrongSummary>;

// The small schemas of the practice routes (route files declare none of their own).
/** The query of the calls that need only the tenant. */
export const PracticeTenantQuery = Type.Object({ tenantId: TenantIdParam });
/** A paged list's query. */
export const PracticePageQuery = Type.Object(PageParams);
/** What removing a wrong-answer entry answers. */
export const RemovedResult = Type.Object({ removed: Type.Boolean() });
