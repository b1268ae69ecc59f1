// Points (issue 19 part C; spec learning §9 "points ranking ... numbers: not shown": the rules are
// ours, in docs/growth.md). The one way any module awards points: a module never imports another,
// so tasks, games, matches, study history, comments and exams all call this kernel function.
// Callers pass a transaction scoped to the tenant (row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/** What earns points; each kind has one rule per tenant (points, daily cap, on/off). */
export type PointsKind =
  | 'sign_in' | 'study_time' | 'content_finish' | 'course_finish' | 'exam_pass'
  | 'task_finish' | 'game_round' | 'comment' | 'match_place' | 'autonomy_study';

/** One event that may earn points. */
export interface PointsEvent {
  userId: number;
  kind: PointsKind;
  /** What earned it, unique per user and kind ('task:12', 'round:7', '2026-11-27'): awarding twice for one ref awards once. */
  ref: string;
  /** Multiplies the rule's points per whole `step` of the rule (minutes of study, stars of a round); default 1. */
  units?: number;
  /** Shown in the points detail (a task's title, a round's name). */
  note?: string;
}

/**
 * Awards the points an event earns under the tenant's rule for its kind and returns how many were
 * added (0: rule off, already awarded for this ref, or the day's cap reached). Never throws for a
 * rule reason; the caller's own write is never undone by points.
 * The tenant is the transaction's (app.tenant_id); the ledger row and user_integral's total are
 * written together, so the total always equals the ledger's sum (docs/growth.md).
 */
export async function awardPoints(trx: Transaction<DB>, event: PointsEvent): Promise<number> {
  const units = Math.floor(event.units ?? 1);
  if (!Number.isSafeInteger(units) || units <= 0 || !Number.isSafeInteger(event.userId)) return 0;
  const ref = event.ref.slice(0, 100);
  if (ref === '') return 0;
  const { rows } = await sql<{ tenant_id: number; today: string; points: number | null; step: number; daily_cap: number | null; enabled: boolean | null }>`
    select t.id as tenant_id, to_char(now() at time zone t.time_zone, 'YYYY-MM-DD') as today, r.points, r.step, r.daily_cap, r.enabled
    from tenant t left join points_rule r on r.tenant_id = t.id and r.kind = ${event.kind}
    where t.id = nullif(current_setting('app.tenant_id', true), '')::bigint`.execute(trx);
  const rule = rows[0];
  if (!rule || !rule.enabled || !rule.points) return 0;
  const tenantId = Number(rule.tenant_id);
  // One learner's awards wait for each other (the row lock), so two at once cannot both pass the cap.
  // Explicit tenant filters: a seed's owner may be a superuser, whom row-level security does not bind.
  await sql`
    insert into user_integral (tenant_id, user_id, points) values (${tenantId}::bigint, ${event.userId}::bigint, 0)
    on conflict (tenant_id, user_id) do nothing`.execute(trx);
  await sql`select 1 from user_integral where tenant_id = ${tenantId}::bigint and user_id = ${event.userId}::bigint for update`.execute(trx);
  const { rows: [seen] } = await sql<{ awarded: boolean; today: number }>`
    select exists (select 1 from points_ledger where tenant_id = ${tenantId}::bigint and user_id = ${event.userId}::bigint
                     and kind = ${event.kind} and ref = ${ref}) as awarded,
      coalesce((select sum(points) from points_ledger where tenant_id = ${tenantId}::bigint and user_id = ${event.userId}::bigint
                  and kind = ${event.kind} and day = ${rule.today}::date), 0)::int as today`.execute(trx);
  if (!seen || seen.awarded) return 0;
  // docs/growth.md: points per whole step of units (a step of 30 minutes of self-directed study; 1
  // for most kinds), cut to what is left of the day's cap for the kind.
  let points = rule.points * Math.floor(units / Math.max(1, rule.step));
  if (rule.daily_cap !== null) points = Math.min(points, rule.daily_cap - seen.today);
  if (points <= 0) return 0;
  await sql`
    insert into points_ledger (tenant_id, user_id, kind, ref, points, note, day)
    values (${tenantId}::bigint, ${event.userId}::bigint, ${event.kind}, ${ref}, ${points}, ${event.note?.slice(0, 200) ?? null}, ${rule.today}::date)`.execute(trx);
  await sql`
    update user_integral set points = points + ${points}, updated_at = now()
    where tenant_id = ${tenantId}::bigint and user_id = ${event.userId}::bigint`.execute(trx);
  return points;
}

/**
 * Study time's points (kind study_time): one unit per whole `step` minutes the learner has studied
 * today (the tenant's day, study_day plus the deltas not folded yet), each unit awarded once (ref
 * `study:<day>:<n>`), so calling it after every study save awards only newly studied time.
 */
export async function awardStudyTimePoints(trx: Transaction<DB>, userId: number): Promise<number> {
  const { rows } = await sql<{ tenant_id: number; today: string; step: number | null; enabled: boolean | null; seconds: number }>`
    select t.id as tenant_id, to_char(now() at time zone t.time_zone, 'YYYY-MM-DD') as today, r.step, r.enabled,
      (coalesce((select sum(seconds) from study_day d where d.tenant_id = t.id and d.user_id = ${userId}::bigint
                  and d.day = (now() at time zone t.time_zone)::date), 0)
       + coalesce((select sum(seconds) from study_day_delta d where d.tenant_id = t.id and d.user_id = ${userId}::bigint
                  and d.day = (now() at time zone t.time_zone)::date), 0))::int as seconds
    from tenant t left join points_rule r on r.tenant_id = t.id and r.kind = 'study_time'
    where t.id = nullif(current_setting('app.tenant_id', true), '')::bigint`.execute(trx);
  const row = rows[0];
  if (!row || !row.enabled || !row.step) return 0;
  const units = Math.floor(Math.min(row.seconds, 86_400) / 60 / row.step);
  if (units <= 0) return 0;
  const { rows: [last] } = await sql<{ n: number }>`
    select count(*)::int as n from points_ledger
    where tenant_id = ${row.tenant_id}::bigint and user_id = ${userId}::bigint and kind = 'study_time' and ref like ${`study:${row.today}:%`}`.execute(trx);
  let added = 0;
  // Units past the cap add nothing and are not recorded; at most the day's 1,440 minutes of units.
  for (let n = (last?.n ?? 0) + 1; n <= units; n++) {
    const got = await awardPoints(trx, { userId, kind: 'study_time', ref: `study:${row.today}:${n}`, units: row.step });
    if (got === 0) break;
    added += got;
  }
  return added;
}

/** An exam's title for a ledger note (exam_pass), or undefined when the tenant has no such exam. */
export async function examTitle(trx: Transaction<DB>, examId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('exam').select('title').where('id', '=', examId).executeTakeFirst();
  return row?.title;
}

/** A content's title for a ledger note (content_finish), or undefined. */
export async function contentTitle(trx: Transaction<DB>, contentId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('content').select('title').where('id', '=', contentId).executeTakeFirst();
  return row?.title;
}

/** A course's title for a ledger note (course_finish), or undefined. */
export async function courseTitle(trx: Transaction<DB>, courseId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('course').select('title').where('id', '=', courseId).executeTakeFirst();
  return row?.title;
}
