// Homework (issue 18 "Learners: Homework", "Teachers: myWork, myZuoye"): a class's assignments and
// the learners' submissions (migration 0023 homework, homework_submission). Server routes validate
// with these (server/modules/train/homework-*.ts); src/api/homework.ts derives its types. Rules the
// spec leaves "not shown" are in docs/exams.md "Homework" and docs/decisions.md.
import { Type, type Static } from 'typebox';
import { Id, NullableInput, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** Submission text: at most this many characters. */
export const HOMEWORK_TEXT_MAX = 20_000;
/** Files of one submission (and attachments of one assignment): at most this many. */
export const HOMEWORK_FILES_MAX = 10;
/** A marking or return comment: at most this many characters. */
export const HOMEWORK_COMMENT_MAX = 2000;

/** A file from the upload flow (spec shell §7 "Upload"): its public URL, the name the user chose, bytes and type. */
export const HomeworkFile = Type.Object({
  name: Text({ minLength: 1, maxLength: 200, description: 'The file name as chosen (brackets already full-width).' }),
  url: Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl the upload returned: an upload of this tenant.' }),
  size: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Bytes.' }),
  contentType: Type.String({ maxLength: 120 }),
});
export type HomeworkFile = Static<typeof HomeworkFile>;

/**
 * A learner's standing on one assignment: todo 未提交 (nothing, or a draft never sent), submitted
 * 已提交 (waiting for the teacher), returned 已退回 (sent back for redo), marked 已批改 (final).
 */
export const HomeworkStatus = Type.Union([Type.Literal('todo'), Type.Literal('submitted'), Type.Literal('returned'), Type.Literal('marked')]);
export type HomeworkStatus = Static<typeof HomeworkStatus>;

/** One submission as its learner and the class's teachers see it. */
export const HomeworkSubmission = Type.Object({
  id: Type.Integer(),
  homeworkId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  content: Type.String(),
  files: Type.Array(HomeworkFile),
  state: Type.Union([Type.Literal('submitted'), Type.Literal('returned'), Type.Literal('marked')]),
  score: Nullable(Type.Integer({ description: 'Set when marked.' })),
  comment: Nullable(Type.String({ description: 'The teacher\'s comment (marked) or the reason it was returned.' })),
  markerName: Nullable(Type.String()),
  markedAt: Nullable(DateTime()),
  submittedAt: DateTime(),
  late: Type.Boolean({ description: 'Submitted after the deadline (allowed by allowLate).' }),
  revision: Type.Integer({ description: '1 for the first submission, +1 for each resubmission after a return.' }),
});
export type HomeworkSubmission = Static<typeof HomeworkSubmission>;

/** The assignment fields every answer carries. */
const HomeworkFields = {
  id: Type.Integer(),
  classesId: Type.Integer(),
  classesTitle: Type.String(),
  title: Type.String(),
  deadline: Nullable(DateTime('null: no deadline.')),
  totalScore: Type.Integer({ description: 'The points a mark is out of.' }),
  allowLate: Type.Boolean({ description: 'Submissions after the deadline are accepted (and shown as late).' }),
  state: Type.Union([Type.Literal('published'), Type.Literal('closed')], { description: 'closed: no more submissions; marking goes on.' }),
  createdAt: DateTime(),
};

/** GET /train/api/homework/detail: the assignment, what I may do, and my submission. */
export const HomeworkDetail = Type.Object({
  ...HomeworkFields,
  instructions: Type.String({ description: 'Rich text, sanitised when saved.' }),
  attachments: Type.Array(HomeworkFile),
  now: DateTime('The server clock (the deadline countdown counts from it).'),
  isTeacher: Type.Boolean({ description: 'I teach the class: the page links to the marking queue.' }),
  isMember: Type.Boolean({ description: 'I am an enrolled member: the page offers the submission form.' }),
  canSubmit: Type.Boolean({ description: 'A submit now would be accepted (member, open, before the deadline or late allowed, not yet sent or returned).' }),
  overdue: Type.Boolean({ description: 'The deadline has passed.' }),
  mine: Nullable(HomeworkSubmission),
});
export type HomeworkDetail = Static<typeof HomeworkDetail>;

/** ?tenantId&id. */
export const HomeworkIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The homework id.' }) });
export type HomeworkIdQuery = Static<typeof HomeworkIdQuery>;

/** POST /train/api/homework/submit: my text and files (a resubmission only after a return). */
export const HomeworkSubmitBody = Type.Object({
  tenantId: TenantIdParam,
  homeworkId: Id({ description: 'The homework id.' }),
  content: Text({ maxLength: HOMEWORK_TEXT_MAX, default: '', description: `Plain text, at most ${HOMEWORK_TEXT_MAX} characters.` }),
  files: Type.Array(HomeworkFile, { maxItems: HOMEWORK_FILES_MAX, default: [], description: `At most ${HOMEWORK_FILES_MAX} files from the upload flow.` }),
});
export type HomeworkSubmitBody = Static<typeof HomeworkSubmitBody>;

/** GET /train/api/homework/my: my classes' assignments with my status. */
export const MyHomeworkQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  status: Type.Optional(HomeworkStatus),
});
export type MyHomeworkQuery = Static<typeof MyHomeworkQuery>;

/** One row of my homework. */
export const MyHomeworkItem = Type.Object({
  ...HomeworkFields,
  status: HomeworkStatus,
  score: Nullable(Type.Integer()),
  overdue: Type.Boolean({ description: 'The deadline has passed and nothing waits with the teacher (todo or returned).' }),
  late: Type.Boolean({ description: 'My submission came after the deadline.' }),
  submittedAt: Nullable(DateTime()),
});
export type MyHomeworkItem = Static<typeof MyHomeworkItem>;

// --- The teacher's calls (hasRole teacher over the class) ---------------------------------------

/** GET /train/api/homework/teaching: the assignments of the classes I teach (myZuoye), newest first. */
export const TeachingHomeworkQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  classesId: Type.Optional(Id({ description: 'Only this class.' })),
});
export type TeachingHomeworkQuery = Static<typeof TeachingHomeworkQuery>;

/** An assignment with its counts (myZuoye, myWork). */
export const TeachingHomeworkItem = Type.Object({
  ...HomeworkFields,
  instructions: Type.String(),
  attachments: Type.Array(HomeworkFile),
  memberCount: Type.Integer({ description: 'Enrolled members of the class.' }),
  submittedCount: Type.Integer({ description: 'Waiting for marking.' }),
  returnedCount: Type.Integer(),
  markedCount: Type.Integer(),
});
export type TeachingHomeworkItem = Static<typeof TeachingHomeworkItem>;

/** GET /train/api/homework/teachingClasses: the classes I may set homework for. */
export const TeachingClass = Type.Object({ id: Type.Integer(), title: Type.String(), memberCount: Type.Integer() });
export type TeachingClass = Static<typeof TeachingClass>;
export const TenantOnlyQuery = Type.Object({ tenantId: TenantIdParam });
export type TenantOnlyQuery = Static<typeof TenantOnlyQuery>;

/** POST /train/api/homework/save: create (no id) or edit an assignment of a class I teach. */
export const HomeworkSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Edit this assignment; absent: create.' })),
  classesId: Id({ description: 'A class I teach (an edit may move it to another I teach while nobody has submitted).' }),
  title: Text({ minLength: 1, maxLength: 200 }),
  instructions: Type.String({ maxLength: HOMEWORK_TEXT_MAX, default: '', description: 'Rich text; sanitised on save.' }),
  attachments: Type.Array(HomeworkFile, { maxItems: HOMEWORK_FILES_MAX, default: [] }),
  deadline: NullableInput(Type.String({ format: 'date-time', description: 'null: no deadline.' })),
  totalScore: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  allowLate: Type.Boolean({ default: false }),
});
export type HomeworkSaveBody = Static<typeof HomeworkSaveBody>;

/** POST /train/api/homework/close: close (no more submissions) or reopen an assignment. */
export const HomeworkCloseBody = Type.Object({
  tenantId: TenantIdParam, id: Id({ description: 'The homework id.' }),
  closed: Type.Boolean({ default: true, description: 'true closes, false reopens.' }),
});
export type HomeworkCloseBody = Static<typeof HomeworkCloseBody>;

/** One row of the marking queue: a member and their submission, if any. */
export const QueueRow = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  submissionId: Nullable(Type.Integer()),
  status: HomeworkStatus,
  score: Nullable(Type.Integer()),
  submittedAt: Nullable(DateTime()),
  late: Type.Boolean(),
  revision: Type.Integer({ description: '0 when nothing was submitted.' }),
});
export type QueueRow = Static<typeof QueueRow>;

/** GET /train/api/homework/submissions: the queue of one assignment (submitted, returned, marked, then who has not submitted). */
export const HomeworkQueue = Type.Object({ homework: TeachingHomeworkItem, rows: Type.Array(QueueRow) });
export type HomeworkQueue = Static<typeof HomeworkQueue>;

/** GET /train/api/homework/submission?id: one submission, whole (the teacher's marking view). */
export const SubmissionIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The submission id.' }) });
export type SubmissionIdQuery = Static<typeof SubmissionIdQuery>;

/** POST /train/api/homework/mark: mark (score 0..points, comment optional) or return for redo (comment required). */
export const HomeworkMarkBody = Type.Object({
  tenantId: TenantIdParam,
  submissionId: Id({ description: 'The submission id.' }),
  action: Type.Union([Type.Literal('mark'), Type.Literal('return')]),
  score: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'mark: 0 to the assignment\'s points.' })),
  comment: Type.Optional(Text({ maxLength: HOMEWORK_COMMENT_MAX, description: 'return: required.' })),
});
export type HomeworkMarkBody = Static<typeof HomeworkMarkBody>;
