// The back-office's competition editor (issue 19 part I; docs/growth.md "Back-office"): list, read,
// create and edit a match with its stages, delete one nobody enrolled in, close one early, grant and
// revoke its judges. Callers pass a tenant transaction (asGrowthAdmin): row-level security keeps
// every query inside the tenant. The learner-side rules are part F's (matches-*.ts); nothing here
// removes what learners did: a stage with entries keeps its kind and cannot be removed.
import { sql } from 'kysely';
import type { AdminMatch, AdminMatchRow, MatchInput, StageInput } from '../../../schemas/api/growth-admin';
import { MATCH_NAME_MAX, MATCH_NAME_MIN, MATCH_STAGES_MAX } from '../../../schemas/api/growth-admin';
import type { MatchStatus } from '../../../schemas/api/matches';
import { iso } from '../../lib/list-sql';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { grantRole } from '../../lib/roles';
import { ApiError } from '../../plugins/envelope';
import type { Trx } from './growth-admin-guard';

/** SQL: the status of `m` at the database clock (as matches-repository.ts). */
const STATUS = sql<MatchStatus>`case
  when now() >= m.end_time then 'ended'
  when now() >= m.start_time then 'in_progress'
  when now() >= m.enroll_start and now() < m.enroll_end then 'enrolling'
  else 'upcoming' end`;

interface Row {
  id: number; title: string; state: 'published' | 'draft'; status: MatchStatus; enroll_start: Date; enroll_end: Date; start_time: Date; end_time: Date;
  entrant_limit: number | null; entrant_count: number; ever_enrolled: number; stage_count: number; total?: number;
}
const COLUMNS = sql`m.id::int as id, m.title, m.state, ${STATUS} as status, m.enroll_start, m.enroll_end, m.start_time, m.end_time, m.entrant_limit,
  (select count(*)::int from competition_entrant e where e.tenant_id = m.tenant_id and e.match_id = m.id and e.state = 'enrolled') as entrant_count,
  (select count(*)::int from competition_entrant e where e.tenant_id = m.tenant_id and e.match_id = m.id) as ever_enrolled,
  (select count(*)::int from competition_stage s where s.tenant_id = m.tenant_id and s.match_id = m.id) as stage_count`;

const toRow = (r: Row): AdminMatchRow => ({
  id: Number(r.id), title: r.title, state: r.state, status: r.status, enrollStart: iso(r.enroll_start), enrollEnd: iso(r.enroll_end),
  startTime: iso(r.start_time), endTime: iso(r.end_time), entrantLimit: r.entrant_limit, entrantCount: r.entrant_count,
  everEnrolled: r.ever_enrolled, stageCount: r.stage_count,
});

/** Every match of the tenant, drafts too, newest start first; keyword: part of the title. */
export async function listAdminMatches(trx: Trx, q: { keyword?: string | undefined; pageNo: number; pageSize: number }) {
  const like = q.keyword?.trim() ? `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<Row>`select ${COLUMNS}, count(*) over ()::int as total from competition m
    ${like ? sql`where m.title ilike ${like}` : sql``}
    order by m.start_time desc, m.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  return { list: rows.map(toRow), total: rows[0]?.total ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

async function requireMatch(trx: Trx, id: number, lock = false) {
  const { rows } = await sql<Row & { summary: string; rules: string; cover_img: string | null }>`
    select ${COLUMNS}, m.summary, m.rules, m.cover_img from competition m where m.id = ${id}::bigint ${lock ? sql`for update` : sql``}`.execute(trx);
  const row = rows[0];
  if (!row) throw new ApiError('找不到这场竞赛，它可能已被删除。', { code: 404, errorCode: 'MATCH_NOT_FOUND' });
  return row;
}

async function judgesOf(trx: Trx, matchId: number) {
  const rows = await trx.selectFrom('user_role as r').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .select(['u.id', 'u.account', 'u.real_name', 'u.nick_name'])
    .where('r.role', '=', 'marker').where('r.scope_type', '=', 'match').where('r.scope_id', '=', matchId).orderBy('u.account').execute();
  return rows.map((u) => ({ userId: Number(u.id), account: u.account, name: u.real_name || u.nick_name || u.account }));
}

/** One match with its stages (and how many entries each holds) and its judges. */
export async function getAdminMatch(trx: Trx, id: number): Promise<AdminMatch> {
  const m = await requireMatch(trx, id);
  const { rows: stages } = await sql<{
    id: number; title: string; description: string; kind: 'submission' | 'exam'; start_time: Date; end_time: Date;
    max_score: number | null; exam_id: number | null; exam_title: string | null; submission_count: number;
  }>`select s.id::int as id, s.title, s.description, s.kind, s.start_time, s.end_time, s.max_score, s.exam_id::int as exam_id, e.title as exam_title,
      (select count(*)::int from competition_submission c where c.tenant_id = s.tenant_id and c.stage_id = s.id) as submission_count
    from competition_stage s left join exam e on e.tenant_id = s.tenant_id and e.id = s.exam_id
    where s.match_id = ${id}::bigint order by s.sort, s.id`.execute(trx);
  return {
    ...toRow(m), summary: m.summary, rules: m.rules, coverImg: m.cover_img,
    stages: stages.map((s) => ({
      id: s.id, title: s.title, description: s.description, kind: s.kind, startTime: iso(s.start_time), endTime: iso(s.end_time),
      maxScore: s.max_score, examId: s.exam_id, examTitle: s.exam_title, submissionCount: s.submission_count,
    })),
    judges: await judgesOf(trx, id),
  };
}

const fail = (message: string, errorCode: string) => new ApiError(message, { errorCode });
const time = (v: string) => new Date(v).getTime();

/** The checks every save runs (docs/growth.md "Back-office"), in the order a form is read. */
function checkMatch(m: MatchInput): void {
  const title = m.title.trim();
  if (title.length < MATCH_NAME_MIN || title.length > MATCH_NAME_MAX) throw fail(`竞赛名称需要 ${MATCH_NAME_MIN} 到 ${MATCH_NAME_MAX} 个字。`, 'MATCH_TITLE_INVALID');
  // spec learning §2 "Ranking and competitions" (rules ours): the enrolment window opens before it closes,
  // the match starts before it ends, and enrolment closes no later than the end (0032's check).
  if (!(time(m.enrollStart) < time(m.enrollEnd))) throw fail('报名开始时间必须早于报名截止时间。', 'MATCH_ENROLL_WINDOW');
  if (!(time(m.startTime) < time(m.endTime))) throw fail('竞赛开始时间必须早于结束时间。', 'MATCH_WINDOW');
  if (time(m.enrollEnd) > time(m.endTime)) throw fail('报名截止时间不能晚于竞赛结束时间。', 'MATCH_ENROLL_AFTER_END');
  if (m.entrantLimit !== null && m.entrantLimit < 1) throw fail('名额上限至少为 1 人；不限名额请留空。', 'MATCH_LIMIT_INVALID');
  if (m.stages.length > MATCH_STAGES_MAX) throw fail(`一场竞赛最多 ${MATCH_STAGES_MAX} 个阶段。`, 'MATCH_TOO_MANY_STAGES');
  if (m.state === 'published' && m.stages.length === 0) throw fail('发布前请至少添加一个阶段。', 'MATCH_NO_STAGES');
  m.stages.forEach((s, i) => checkStage(m, s, i + 1));
}

function checkStage(m: MatchInput, s: StageInput, n: number): void {
  const name = `第 ${n} 阶段`;
  if (!s.title.trim()) throw fail(`${name}需要名称。`, 'STAGE_TITLE_REQUIRED');
  if (!(time(s.startTime) < time(s.endTime))) throw fail(`${name}「${s.title.trim()}」的开始时间必须早于结束时间。`, 'STAGE_WINDOW');
  // Stage windows sit inside the match's running time.
  if (time(s.startTime) < time(m.startTime) || time(s.endTime) > time(m.endTime)) {
    throw fail(`${name}「${s.title.trim()}」的时间必须在竞赛开始和结束之间。`, 'STAGE_OUTSIDE_MATCH');
  }
  if (s.kind === 'submission' && (s.maxScore === null || s.maxScore < 1)) throw fail(`${name}「${s.title.trim()}」需要满分（1 到 1000）。`, 'STAGE_MAX_SCORE');
  if (s.kind === 'exam' && !s.examId) throw fail(`${name}「${s.title.trim()}」需要选择一场考试。`, 'STAGE_EXAM_REQUIRED');
}

/** Creates (no id) or edits a match and its stages in the order given. */
export async function saveAdminMatch(trx: Trx, tenantId: number, input: MatchInput): Promise<AdminMatch> {
  checkMatch(input);
  const values = {
    title: input.title.trim(), summary: input.summary.trim(), rules: await sanitizeRichTextHtml(input.rules),
    cover_img: input.coverImg?.trim() || null, enroll_start: input.enrollStart, enroll_end: input.enrollEnd,
    start_time: input.startTime, end_time: input.endTime, entrant_limit: input.entrantLimit, state: input.state,
  };
  let matchId: number;
  if (input.id) {
    const m = await requireMatch(trx, input.id, true);
    if (input.entrantLimit !== null && input.entrantLimit < m.entrant_count) {
      throw fail(`已有 ${m.entrant_count} 人报名，名额上限不能低于这个数。`, 'MATCH_LIMIT_BELOW_ENTRANTS');
    }
    matchId = input.id;
    await trx.updateTable('competition').set(values).where('id', '=', matchId).execute();
  } else {
    const row = await trx.insertInto('competition').values({ tenant_id: tenantId, ...values }).returning('id').executeTakeFirstOrThrow();
    matchId = Number(row.id);
  }
  await saveStages(trx, tenantId, matchId, input.stages);
  return getAdminMatch(trx, matchId);
}

async function saveStages(trx: Trx, tenantId: number, matchId: number, stages: StageInput[]): Promise<void> {
  const { rows: existing } = await sql<{ id: number; kind: string; submission_count: number; top_score: number | null; title: string }>`
    select s.id::int as id, s.kind, s.title,
      (select count(*)::int from competition_submission c where c.tenant_id = s.tenant_id and c.stage_id = s.id) as submission_count,
      (select max(c.score)::int from competition_submission c where c.tenant_id = s.tenant_id and c.stage_id = s.id) as top_score
    from competition_stage s where s.match_id = ${matchId}::bigint`.execute(trx);
  const byId = new Map(existing.map((s) => [s.id, s]));
  const kept = new Set<number>();
  for (const s of stages) {
    if (s.id === undefined) continue;
    const old = byId.get(s.id);
    if (!old) throw new ApiError('有一个阶段不属于这场竞赛，请刷新后再试。', { code: 404, errorCode: 'STAGE_NOT_FOUND' });
    if (kept.has(s.id)) throw fail('同一个阶段出现了两次。', 'STAGE_DUPLICATE');
    kept.add(s.id);
    // Never break what learners already did: a stage with entries keeps its kind, and its maximum
    // stays at or above the highest score a judge gave.
    if (old.submission_count > 0 && old.kind !== s.kind) throw fail(`阶段「${old.title}」已有 ${old.submission_count} 份作品，不能更改类型。`, 'STAGE_HAS_SUBMISSIONS');
    if (old.top_score !== null && s.maxScore !== null && s.maxScore < old.top_score) throw fail(`阶段「${old.title}」已有评分 ${old.top_score} 分，满分不能低于它。`, 'STAGE_MAX_BELOW_SCORES');
  }
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    if (old.submission_count > 0) throw fail(`阶段「${old.title}」已有 ${old.submission_count} 份作品，不能删除。`, 'STAGE_HAS_SUBMISSIONS');
  }
  const examIds = [...new Set(stages.filter((s) => s.kind === 'exam').map((s) => s.examId!))];
  if (examIds.length) {
    const found = await trx.selectFrom('exam').select('id').where('id', 'in', examIds).execute();
    if (found.length !== examIds.length) throw new ApiError('选择的考试不存在，它可能已被删除。', { code: 404, errorCode: 'EXAM_NOT_FOUND' });
  }
  const removed = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (removed.length) await trx.deleteFrom('competition_stage').where('match_id', '=', matchId).where('id', 'in', removed).execute();
  for (const [i, s] of stages.entries()) {
    const values = {
      sort: i + 1, title: s.title.trim(), description: s.description.trim(), kind: s.kind, start_time: s.startTime, end_time: s.endTime,
      max_score: s.kind === 'submission' ? s.maxScore : null, exam_id: s.kind === 'exam' ? s.examId : null,
    };
    if (s.id !== undefined) await trx.updateTable('competition_stage').set(values).where('match_id', '=', matchId).where('id', '=', s.id).execute();
    else await trx.insertInto('competition_stage').values({ tenant_id: tenantId, match_id: matchId, ...values }).execute();
  }
}

/** Deletes a match nobody ever enrolled in; otherwise refused (close it early instead). */
export async function deleteAdminMatch(trx: Trx, id: number): Promise<void> {
  const m = await requireMatch(trx, id, true);
  if (m.ever_enrolled > 0) throw fail(`已有 ${m.ever_enrolled} 人报名过这场竞赛，不能删除；可以提前结束它。`, 'MATCH_HAS_ENTRANTS');
  await trx.deleteFrom('user_role').where('scope_type', '=', 'match').where('scope_id', '=', id).execute();
  await trx.deleteFrom('competition').where('id', '=', id).execute();
}

/**
 * Closes a match early: it ends now (enrolment too); the first read after it finalises places and
 * points as for any ended match (part F). Windows that would end up reversed are pulled back a moment.
 */
export async function closeAdminMatch(trx: Trx, id: number): Promise<AdminMatch> {
  const m = await requireMatch(trx, id, true);
  if (m.status === 'ended') throw fail('这场竞赛已经结束。', 'MATCH_ALREADY_ENDED');
  await sql`update competition set
      end_time = now(),
      enroll_end = least(enroll_end, now()),
      enroll_start = least(enroll_start, least(enroll_end, now()) - interval '1 second'),
      start_time = least(start_time, now() - interval '1 second')
    where id = ${id}::bigint`.execute(trx);
  return getAdminMatch(trx, id);
}

/** Grants or revokes the marker role over the match (a judge; server/lib/roles.ts). */
export async function setJudge(trx: Trx, tenantId: number, matchId: number, userId: number, grant: boolean) {
  await requireMatch(trx, matchId);
  const user = await trx.selectFrom('user_account').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new ApiError('找不到这个用户。', { code: 404, errorCode: 'USER_NOT_FOUND' });
  if (grant) {
    // Part F's rule seen from the other side: a judge may not enrol, so an entrant may not judge.
    const entrant = await trx.selectFrom('competition_entrant').select('user_id').where('match_id', '=', matchId).where('user_id', '=', userId).where('state', '=', 'enrolled').executeTakeFirst();
    if (entrant) throw fail('这位用户已报名参赛，不能担任这场竞赛的评委。', 'JUDGE_IS_ENTRANT');
    await grantRole(trx, tenantId, userId, 'marker', { type: 'match', id: matchId });
  } else {
    const res = await trx.deleteFrom('user_role').where('user_id', '=', userId).where('role', '=', 'marker')
      .where('scope_type', '=', 'match').where('scope_id', '=', matchId).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new ApiError('这位用户不是这场竞赛的评委。', { code: 404, errorCode: 'JUDGE_NOT_FOUND' });
  }
  return judgesOf(trx, matchId);
}

/** The stage editor's exam picker: the tenant's exams (not surveys), drafts too. */
export async function matchChoices(trx: Trx) {
  const rows = await trx.selectFrom('exam').select(['id', 'title', 'state']).where('type', '=', 'exam').orderBy('id', 'desc').limit(500).execute();
  return { exams: rows.map((e) => ({ id: Number(e.id), title: e.title, published: e.state === 1 })) };
}
