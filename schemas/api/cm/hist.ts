import { Type, type Static } from 'typebox';
import { NullableInput, TenantIdParam } from '../../common';
import { Nullable } from '../list';

// Study history (spec learning §3 "Study record", "Progress response"; §7 "Study history";
// docs/api.md "Study history"). Integers are seconds; savedAt is the client's epoch ms.

const Seconds = (description: string) => Type.Number({ minimum: 0, maximum: 2_147_483_647, description });
const Id = (description: string) => Type.Integer({ minimum: 1, description });
/** A course or subject id in a log: 0 and null both mean none (the canonical text of a validCode writes none as 0). */
const ScopeId = (description: string) => Type.Optional(NullableInput(Type.Integer({ minimum: 0, description: `${description} 0 or null: none.` })));

/**
 * The body of every study-log write (save, contentLog, courseLog).
 * spec learning §3 "Study record": contentId, partId, progress (seconds), percentage, duration,
 * state (1 in progress, 2 finished), courseId, logType, …, terminal; course and subject logs also
 * carry a validCode. Only contentId is required: what a record leaves out is derived
 * (studyLogWrite in hist-routes.ts). Other fields of the spec's record are accepted and ignored.
 */
export const StudyLogBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id('The content studied.'),
  partId: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'The part (episode, chapter); 0 (default): the whole content.' })),
  progress: Type.Optional(Seconds('The position reached, in seconds (a fraction is rounded down). Absent: percentage × duration / 100, else 0.')),
  duration: Type.Optional(Seconds('The length of the content (part), in seconds (rounded down); absent or 0: unknown.')),
  playTime: Type.Optional(Seconds('Not in the spec\'s record: seconds listened or watched so far, cumulative (the server keeps the largest seen). Absent: the position reached (progress).')),
  state: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 in progress, 2 finished (spec learning §4: finished never reverts). Absent: 2 when the end is reached (progress ≥ duration > 0, or percentage ≥ 100), else 1.' })),
  savedAt: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000, description: 'Not in the spec\'s record: client epoch ms of this position; the stored position is the one with the latest savedAt. Absent: the server\'s clock when the write arrives.' })),
  courseId: ScopeId('The course the content is a lesson of (courseLog only).'),
  subjectId: ScopeId('The subject (topic) the content belongs to (courseLog only).'),
  logType: Type.Optional(NullableInput(Type.Integer({ minimum: 0, maximum: 32_767, description: 'Kind of log, stored as sent (0 stays 0).' }))),
  contentType: Type.Optional(NullableInput(Type.String({ maxLength: 50, description: 'Kind of content, stored as sent; blank: null.' }))),
  userTaskId: Type.Optional(NullableInput(Type.Integer({ minimum: 0, description: 'spec learning §3 userTaskId (issue 19 part A): the learner\'s task (userTask) the content is studied in, with logType 3; one that is not the learner\'s own is ignored. 0 or null: none.' }))),
  terminal: Type.Optional(Type.String({ maxLength: 20, default: 'PC', description: 'The client: PC.' })),
  percentage: Type.Optional(Type.Number({ minimum: 0, description: 'Ignored when duration > 0 (derived from the furthest position); otherwise the largest sent, capped at 100.' })),
  validCode: Type.Optional(Type.String({ maxLength: 64, description: 'courseLog only: HMAC-MD5(logKey, canonical fields as sent, absent ones as 0), see docs/api.md "Study history".' })),
});
export type StudyLogBody = Static<typeof StudyLogBody>;

/** spec learning §3 "Progress response", plus the stored position and listened time. */
export const ProgressResponse = Type.Object({
  contentId: Type.Integer(),
  partId: Type.Integer(),
  maxProgress: Type.Integer({ description: 'The furthest position reached (s).' }),
  maxDuration: Type.Integer({ description: 'The longest duration reported (s).' }),
  maxState: Type.Integer({ description: 'The highest state: 0 no record, 1 in progress, 2 finished.' }),
  progress: Type.Integer({ description: 'The position of the latest save (by savedAt), where playback resumes (s).' }),
  duration: Type.Integer({ description: 'Same as maxDuration.' }),
  state: Type.Integer({ description: 'Same as maxState.' }),
  playTime: Type.Integer({ description: 'Seconds listened, cumulative.' }),
  percentage: Type.Integer({ description: 'floor(maxProgress * 100 / duration), at most 100.' }),
  savedAt: Type.Integer({ description: 'Client epoch ms of the stored position; 0 when no record.' }),
  finishedAt: Nullable(Type.String({ format: 'date-time', description: 'When the record first became finished.' })),
});
export type ProgressResponse = Static<typeof ProgressResponse>;

/** getProgress and getFinishFlag of one content (part). */
export const ContentQuery = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id('The content.'),
  partId: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'The part; 0 (default): the whole content.' })),
});

/** getCourseRecord: exactly one of courseId and subjectId. */
export const CourseRecordQuery = Type.Object({
  tenantId: TenantIdParam,
  courseId: Type.Optional(Id('The course.')),
  subjectId: Type.Optional(Id('The subject (topic).')),
});

/** getFinishFlag: a content (part) or a course. */
export const FinishFlagQuery = Type.Object({
  tenantId: TenantIdParam,
  contentId: Type.Optional(Id('The content.')),
  partId: Type.Optional(Type.Integer({ minimum: 0, description: 'The part; 0 or absent: the whole content.' })),
  courseId: Type.Optional(Id('The course.')),
});

/** A course's or subject's records and the key its logs are signed with. */
export const CourseRecord = Type.Object({
  courseId: Nullable(Type.Integer()),
  subjectId: Nullable(Type.Integer()),
  logKey: Type.String({ description: 'Per-user key for this course or subject: sign courseLog bodies with it (validCode).' }),
  lessonCount: Type.Integer({ description: 'Distinct contents of the course or subject.' }),
  finishedCount: Type.Integer({ description: 'Of those, how many the user finished.' }),
  percentage: Type.Integer({ minimum: 0, maximum: 100, description: 'The user\'s progress in percent: every content weighs the same, a finished one 100, one begun its share; 100 only when all are finished.' }),
  records: Type.Array(ProgressResponse, { description: "The user's records of those contents (every part)." }),
});
export type CourseRecord = Static<typeof CourseRecord>;

export const FinishFlag = Type.Object({ finishFlag: Type.Union([Type.Literal(0), Type.Literal(1)]) });
