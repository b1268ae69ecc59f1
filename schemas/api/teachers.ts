// Teachers' pages and the requirements hall (issue 19 part G; spec learning §2 "Teachers",
// "Requirements"; migration 0033). The calls are ours (the spec names only GET /um/api/teacher/rank):
// /um/api/teacher/{search,detail,ratings,rate,contribution} and
// /cm/api/requirement/{search,detail,save,respond,accept,close}. Server routes validate with these
// (server/modules/um/teachers-*.ts); src/api/teachers.ts derives its types. Rules: docs/growth.md.
import { Type, type Static } from 'typebox';
import { Id, NullableInput, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };
const Words = Type.Optional(Text({ maxLength: 100, description: 'Case-insensitive words.' }));

/** A rating comment: at most this many characters. */
export const RATING_COMMENT_MAX = 500;
/** A requirement's title: this many characters, from MIN to MAX. */
export const REQUIREMENT_TITLE_MIN = 2;
export const REQUIREMENT_TITLE_MAX = 60;
/** A requirement's description, counted as text (tags aside). */
export const REQUIREMENT_TEXT_MIN = 10;
export const REQUIREMENT_TEXT_MAX = 5000;
/** Files on a requirement or a response: at most this many. */
export const REQUIREMENT_FILES_MAX = 9;
/** A response's text: at most this many characters. */
export const RESPONSE_TEXT_MAX = 2000;
/** The largest budget or quote, in yuan. */
export const MONEY_MAX = 9_999_999_999.99;

// --- Teachers ------------------------------------------------------------------------------------

/** ?tenantId&id (a teacher). */
export const TeacherIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The teacher id.' }) });
export type TeacherIdQuery = Static<typeof TeacherIdQuery>;

/** score: the contribution score (the board's order); rating: the learners' average; name: by name. */
export const TeacherSort = Type.Enum(['score', 'rating', 'name'], { default: 'score', description: 'score (default, the board\'s order), rating (average, then count) or name.' });

/** GET /um/api/teacher/search: every active teacher of the tenant. */
export const TeacherSearchQuery = Type.Object({ tenantId: TenantIdParam, ...Paging, searchValue: Words, sort: Type.Optional(TeacherSort) });
export type TeacherSearchQuery = Static<typeof TeacherSearchQuery>;

/** A teacher's card: profile, counts and rating. */
export const TeacherCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String({ description: 'Job title, e.g. 高级讲师.' })),
  avatar: Nullable(Type.String()),
  intro: Nullable(Type.String()),
  score: Type.Integer({ description: 'Contribution score (GET /um/api/teacher/rank orders by it); ratings do not change it.' }),
  courseCount: Type.Integer({ description: 'Published courses taught.' }),
  classCount: Type.Integer({ description: 'Published classes taught.' }),
  ratingAvg: Nullable(Type.Number({ description: 'Average of the learners\' 1–5 ratings, one decimal; null when nobody rated.' })),
  ratingCount: Type.Integer(),
});
export type TeacherCard = Static<typeof TeacherCard>;

/** A course a teacher teaches. */
export const TeacherCourse = Type.Object({
  id: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), studyCount: Type.Integer(), publishTime: DateTime(),
});
export type TeacherCourse = Static<typeof TeacherCourse>;

/** A class a teacher teaches. */
export const TeacherClass = Type.Object({
  id: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), startTime: DateTime(), endTime: DateTime(), enrolCount: Type.Integer(),
});
export type TeacherClass = Static<typeof TeacherClass>;

/** A learner's rating as the caller gave it. */
export const MyRating = Type.Object({ score: Type.Integer({ minimum: 1, maximum: 5 }), comment: Nullable(Type.String()), updatedAt: DateTime() });
export type MyRating = Static<typeof MyRating>;

/** GET /um/api/teacher/detail: the profile, what they teach, the rating and mine. */
export const TeacherDetail = Type.Object({
  ...TeacherCard.properties,
  courses: Type.Array(TeacherCourse),
  classes: Type.Array(TeacherClass),
  distribution: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5, description: 'How many gave 1, 2, 3, 4 and 5 stars.' }),
  myRating: Nullable(MyRating),
  canRate: Type.Boolean({ description: 'Signed in and not this teacher\'s own account.' }),
});
export type TeacherDetail = Static<typeof TeacherDetail>;

/** GET /um/api/teacher/ratings: the reviews of a teacher, newest edit first. */
export const TeacherRatingsQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The teacher id.' }), ...Paging });
export type TeacherRatingsQuery = Static<typeof TeacherRatingsQuery>;

/** One learner's review. The name is the nickname or real name, never the account. */
export const TeacherReview = Type.Object({
  userId: Type.Integer(), userName: Type.String(), avatar: Nullable(Type.String()),
  score: Type.Integer(), comment: Nullable(Type.String()), createdAt: DateTime(), updatedAt: DateTime(),
  mine: Type.Boolean(),
});
export type TeacherReview = Static<typeof TeacherReview>;

/** POST /um/api/teacher/rate: rate 1–5 with an optional comment; again to edit. */
export const TeacherRateBody = Type.Object({
  tenantId: TenantIdParam,
  teacherId: Id({ description: 'The teacher id.' }),
  score: Type.Integer({ minimum: 1, maximum: 5, description: '1 to 5 stars.' }),
  comment: Type.Optional(NullableInput(Text({ maxLength: RATING_COMMENT_MAX, description: `At most ${RATING_COMMENT_MAX} characters; blank: none.` }))),
});
export type TeacherRateBody = Static<typeof TeacherRateBody>;

/** What a rating leaves: the new average and count, and mine. */
export const TeacherRateResult = Type.Object({
  ratingAvg: Nullable(Type.Number()), ratingCount: Type.Integer(), distribution: Type.Array(Type.Integer()), myRating: MyRating,
});
export type TeacherRateResult = Static<typeof TeacherRateResult>;

/** A content a teacher made (uploaded, or authored under their name). */
export const TeacherContent = Type.Object({ id: Type.Integer(), title: Type.String(), kind: Type.String(), publishTime: DateTime() });
export type TeacherContent = Static<typeof TeacherContent>;

/** A learner a teacher taught: a member of their class or a learner of their course. */
export const TaughtLearner = Type.Object({
  userId: Type.Integer(), name: Type.String(), avatar: Nullable(Type.String()),
  via: Type.Union([Type.Literal('classes'), Type.Literal('course')], { description: 'How they first met: a class enrolment or studying a course.' }),
  firstAt: DateTime('When they first enrolled or studied.'),
});
export type TaughtLearner = Static<typeof TaughtLearner>;

/** One month of a teacher's contribution (YYYY-MM, by the publish, enrolment or first study time). */
export const ContributionMonth = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  courses: Type.Integer(), contents: Type.Integer(), classes: Type.Integer(), learners: Type.Integer({ description: 'Learners met for the first time that month.' }),
});
export type ContributionMonth = Static<typeof ContributionMonth>;

/** GET /um/api/teacher/contribution: what a teacher made and whom they taught, in totals, by month and listed. */
export const TeacherContribution = Type.Object({
  teacher: TeacherCard,
  totals: Type.Object({ courses: Type.Integer(), contents: Type.Integer(), classes: Type.Integer(), learners: Type.Integer() }),
  months: Type.Array(ContributionMonth, { description: 'The last 12 months, oldest first, months without anything included.' }),
  courses: Type.Array(TeacherCourse),
  contents: Type.Array(TeacherContent),
  classes: Type.Array(TeacherClass),
  learners: Type.Array(TaughtLearner, { description: 'Most recent first, at most 100 (totals.learners counts all).' }),
});
export type TeacherContribution = Static<typeof TeacherContribution>;

// --- The requirements hall -----------------------------------------------------------------------

/** The hall's fixed kinds: 课程开发, 培训讲师, 内容制作, 咨询顾问, 其他. */
export const RequirementCategory = Type.Enum(['course', 'lecture', 'content', 'consulting', 'other'], { description: 'course 课程开发, lecture 培训讲师, content 内容制作, consulting 咨询顾问, other 其他.' });
export type RequirementCategory = Static<typeof RequirementCategory>;

/**
 * What a reader sees: open 征集中 (taking responses), expired 已截止 (open but past its deadline:
 * no new responses; the owner may still accept one), matched 已对接, closed 已关闭.
 */
export const RequirementStatus = Type.Enum(['open', 'expired', 'matched', 'closed']);
export type RequirementStatus = Static<typeof RequirementStatus>;

/** A file from the upload flow (spec shell §7 "Upload"): its URL, the chosen name, bytes and type. */
export const RequirementFile = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl the upload returned: an upload of this tenant.' }),
  size: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  contentType: Type.String({ maxLength: 120 }),
});
export type RequirementFile = Static<typeof RequirementFile>;

/** GET /cm/api/requirement/search: the hall. */
export const RequirementSearchQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging, searchValue: Words,
  state: Type.Optional(Type.Enum(['open', 'closed'], { description: 'open: taking responses; closed: matched, closed or past the deadline. Absent: all.' })),
  category: Type.Optional(RequirementCategory),
  sort: Type.Optional(Type.Enum(['newest', 'deadline'], { default: 'newest', description: 'newest (default) or deadline (nearest first; past deadlines last).' })),
  mine: Type.Optional(Type.Boolean({ description: 'Only the requirements I published (signed in).' })),
});
export type RequirementSearchQuery = Static<typeof RequirementSearchQuery>;

/** A requirement's card in the hall. */
export const RequirementCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String({ description: 'The first 120 characters of the description\'s text.' }),
  category: RequirementCategory,
  budget: Nullable(Type.Number({ description: 'Yuan, two decimals; null: 面议 (negotiable).' })),
  deadline: DateTime(),
  state: Type.Enum(['open', 'matched', 'closed']),
  status: RequirementStatus,
  responseCount: Type.Integer(),
  ownerName: Type.String(),
  createdAt: DateTime(),
});
export type RequirementCard = Static<typeof RequirementCard>;

/**
 * A response as the caller may see it. The owner sees every response whole; a responder sees their
 * own; once one is accepted everyone sees that one. Any other is `hidden`: who and when only.
 */
export const RequirementResponse = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  avatar: Nullable(Type.String()),
  hidden: Type.Boolean({ description: 'Content, quote and files withheld from this caller.' }),
  content: Type.String({ description: 'Empty when hidden.' }),
  quote: Nullable(Type.Number({ description: 'Yuan; null: 面议 (or hidden).' })),
  attachments: Type.Array(RequirementFile),
  accepted: Type.Boolean(),
  mine: Type.Boolean(),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});
export type RequirementResponse = Static<typeof RequirementResponse>;

/** GET /cm/api/requirement/detail: the requirement, its responses as the caller may see them, and what they may do. */
export const RequirementDetail = Type.Object({
  ...RequirementCard.properties,
  description: Type.String({ description: 'Rich text, sanitised when saved.' }),
  attachments: Type.Array(RequirementFile),
  ownerId: Type.Integer(),
  ownerAvatar: Nullable(Type.String()),
  updatedAt: DateTime(),
  now: DateTime('The server clock.'),
  isOwner: Type.Boolean(),
  canEdit: Type.Boolean({ description: 'Owner, still open.' }),
  canRespond: Type.Boolean({ description: 'Signed in, not the owner, open and before the deadline (a new response or an edit of mine).' }),
  responses: Type.Array(RequirementResponse),
  myResponse: Nullable(RequirementResponse),
});
export type RequirementDetail = Static<typeof RequirementDetail>;

/** ?tenantId&id (a requirement). */
export const RequirementIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The requirement id.' }) });
export type RequirementIdQuery = Static<typeof RequirementIdQuery>;

/** A budget or quote: yuan with at most two decimals, or null for 面议. */
const Money = (description: string) => NullableInput(Type.Number({ minimum: 0, maximum: MONEY_MAX, description }));

/** POST /cm/api/requirement/save: publish (no id) or edit my open requirement. */
export const RequirementSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Edit this requirement (mine, open); absent: publish a new one.' })),
  title: Text({ minLength: 1, maxLength: 200, description: `${REQUIREMENT_TITLE_MIN}–${REQUIREMENT_TITLE_MAX} characters after trimming.` }),
  description: Type.String({ maxLength: 40_000, description: `Rich text, sanitised on save; its text ${REQUIREMENT_TEXT_MIN}–${REQUIREMENT_TEXT_MAX} characters.` }),
  category: RequirementCategory,
  budget: Money('Yuan, at most two decimals; null: 面议.'),
  deadline: Type.String({ format: 'date-time', description: 'Responses are taken until then; must be in the future.' }),
  attachments: Type.Array(RequirementFile, { maxItems: REQUIREMENT_FILES_MAX, default: [] }),
});
export type RequirementSaveBody = Static<typeof RequirementSaveBody>;

/** POST /cm/api/requirement/respond: my response (a second call edits it while the requirement is open). */
export const RequirementRespondBody = Type.Object({
  tenantId: TenantIdParam,
  requirementId: Id({ description: 'The requirement id.' }),
  content: Text({ minLength: 1, maxLength: RESPONSE_TEXT_MAX, description: `Plain text, 1–${RESPONSE_TEXT_MAX} characters.` }),
  quote: Money('My price in yuan, at most two decimals; null: 面议.'),
  attachments: Type.Array(RequirementFile, { maxItems: REQUIREMENT_FILES_MAX, default: [] }),
});
export type RequirementRespondBody = Static<typeof RequirementRespondBody>;

/** POST /cm/api/requirement/accept: the owner accepts one response (the requirement becomes 已对接). */
export const RequirementAcceptBody = Type.Object({ tenantId: TenantIdParam, responseId: Id({ description: 'The response id.' }) });
export type RequirementAcceptBody = Static<typeof RequirementAcceptBody>;

/** POST /cm/api/requirement/close: the owner closes an open requirement. */
export const RequirementCloseBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The requirement id.' }) });
export type RequirementCloseBody = Static<typeof RequirementCloseBody>;
