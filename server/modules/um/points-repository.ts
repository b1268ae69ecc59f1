// Points reads and writes (issue 19 part C; docs/growth.md "Points, levels and ranking"): rules and
// levels, the caller's standing and ledger, the boards by period and organisation. Callers pass a
// transaction scoped to the tenant (row-level security); awards go through server/lib/points.ts.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso } from '../../lib/list-sql';
import { listOrganTree } from './organ-repository';
import type {
  PointsKindName, PointsLevel, PointsPeriod, PointsRankPage, PointsRankRow, PointsRule, PointsRuleSaveBody, StudyRankPage, UserLogItem, UserScore,
} from '../../../schemas/api/points';

type Trx = Transaction<DB>;

/** The tenant's today and the first days of this week (Monday) and month, 'YYYY-MM-DD'. */
export async function tenantDays(trx: Trx, tenantId: number): Promise<{ today: string; week: string; month: string }> {
  const { rows: [r] } = await sql<{ today: string; week: string; month: string }>`
    select to_char(d, 'YYYY-MM-DD') as today, to_char(date_trunc('week', d), 'YYYY-MM-DD') as week, to_char(date_trunc('month', d), 'YYYY-MM-DD') as month
    from (select (now() at time zone time_zone)::date as d from tenant where id = ${tenantId}::bigint) t`.execute(trx);
  if (!r) throw new Error(`Tenant ${tenantId} has no row: readTenant checks it first.`);
  return r;
}

/** The first day a period counts from, or null for all time. */
function periodStart(days: { week: string; month: string }, period: PointsPeriod): string | null {
  return period === 'week' ? days.week : period === 'month' ? days.month : null;
}

/** Every rule of the tenant (enabledOnly: the ones that earn now), in list order. */
export async function listRules(trx: Trx, enabledOnly: boolean): Promise<PointsRule[]> {
  let q = trx.selectFrom('points_rule').selectAll().orderBy('sort').orderBy('kind');
  if (enabledOnly) q = q.where('enabled', '=', true).where('points', '>', 0);
  return (await q.execute()).map((r) => ({
    kind: r.kind, name: r.name, points: r.points, step: r.step, dailyCap: r.daily_cap, enabled: r.enabled, description: r.description, sort: r.sort,
  }));
}

/** The levels, lowest first, each with its last total. */
export async function listLevels(trx: Trx): Promise<PointsLevel[]> {
  const rows = await trx.selectFrom('points_level').select(['id', 'name', 'min_points']).orderBy('min_points').execute();
  return rows.map((r, i) => ({ id: Number(r.id), name: r.name, minPoints: r.min_points, maxPoints: rows[i + 1] ? rows[i + 1]!.min_points - 1 : null }));
}

/** The level a total holds (the highest whose minimum it reaches) and the next one. */
export function levelOf(levels: PointsLevel[], total: number): { level: PointsLevel | null; next: PointsLevel | null } {
  let at = -1;
  levels.forEach((l, i) => { if (total >= l.minPoints) at = i; });
  return { level: levels[at] ?? null, next: levels[at + 1] ?? null };
}

/** The caller's total, level, today's points per kind against caps, and all-time place. */
export async function userScore(trx: Trx, tenantId: number, userId: number): Promise<UserScore> {
  const days = await tenantDays(trx, tenantId);
  const [levels, rules, { rows: [sums] }, { rows: todays }] = await Promise.all([
    listLevels(trx),
    listRules(trx, true),
    sql<{ total: number; week: number; month: number; today: number; signed: boolean; rank: number | null }>`
      select coalesce((select points from user_integral where user_id = ${userId}::bigint), 0)::int as total,
        coalesce((select sum(points) from points_ledger where user_id = ${userId}::bigint and day >= ${days.week}::date), 0)::int as week,
        coalesce((select sum(points) from points_ledger where user_id = ${userId}::bigint and day >= ${days.month}::date), 0)::int as month,
        coalesce((select sum(points) from points_ledger where user_id = ${userId}::bigint and day = ${days.today}::date), 0)::int as today,
        exists (select 1 from points_ledger where user_id = ${userId}::bigint and kind = 'sign_in' and ref = ${days.today}) as signed,
        (select case when mine.points > 0 then (select 1 + count(*) from user_integral o where o.points > mine.points)::int end
          from (select points from user_integral where user_id = ${userId}::bigint) mine) as rank`.execute(trx),
    sql<{ kind: PointsKindName; points: number }>`
      select kind, sum(points)::int as points from points_ledger where user_id = ${userId}::bigint and day = ${days.today}::date group by kind`.execute(trx),
  ]);
  const total = sums?.total ?? 0;
  const { level, next } = levelOf(levels, total);
  const span = level && next ? next.minPoints - level.minPoints : 0;
  return {
    total, level, nextLevel: next,
    toNextLevel: next ? next.minPoints - total : null,
    levelProgress: next ? Math.max(0, Math.min(100, Math.floor(((total - (level?.minPoints ?? 0)) * 100) / (span || next.minPoints || 1)))) : 100,
    today: days.today,
    todayPoints: sums?.today ?? 0, weekPoints: sums?.week ?? 0, monthPoints: sums?.month ?? 0,
    todayByKind: rules.map((r) => ({ kind: r.kind, name: r.name, points: todays.find((t) => t.kind === r.kind)?.points ?? 0, dailyCap: r.dailyCap })),
    signedInToday: sums?.signed ?? false,
    rank: sums?.rank ?? null,
  };
}

/** A page of the caller's ledger, newest first, by kind and period. */
export async function listLedger(
  trx: Trx, tenantId: number, userId: number, q: { pageNo: number; pageSize: number; kind?: PointsKindName | undefined; period: PointsPeriod },
): Promise<{ list: UserLogItem[]; total: number; pageNo: number; pageSize: number }> {
  const start = periodStart(await tenantDays(trx, tenantId), q.period);
  let base = trx.selectFrom('points_ledger as l').where('l.user_id', '=', userId);
  if (q.kind) base = base.where('l.kind', '=', q.kind);
  if (start) base = base.where('l.day', '>=', start);
  const [rows, count] = await Promise.all([
    base.leftJoin('points_rule as r', (j) => j.onRef('r.tenant_id', '=', 'l.tenant_id').onRef('r.kind', '=', 'l.kind'))
      .select(['l.id', 'l.kind', 'l.points', 'l.note', 'l.created_at', 'r.name', sql<string>`to_char(l.day, 'YYYY-MM-DD')`.as('day')])
      .orderBy('l.day', 'desc').orderBy('l.created_at', 'desc').orderBy('l.id', 'desc')
      .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ id: Number(r.id), kind: r.kind, kindName: r.name ?? r.kind, points: r.points, note: r.note, day: r.day, createdAt: iso(r.created_at) })),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

interface RankQuery { pageNo: number; pageSize: number; period: PointsPeriod; orgName?: string | undefined }

/** The board as a subquery: (user_id, points, rank) of learners with points in the period and org. */
async function boardSql(trx: Trx, tenantId: number, q: RankQuery) {
  const start = periodStart(await tenantDays(trx, tenantId), q.period);
  const org = q.orgName === undefined ? sql`true` : sql`u.org_name = ${q.orgName}`;
  // all: user_integral as before; a period: ledger sums. docs/growth.md "Boards": a learner with no
  // points has no place (me.rank null), so a total of 0 is not ranked.
  const scores = start === null
    ? sql`select user_id, points from user_integral where points > 0`
    : sql`select user_id, sum(points)::int as points from points_ledger where day >= ${start}::date group by user_id`;
  return sql`
    select s.user_id, s.points, rank() over (order by s.points desc) as rank, u.nick_name, u.real_name, u.avatar_img
    from (${scores}) s join user_account u on u.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and u.id = s.user_id
    where ${org}`;
}

type BoardRow = { user_id: number; points: number; rank: number | string; nick_name: string | null; real_name: string | null; avatar_img: string | null };

// The board never shows the account (a phone number or login name): the nickname, else the real name.
const rowOf = (r: BoardRow): PointsRankRow => ({
  rank: Number(r.rank), userId: Number(r.user_id), points: Number(r.points), avatar: r.avatar_img, name: r.nick_name ?? r.real_name ?? `#${r.user_id}`,
});

/** A page of the points board (most first, equal points share a rank) and, for a signed-in caller, their own place. */
export async function pointsBoard(trx: Trx, tenantId: number, q: RankQuery, callerId?: number): Promise<PointsRankPage> {
  const board = await boardSql(trx, tenantId, q);
  const [{ rows }, { rows: [count] }] = await Promise.all([
    sql<BoardRow>`select * from (${board}) b order by b.points desc, b.user_id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from (${board}) b`.execute(trx),
  ]);
  const page: PointsRankPage = { list: rows.map(rowOf), total: count?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  if (callerId !== undefined) {
    const { rows: [mine] } = await sql<BoardRow>`select * from (${board}) b where b.user_id = ${callerId}::bigint`.execute(trx);
    if (mine) page.me = rowOf(mine);
    else {
      // Not on this board (no points in the period, or another org): shown with no place.
      const u = await trx.selectFrom('user_account').select(['nick_name', 'real_name', 'avatar_img']).where('id', '=', callerId).executeTakeFirst();
      if (u) page.me = { rank: null, userId: callerId, points: 0, avatar: u.avatar_img, name: u.nick_name ?? u.real_name ?? `#${callerId}` };
    }
  }
  return page;
}

/**
 * A page of a study board (/rank): seconds studied (study_day with the deltas not folded yet) or
 * contents finished (study_record finished_at) in the period, most first; the caller's place too.
 */
export async function studyBoard(
  trx: Trx, tenantId: number, q: { pageNo: number; pageSize: number; period: PointsPeriod; by: 'time' | 'finish' }, callerId?: number,
): Promise<StudyRankPage> {
  const start = periodStart(await tenantDays(trx, tenantId), q.period);
  const since = (column: string) => (start === null ? sql`true` : sql`${sql.ref(column)} >= ${start}::date`);
  const values = q.by === 'time'
    ? sql`select user_id, sum(seconds)::int as value from (
        select user_id, seconds, day from study_day union all select user_id, seconds, day from study_day_delta) d
        where ${since('d.day')} group by user_id having sum(seconds) > 0`
    // A content counts once, finished by the one finish rule (server/lib/study-finish.ts finishedContent,
    // as the archive counts it: its whole-content record, or every one of its parts), on the day of
    // the latest finish among its records.
    : sql`select user_id, count(*)::int as value from (
          select r.user_id, max(r.finished_at) as finished_at from study_record r
          where r.state = 2 and r.finished_at is not null
          group by r.user_id, r.content_id
          having bool_or(r.part_id = 0)
            or (exists (select 1 from content_part p where p.content_id = r.content_id)
              and not exists (select 1 from content_part p where p.content_id = r.content_id
                and not exists (select 1 from study_record f where f.user_id = r.user_id and f.content_id = p.content_id and f.part_id = p.id and f.state = 2)))
        ) d
        where ${start === null ? sql`true`
          : sql`(d.finished_at at time zone (select time_zone from tenant where id = ${tenantId}::bigint))::date >= ${start}::date`}
        group by user_id`;
  const board = sql`
    select v.user_id, v.value, rank() over (order by v.value desc) as rank, u.nick_name, u.real_name, u.avatar_img
    from (${values}) v join user_account u on u.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and u.id = v.user_id`;
  type Row = { user_id: number; value: number; rank: number | string; nick_name: string | null; real_name: string | null; avatar_img: string | null };
  const rowOf = (r: Row) => ({ rank: Number(r.rank), userId: Number(r.user_id), value: Number(r.value), avatar: r.avatar_img, name: r.nick_name ?? r.real_name ?? `#${r.user_id}` });
  const [{ rows }, { rows: [count] }] = await Promise.all([
    sql<Row>`select * from (${board}) b order by b.value desc, b.user_id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from (${board}) b`.execute(trx),
  ]);
  const page: StudyRankPage = { list: rows.map(rowOf), total: count?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  if (callerId !== undefined) {
    const { rows: [mine] } = await sql<Row>`select * from (${board}) b where b.user_id = ${callerId}::bigint`.execute(trx);
    if (mine) page.me = rowOf(mine);
    else {
      const u = await trx.selectFrom('user_account').select(['nick_name', 'real_name', 'avatar_img']).where('id', '=', callerId).executeTakeFirst();
      if (u) page.me = { rank: null, userId: callerId, value: 0, avatar: u.avatar_img, name: u.nick_name ?? u.real_name ?? `#${callerId}` };
    }
  }
  return page;
}

/**
 * The organisations the board filters by: the org tree's departments in tree order (issue 21 X: the
 * tree is the source), then any name learners carry that the tree lacks, by name.
 */
export async function listBoardOrgs(trx: Trx): Promise<string[]> {
  const tree = (await listOrganTree(trx)).filter((o) => o.level > 0).map((o) => o.name);
  const rows = await trx.selectFrom('user_account').select('org_name').distinct()
    .where('org_name', 'is not', null).where('org_name', '!=', '').orderBy('org_name').limit(200).execute();
  const names = new Set(tree);
  return [...names, ...rows.map((r) => r.org_name!).filter((n) => n && !names.has(n))].slice(0, 200);
}

/** Writes one rule (back-office). */
export async function saveRule(trx: Trx, tenantId: number, rule: Omit<PointsRuleSaveBody, 'tenantId'>): Promise<void> {
  await trx.updateTable('points_rule').set({
    name: rule.name, points: rule.points, step: rule.step, daily_cap: rule.dailyCap, enabled: rule.enabled, description: rule.description, updated_at: new Date(),
  }).where('tenant_id', '=', tenantId).where('kind', '=', rule.kind).execute();
}

/** Replaces the levels (back-office). */
export async function saveLevels(trx: Trx, tenantId: number, levels: { name: string; minPoints: number }[]): Promise<void> {
  await trx.deleteFrom('points_level').where('tenant_id', '=', tenantId).execute();
  await trx.insertInto('points_level').values(levels.map((l) => ({ tenant_id: tenantId, name: l.name, min_points: l.minPoints }))).execute();
}
