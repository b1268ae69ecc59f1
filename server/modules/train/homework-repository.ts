// Homework queries (issue 18; migration 0023 homework, homework_submission). Every function runs in
// the caller's tenant transaction (readTenant), so row-level security keeps each query inside one
// tenant; the rules (who may, when) are in homework-rules.ts.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { StoredFile } from '../../db/types-exam-more';
import { iso, isoOrNull } from '../../lib/list-sql';
import type {
  HomeworkFile, HomeworkStatus, HomeworkSubmission, MyHomeworkItem, QueueRow, TeachingClass, TeachingHomeworkItem,
} from '../../../schemas/api/homework';

type Trx = Transaction<DB>;

/** The display name of user `u` (nickname, else real name, else account). */
const NAME = (alias: string) => sql<string>`coalesce(nullif(${sql.ref(`${alias}.nick_name`)}, ''), nullif(${sql.ref(`${alias}.real_name`)}, ''), ${sql.ref(`${alias}.account`)})`;

/** An assignment row with its class title and the database clock. */
export interface HomeworkRow {
  id: number; classes_id: number; classes_title: string; title: string; instructions: string; attachments: StoredFile[];
  deadline: Date | null; total_score: number; allow_late: boolean; state: 'published' | 'closed'; created_at: Date; now: Date;
}

/** One assignment (any state) with its class's title, or undefined. */
export async function findHomework(trx: Trx, id: number): Promise<HomeworkRow | undefined> {
  const { rows } = await sql<HomeworkRow>`
    select h.id, h.classes_id, c.title as classes_title, h.title, h.instructions, h.attachments, h.deadline, h.total_score,
      h.allow_late, h.state, h.created_at, now() as now
    from homework h join training_class c on c.tenant_id = h.tenant_id and c.id = h.classes_id
    where h.id = ${id}::bigint`.execute(trx);
  return rows[0] && { ...rows[0], id: Number(rows[0].id), classes_id: Number(rows[0].classes_id) };
}

/** Whether the user is an enrolled member (state 1) of the class. */
export async function isClassMember(trx: Trx, classesId: number, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('classes_member').select('user_id').where('classes_id', '=', classesId)
    .where('user_id', '=', userId).where('state', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/** The classes (published) the user teaches: a class grant, or every class with a tenant-wide grant. */
export async function taughtClasses(trx: Trx, userId: number): Promise<TeachingClass[]> {
  const { rows } = await sql<{ id: number; title: string; member_count: number }>`
    select c.id, c.title, (select count(*)::int from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.state = 1) as member_count
    from training_class c
    where c.state = 1 and exists (
      select 1 from user_role r where r.tenant_id = c.tenant_id and r.user_id = ${userId}::bigint and r.role = 'teacher'
        and (r.scope_type is null or (r.scope_type = 'classes' and r.scope_id = c.id)))
    order by c.start_time desc, c.id desc`.execute(trx);
  return rows.map((r) => ({ id: Number(r.id), title: r.title, memberCount: Number(r.member_count) }));
}

const submissionColumns = sql`
  s.id, s.homework_id, s.user_id, ${NAME('u')} as user_name, s.content, s.files, s.state, s.score, s.comment,
  case when s.marker_id is null then null else ${NAME('mk')} end as marker_name, s.marked_at, s.submitted_at, s.revision,
  (h.deadline is not null and s.submitted_at > h.deadline) as late`;

interface SubmissionRow {
  id: number; homework_id: number; user_id: number; user_name: string; content: string; files: StoredFile[];
  state: 'submitted' | 'returned' | 'marked'; score: number | null; comment: string | null; marker_name: string | null;
  marked_at: Date | null; submitted_at: Date; revision: number; late: boolean;
}

const toSubmission = (r: SubmissionRow): HomeworkSubmission => ({
  id: Number(r.id), homeworkId: Number(r.homework_id), userId: Number(r.user_id), userName: r.user_name, content: r.content,
  files: r.files, state: r.state, score: r.score, comment: r.comment, markerName: r.marker_name, markedAt: isoOrNull(r.marked_at),
  submittedAt: iso(r.submitted_at), late: r.late, revision: r.revision,
});

const submissionFrom = sql`
  from homework_submission s
  join homework h on h.tenant_id = s.tenant_id and h.id = s.homework_id
  join user_account u on u.tenant_id = s.tenant_id and u.id = s.user_id
  left join user_account mk on mk.tenant_id = s.tenant_id and mk.id = s.marker_id`;

/** The user's submission of an assignment, or null. */
export async function findMySubmission(trx: Trx, homeworkId: number, userId: number): Promise<HomeworkSubmission | null> {
  const { rows } = await sql<SubmissionRow>`select ${submissionColumns} ${submissionFrom}
    where s.homework_id = ${homeworkId}::bigint and s.user_id = ${userId}::bigint`.execute(trx);
  return rows[0] ? toSubmission(rows[0]) : null;
}

/** One submission by id with its homework's class, or undefined. */
export async function findSubmission(trx: Trx, id: number): Promise<HomeworkSubmission | undefined> {
  const { rows } = await sql<SubmissionRow>`select ${submissionColumns} ${submissionFrom} where s.id = ${id}::bigint`.execute(trx);
  return rows[0] && toSubmission(rows[0]);
}

/** Writes my first submission, or my resubmission after a return (revision + 1, the last mark cleared). */
export async function upsertSubmission(trx: Trx, tenantId: number, homeworkId: number, userId: number, content: string, files: HomeworkFile[]): Promise<void> {
  const json = JSON.stringify(files);
  await sql`
    insert into homework_submission (tenant_id, homework_id, user_id, content, files)
    values (${tenantId}::bigint, ${homeworkId}::bigint, ${userId}::bigint, ${content}, ${json}::jsonb)
    on conflict (tenant_id, homework_id, user_id) do update set
      content = excluded.content, files = excluded.files, state = 'submitted', score = null, marker_id = null, marked_at = null,
      submitted_at = now(), revision = homework_submission.revision + 1
    where homework_submission.state = 'returned'`.execute(trx);
}

/** Marks a submission (final) or returns it for redo with a comment. */
export async function saveMark(trx: Trx, id: number, markerId: number, change: { state: 'marked' | 'returned'; score: number | null; comment: string | null }): Promise<void> {
  await trx.updateTable('homework_submission')
    .set({ state: change.state, score: change.score, comment: change.comment, marker_id: markerId, marked_at: sql<Date>`now()` })
    .where('id', '=', id).execute();
}

interface ListRow extends Omit<HomeworkRow, 'now'> { overdue: boolean }

const homeworkFields = (r: ListRow) => ({
  id: Number(r.id), classesId: Number(r.classes_id), classesTitle: r.classes_title, title: r.title, deadline: isoOrNull(r.deadline),
  totalScore: r.total_score, allowLate: r.allow_late, state: r.state, createdAt: iso(r.created_at),
});

/** My homework: every assignment of the classes I am enrolled in, with my status; newest first. */
export async function listMyHomework(trx: Trx, userId: number, opts: { pageNo: number; pageSize: number; status?: HomeworkStatus | undefined }) {
  const status = sql`coalesce(s.state, 'todo')`;
  const filter = opts.status ? sql`and ${status} = ${opts.status}` : sql``;
  const { rows } = await sql<ListRow & { status: HomeworkStatus; score: number | null; late: boolean | null; submitted_at: Date | null; total: number }>`
    select h.id, h.classes_id, c.title as classes_title, h.title, h.deadline, h.total_score, h.allow_late, h.state, h.created_at,
      ${status} as status, s.score, s.submitted_at, (h.deadline is not null and s.submitted_at > h.deadline) as late,
      (h.deadline is not null and h.deadline < now() and ${status} in ('todo', 'returned')) as overdue,
      count(*) over ()::int as total
    from homework h
    join classes_member m on m.tenant_id = h.tenant_id and m.classes_id = h.classes_id and m.user_id = ${userId}::bigint and m.state = 1
    join training_class c on c.tenant_id = h.tenant_id and c.id = h.classes_id
    left join homework_submission s on s.tenant_id = h.tenant_id and s.homework_id = h.id and s.user_id = ${userId}::bigint
    where true ${filter}
    order by h.created_at desc, h.id desc
    limit ${opts.pageSize} offset ${(opts.pageNo - 1) * opts.pageSize}`.execute(trx);
  const list: MyHomeworkItem[] = rows.map((r) => ({
    ...homeworkFields(r), status: r.status, score: r.score, overdue: r.overdue, late: r.late ?? false, submittedAt: isoOrNull(r.submitted_at),
  }));
  return { list, total: rows[0]?.total ?? (opts.pageNo > 1 ? await countMyHomework(trx, userId, opts.status) : 0) };
}

async function countMyHomework(trx: Trx, userId: number, status: HomeworkStatus | undefined): Promise<number> {
  const filter = status ? sql`and coalesce(s.state, 'todo') = ${status}` : sql``;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from homework h
    join classes_member m on m.tenant_id = h.tenant_id and m.classes_id = h.classes_id and m.user_id = ${userId}::bigint and m.state = 1
    left join homework_submission s on s.tenant_id = h.tenant_id and s.homework_id = h.id and s.user_id = ${userId}::bigint
    where true ${filter}`.execute(trx);
  return rows[0]!.n;
}

const teachingColumns = sql`
  h.id, h.classes_id, c.title as classes_title, h.title, h.instructions, h.attachments, h.deadline, h.total_score, h.allow_late, h.state, h.created_at,
  false as overdue,
  (select count(*)::int from classes_member m where m.tenant_id = h.tenant_id and m.classes_id = h.classes_id and m.state = 1) as member_count,
  (select count(*)::int from homework_submission s where s.tenant_id = h.tenant_id and s.homework_id = h.id and s.state = 'submitted') as submitted_count,
  (select count(*)::int from homework_submission s where s.tenant_id = h.tenant_id and s.homework_id = h.id and s.state = 'returned') as returned_count,
  (select count(*)::int from homework_submission s where s.tenant_id = h.tenant_id and s.homework_id = h.id and s.state = 'marked') as marked_count`;

type TeachingRow = ListRow & { member_count: number; submitted_count: number; returned_count: number; marked_count: number; total?: number };

const toTeaching = (r: TeachingRow): TeachingHomeworkItem => ({
  ...homeworkFields(r), instructions: r.instructions, attachments: r.attachments,
  memberCount: r.member_count, submittedCount: r.submitted_count, returnedCount: r.returned_count, markedCount: r.marked_count,
});

/** The assignments of the given classes, newest first, with their counts. */
export async function listTeachingHomework(trx: Trx, classIds: number[], opts: { pageNo: number; pageSize: number }) {
  if (classIds.length === 0) return { list: [], total: 0 };
  const { rows } = await sql<TeachingRow & { total: number }>`
    select ${teachingColumns}, count(*) over ()::int as total
    from homework h join training_class c on c.tenant_id = h.tenant_id and c.id = h.classes_id
    where h.classes_id in (${sql.join(classIds.map((id) => sql`${id}::bigint`))})
    order by h.created_at desc, h.id desc
    limit ${opts.pageSize} offset ${(opts.pageNo - 1) * opts.pageSize}`.execute(trx);
  const total = rows[0]?.total ?? 0;
  return { list: rows.map(toTeaching), total };
}

/** One assignment with its counts. */
export async function findTeachingHomework(trx: Trx, id: number): Promise<TeachingHomeworkItem | undefined> {
  const { rows } = await sql<TeachingRow>`
    select ${teachingColumns} from homework h join training_class c on c.tenant_id = h.tenant_id and c.id = h.classes_id
    where h.id = ${id}::bigint`.execute(trx);
  return rows[0] && toTeaching(rows[0]);
}

/**
 * The marking queue of an assignment: every submission and every enrolled member without one.
 * Order: submitted (oldest first, as they came in), returned, marked, then who has not submitted.
 */
export async function listQueue(trx: Trx, homeworkId: number, classesId: number): Promise<QueueRow[]> {
  const { rows } = await sql<{
    user_id: number; user_name: string; submission_id: number | null; status: HomeworkStatus; score: number | null;
    submitted_at: Date | null; late: boolean | null; revision: number | null;
  }>`
    with people as (
      select s.user_id from homework_submission s where s.homework_id = ${homeworkId}::bigint
      union
      select m.user_id from classes_member m where m.classes_id = ${classesId}::bigint and m.state = 1
    )
    select p.user_id, ${NAME('u')} as user_name, s.id as submission_id, coalesce(s.state, 'todo') as status, s.score,
      s.submitted_at, (h.deadline is not null and s.submitted_at > h.deadline) as late, s.revision
    from people p
    join user_account u on u.id = p.user_id
    join homework h on h.id = ${homeworkId}::bigint
    left join homework_submission s on s.tenant_id = h.tenant_id and s.homework_id = h.id and s.user_id = p.user_id
    order by case coalesce(s.state, 'todo') when 'submitted' then 0 when 'returned' then 1 when 'marked' then 2 else 3 end,
      s.submitted_at asc nulls last, u.id`.execute(trx);
  return rows.map((r) => ({
    userId: Number(r.user_id), userName: r.user_name, submissionId: r.submission_id === null ? null : Number(r.submission_id), status: r.status,
    score: r.score, submittedAt: isoOrNull(r.submitted_at), late: r.late ?? false, revision: r.revision ?? 0,
  }));
}

/** Inserts or updates an assignment; its id. */
export async function saveHomework(trx: Trx, tenantId: number, userId: number, id: number | undefined, values: {
  classes_id: number; title: string; instructions: string; attachments: HomeworkFile[]; deadline: Date | null; total_score: number; allow_late: boolean;
}): Promise<number> {
  const row = { ...values, attachments: JSON.stringify(values.attachments) };
  if (id === undefined) {
    const created = await trx.insertInto('homework').values({ tenant_id: tenantId, created_by: userId, ...row }).returning('id').executeTakeFirstOrThrow();
    return Number(created.id);
  }
  await trx.updateTable('homework').set({ ...row, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
  return id;
}

/** Closes or reopens an assignment. */
export async function setHomeworkState(trx: Trx, id: number, state: 'published' | 'closed'): Promise<void> {
  await trx.updateTable('homework').set({ state, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** How many submissions an assignment has (an edit may not move it to another class once any exist). */
export async function countSubmissions(trx: Trx, homeworkId: number): Promise<number> {
  const row = await trx.selectFrom('homework_submission').select(sql<number>`count(*)::int`.as('n')).where('homework_id', '=', homeworkId).executeTakeFirstOrThrow();
  return row.n;
}
