// The teachers' work center (issue 18 "Teachers"; spec learning §2 "Personal center" work: myToDoList,
// myClasses, myCourse, myContent; §6 teacher functions, whose access rule is ours: server/lib/roles.ts).
// Server routes (server/modules/train/work-*.ts, server/modules/cm/audit-*.ts) validate with these;
// src/api/work.ts derives its types. docs/api.md "Work center" and docs/exams.md "Work center".
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const Id = (description: string) => Type.Integer({ minimum: 1, description });
const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** A removal's or rejection's reason: 1–500 characters after trimming. */
export const REASON_MAX = 500;
const Reason = Type.String({ minLength: 1, maxLength: 2000, description: `Trimmed, then 1–${REASON_MAX} characters; required.` });

/** ?tenantId: the caller's own work lists. */
export const WorkQuery = Type.Object({ tenantId: TenantIdParam });
export type WorkQuery = Static<typeof WorkQuery>;

// --- To-do: GET /train/api/work/todo ---------------------------------------------------------------

/** The kinds of waiting work, each for the role that handles it. */
export const TodoKind = Type.Union([
  Type.Literal('homework'), Type.Literal('marking'), Type.Literal('invigilate'), Type.Literal('live'), Type.Literal('review'),
]);
export type TodoKind = Static<typeof TodoKind>;

/** One waiting thing, with the page (a route under /study) that handles it. */
export const TodoItem = Type.Object({
  id: Type.Integer({ description: 'The submission, attempt, exam, room or content id.' }),
  title: Type.String({ description: 'What it is: the homework, exam, room or work title.' }),
  who: Nullable(Type.String({ description: 'The learner it is from (hidden for blind-marked exams), or null.' })),
  at: DateTime('When it was submitted, or when the room starts.'),
  count: Nullable(Type.Integer({ description: 'invigilate: candidates answering now; null otherwise.' })),
  link: Type.String({ description: 'The route that handles it.' }),
});
export type TodoItem = Static<typeof TodoItem>;

/** One group of the to-do list. */
export const TodoGroup = Type.Object({
  kind: TodoKind,
  count: Type.Integer({ description: 'Everything of this kind waiting (items lists the first 5).' }),
  link: Type.String({ description: 'The page that lists them all.' }),
  items: Type.Array(TodoItem),
});
export type TodoGroup = Static<typeof TodoGroup>;

/** What waits for the caller: one group per kind their grants serve (learners: 403). */
export const WorkTodo = Type.Object({
  total: Type.Integer(),
  groups: Type.Array(TodoGroup, { description: 'Only the kinds the caller\'s grants serve, in a fixed order.' }),
});
export type WorkTodo = Static<typeof WorkTodo>;

// --- Schedule: GET /train/api/work/schedule?from&to -------------------------------------------------

/** ?from&to: dates (YYYY-MM-DD, the tenant's day) or date-times; at most 93 days apart. */
export const ScheduleQuery = Type.Object({
  tenantId: TenantIdParam,
  from: Type.String({ minLength: 10, maxLength: 40, description: 'Start of the range, inclusive.' }),
  to: Type.String({ minLength: 10, maxLength: 40, description: 'End of the range, exclusive.' }),
});
export type ScheduleQuery = Static<typeof ScheduleQuery>;

/** A phase of one of my classes: open from its opening day until the next phase opens or the class ends. */
export const SchedulePhase = Type.Object({
  classesId: Type.Integer(),
  classesTitle: Type.String(),
  phaseId: Type.Integer(),
  title: Type.String(),
  start: DateTime('The class start plus the phase\'s opening day.'),
  end: DateTime('The next phase\'s opening, or the class end.'),
});
export type SchedulePhase = Static<typeof SchedulePhase>;

/** A live room I teach. */
export const ScheduleRoom = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  classesId: Nullable(Type.Integer()),
  classesTitle: Nullable(Type.String()),
  startTime: DateTime(),
  endTime: Nullable(DateTime()),
  liveState: Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]),
});
export type ScheduleRoom = Static<typeof ScheduleRoom>;

export const WorkSchedule = Type.Object({
  from: DateTime(),
  to: DateTime(),
  classes: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), startTime: DateTime(), endTime: DateTime() }), {
    description: 'My classes that run in the range.',
  }),
  phases: Type.Array(SchedulePhase),
  rooms: Type.Array(ScheduleRoom),
});
export type WorkSchedule = Static<typeof WorkSchedule>;

// --- Class management: /train/api/work/classes* ------------------------------------------------------

/** A class I teach. */
export const WorkClass = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  startTime: DateTime(),
  endTime: DateTime(),
  state: Type.Integer({ description: '1 enrolling (not started), 2 in progress, 3 finished.' }),
  enrolCount: Type.Integer(),
  enrolLimit: Nullable(Type.Integer()),
  isPublic: Type.Boolean(),
  roomCount: Type.Integer({ description: 'Its live rooms.' }),
});
export type WorkClass = Static<typeof WorkClass>;

/** ?classesId&pageNo&pageSize&keyword. */
export const WorkMemberQuery = Type.Object({
  tenantId: TenantIdParam, classesId: Id('The class.'), ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 50, description: 'Part of the name or account.' })),
});
export type WorkMemberQuery = Static<typeof WorkMemberQuery>;

/** An enrolled member as the class's teacher sees them (names unmasked). */
export const WorkMember = Type.Object({
  userId: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  enrolledAt: DateTime(),
  score: Nullable(Type.Integer({ description: 'The assessment score, null until assessed.' })),
  passed: Nullable(Type.Boolean()),
});
export type WorkMember = Static<typeof WorkMember>;

/** POST enrol: a user of the tenant by account. */
export const EnrolByAccountBody = Type.Object({
  tenantId: TenantIdParam, classesId: Id('The class.'),
  account: Type.String({ minLength: 1, maxLength: 50, description: 'The learner\'s account (sign-in name).' }),
});
export type EnrolByAccountBody = Static<typeof EnrolByAccountBody>;

/** POST remove: an enrolled member, with the reason the learner is told. */
export const RemoveMemberBody = Type.Object({ tenantId: TenantIdParam, classesId: Id('The class.'), userId: Id('The member.'), reason: Reason });
export type RemoveMemberBody = Static<typeof RemoveMemberBody>;

export const MemberChange = Type.Object({ classesId: Type.Integer(), userId: Type.Integer(), enrolCount: Type.Integer() });
export type MemberChange = Static<typeof MemberChange>;

/** ?classesId. */
export const WorkClassQuery = Type.Object({ tenantId: TenantIdParam, classesId: Id('The class.') });
export type WorkClassQuery = Static<typeof WorkClassQuery>;

/** POST createRoom: a live room of the class (its teachers teach it). */
export const CreateRoomBody = Type.Object({
  tenantId: TenantIdParam, classesId: Id('The class.'),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  startTime: DateTime('When it starts; in the future.'),
  minutes: Type.Optional(Type.Integer({ minimum: 10, maximum: 600, default: 90, description: 'Planned length.' })),
});
export type CreateRoomBody = Static<typeof CreateRoomBody>;

// --- Work review: /cm/api/work/audit* ---------------------------------------------------------------

/** A learner's submitted work awaiting review. */
export const PendingWork = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  cover: Nullable(Type.String()),
  kind: Type.String({ description: 'video, audio, pdf, article or link.' }),
  purpose: Type.Integer({ description: 'The content purpose: 5–7 a creator\'s reading work (issue 20 part V), read chapter by chapter in its review page.' }),
  mediaUrl: Nullable(Type.String()),
  uploaderId: Nullable(Type.Integer()),
  uploaderName: Nullable(Type.String()),
  classesId: Nullable(Type.Integer()),
  classesTitle: Nullable(Type.String()),
  submittedAt: Nullable(DateTime()),
});
export type PendingWork = Static<typeof PendingWork>;

export const PendingWorkQuery = Type.Object({ tenantId: TenantIdParam, ...Paging });
export type PendingWorkQuery = Static<typeof PendingWorkQuery>;

export const ApproveWorkBody = Type.Object({ tenantId: TenantIdParam, id: Id('The content (work) id.') });
export type ApproveWorkBody = Static<typeof ApproveWorkBody>;

export const RejectWorkBody = Type.Object({ tenantId: TenantIdParam, id: Id('The content (work) id.'), reason: Reason });
export type RejectWorkBody = Static<typeof RejectWorkBody>;

export const AuditResult = Type.Object({
  id: Type.Integer(),
  auditState: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
  reason: Nullable(Type.String()),
});
export type AuditResult = Static<typeof AuditResult>;
