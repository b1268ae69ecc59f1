// Archives: the learner's learning file (issue 19 part D; spec learning §2 "Archives", §7
// /um/api/userStatistics/get, /um/api/userStudy/search, /dataapi/study/LearningProcess,
// /cm/api/contentRecord/searchUser; self-directed study's /um/api/autonomyStudy/* and the study
// time by period /um/api/userStatistics/studyTime are ours). Server routes validate with these
// (server/modules/um/archives-*.ts); src/api/archives.ts derives its types. Rules: docs/growth.md "Archives".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
/** A calendar day 'YYYY-MM-DD' of the tenant's time zone. */
const Day = (description?: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** Self-directed study: minutes of one entry, and of one day's entries together, at most this. */
export const AUTONOMY_MINUTES_MAX = 720;
/** Self-directed study: the title's length after trimming. */
export const AUTONOMY_TITLE_MIN = 2;
export const AUTONOMY_TITLE_MAX = 60;
/** Self-directed study: the note's length. */
export const AUTONOMY_NOTE_MAX = 500;

/** What an archive entry is: a course, a content studied outside a course, an exam, a class, a task, self-directed study. */
export const ArchiveKind = Type.Union([
  Type.Literal('course'), Type.Literal('content'), Type.Literal('exam'), Type.Literal('classes'), Type.Literal('task'), Type.Literal('autonomy'),
]);
export type ArchiveKind = Static<typeof ArchiveKind>;

/** What self-directed study was: reading, media outside the portal, an offline lecture or training, hands-on practice, other. */
export const AutonomyKind = Type.Union([
  Type.Literal('book'), Type.Literal('video'), Type.Literal('offline'), Type.Literal('practice'), Type.Literal('other'),
]);
export type AutonomyKind = Static<typeof AutonomyKind>;

// --- GET /um/api/userStatistics/get --------------------------------------------------------------

export const TenantOnlyQuery = Type.Object({ tenantId: TenantIdParam });
export type TenantOnlyQuery = Static<typeof TenantOnlyQuery>;

/** The summary of the learning file (/archives). */
export const UserStatistics = Type.Object({
  today: Day('Today in the tenant\'s time zone.'),
  timeZone: Type.String(),
  totalSeconds: Type.Integer({ description: 'All study time: online (study records) plus self-directed.' }),
  monthSeconds: Type.Integer({ description: 'Study time this calendar month (online plus self-directed).' }),
  onlineSeconds: Type.Integer({ description: 'All online study time (the study records, per day).' }),
  autonomySeconds: Type.Integer({ description: 'All self-directed study time.' }),
  studyDays: Type.Integer({ description: 'Days with any study, online or self-directed.' }),
  coursesStudied: Type.Integer(),
  coursesFinished: Type.Integer({ description: 'Courses whose every lesson is finished.' }),
  contentsFinished: Type.Integer({ description: 'Contents finished, in a course or not.' }),
  examsTaken: Type.Integer({ description: 'Exams with a handed-in attempt.' }),
  examsPassed: Type.Integer(),
  classesJoined: Type.Integer({ description: 'Classes the learner is enrolled in.' }),
  tasksFinished: Type.Integer(),
  autonomyCount: Type.Integer({ description: 'Self-directed study entries.' }),
  points: Type.Integer({ description: 'The points total.' }),
  level: Nullable(Type.String({ description: 'The level the points total reaches (the tenant\'s levels); null when the tenant has none.' })),
  credentials: Type.Integer({ description: 'Valid credentials held.' }),
});
export type UserStatistics = Static<typeof UserStatistics>;

// --- GET /um/api/userStudy/search ----------------------------------------------------------------

export const UserStudyQuery = Type.Object({
  tenantId: TenantIdParam,
  ...Paging,
  kind: Type.Optional(ArchiveKind),
  state: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 in progress, 2 finished (exams: handed in and scored; self-directed: always 2).' })),
  startDate: Type.Optional(Day('Only entries last studied on or after this day.')),
  endDate: Type.Optional(Day('Only entries last studied on or before this day.')),
});
export type UserStudyQuery = Static<typeof UserStudyQuery>;

/** One entry of the learning file. */
export const ArchiveEntry = Type.Object({
  kind: ArchiveKind,
  id: Type.Integer({ description: 'The course, content, exam, class, task or self-directed entry id.' }),
  title: Type.String(),
  state: Type.Integer({ description: '1 in progress, 2 finished.' }),
  percentage: Type.Integer({ description: 'Progress 0–100.' }),
  seconds: Type.Integer({ description: 'Time spent.' }),
  score: Nullable(Type.Number({ description: 'Exams: the best score; otherwise null.' })),
  passed: Nullable(Type.Boolean({ description: 'Exams: any attempt passed; otherwise null.' })),
  startedAt: DateTime(),
  lastStudyTime: DateTime(),
});
export type ArchiveEntry = Static<typeof ArchiveEntry>;

// --- GET /dataapi/study/LearningProcess ----------------------------------------------------------

export const LearningProcessQuery = Type.Object({
  tenantId: TenantIdParam,
  type: ArchiveKind,
  id: Id(),
});
export type LearningProcessQuery = Static<typeof LearningProcessQuery>;

/** One step of an entry's learning process: a lesson, a part, an attempt, a class item. */
export const ProcessStep = Type.Object({
  title: Type.String(),
  kind: Type.String({ description: 'lesson, part, attempt, course, content or autonomy.' }),
  state: Type.Integer({ description: '0 not begun, 1 in progress, 2 finished.' }),
  percentage: Type.Integer(),
  seconds: Type.Integer(),
  score: Nullable(Type.Number()),
  passed: Nullable(Type.Boolean()),
  startedAt: Nullable(DateTime()),
  at: Nullable(DateTime('When it last moved (finished, handed in, last studied); null: not begun.')),
});
export type ProcessStep = Static<typeof ProcessStep>;

export const LearningProcess = Type.Object({
  entry: ArchiveEntry,
  steps: Type.Array(ProcessStep),
});
export type LearningProcess = Static<typeof LearningProcess>;

// --- GET /cm/api/contentRecord/searchUser ---------------------------------------------------------

export const ContentRecordQuery = Type.Object({ tenantId: TenantIdParam, ...Paging });
export type ContentRecordQuery = Static<typeof ContentRecordQuery>;

/** One content the learner studied, with its record (all parts together). */
export const ContentRecordItem = Type.Object({
  contentId: Type.Integer(),
  title: Type.String(),
  contentType: Type.String({ description: 'video, audio, pdf, article or link.' }),
  courseId: Nullable(Type.Integer()),
  courseTitle: Nullable(Type.String()),
  maxProgress: Type.Integer({ description: 'The furthest position reached, seconds (pages for documents).' }),
  duration: Type.Integer(),
  percentage: Type.Integer(),
  state: Type.Integer({ description: '1 in progress, 2 finished.' }),
  playTime: Type.Integer({ description: 'Seconds actually studied.' }),
  lastStudyTime: DateTime(),
});
export type ContentRecordItem = Static<typeof ContentRecordItem>;

// --- Self-directed study (ours) ------------------------------------------------------------------

export const AutonomyAttachment = Type.Object({
  name: Text({ minLength: 1, maxLength: 200, description: 'The file name as chosen.' }),
  url: Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl the upload returned: an upload of this tenant.' }),
  size: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  contentType: Type.String({ maxLength: 120 }),
});
export type AutonomyAttachment = Static<typeof AutonomyAttachment>;

export const AutonomyEntry = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: AutonomyKind,
  studyDate: Day(),
  minutes: Type.Integer(),
  note: Type.String(),
  attachment: Nullable(AutonomyAttachment),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});
export type AutonomyEntry = Static<typeof AutonomyEntry>;

export const AutonomySearchQuery = Type.Object({
  tenantId: TenantIdParam,
  ...Paging,
  kind: Type.Optional(AutonomyKind),
  startDate: Type.Optional(Day()),
  endDate: Type.Optional(Day()),
});
export type AutonomySearchQuery = Static<typeof AutonomySearchQuery>;

export const AutonomyPage = Type.Object({
  list: Type.Array(AutonomyEntry),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  totalMinutes: Type.Integer({ description: 'Minutes of every entry the filter matches.' }),
});
export type AutonomyPage = Static<typeof AutonomyPage>;

export const AutonomySaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Edit this entry (mine); absent: a new entry.' })),
  title: Text({ maxLength: 200, description: `${AUTONOMY_TITLE_MIN}–${AUTONOMY_TITLE_MAX} characters after trimming.` }),
  kind: AutonomyKind,
  studyDate: Day('Not after today in the tenant\'s time zone.'),
  minutes: Type.Integer({ minimum: 1, maximum: AUTONOMY_MINUTES_MAX, description: `1–${AUTONOMY_MINUTES_MAX}; the day's entries together at most ${AUTONOMY_MINUTES_MAX}.` }),
  note: Type.Optional(Text({ maxLength: AUTONOMY_NOTE_MAX })),
  attachment: Type.Optional(Type.Union([Type.Null(), AutonomyAttachment])),
});
export type AutonomySaveBody = Static<typeof AutonomySaveBody>;

export const AutonomySaved = Type.Object({
  entry: AutonomyEntry,
  points: Type.Integer({ description: 'Points this save earned (0: none, already earned for the entry, or the day\'s cap).' }),
  dayMinutes: Type.Integer({ description: 'Self-directed minutes of the entry\'s day after the save.' }),
});
export type AutonomySaved = Static<typeof AutonomySaved>;

export const AutonomyDeleteBody = Type.Object({ tenantId: TenantIdParam, id: Id() });
export type AutonomyDeleteBody = Static<typeof AutonomyDeleteBody>;

export const AutonomyDeleted = Type.Object({ id: Type.Integer({ description: 'The entry deleted.' }) });
export type AutonomyDeleted = Static<typeof AutonomyDeleted>;

// --- GET /um/api/userStatistics/studyTime (ours) -------------------------------------------------

export const StudyTimeUnit = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
export type StudyTimeUnit = Static<typeof StudyTimeUnit>;

/** How many periods a study-time query may ask for, per unit. */
export const STUDY_TIME_MAX_PERIODS = { day: 90, week: 52, month: 24 } as const;

export const StudyTimeQuery = Type.Object({
  tenantId: TenantIdParam,
  unit: StudyTimeUnit,
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, description: 'Periods ending with the current one (default day 7, week 8, month 6; at most day 90, week 52, month 24).' })),
});
export type StudyTimeQuery = Static<typeof StudyTimeQuery>;

export const StudyTimeBucket = Type.Object({
  start: Day('First day of the period (weeks start on Monday).'),
  end: Day('Last day of the period.'),
  onlineSeconds: Type.Integer(),
  autonomySeconds: Type.Integer(),
});
export type StudyTimeBucket = Static<typeof StudyTimeBucket>;

export const StudyTimeDetail = Type.Object({
  unit: StudyTimeUnit,
  today: Day(),
  timeZone: Type.String(),
  buckets: Type.Array(StudyTimeBucket),
  onlineSeconds: Type.Integer({ description: 'Sum over the buckets.' }),
  autonomySeconds: Type.Integer({ description: 'Sum over the buckets.' }),
});
export type StudyTimeDetail = Static<typeof StudyTimeDetail>;


