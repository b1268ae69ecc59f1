// Issue 19 part C (points: rules, levels, the ledger, ranking): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 18's seeds (server/demo/seed.ts). Every tenant gets the rules and levels
// of docs/growth.md in its language (acme, 1002, is English); every learner with points gets a
// ledger history whose sum is their total (user_integral, seeded by the catalogue, keeps its value),
// the demo accounts and a dozen board learners with recent days so the week and month boards have
// rows; student1–3 (the marking candidates) earn their first points. Nothing is seeded for today
// for the demo learner, who signs in for the day in the e2e journey. Explicit tenant filters: the
// owner may be a superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PointsKind } from '../lib/points';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

interface RuleSeed { kind: PointsKind; points: number; step?: number; cap: number | null; zh: [string, string]; en: [string, string] }

/** The default rules (docs/growth.md "Points, levels and ranking"). */
export const DEFAULT_POINTS_RULES: readonly RuleSeed[] = [
  { kind: 'sign_in', points: 5, cap: 5, zh: ['每日签到', '每天签到一次得 5 分'], en: ['Daily check-in', '5 points for checking in once a day'] },
  { kind: 'study_time', points: 2, step: 10, cap: 20, zh: ['学习时长', '每学习 10 分钟得 2 分，每天最多 20 分'], en: ['Study time', '2 points per 10 minutes of study, up to 20 a day'] },
  { kind: 'content_finish', points: 5, cap: 30, zh: ['学完内容', '学完一个视频、文档或文章得 5 分，每天最多 30 分'], en: ['Content finished', '5 points per video, document or article finished, up to 30 a day'] },
  { kind: 'course_finish', points: 20, cap: 60, zh: ['学完课程', '学完一门课程得 20 分，每天最多 60 分'], en: ['Course finished', '20 points per course finished, up to 60 a day'] },
  { kind: 'exam_pass', points: 20, cap: 60, zh: ['通过考试', '每场考试首次通过得 20 分，每天最多 60 分'], en: ['Exam passed', '20 points the first time you pass an exam, up to 60 a day'] },
  { kind: 'task_finish', points: 30, cap: 90, zh: ['完成任务', '完成一个学习任务得 30 分，每天最多 90 分'], en: ['Task finished', '30 points per learning task finished, up to 90 a day'] },
  { kind: 'game_round', points: 2, cap: 30, zh: ['闯关', '每关每颗星得 2 分，每天最多 30 分'], en: ['Game rounds', '2 points per star of a round, up to 30 a day'] },
  { kind: 'comment', points: 1, cap: 5, zh: ['发表评论', '每条评论得 1 分，每天最多 5 分'], en: ['Comments', '1 point per comment, up to 5 a day'] },
  { kind: 'match_place', points: 50, cap: null, zh: ['竞赛名次', '竞赛获得名次得 50 分'], en: ['Competition places', '50 points for a place in a competition'] },
  { kind: 'autonomy_study', points: 3, step: 30, cap: 15, zh: ['自主学习', '登记的自主学习每 30 分钟得 3 分，每天最多 15 分'], en: ['Self-directed study', '3 points per 30 minutes of self-directed study logged, up to 15 a day'] },
];

/** The default levels, lowest first. */
export const DEFAULT_POINTS_LEVELS: readonly { min: number; zh: string; en: string }[] = [
  { min: 0, zh: '新手', en: 'Newcomer' },
  { min: 100, zh: '学徒', en: 'Apprentice' },
  { min: 500, zh: '进阶', en: 'Rising' },
  { min: 1000, zh: '达人', en: 'Achiever' },
  { min: 2000, zh: '学霸', en: 'Scholar' },
  { min: 5000, zh: '大师', en: 'Master' },
];

/** The departments board learners are spread over (user_account.org_name; the board filters by them). */
const ORGS = { zh: ['研发中心', '市场部', '生产一部', '人力资源部'], en: ['R&D', 'Marketing', 'Operations', 'People'] } as const;

/** What the marking candidates have earned (they have no board total before this seed). */
const STUDENT_TOTALS: Readonly<Record<string, number>> = { student1: 265, student2: 140, student3: 85 };
/** Board learners (memberNNN) with recent days too, besides the demo accounts. */
const RECENT_MEMBERS = 12;

interface LedgerSeed { kind: PointsKind; points: number; daysAgo: number; ref: string }

/** A small deterministic generator, so every seed of a tenant writes the same history. */
function rngOf(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1_103_515_245 + 12_345) >>> 0;
    return (s >>> 8) / 16_777_216;
  };
}

/**
 * A history summing exactly to `total`: with `recent`, the last days (1–6 ago, and today unless
 * `quietToday`) first, then older days from a week ago backwards, a few awards a day.
 */
export function ledgerHistory(total: number, userId: number, recent: boolean, quietToday: boolean): LedgerSeed[] {
  const rng = rngOf(userId * 7919);
  const rows: LedgerSeed[] = [];
  let left = total;
  let serial = 0;
  const add = (kind: PointsKind, points: number, daysAgo: number) => {
    const p = Math.min(points, left);
    if (p <= 0) return;
    serial += 1;
    rows.push({ kind, points: p, daysAgo, ref: kind === 'sign_in' ? `day-${daysAgo}` : `seed:${serial}` });
    left -= p;
  };
  if (recent) {
    for (let d = quietToday ? 1 : 0; d <= 6; d++) {
      if (rng() < 0.8) add('sign_in', 5, d);
      if (rng() < 0.6) add('content_finish', 5 * (1 + Math.floor(rng() * 3)), d);
      if (rng() < 0.3) add('exam_pass', 20, d);
      if (rng() < 0.3) add('study_time', 2 * (1 + Math.floor(rng() * 10)), d);
    }
  }
  for (let d = 7; left > 0; d++) {
    add('sign_in', 5, d);
    add('content_finish', 5 * (1 + Math.floor(rng() * 6)), d);
    if (rng() < 0.5) add('course_finish', 20 * (1 + Math.floor(rng() * 2)), d);
    if (rng() < 0.4) add('exam_pass', 20, d);
    if (rng() < 0.3) add('comment', 1 + Math.floor(rng() * 5), d);
    if (rng() < 0.3) add('study_time', 20, d);
  }
  return rows;
}

export async function seedPoints(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const lang = ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh';
  await trx.insertInto('points_rule').values(DEFAULT_POINTS_RULES.map((r, i) => ({
    tenant_id: tenantId, kind: r.kind, name: r[lang][0], description: r[lang][1], points: r.points, step: r.step ?? 1, daily_cap: r.cap, sort: i,
  }))).execute();
  await trx.insertInto('points_level').values(DEFAULT_POINTS_LEVELS.map((l) => ({ tenant_id: tenantId, name: l[lang], min_points: l.min }))).execute();

  const students = await trx.selectFrom('user_account').select(['id', 'account'])
    .where('tenant_id', '=', tenantId).where('account', 'in', Object.keys(STUDENT_TOTALS)).execute();
  for (const s of students) {
    await sql`
      insert into user_integral (tenant_id, user_id, points) values (${tenantId}::bigint, ${s.id}::bigint, ${STUDENT_TOTALS[s.account]!})
      on conflict (tenant_id, user_id) do nothing`.execute(trx);
  }
  const holders = await trx.selectFrom('user_integral as i')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'i.tenant_id').onRef('u.id', '=', 'i.user_id'))
    .select(['i.user_id', 'i.points', 'u.account']).where('i.tenant_id', '=', tenantId).where('i.points', '>', 0).orderBy('i.user_id').execute();
  const { rows: [clock] } = await sql<{ today: string; time_zone: string }>`
    select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today, time_zone from tenant where id = ${tenantId}::bigint`.execute(trx);
  if (!clock) return;
  const values = holders.flatMap((h) => {
    const member = /^member(\d+)$/.exec(h.account);
    const demo = h.account === 'learner' || h.account in STUDENT_TOTALS;
    const recent = demo || (member !== null && Number(member[1]) <= RECENT_MEMBERS);
    return ledgerHistory(h.points, Number(h.user_id), recent, demo).map((row, i) => {
      const day = sql<string>`(${clock.today}::date - ${row.daysAgo}::int)`;
      return {
        tenant_id: tenantId, user_id: Number(h.user_id), kind: row.kind, points: row.points, note: null,
        // sign_in's ref is its day, as POST /um/api/userIntegrate/signIn writes it.
        ref: row.kind === 'sign_in' ? sql<string>`to_char(${day}, 'YYYY-MM-DD')` : row.ref,
        day: sql<string>`${day}`,
        created_at: sql<Date>`(${day} + time '08:00' + ${(i * 37) % 600}::int * interval '1 minute') at time zone ${clock.time_zone}`,
      };
    });
  });
  for (let i = 0; i < values.length; i += 1000) {
    await trx.insertInto('points_ledger').values(values.slice(i, i + 1000)).execute();
  }
  // Departments for the board's organisation filter, on learners who have none yet.
  const orgs = ORGS[lang];
  for (const [i, h] of holders.entries()) {
    await trx.updateTable('user_account').set({ org_name: orgs[i % orgs.length]! })
      .where('tenant_id', '=', tenantId).where('id', '=', Number(h.user_id)).where('org_name', 'is', null).execute();
  }
  // The totals equal the ledger's sums (docs/growth.md): the catalogue's totals are kept as they were.
  await sql`
    update user_integral i set points = s.points
    from (select user_id, sum(points)::int as points from points_ledger where tenant_id = ${tenantId}::bigint group by user_id) s
    where i.tenant_id = ${tenantId}::bigint and i.user_id = s.user_id`.execute(trx);
}
