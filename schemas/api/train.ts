// The train service's contract (spec learning §7 "Training"): class and room cards, classes.
// Server routes validate with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { CardFields, ListParams, Nullable, PageNo, PageSize } from './list';

// --- Class and room cards ---
/** A training class card: /classes/detail/{id} (sign-in required). */
export const ClassItem = Type.Object({
  ...CardFields,
  teacherName: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Type.String({ format: 'date-time' }),
  enrolLimit: Nullable(Type.Integer({ description: 'Places; null when unlimited.' })),
  enrolCount: Type.Integer(),
  state: Type.Integer({ description: 'From the dates: 1 enrolling (not started), 2 in progress, 3 finished.' }),
});
export type ClassItem = Static<typeof ClassItem>;

/** A live room card: /chatRoom/detail/{id}. */
export const RoomItem = Type.Object({
  ...CardFields,
  teacherId: Nullable(Type.Integer()),
  teacherName: Nullable(Type.String()),
  teacherAvatar: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Nullable(Type.String({ format: 'date-time' })),
  liveState: Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')], { description: 'Set by the host starting and stopping the live.' }),
  enrolCount: Type.Integer(),
  audienceCount: Type.Integer({ description: 'Viewers so far (live or replay).' }),
});
export type RoomItem = Static<typeof RoomItem>;

// --- Classes ---
// TypeBox schemas of the class calls (spec learning §7 "Training": classes detail, searchByUser,
// enroll, cancelEnroll, classesMember/query and quit, classesContent/phase; docs/api.md "Classes").
const ClassId = Type.Integer({ minimum: 1, description: 'The training class id.' });

/** ?tenantId&id: one class. */
export const ClassQuery = Type.Object({ tenantId: TenantIdParam, id: ClassId });
export type ClassQuery = Static<typeof ClassQuery>;

/** The body of enroll and cancelEnroll. */
export const ClassBody = Type.Object({ tenantId: TenantIdParam, id: ClassId });

/** A class's state from its dates. */
export const ClassStateField = Type.Integer({ minimum: 1, maximum: 3, description: 'From the dates: 1 enrolling (not started), 2 in progress, 3 finished.' });

/** My membership: 1 enrolled (holds a seat), 2 cancelled before the start, 3 quit after the start. */
export const Membership = Type.Object({
  state: Type.Integer({ minimum: 1, maximum: 3, description: '1 enrolled, 2 cancelled (before the start), 3 quit (after the start).' }),
  enrolledAt: Type.String({ format: 'date-time', description: 'When I last enrolled.' }),
  leftAt: Nullable(Type.String({ format: 'date-time', description: 'When I cancelled or quit; null while enrolled.' })),
});
export type Membership = Static<typeof Membership>;

/** One item of a phase: an existing course or content of the tenant. */
export const PhaseItem = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('course'), Type.Literal('content')]),
  targetId: Type.Integer({ description: 'The course id or content id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  purpose: Nullable(Type.Integer({ description: 'A content\'s purpose (which detail page opens it); null for a course.' })),
  kind: Nullable(Type.String({ description: 'A content\'s kind (video, audio, pdf, article, link); null for a course.' })),
  duration: Type.Integer({ description: 'Seconds: the content\'s length, or the sum of the course\'s lessons.' }),
  lessonCount: Type.Integer({ description: 'A course\'s lessons; 0 for a content.' }),
  available: Type.Boolean({ description: 'false when the course or content has been taken down; the item is shown but not opened.' }),
});
export type PhaseItem = Static<typeof PhaseItem>;

/** A phase of the schedule with its items in order. */
export const ClassPhase = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  items: Type.Array(PhaseItem),
});
export type ClassPhase = Static<typeof ClassPhase>;

/** GET /train/api/classes/detail. */
export const ClassDetail = Type.Object({
  ...CardFields,
  teacher: Nullable(Type.Object({
    id: Type.Integer(), name: Type.String(), title: Nullable(Type.String()), avatar: Nullable(Type.String()), intro: Nullable(Type.String()),
  })),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Type.String({ format: 'date-time' }),
  enrolLimit: Nullable(Type.Integer({ description: 'Places; null when unlimited.' })),
  enrolCount: Type.Integer({ description: 'Places taken: the enrolled members.' }),
  seatsLeft: Nullable(Type.Integer({ description: 'Places left; null when unlimited.' })),
  state: ClassStateField,
  isPublic: Type.Boolean({ description: 'false: by invitation; only members see and enrol.' }),
  phases: Type.Array(ClassPhase),
  member: Nullable(Membership),
  canEnroll: Type.Boolean({ description: 'An enroll call would succeed now.' }),
  canCancel: Type.Boolean({ description: 'A cancelEnroll call would succeed now (enrolled, not started).' }),
  canQuit: Type.Boolean({ description: 'A quit call would succeed now (enrolled, started, not finished).' }),
  enrolBlocked: Nullable(Type.String({ description: 'Why enrolment is closed to me (finished, full, invitation only); null when open or enrolled.' })),
});
export type ClassDetail = Static<typeof ClassDetail>;

/** What enroll, cancelEnroll and quit answer: my membership now and the seats. */
export const EnrolResult = Type.Object({
  member: Membership,
  enrolCount: Type.Integer(),
  seatsLeft: Nullable(Type.Integer()),
});
export type EnrolResult = Static<typeof EnrolResult>;

/** A member as the member list shows them. */
export const ClassMember = Type.Object({
  name: Type.String({ description: 'Display name masked after its first character (李**), so members are not identified. No avatar is sent: a photo would identify them all the same.' }),
  enrolledAt: Type.String({ format: 'date-time' }),
  isMe: Type.Boolean({ description: 'This row is the caller.' }),
});
export type ClassMember = Static<typeof ClassMember>;

/** ?tenantId&id&pageNo&pageSize. */
export const MemberQuery = Type.Object({
  tenantId: TenantIdParam, id: ClassId, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
});

/** ?tenantId&state&pageNo&pageSize: my classes. */
export const MyClassesQuery = Type.Object({
  tenantId: TenantIdParam,
  state: Type.Optional(ClassStateField),
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
});

/** A class I am enrolled in. */
export const MyClass = Type.Object({
  ...CardFields,
  teacherName: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Type.String({ format: 'date-time' }),
  enrolLimit: Nullable(Type.Integer()),
  enrolCount: Type.Integer(),
  state: ClassStateField,
  enrolledAt: Type.String({ format: 'date-time' }),
  phaseCount: Type.Integer(),
  itemCount: Type.Integer(),
});
export type MyClass = Static<typeof MyClass>;

/** The query of GET /train/api/classes/searchAuth. */
export const ClassSearchQuery = Type.Object({
  ...ListParams,
  state: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: '1 enrolling (not started), 2 in progress, 3 finished.' })),
});

/** The query of GET /train/api/room/search. */
export const RoomSearchQuery = Type.Object({
  ...ListParams,
  sort: Type.Optional(Type.Enum(['schedule', 'newest', 'popular'], { default: 'schedule', description: 'schedule (default), newest or popular (enrolments plus viewers).' })),
  liveState: Type.Optional(Type.Enum(['upcoming', 'live', 'ended'], { description: 'Only rooms in this state.' })),
});
