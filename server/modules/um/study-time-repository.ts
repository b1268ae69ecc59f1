import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { DailyStudyHours } from '../../../schemas/api/um';

// Reads a learner's study time per day (study_day, migration 0006; appended by triggers on
// study_record into study_day_delta and folded into study_day when read). Callers pass a transaction scoped to the tenant (withTenant); every query names
// the user, so nobody reads another's time.

type Trx = Transaction<DB>;

/** A day range: both ends 'YYYY-MM-DD', inclusive; or the last `days` days ending today. */
export type DayRange = { startDate: string; endDate: string } | { days: number };

/** The tenant's time zone and today's date there. */
export async function tenantToday(trx: Trx, tenantId: number): Promise<{ timeZone: string; today: string }> {
  const { rows } = await sql<{ time_zone: string; today: string }>`
    select time_zone, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from tenant where id = ${tenantId}::bigint`.execute(trx);
  return { timeZone: rows[0]?.time_zone ?? 'Asia/Shanghai', today: rows[0]?.today ?? new Date().toISOString().slice(0, 10) };
}

/**
 * Moves a learner's appended study time (study_day_delta, written by the study_record triggers of
 * migration 0006) into their rows of study_day, at most 24 hours a day. Deltas appended meanwhile
 * by a save in flight stay for the next fold; two folds at once never move a delta twice (the
 * second waits for the first's delete and then finds the rows gone).
 */
export async function foldStudyDays(trx: Trx, userId: number): Promise<void> {
  await sql`
    with moved as (delete from study_day_delta where user_id = ${userId}::bigint returning tenant_id, user_id, day, seconds)
    insert into study_day as d (tenant_id, user_id, day, seconds)
      select tenant_id, user_id, day, least(sum(seconds), 86400)::int from moved group by tenant_id, user_id, day
      on conflict (tenant_id, user_id, day) do update set seconds = least(d.seconds + excluded.seconds, 86400), updated_at = now()`.execute(trx);
}

/** The learner's time per day over a range (every day listed, zeros included) and the all-time sums. */
export async function dailyStudyHours(trx: Trx, tenantId: number, userId: number, range: DayRange): Promise<DailyStudyHours> {
  await foldStudyDays(trx, userId);
  const { timeZone, today } = await tenantToday(trx, tenantId);
  const [startDate, endDate] = 'days' in range ? [shiftDate(today, 1 - range.days), today] : [range.startDate, range.endDate];
  const [{ rows: days }, { rows: totals }] = await Promise.all([
    sql<{ date: string; seconds: number }>`
      select to_char(g.day, 'YYYY-MM-DD') as date, coalesce(d.seconds, 0)::int as seconds
      from generate_series(${startDate}::date, ${endDate}::date, interval '1 day') as g(day)
      left join study_day d on d.user_id = ${userId}::bigint and d.day = g.day::date
      order by g.day`.execute(trx),
    sql<{ total: number; study_days: number; today: number }>`
      select coalesce(sum(seconds), 0)::int as total, count(*) filter (where seconds > 0)::int as study_days,
        coalesce(sum(seconds) filter (where day = ${today}::date), 0)::int as today
      from study_day where user_id = ${userId}::bigint`.execute(trx),
  ]);
  const t = totals[0] ?? { total: 0, study_days: 0, today: 0 };
  return {
    timeZone, today, startDate, endDate, days,
    rangeSeconds: days.reduce((sum, d) => sum + d.seconds, 0),
    todaySeconds: t.today, totalSeconds: t.total, studyDays: t.study_days,
  };
}

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from start to end, inclusive of both (1 for one day); NaN when either is not a real date. */
export function daysBetween(startDate: string, endDate: string): number {
  const a = realDate(startDate);
  const b = realDate(endDate);
  return a === undefined || b === undefined ? Number.NaN : Math.round((b - a) / 86_400_000) + 1;
}

/** Epoch ms of a 'YYYY-MM-DD' that names a real day (2026-02-30 does not), else undefined. */
function realDate(date: string): number | undefined {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? undefined : ms;
}
