import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types';
import { isoOrNull } from '../../lib/list-sql';
import { lessonContentIds, type LessonScope } from '../../lib/study-finish';
import type { ProgressResponse } from '../../../schemas/api/cm/hist';

// A user's study records (study_record, migration 0004). Every query names the user: nobody reads
// or writes another's progress. Callers pass a transaction scoped to the tenant (withTenant).
// The finish rule itself is in server/lib/study-finish.ts (shared with the train module's classes).
export { countFinishedLessons, isContentFinished, type LessonProgress, type LessonScope } from '../../lib/study-finish';

/** One study-log write as the routes hand it over (validated, defaults applied). */
export interface StudyLogWrite {
  userId: number;
  contentId: number;
  partId: number;
  progress: number;
  duration: number;
  playTime: number;
  state: 1 | 2;
  savedAt: number;
  /** Used only while no duration is known (duration 0). */
  percentage: number;
  courseId: number | null;
  subjectId: number | null;
  logType: number | null;
  /** spec learning §3 userTaskId: the learner's task (issue 19 part A); stored only when it is the writer's own. */
  userTaskId?: number | null;
  contentType: string | null;
  terminal: string;
}

interface RecordRow {
  content_id: number;
  part_id: number;
  progress: number;
  saved_at: number;
  max_progress: number;
  duration: number;
  state: number;
  play_time: number;
  percentage: number;
  finished_at: Date | string | null;
}

const RECORD_COLUMNS = 'content_id, part_id, progress, saved_at, max_progress, duration, state, play_time, percentage, finished_at';

function toProgress(r: RecordRow): ProgressResponse {
  const state = Number(r.state);
  const duration = Number(r.duration);
  return {
    contentId: Number(r.content_id), partId: Number(r.part_id),
    maxProgress: Number(r.max_progress), maxDuration: duration, maxState: state,
    progress: Number(r.progress), duration, state,
    playTime: Number(r.play_time), percentage: Number(r.percentage),
    savedAt: Number(r.saved_at), finishedAt: isoOrNull(r.finished_at),
  };
}

/** The answer for a content part the user has no record of. */
export function emptyProgress(contentId: number, partId: number): ProgressResponse {
  return {
    contentId, partId, maxProgress: 0, maxDuration: 0, maxState: 0, progress: 0, duration: 0, state: 0,
    playTime: 0, percentage: 0, savedAt: 0, finishedAt: null,
  };
}

// The merge of an existing row (r) with an incoming write (excluded). Every rule is commutative and
// idempotent, so duplicates, late arrivals and concurrent saves all end at the same row:
// spec learning §4: finished never reverts (state only rises; finished_at is set once).
const MERGE: ReadonlyArray<readonly [column: string, expression: string]> = [
  ['max_progress', 'greatest(r.max_progress, excluded.max_progress)'],
  ['duration', 'greatest(r.duration, excluded.duration)'],
  ['play_time', 'greatest(r.play_time, excluded.play_time)'],
  ['state', 'greatest(r.state, excluded.state)'],
  // The position is the one saved last by the client's clock; an equal savedAt keeps the stored one.
  ['progress', 'case when excluded.saved_at > r.saved_at then excluded.progress else r.progress end'],
  ['saved_at', 'greatest(r.saved_at, excluded.saved_at)'],
  ['percentage', `case when greatest(r.duration, excluded.duration) > 0
      then least(100, greatest(r.max_progress, excluded.max_progress)::bigint * 100 / greatest(r.duration, excluded.duration))
      else greatest(r.percentage, excluded.percentage) end`],
  // The first course, subject and kind a record was logged under stay.
  ['course_id', 'coalesce(r.course_id, excluded.course_id)'],
  ['subject_id', 'coalesce(r.subject_id, excluded.subject_id)'],
  ['log_type', 'coalesce(r.log_type, excluded.log_type)'],
  ['content_type', 'coalesce(r.content_type, excluded.content_type)'],
  // The task a content was last studied in (issue 19 part A); a save outside tasks keeps it.
  ['user_task_id', 'coalesce(excluded.user_task_id, r.user_task_id)'],
];
// A userTaskId is stored only when it is the writer's own task (no foreign key: see migration 0027).
const ownUserTask = (userTaskId: RawBuilder<unknown>, userId: RawBuilder<unknown>) =>
  sql`(select ut.id from user_task ut where ut.id = ${userTaskId} and ut.user_id = ${userId})`;
const MERGE_SET = MERGE.map(([column, expression]) => `${column} = ${expression}`).join(',\n    ');
const MERGE_CHANGES = `(${MERGE.map(([column]) => `r.${column}`).join(', ')}) is distinct from (${MERGE.map(([, expression]) => expression).join(', ')})`;

/**
 * Merges one write into the user's record of a content part in a single statement and returns the
 * record, or undefined when the tenant has no content with that id. A write that changes nothing
 * (a re-sent save) leaves the row untouched, updated_at included.
 */
export async function upsertStudyRecord(db: Kysely<DB>, w: StudyLogWrite): Promise<ProgressResponse | undefined> {
  const percentage = w.duration > 0 ? Math.min(100, Math.floor((w.progress * 100) / w.duration)) : Math.min(100, Math.floor(w.percentage));
  // The insert reads the content row, so an unknown content inserts nothing (no foreign-key error).
  // When the merge changes nothing, `up` is empty and the second half returns the stored row.
  const { rows } = await sql<RecordRow>`
    with up as (
      insert into study_record as r (tenant_id, user_id, content_id, part_id, progress, saved_at, max_progress, duration,
        state, play_time, percentage, course_id, subject_id, log_type, content_type, terminal, finished_at, user_task_id)
      select c.tenant_id, ${w.userId}::bigint, c.id, ${w.partId}::bigint, ${w.progress}::int, ${w.savedAt}::bigint, ${w.progress}::int,
        ${w.duration}::int, ${w.state}::smallint, ${w.playTime}::int, ${percentage}::smallint, ${w.courseId}::bigint,
        ${w.subjectId}::bigint, ${w.logType}::smallint, ${w.contentType}::text, ${w.terminal}::text,
        case when ${w.state}::smallint = 2 then now() end, ${ownUserTask(sql`${w.userTaskId ?? null}::bigint`, sql`${w.userId}::bigint`)}
      from content c where c.id = ${w.contentId}::bigint
      on conflict (tenant_id, user_id, content_id, part_id) do update set
        ${sql.raw(MERGE_SET)},
        finished_at = coalesce(r.finished_at, excluded.finished_at),
        updated_at = now()
      where ${sql.raw(MERGE_CHANGES)}
      returning ${sql.raw(RECORD_COLUMNS)}
    )
    select ${sql.raw(RECORD_COLUMNS)} from up
    union all
    select ${sql.raw(RECORD_COLUMNS)} from study_record
    where user_id = ${w.userId}::bigint and content_id = ${w.contentId}::bigint and part_id = ${w.partId}::bigint
      and not exists (select 1 from up)`.execute(db);
  if (rows[0]) return toProgress(rows[0]);
  // A row inserted by a concurrent transaction after this statement's snapshot was taken, and which
  // this write did not change, is not in that snapshot: read it now.
  return findStudyRecord(db, w.userId, w.contentId, w.partId);
}

/** The identity of a record: user, content and part. */
const keyOf = (w: Pick<StudyLogWrite, 'userId' | 'contentId' | 'partId'>) => `${w.userId}:${w.contentId}:${w.partId}`;

/** A write as one row of a batch: its furthest position apart from its latest one. */
interface BatchRow extends StudyLogWrite {
  maxProgress: number;
}

/**
 * Two writes of one record as one, by the rules of MERGE (so the batch ends where the writes one by
 * one would): the position of the later savedAt (a tie keeps the first), maxima of progress,
 * duration, listened time and state, and the first course, subject and kind.
 */
function mergeRow(a: BatchRow, b: BatchRow): BatchRow {
  const later = b.savedAt > a.savedAt ? b : a;
  return {
    ...a,
    progress: later.progress,
    savedAt: later.savedAt,
    maxProgress: Math.max(a.maxProgress, b.maxProgress),
    duration: Math.max(a.duration, b.duration),
    playTime: Math.max(a.playTime, b.playTime),
    state: a.state === 2 || b.state === 2 ? 2 : 1,
    percentage: Math.max(a.percentage, b.percentage),
    courseId: a.courseId ?? b.courseId,
    subjectId: a.subjectId ?? b.subjectId,
    logType: a.logType ?? b.logType,
    userTaskId: later.userTaskId ?? (later === a ? b.userTaskId : a.userTaskId) ?? null,
    contentType: a.contentType ?? b.contentType,
  };
}

/**
 * upsertStudyRecord for many writes in one statement (the batcher, hist-batcher.ts): writes of the
 * same record are merged first, then every record is merged into its row at once. Returns each
 * write's record in the order given; undefined where the tenant has no such content.
 */
export async function upsertStudyRecords(db: Kysely<DB>, writes: readonly StudyLogWrite[]): Promise<Array<ProgressResponse | undefined>> {
  const merged = new Map<string, BatchRow>();
  for (const w of writes) {
    const row: BatchRow = { ...w, maxProgress: w.progress };
    const old = merged.get(keyOf(w));
    merged.set(keyOf(w), old ? mergeRow(old, row) : row);
  }
  const rows = [...merged.values()].map((w) => ({
    ...w,
    percentage: w.duration > 0 ? Math.min(100, Math.floor((w.maxProgress * 100) / w.duration)) : Math.min(100, Math.floor(w.percentage)),
  }));
  const column = <T>(pick: (w: (typeof rows)[number]) => T) => rows.map(pick);
  const { rows: stored } = await sql<RecordRow & { user_id: number }>`
    with v as (
      select * from unnest(
        ${column((w) => w.userId)}::bigint[], ${column((w) => w.contentId)}::bigint[], ${column((w) => w.partId)}::bigint[],
        ${column((w) => w.progress)}::int[], ${column((w) => w.savedAt)}::bigint[], ${column((w) => w.maxProgress)}::int[],
        ${column((w) => w.duration)}::int[], ${column((w) => w.state)}::smallint[], ${column((w) => w.playTime)}::int[],
        ${column((w) => w.percentage)}::smallint[], ${column((w) => w.courseId)}::bigint[], ${column((w) => w.subjectId)}::bigint[],
        ${column((w) => w.logType)}::smallint[], ${column((w) => w.contentType)}::text[], ${column((w) => w.terminal)}::text[],
        ${column((w) => w.userTaskId ?? null)}::bigint[]
      ) as v(user_id, content_id, part_id, progress, saved_at, max_progress, duration, state, play_time, percentage,
             course_id, subject_id, log_type, content_type, terminal, user_task_id)
    ), up as (
      insert into study_record as r (tenant_id, user_id, content_id, part_id, progress, saved_at, max_progress, duration,
        state, play_time, percentage, course_id, subject_id, log_type, content_type, terminal, finished_at, user_task_id)
      select c.tenant_id, v.user_id, c.id, v.part_id, v.progress, v.saved_at, v.max_progress, v.duration, v.state, v.play_time,
        v.percentage, v.course_id, v.subject_id, v.log_type, v.content_type, v.terminal, case when v.state = 2 then now() end,
        ${ownUserTask(sql.ref('v.user_task_id'), sql.ref('v.user_id'))}
      from v join content c on c.id = v.content_id
      on conflict (tenant_id, user_id, content_id, part_id) do update set
        ${sql.raw(MERGE_SET)},
        finished_at = coalesce(r.finished_at, excluded.finished_at),
        updated_at = now()
      where ${sql.raw(MERGE_CHANGES)}
      returning user_id, ${sql.raw(RECORD_COLUMNS)}
    )
    select user_id, ${sql.raw(RECORD_COLUMNS)} from up
    union all
    select s.user_id, ${sql.raw(RECORD_COLUMNS.split(', ').map((c) => `s.${c}`).join(', '))} from study_record s
      join v on v.user_id = s.user_id and v.content_id = s.content_id and v.part_id = s.part_id
    where not exists (select 1 from up where up.user_id = s.user_id and up.content_id = s.content_id and up.part_id = s.part_id)`.execute(db);
  const found = new Map(stored.map((r) => [`${Number(r.user_id)}:${Number(r.content_id)}:${Number(r.part_id)}`, toProgress(r)]));
  // As in upsertStudyRecord: a row a concurrent transaction inserted after this statement's snapshot
  // and that this batch did not change is read now.
  for (const w of rows) {
    if (found.has(keyOf(w))) continue;
    const late = await findStudyRecord(db, w.userId, w.contentId, w.partId);
    if (late) found.set(keyOf(w), late);
  }
  return writes.map((w) => found.get(keyOf(w)));
}

/** The user's record of a content part, or undefined when there is none. */
export async function findStudyRecord(db: Kysely<DB>, userId: number, contentId: number, partId: number): Promise<ProgressResponse | undefined> {
  const { rows } = await sql<RecordRow>`
    select ${sql.raw(RECORD_COLUMNS)} from study_record
    where user_id = ${userId}::bigint and content_id = ${contentId}::bigint and part_id = ${partId}::bigint`.execute(db);
  return rows[0] && toProgress(rows[0]);
}

/** True when the tenant has a content with this id (published or not). */
export async function contentExists(db: Kysely<DB>, contentId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('content').select('id').where('id', '=', contentId).executeTakeFirst());
}

/** True when the course or subject exists in the tenant. */
export async function lessonScopeExists(db: Kysely<DB>, scope: LessonScope): Promise<boolean> {
  const row = 'courseId' in scope
    ? await db.selectFrom('course').select('id').where('id', '=', scope.courseId).executeTakeFirst()
    : await db.selectFrom('subject').select('id').where('id', '=', scope.subjectId).executeTakeFirst();
  return Boolean(row);
}

/** True when the content is a lesson of the course, or belongs to the subject (directly or through one of its courses). */
export async function contentInScope(db: Kysely<DB>, scope: LessonScope, contentId: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from (${lessonContentIds(scope)}) l where l.content_id = ${contentId}::bigint) as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/** The user's records (every part) of the course's or subject's contents, by content then part. */
export async function listScopeRecords(db: Kysely<DB>, userId: number, scope: LessonScope): Promise<ProgressResponse[]> {
  const { rows } = await sql<RecordRow>`
    select ${sql.raw(RECORD_COLUMNS)} from study_record
    where user_id = ${userId}::bigint and content_id in (${lessonContentIds(scope)})
    order by content_id, part_id`.execute(db);
  return rows.map(toProgress);
}
