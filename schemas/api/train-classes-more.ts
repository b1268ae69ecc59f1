// The rest of the class calls of spec learning §7 "Training" (issue 17): favourites, the teacher's
// rights, member assessment, class content and its log, comments, attendance, the class rank,
// class notices and statistics (the discussion circle and the activity feed: train-circle.ts). Server routes
// validate with these (server/modules/train/classes-*.ts); src/ derives its types. Rules the spec
// leaves "not shown" are in docs/decisions.md "Classes, complete" and docs/api.md "Classes, complete".
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { CardFields, Nullable, PageNo, PageSize } from './list';

export const Id = (description: string) => Type.Integer({ minimum: 1, description });
export const ClassesId = Id('The training class id.');
const ItemId = Id('A schedule item of the class (classes phase content id, as PhaseItem.id).');
export const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };
export const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** Comment, post and reply text: the text filter removes special symbols, brackets and emoji (spec §5); then 1–500 characters. */
export const USER_TEXT_MAX = 500;
export const UserText = Type.String({ minLength: 1, maxLength: 2000, description: `Passes the text filter (spec learning §5), then 1–${USER_TEXT_MAX} characters.` });

/** ?tenantId&classesId: calls about one class. */
export const ClassesIdQuery = Type.Object({ tenantId: TenantIdParam, classesId: ClassesId });
export type ClassesIdQuery = Static<typeof ClassesIdQuery>;

/** ?tenantId&classesId&pageNo&pageSize. */
export const ClassesPageQuery = Type.Object({ tenantId: TenantIdParam, classesId: ClassesId, ...Paging });
export type ClassesPageQuery = Static<typeof ClassesPageQuery>;

/** ?tenantId&pageNo&pageSize: my own lists. */
export const MyPageQuery = Type.Object({ tenantId: TenantIdParam, ...Paging });
export type MyPageQuery = Static<typeof MyPageQuery>;

// --- Favourites: GET /train/api/classes/searchFavor, POST /train/api/classesFavorite/save ---------

/** POST /train/api/classesFavorite/save: favourite (true) or unfavourite (false) a class I may see; both idempotent. */
export const FavoriteBody = Type.Object({ tenantId: TenantIdParam, classesId: ClassesId, favorite: Type.Boolean() });
export type FavoriteBody = Static<typeof FavoriteBody>;
export const FavoriteResult = Type.Object({ classesId: Type.Integer(), favorite: Type.Boolean() });
export type FavoriteResult = Static<typeof FavoriteResult>;

/** A favourite class (searchFavor): the class card, when it was saved and whether I am enrolled. */
export const FavoriteClass = Type.Object({
  ...CardFields,
  teacherName: Nullable(Type.String()),
  startTime: DateTime(), endTime: DateTime(),
  enrolLimit: Nullable(Type.Integer()), enrolCount: Type.Integer(),
  state: Type.Integer({ description: '1 enrolling, 2 in progress, 3 finished (from the dates).' }),
  favoredAt: DateTime(),
  enrolled: Type.Boolean({ description: 'I am an enrolled member.' }),
});
export type FavoriteClass = Static<typeof FavoriteClass>;

// --- My rights: GET /train/api/classes/classesAdminAuth?classesId ---------------------------------

/** What the caller may do in the class; the client shows teacher controls from it. */
export const ClassesAuth = Type.Object({
  classesId: Type.Integer(),
  isMember: Type.Boolean({ description: 'Enrolled (member state 1).' }),
  isTeacher: Type.Boolean({ description: 'Has the teacher role for this class (user_role, or tenant-wide).' }),
  canAssess: Type.Boolean({ description: 'May call saveMemberAssess.' }),
  canViewStatistics: Type.Boolean({ description: 'May read every member\'s statistics (statisList of all members).' }),
  canModerate: Type.Boolean({ description: 'May delete other people\'s comments and circle posts.' }),
  favorite: Type.Boolean(),
});
export type ClassesAuth = Static<typeof ClassesAuth>;

// --- Member assessment: GET classesMember/queryMemberAssess, POST classesMember/saveMemberAssess ---

/** A member's assessment by the class teacher. */
export const MemberAssess = Type.Object({
  userId: Type.Integer(),
  name: Type.String({ description: 'Full display name for the teacher; the learner sees their own.' }),
  score: Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'null until assessed.' })),
  passed: Nullable(Type.Boolean({ description: 'null until assessed.' })),
  comment: Nullable(Type.String()),
  assessorName: Nullable(Type.String()),
  assessedAt: Nullable(DateTime()),
  percentage: Type.Integer({ description: 'The member\'s completion of the class schedule, 0–100 (as statis).' }),
  attendanceCount: Type.Integer({ description: 'Sessions signed in.' }),
});
export type MemberAssess = Static<typeof MemberAssess>;

/** ?tenantId&classesId&pageNo&pageSize: a teacher gets every member; a learner gets only their own row. */
export const MemberAssessQuery = ClassesPageQuery;

/** POST saveMemberAssess (teacher of the class only): score 0–100, pass, comment ≤ 500 (filtered). */
export const SaveMemberAssessBody = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId, userId: Id('The assessed member.'),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  passed: Type.Boolean(),
  comment: Type.Optional(Type.String({ maxLength: 2000, description: `Filtered; at most ${USER_TEXT_MAX} characters.` })),
});
export type SaveMemberAssessBody = Static<typeof SaveMemberAssessBody>;

// --- Class content ---------------------------------------------------------------------------------

/** My state of one schedule item: 0 not begun, 1 in progress, 2 finished. */
export const ItemState = Type.Integer({ minimum: 0, maximum: 2, description: '0 not begun, 1 in progress, 2 finished.' });

/** A schedule item with my progress on it. */
export const ClassItemProgress = Type.Object({
  id: Type.Integer({ description: 'The item id (PhaseItem.id).' }),
  phaseId: Type.Integer(),
  phaseTitle: Type.String(),
  type: Type.Union([Type.Literal('course'), Type.Literal('content')]),
  targetId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  kind: Nullable(Type.String()),
  purpose: Nullable(Type.Integer()),
  duration: Type.Integer({ description: 'Seconds.' }),
  lessonCount: Type.Integer(),
  finishedLessons: Type.Integer({ description: 'A course\'s lessons I finished; 0 or 1 for a content.' }),
  percentage: Type.Integer({ description: '0–100, from my study records (the one finish rule of cm/api/hist).' }),
  state: ItemState,
  studySeconds: Type.Integer({ description: 'Time studied in this class on this item (classesContent/saveLog).' }),
  lastStudyTime: Nullable(DateTime()),
  finishedAt: Nullable(DateTime()),
  available: Type.Boolean({ description: 'false when the course or content has been taken down.' }),
});
export type ClassItemProgress = Static<typeof ClassItemProgress>;

/** GET classesContent/phaseWithContentDay?classesId: phases with the day each opens and their items with my progress. */
export const PhaseWithDay = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  openDay: Type.Integer({ description: 'Days after the class start when the phase opens (0: at the start).' }),
  openTime: DateTime('The class start plus openDay days.'),
  open: Type.Boolean({ description: 'The phase is open now (and the class has started).' }),
  items: Type.Array(ClassItemProgress),
});
export type PhaseWithDay = Static<typeof PhaseWithDay>;

/** ?tenantId&classesId&itemId: checkCanEnter, childList, contentFinish of one item. */
export const ClassItemQuery = Type.Object({ tenantId: TenantIdParam, classesId: ClassesId, itemId: ItemId });
export type ClassItemQuery = Static<typeof ClassItemQuery>;

/** GET classesContent/checkCanEnter: whether I may open the item now, and why not. */
export const CanEnter = Type.Object({
  canEnter: Type.Boolean(),
  reason: Nullable(Type.String({ description: 'A full sentence when refused (not a member, not started, phase not open yet, taken down).' })),
  reasonCode: Nullable(Type.Enum(['NOT_MEMBER', 'NOT_STARTED', 'PHASE_NOT_OPEN', 'UNAVAILABLE'])),
  openTime: Nullable(DateTime('When the item\'s phase opens, when that is the reason.')),
  type: Type.Union([Type.Literal('course'), Type.Literal('content')]),
  targetId: Type.Integer(),
});
export type CanEnter = Static<typeof CanEnter>;

/** GET classesContent/childList: the lessons of a course item (a content item has itself as its one child). */
export const ClassItemChild = Type.Object({
  contentId: Nullable(Type.Integer({ description: 'null for a lesson that is a link without content.' })),
  title: Type.String(),
  kind: Type.String(),
  duration: Type.Integer(),
  phaseTitle: Nullable(Type.String({ description: 'The course chapter.' })),
  state: ItemState,
  percentage: Type.Integer(),
});
export type ClassItemChild = Static<typeof ClassItemChild>;

/** POST classesContent/saveLog: I studied the item in this class for `seconds` since the last save (heartbeat every ≤ 60 s). */
export const SaveClassLogBody = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId, itemId: ItemId,
  seconds: Type.Integer({ minimum: 0, maximum: 3600, description: 'Seconds studied since the last save; the server counts at most the wall time since it, plus 5 s.' }),
});
export type SaveClassLogBody = Static<typeof SaveClassLogBody>;

/** What saveLog and classesLog/contentFinish answer for the item, and the class totals. */
export const ClassLogResult = Type.Object({
  item: ClassItemProgress,
  finishedCount: Type.Integer({ description: 'Items of the class I finished.' }),
  itemCount: Type.Integer(),
  percentage: Type.Integer({ description: 'My completion of the class, 0–100 (each item weighs the same).' }),
  studySeconds: Type.Integer({ description: 'My time studied in the class.' }),
});
export type ClassLogResult = Static<typeof ClassLogResult>;

// --- Comments: classesComment search, searchByUser, save, delComment ---------------------------------

/** A comment on a class (/classes/userList: student comments). */
export const ClassComment = Type.Object({
  id: Type.Integer(),
  classesId: Type.Integer(),
  classesTitle: Type.String(),
  userId: Type.Integer(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
  content: Type.String(),
  score: Nullable(Type.Integer({ minimum: 1, maximum: 5, description: 'Optional star rating of the class.' })),
  createdAt: DateTime(),
  mine: Type.Boolean(),
  canDelete: Type.Boolean({ description: 'Mine, or I moderate the class (teacher).' }),
});
export type ClassComment = Static<typeof ClassComment>;

/** POST classesComment/save: enrolled members (and the class teacher) only. */
export const SaveCommentBody = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId, content: UserText,
  score: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
export type SaveCommentBody = Static<typeof SaveCommentBody>;

/** POST classesComment/delComment and circle/delete: { tenantId, id }. */
export const DeleteBody = Type.Object({ tenantId: TenantIdParam, id: Id('The comment or post id.') });
export type DeleteBody = Static<typeof DeleteBody>;
export const Deleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });

// --- Attendance: attendance settingInfo, saveLog, queryLog -----------------------------------------

/** One class session with its sign-in window (docs/decisions.md "Class attendance"). */
export const AttendanceSession = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  startTime: DateTime('When the session starts.'),
  windowStart: DateTime('Sign-in opens (default 30 min before the start).'),
  windowEnd: DateTime('Sign-in closes (default 15 min after the start).'),
  place: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  radius: Nullable(Type.Integer({ description: 'Metres; when set, sign-in needs a position within it.' })),
  open: Type.Boolean({ description: 'The window is open now.' }),
  signedAt: Nullable(DateTime('My sign-in; null when I have not signed in.')),
});
export type AttendanceSession = Static<typeof AttendanceSession>;

/** GET attendance/settingInfo?classesId: the sessions and the server clock. */
export const AttendanceSetting = Type.Object({
  classesId: Type.Integer(),
  classesTitle: Type.String(),
  now: DateTime('The server clock every window is judged by.'),
  sessions: Type.Array(AttendanceSession),
  current: Nullable(Type.Integer({ description: 'The session whose window is open now, if any.' })),
});
export type AttendanceSetting = Static<typeof AttendanceSetting>;

/** POST attendance/saveLog: sign in to a session (members only, once, inside the window, within the radius). */
export const AttendanceBody = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId, sessionId: Id('The session.'),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
});
export type AttendanceBody = Static<typeof AttendanceBody>;

/** POST attendance/saveSetting (teacher of the class only): a new session; the window defaults to 30 min before and 15 min after the start. */
export const AttendanceSettingBody = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId,
  title: Type.String({ minLength: 1, maxLength: 100 }),
  startTime: DateTime('When the session starts.'),
  beforeMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 720, default: 30 })),
  afterMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 720, default: 15 })),
  place: Type.Optional(Type.String({ maxLength: 100 })),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  radius: Type.Optional(Type.Integer({ minimum: 10, maximum: 100000, description: 'Metres; needs latitude and longitude.' })),
});
export type AttendanceSettingBody = Static<typeof AttendanceSettingBody>;

/** A sign-in. */
export const AttendanceLog = Type.Object({
  sessionId: Type.Integer(),
  sessionTitle: Type.String(),
  userId: Type.Integer(),
  name: Type.String(),
  signedAt: DateTime(),
  distance: Nullable(Type.Integer({ description: 'Metres from the session\'s place, when a position was sent.' })),
});
export type AttendanceLog = Static<typeof AttendanceLog>;

/** GET attendance/queryLog?classesId[&userId]: my sign-ins (a teacher may ask any member's, or all with userId omitted). */
export const AttendanceLogQuery = Type.Object({
  tenantId: TenantIdParam, classesId: ClassesId,
  userId: Type.Optional(Id('Another member (teacher only).')),
  all: Type.Optional(Type.Boolean({ description: 'Every member\'s sign-ins (teacher only).' })),
  ...Paging,
});
export type AttendanceLogQuery = Static<typeof AttendanceLogQuery>;

// --- Rank: GET /um/api/rank/classesUserRank?classesId ---------------------------------------------

/** A member on the class board: completion first, then time studied. */
export const ClassRankRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String({ description: 'Masked after its first character, except my own row.' }),
  avatar: Nullable(Type.String()),
  percentage: Type.Integer(),
  finishedCount: Type.Integer(),
  studySeconds: Type.Integer(),
  isMe: Type.Boolean(),
});
export type ClassRankRow = Static<typeof ClassRankRow>;
export const ClassRank = Type.Object({
  list: Type.Array(ClassRankRow, { description: 'The top members (pageSize, default 10).' }),
  me: Nullable(ClassRankRow),
  total: Type.Integer(),
});
export type ClassRank = Static<typeof ClassRank>;

// --- Notices: GET /cm/api/notice/queryByClasses?classesId -----------------------------------------

export const ClassNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  body: Nullable(Type.String({ description: 'Sanitised rich text.' })),
  top: Type.Boolean(),
  publishTime: DateTime(),
});
export type ClassNotice = Static<typeof ClassNotice>;

// --- Statistics: GET /train/api/classes/statis?id, /train/api/classes/statisList?id ---------------

/** ?tenantId&id[&userId]: the class overview, plus one member's figures (mine; another's for a teacher). */
export const StatisQuery = Type.Object({
  tenantId: TenantIdParam, id: ClassesId,
  userId: Type.Optional(Id('Another member (teacher only); default: me.')),
});
export type StatisQuery = Static<typeof StatisQuery>;

/** One member's figures. */
export const MemberStatis = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  enrolledAt: DateTime(),
  percentage: Type.Integer(),
  finishedCount: Type.Integer(),
  itemCount: Type.Integer(),
  studySeconds: Type.Integer(),
  attendanceCount: Type.Integer({ description: 'Sessions signed in.' }),
  attendanceRate: Type.Integer({ description: 'Percent of the sessions that have started.' }),
  commentCount: Type.Integer(),
  score: Nullable(Type.Integer({ description: 'The teacher\'s assessment score.' })),
  passed: Nullable(Type.Boolean()),
});
export type MemberStatis = Static<typeof MemberStatis>;

/** Completion of one schedule item (course or content) across the members. */
export const ItemStatis = Type.Object({
  itemId: Type.Integer(), phaseId: Type.Integer(), title: Type.String(), type: Type.Union([Type.Literal('course'), Type.Literal('content')]),
  finishedMembers: Type.Integer(), averagePercentage: Type.Integer(),
});
export const PhaseStatis = Type.Object({
  phaseId: Type.Integer(), title: Type.String(), itemCount: Type.Integer(),
  averagePercentage: Type.Integer({ description: 'The members\' average completion of the phase.' }),
  finishedMembers: Type.Integer({ description: 'Members who finished every item of the phase.' }),
});
export const SessionStatis = Type.Object({
  sessionId: Type.Integer(), title: Type.String(), startTime: DateTime(), signedCount: Type.Integer(),
  rate: Type.Integer({ description: 'Percent of the members who signed in.' }),
});

/** GET /train/api/classes/statis. */
export const ClassStatis = Type.Object({
  classesId: Type.Integer(),
  title: Type.String(),
  memberCount: Type.Integer(),
  itemCount: Type.Integer(),
  averagePercentage: Type.Integer(),
  finishedMembers: Type.Integer({ description: 'Members who finished every item.' }),
  attendanceRate: Type.Integer({ description: 'Sign-ins over members × sessions started, percent.' }),
  sessionCount: Type.Integer({ description: 'Sessions that have started.' }),
  totalStudySeconds: Type.Integer(),
  averageStudySeconds: Type.Integer(),
  commentCount: Type.Integer(),
  items: Type.Array(ItemStatis),
  phases: Type.Array(PhaseStatis),
  sessions: Type.Array(SessionStatis, { description: 'The sessions that have started, earliest first.' }),
  member: Nullable(MemberStatis),
});
export type ClassStatis = Static<typeof ClassStatis>;

/** ?tenantId&id&pageNo&pageSize: per-member figures; a teacher gets every member, a learner their own row. */
export const StatisListQuery = Type.Object({ tenantId: TenantIdParam, id: ClassesId, ...Paging });
export type StatisListQuery = Static<typeof StatisListQuery>;
