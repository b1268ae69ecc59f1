// Self-directed study (/archives/autonomyStudy; issue 19 part D, ours: the spec names no call) and
// study time by period (/archives/studyTimeDetail). Callers pass a transaction scoped to the tenant;
// every query names the user. The rules are in docs/growth.md "Archives".
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { AutonomyAttachment, AutonomyEntry, AutonomyKind, StudyTimeBucket, StudyTimeUnit } from '../../../schemas/api/archives';
import { foldStudyDays, shiftDate } from './study-time-repository';

type Trx = Transaction<DB>;

interface AutonomyRow {
  id: number;
  title: string;
  kind: AutonomyKind;
  study_date: string;
  minutes: number;
  note: string;
  attachment: AutonomyAttachment | null;
  created_at: Date;
  updated_at: Date;
}

const entryOf = (r: AutonomyRow): AutonomyEntry => ({
  id: Number(r.id), title: r.title, kind: r.kind, studyDate: r.study_date, minutes: r.minutes, note: r.note,
  attachment: r.attachment, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
});

const columns = sql`id, title, kind, to_char(study_date, 'YYYY-MM-DD') as study_date, minutes, note, attachment, created_at, updated_at`;

/** The filter of the self-directed list. */
export interface AutonomyFilter {
  kind?: AutonomyKind | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A page of the learner's self-directed study, newest day first, with the minutes of all the filter matches. */
export async function searchAutonomy(trx: Trx, userId: number, f: AutonomyFilter, pageNo: number, pageSize: number) {
  const where = [sql`user_id = ${userId}::bigint`];
  if (f.kind) where.push(sql`kind = ${f.kind}`);
  if (f.startDate) where.push(sql`study_date >= ${f.startDate}::date`);
  if (f.endDate) where.push(sql`study_date <= ${f.endDate}::date`);
  const cond = sql.join(where, sql` and `);
  const [{ rows }, { rows: sums }] = await Promise.all([
    sql<AutonomyRow>`select ${columns} from autonomy_study where ${cond} order by study_date desc, id desc
      limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(trx),
    sql<{ total: number; minutes: number }>`select count(*)::int as total, coalesce(sum(minutes), 0)::int as minutes from autonomy_study where ${cond}`.execute(trx),
  ]);
  return { list: rows.map(entryOf), total: sums[0]?.total ?? 0, totalMinutes: sums[0]?.minutes ?? 0, pageNo, pageSize };
}

/** One of the learner's entries, or undefined (not there, or another learner's). */
export async function findAutonomy(trx: Trx, userId: number, id: number): Promise<AutonomyEntry | undefined> {
  const { rows } = await sql<AutonomyRow>`select ${columns} from autonomy_study where id = ${id}::bigint and user_id = ${userId}::bigint`.execute(trx);
  return rows[0] && entryOf(rows[0]);
}

/**
 * Holds the learner's self-directed entries still until the transaction ends, so two saves at once
 * cannot both fit under the day's limit: a transaction-level advisory lock on (tenant, user).
 */
export async function lockLearner(trx: Trx, tenantId: number, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('autonomy_study:' || ${tenantId}::text || ':' || ${userId}::text, 0))`.execute(trx);
}

/** The learner's self-directed minutes on a day, leaving out one entry (the one being edited). */
export async function dayMinutes(trx: Trx, userId: number, day: string, exceptId?: number): Promise<number> {
  const { rows } = await sql<{ minutes: number }>`
    select coalesce(sum(minutes), 0)::int as minutes from autonomy_study
    where user_id = ${userId}::bigint and study_date = ${day}::date and id <> ${exceptId ?? 0}::bigint`.execute(trx);
  return rows[0]?.minutes ?? 0;
}

/** What a save writes. */
export interface AutonomyWrite {
  title: string;
  kind: AutonomyKind;
  studyDate: string;
  minutes: number;
  note: string;
  attachment: AutonomyAttachment | null;
}

/** Writes a new entry; its id. */
export async function insertAutonomy(trx: Trx, tenantId: number, userId: number, w: AutonomyWrite): Promise<number> {
  const row = await trx.insertInto('autonomy_study').values({
    tenant_id: tenantId, user_id: userId, title: w.title, kind: w.kind, study_date: w.studyDate, minutes: w.minutes, note: w.note,
    attachment: w.attachment && JSON.stringify(w.attachment),
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rewrites one of the learner's entries. */
export async function updateAutonomy(trx: Trx, userId: number, id: number, w: AutonomyWrite): Promise<void> {
  await trx.updateTable('autonomy_study').set({
    title: w.title, kind: w.kind, study_date: w.studyDate, minutes: w.minutes, note: w.note,
    attachment: w.attachment && JSON.stringify(w.attachment), updated_at: new Date(),
  }).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Deletes one of the learner's entries; whether it was there. */
export async function deleteAutonomy(trx: Trx, userId: number, id: number): Promise<boolean> {
  const r = await trx.deleteFrom('autonomy_study').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The first day of the period holding `day` (weeks start on Monday, ISO). */
export function periodStart(day: string, unit: StudyTimeUnit): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return shiftDate(day, -((weekday + 6) % 7));
}

/** The first day of the period `n` periods after the one starting on `start`. */
export function nextPeriod(start: string, unit: StudyTimeUnit, n = 1): string {
  if (unit === 'day') return shiftDate(start, n);
  if (unit === 'week') return shiftDate(start, 7 * n);
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n, 1);
  return d.toISOString().slice(0, 10);
}

/** The last `count` periods ending with today's, each with online (study_day) and self-directed seconds. */
export async function studyTimeBuckets(trx: Trx, userId: number, today: string, unit: StudyTimeUnit, count: number): Promise<StudyTimeBucket[]> {
  await foldStudyDays(trx, userId);
  const current = periodStart(today, unit);
  const starts = Array.from({ length: count }, (_, i) => nextPeriod(current, unit, i - count + 1));
  const first = starts[0]!;
  const { rows } = await sql<{ day: string; online: number; autonomy: number }>`
    select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.online)::int as online, sum(x.autonomy)::int as autonomy from (
      select day, seconds as online, 0 as autonomy from study_day where user_id = ${userId}::bigint and day >= ${first}::date and day <= ${today}::date
      union all
      select study_date, 0, minutes * 60 from autonomy_study where user_id = ${userId}::bigint and study_date >= ${first}::date and study_date <= ${today}::date
    ) x group by x.day`.execute(trx);
  return starts.map((start) => {
    const end = shiftDate(nextPeriod(start, unit), -1);
    const inside = rows.filter((r) => r.day >= start && r.day <= end);
    return {
      start, end,
      onlineSeconds: inside.reduce((s, r) => s + Number(r.online), 0),
      autonomySeconds: inside.reduce((s, r) => s + Number(r.autonomy), 0),
    };
  });
}

/** All the learner's study seconds (online and self-directed), this month's, and the days with any. */
export async function studyTotals(trx: Trx, userId: number, today: string) {
  await foldStudyDays(trx, userId);
  const month = `${today.slice(0, 7)}-01`;
  const { rows } = await sql<{ online: number; autonomy: number; month: number; days: number }>`
    select coalesce(sum(online), 0)::bigint as online, coalesce(sum(autonomy), 0)::bigint as autonomy,
      coalesce(sum(online + autonomy) filter (where day >= ${month}::date), 0)::bigint as month,
      count(distinct day) filter (where online + autonomy > 0)::int as days
    from (
      select day, seconds as online, 0 as autonomy from study_day where user_id = ${userId}::bigint
      union all
      select study_date, 0, minutes * 60 from autonomy_study where user_id = ${userId}::bigint
    ) x`.execute(trx);
  const r = rows[0];
  return { onlineSeconds: Number(r?.online ?? 0), autonomySeconds: Number(r?.autonomy ?? 0), monthSeconds: Number(r?.month ?? 0), studyDays: Number(r?.days ?? 0) };
}
