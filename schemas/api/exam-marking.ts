// Marking subjective answers (issue 18, /user/center/work/myExamMarking; spec learning §2
// "Personal center" work, §6 teacher functions: "how access is decided is not shown", ours: the
// marker role over an exam, docs/exams.md "Marking"). Server routes validate with these; src/api
// derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable } from './list';

const Id = (description: string) => Type.Integer({ minimum: 1, description });
const DateTime = Type.String({ format: 'date-time' });

export const MarkingExamsQuery = Type.Object({ tenantId: TenantIdParam });
export const MarkingExamQuery = Type.Object({ tenantId: TenantIdParam, examId: Id('An exam the caller marks.') });
export const MarkingAnswersQuery = Type.Object({
  tenantId: TenantIdParam,
  examId: Id('An exam the caller marks.'),
  questionId: Id('A short question of the exam (as MarkingQuestion.questionId names it).'),
  state: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('marked')], {
    default: 'pending', description: 'pending (default): answers awaiting a mark, oldest submit first; marked: answers with a mark, latest mark first.',
  })),
});

/** One exam the caller marks, with what awaits marking. */
export const MarkingExam = Type.Object({
  examId: Type.Integer(),
  title: Type.String(),
  blind: Type.Boolean({ description: 'Blind marking: candidates are numbered, names hidden.' }),
  shortCount: Type.Integer({ description: 'Short questions on the paper.' }),
  pendingAttempts: Type.Integer({ description: 'Handed-in attempts still awaiting a mark.' }),
  pendingAnswers: Type.Integer({ description: 'Short answers of those attempts without a mark.' }),
  markedAnswers: Type.Integer({ description: 'Short answers with a mark.' }),
  lastSubmittedAt: Nullable(DateTime),
});
export type MarkingExam = Static<typeof MarkingExam>;

/** A short question of an exam as the marker sees it: the model answer and the progress. */
export const MarkingQuestion = Type.Object({
  questionId: Type.Integer({ description: 'The question (for a random paper: the first copy of one bank question; the answers call gathers every copy).' }),
  number: Type.Integer({ description: 'Its place among the exam\'s short questions, from 1.' }),
  stem: Type.String(),
  passage: Nullable(Type.String({ description: 'The composite question\'s passage when this is one of its sub-questions.' })),
  reference: Nullable(Type.String({ description: 'The model answer for markers.' })),
  points: Type.Integer({ description: 'The most a mark may give.' }),
  total: Type.Integer({ description: 'Answers to mark (handed-in attempts that await or had marking).' }),
  marked: Type.Integer({ description: 'Of those, answers with a mark.' }),
});
export type MarkingQuestion = Static<typeof MarkingQuestion>;

export const MarkingPaper = Type.Object({
  exam: MarkingExam,
  questions: Type.Array(MarkingQuestion),
});
export type MarkingPaper = Static<typeof MarkingPaper>;

/** Who wrote an answer: a number stable within the exam; the name only when blind marking is off. */
export const Candidate = Type.Object({
  number: Type.Integer({ description: 'Candidate 1, 2… in the order of their first attempt at this exam.' }),
  name: Nullable(Type.String({ description: 'null under blind marking.' })),
});
export type Candidate = Static<typeof Candidate>;

/** One answer to mark or marked. */
export const MarkingAnswer = Type.Object({
  attemptId: Type.Integer(),
  questionId: Type.Integer({ description: 'The question of this attempt (a random paper has one copy per attempt).' }),
  candidate: Candidate,
  answer: Type.String({ description: 'The answer text; empty when left blank.' }),
  submittedAt: Nullable(DateTime),
  score: Nullable(Type.Integer({ description: 'null while unmarked.' })),
  comment: Nullable(Type.String()),
  markedAt: Nullable(DateTime),
  markedBy: Nullable(Type.String({ description: 'The marker\'s name; null when unmarked or marked 0 at submit (left blank).' })),
});
export type MarkingAnswer = Static<typeof MarkingAnswer>;

export const MarkingAnswers = Type.Object({
  question: MarkingQuestion,
  items: Type.Array(MarkingAnswer, { description: 'At most 500.' }),
});
export type MarkingAnswers = Static<typeof MarkingAnswers>;

export const SaveMarkBody = Type.Object({
  tenantId: TenantIdParam,
  attemptId: Id('A handed-in attempt.'),
  questionId: Id('A short question of that attempt.'),
  score: Type.Integer({ minimum: 0, maximum: 1000, description: 'Whole points, from 0 to the question\'s points.' }),
  comment: Type.Optional(Type.String({ maxLength: 2000, description: 'Shown to the learner with the mark.' })),
});

/** What a save did to the attempt. */
export const SaveMarkResult = Type.Object({
  attemptId: Type.Integer(),
  questionId: Type.Integer(),
  score: Type.Integer(),
  markingState: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('done')]),
  attemptScore: Nullable(Type.Integer({ description: 'The final score once every short answer has a mark; null while some await one.' })),
  passed: Nullable(Type.Boolean()),
});
export type SaveMarkResult = Static<typeof SaveMarkResult>;
