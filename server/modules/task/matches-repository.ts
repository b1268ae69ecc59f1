// Match queries (issue 19 part F; migration 0032 competition, competition_stage, competition_entrant,
// competition_submission). Every function runs in the caller's tenant transaction (readTenant), so
// row-level security keeps each query inside one tenant; the rules (who may, when) are in
// matches-routes.ts and the scoreboard's in matches-scoreboard.ts.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { StoredFile } from '../../db/types-exam-more';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { JudgeRow, MatchFile, MatchItem, MatchStage, MatchStatus, MySubmission } from '../../../schemas/api/matches';

type Trx = Transaction<DB>;

/** The display name of user `alias` (nickname, else real name, else account). */
const NAME = (alias: string) => sql<string>`coalesce(nullif(${sql.ref(`${alias}.nick_name`)}, ''), nullif(${sql.ref(`${alias}.real_name`)}, ''), ${sql.ref(`${alias}.account`)})`;

/** SQL: the status of `m` at the database clock (see MatchStatus). */
const STATUS = sql<MatchStatus>`case
  when now() >= m.end_time then 'ended'
  when now() >= m.start_time then 'in_progress'
  when now() >= m.enroll_start and now() < m.enroll_end then 'enrolling'
  else 'upcoming' end`;

/** A match row as the list and the detail read it. */
export interface MatchRow {
  id: number; title: string; summary: string; cover_img: string | null; status: MatchStatus;
  enroll_start: Date; enroll_end: Date; start_time: Date; end_time: Date; entrant_limit: number | null;
  entrant_count: number; stage_count: number; enroll_open: boolean; enrolled: boolean;
  rules: string; finalised_at: Date | null; now: Date; ended: boolean;
}

/** The columns of a match row for viewer `viewerId` (null: a guest). */
function matchColumns(viewerId: number | null): RawBuilder<unknown> {
  return sql`
    m.id, m.title, m.summary, m.cover_img, ${STATUS} as status, m.enroll_start, m.enroll_end, m.start_time, m.end_time, m.entrant_limit,
    (select count(*)::int from competition_entrant e where e.tenant_id = m.tenant_id and e.match_id = m.id and e.state = 'enrolled') as entrant_count,
    (select count(*)::int from competition_stage s where s.tenant_id = m.tenant_id and s.match_id = m.id) as stage_count,
    (now() >= m.enroll_start and now() < m.enroll_end) as enroll_open,
    ${viewerId === null ? sql`false` : sql`exists (select 1 from competition_entrant e where e.tenant_id = m.tenant_id and e.match_id = m.id
      and e.user_id = ${viewerId}::bigint and e.state = 'enrolled')`} as enrolled,
    m.rules, m.finalised_at, now() as now, now() >= m.end_time as ended`;
}

/** The list card of a row. */
export const toItem = (r: MatchRow): MatchItem => ({
  id: Number(r.id), title: r.title, summary: r.summary, coverImg: r.cover_img, status: r.status,
  enrollStart: iso(r.enroll_start), enrollEnd: iso(r.enroll_end), startTime: iso(r.start_time), endTime: iso(r.end_time),
  entrantLimit: r.entrant_limit, entrantCount: r.entrant_count, stageCount: r.stage_count, enrollOpen: r.enroll_open, enrolled: r.enrolled,
});

/** The published matches, by status and keyword: enrolling and in progress first, then upcoming, then ended; newest start first within. */
export async function listMatches(trx: Trx, viewerId: number | null, q: { pageNo: number; pageSize: number; status?: MatchStatus | undefined; keyword?: string | undefined }) {
  const keyword = q.keyword?.trim();
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<MatchRow & { total: number }>`
    select * from (
      select ${matchColumns(viewerId)}, count(*) over ()::int as total
      from competition m
      where m.state = 'published'
        ${pattern ? sql`and (m.title ilike ${pattern} or m.summary ilike ${pattern})` : sql``}
        ${q.status ? sql`and ${STATUS} = ${q.status}` : sql``}
    ) x
    order by case x.status when 'enrolling' then 0 when 'in_progress' then 1 when 'upcoming' then 2 else 3 end, x.start_time desc, x.id desc
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  return { list: rows.map(toItem), total: rows[0]?.total ?? 0 };
}

/** One published match (drafts are not shown), or undefined. */
export async function findMatch(trx: Trx, id: number, viewerId: number | null): Promise<MatchRow | undefined> {
  const { rows } = await sql<MatchRow>`select ${matchColumns(viewerId)} from competition m where m.id = ${id}::bigint and m.state = 'published'`.execute(trx);
  return rows[0] && { ...rows[0], id: Number(rows[0].id) };
}

/** A stage row with its match's window and the database clock. */
export interface StageRow {
  id: number; match_id: number; sort: number; title: string; description: string; kind: 'submission' | 'exam';
  start_time: Date; end_time: Date; max_score: number | null; exam_id: number | null; exam_title: string | null; exam_total: number | null;
  state: 'upcoming' | 'open' | 'closed'; match_title: string; match_end: Date; match_state: 'published' | 'draft';
}

const stageColumns = sql`
  s.id, s.match_id, s.sort, s.title, s.description, s.kind, s.start_time, s.end_time, s.max_score, s.exam_id,
  x.title as exam_title, x.total_score as exam_total,
  case when now() < s.start_time then 'upcoming' when now() < least(s.end_time, m.end_time) then 'open' else 'closed' end as state,
  m.title as match_title, m.end_time as match_end, m.state as match_state`;

const stageFrom = sql`
  from competition_stage s
  join competition m on m.tenant_id = s.tenant_id and m.id = s.match_id
  left join exam x on x.tenant_id = s.tenant_id and x.id = s.exam_id`;

const toStageRow = (r: StageRow): StageRow => ({ ...r, id: Number(r.id), match_id: Number(r.match_id), exam_id: r.exam_id === null ? null : Number(r.exam_id) });

/** One stage with its match, or undefined. */
export async function findStage(trx: Trx, stageId: number): Promise<StageRow | undefined> {
  const { rows } = await sql<StageRow>`select ${stageColumns} ${stageFrom} where s.id = ${stageId}::bigint`.execute(trx);
  return rows[0] && toStageRow(rows[0]);
}

/** The stages of a match in order. */
export async function listStages(trx: Trx, matchId: number): Promise<StageRow[]> {
  const { rows } = await sql<StageRow>`select ${stageColumns} ${stageFrom} where s.match_id = ${matchId}::bigint order by s.sort, s.id`.execute(trx);
  return rows.map(toStageRow);
}

interface SubmissionRow {
  id: number; stage_id: number; title: string; content: string; attachments: StoredFile[]; submitted_at: Date; revision: number;
  score: number | null; judge_comment: string | null; judged_at: Date | null;
}

const toMine = (r: SubmissionRow): MySubmission => ({
  id: Number(r.id), title: r.title, content: r.content, attachments: r.attachments, submittedAt: iso(r.submitted_at), revision: r.revision,
  score: r.score, judgeComment: r.judge_comment, judgedAt: isoOrNull(r.judged_at),
});

/** The user's submissions to a match's stages, by stage id. */
export async function mySubmissions(trx: Trx, matchId: number, userId: number): Promise<Map<number, MySubmission>> {
  const rows = await trx.selectFrom('competition_submission')
    .select(['id', 'stage_id', 'title', 'content', 'attachments', 'submitted_at', 'revision', 'score', 'judge_comment', 'judged_at'])
    .where('match_id', '=', matchId).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [Number(r.stage_id), toMine(r as SubmissionRow)]));
}

/** The user's submission to one stage, or undefined. */
export async function mySubmission(trx: Trx, stageId: number, userId: number): Promise<MySubmission | undefined> {
  const map = await trx.selectFrom('competition_submission')
    .select(['id', 'stage_id', 'title', 'content', 'attachments', 'submitted_at', 'revision', 'score', 'judge_comment', 'judged_at'])
    .where('stage_id', '=', stageId).where('user_id', '=', userId).executeTakeFirst();
  return map && toMine(map as SubmissionRow);
}

/**
 * The best passed, final score of each exam stage of a match per user (spec: "its best passed score
 * counts"; ours: an attempt handed in inside the stage's window, which never runs past the match's
 * end: closing a match early does not move its stages), with when it was handed in.
 */
export async function examCells(trx: Trx, matchId: number, userId?: number): Promise<{ stage_id: number; user_id: number; score: number; at: Date }[]> {
  const { rows } = await sql<{ stage_id: number; user_id: number; score: number; at: Date }>`
    select distinct on (s.id, a.user_id) s.id as stage_id, a.user_id, a.score, a.submitted_at as at
    from competition_stage s
    join competition m on m.tenant_id = s.tenant_id and m.id = s.match_id
    join exam_attempt a on a.tenant_id = s.tenant_id and a.exam_id = s.exam_id
    where s.match_id = ${matchId}::bigint and s.kind = 'exam' and a.passed and a.score is not null and a.marking_state <> 'pending'
      and a.submitted_at >= s.start_time and a.submitted_at < least(s.end_time, m.end_time)
      ${userId === undefined ? sql`` : sql`and a.user_id = ${userId}::bigint`}
    order by s.id, a.user_id, a.score desc, a.submitted_at asc`.execute(trx);
  return rows.map((r) => ({ stage_id: Number(r.stage_id), user_id: Number(r.user_id), score: Number(r.score), at: r.at }));
}

/** The scored submissions of a match (the scoreboard's submission cells). */
export async function submissionCells(trx: Trx, matchId: number): Promise<{ stage_id: number; user_id: number; score: number; at: Date }[]> {
  const rows = await trx.selectFrom('competition_submission').select(['stage_id', 'user_id', 'score', 'submitted_at'])
    .where('match_id', '=', matchId).where('score', 'is not', null).execute();
  return rows.map((r) => ({ stage_id: Number(r.stage_id), user_id: Number(r.user_id), score: Number(r.score), at: r.submitted_at }));
}

/** The enrolled entrants of a match with their names and final places, by enrolment. */
export async function enrolledEntrants(trx: Trx, matchId: number): Promise<{ user_id: number; name: string; place: number | null }[]> {
  const { rows } = await sql<{ user_id: number; name: string; place: number | null }>`
    select e.user_id, ${NAME('u')} as name, e.place
    from competition_entrant e join user_account u on u.tenant_id = e.tenant_id and u.id = e.user_id
    where e.match_id = ${matchId}::bigint and e.state = 'enrolled'
    order by e.enrolled_at, e.user_id`.execute(trx);
  return rows.map((r) => ({ user_id: Number(r.user_id), name: r.name, place: r.place }));
}

/** The user's enrolment in a match, or undefined. */
export async function findEntrant(trx: Trx, matchId: number, userId: number) {
  return trx.selectFrom('competition_entrant').select(['state', 'enrolled_at', 'place', 'place_points'])
    .where('match_id', '=', matchId).where('user_id', '=', userId).executeTakeFirst();
}

/** Locks the match row while an enrolment is counted against its limit (two last places cannot both be taken). */
export async function lockMatch(trx: Trx, matchId: number): Promise<void> {
  await sql`select 1 from competition where id = ${matchId}::bigint for update`.execute(trx);
}

/** Enrolled entrants now. */
export async function countEnrolled(trx: Trx, matchId: number): Promise<number> {
  const row = await trx.selectFrom('competition_entrant').select(sql<number>`count(*)::int`.as('n'))
    .where('match_id', '=', matchId).where('state', '=', 'enrolled').executeTakeFirstOrThrow();
  return row.n;
}

/** Enrols the user (again after a withdrawal). */
export async function enrol(trx: Trx, tenantId: number, matchId: number, userId: number): Promise<void> {
  await sql`
    insert into competition_entrant (tenant_id, match_id, user_id) values (${tenantId}::bigint, ${matchId}::bigint, ${userId}::bigint)
    on conflict (tenant_id, match_id, user_id) do update set state = 'enrolled', enrolled_at = now(), withdrawn_at = null`.execute(trx);
}

/** Withdraws the user's enrolment (the row stays, withdrawn). */
export async function withdraw(trx: Trx, matchId: number, userId: number): Promise<void> {
  await trx.updateTable('competition_entrant').set({ state: 'withdrawn', withdrawn_at: sql<Date>`now()` })
    .where('match_id', '=', matchId).where('user_id', '=', userId).execute();
}

/** How many submissions the user has in a match. */
export async function countMySubmissions(trx: Trx, matchId: number, userId: number): Promise<number> {
  const row = await trx.selectFrom('competition_submission').select(sql<number>`count(*)::int`.as('n'))
    .where('match_id', '=', matchId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

/** Writes my first submission to a stage, or replaces an unscored one (revision + 1). */
export async function upsertSubmission(trx: Trx, tenantId: number, stage: { id: number; match_id: number }, userId: number, v: { title: string; content: string; attachments: MatchFile[] }): Promise<void> {
  await sql`
    insert into competition_submission (tenant_id, match_id, stage_id, user_id, title, content, attachments)
    values (${tenantId}::bigint, ${stage.match_id}::bigint, ${stage.id}::bigint, ${userId}::bigint, ${v.title}, ${v.content}, ${JSON.stringify(v.attachments)}::jsonb)
    on conflict (tenant_id, stage_id, user_id) do update set
      title = excluded.title, content = excluded.content, attachments = excluded.attachments, submitted_at = now(),
      revision = competition_submission.revision + 1
    where competition_submission.score is null`.execute(trx);
}

const judgeColumns = sql`
  c.id, c.stage_id, s.title as stage_title, s.max_score, c.user_id, ${NAME('u')} as user_name, c.title, c.content, c.attachments,
  c.submitted_at, c.revision, c.score, c.judge_comment, case when c.judge_id is null then null else ${NAME('j')} end as judge_name, c.judged_at,
  c.match_id`;

const judgeFrom = sql`
  from competition_submission c
  join competition_stage s on s.tenant_id = c.tenant_id and s.id = c.stage_id
  join user_account u on u.tenant_id = c.tenant_id and u.id = c.user_id
  left join user_account j on j.tenant_id = c.tenant_id and j.id = c.judge_id`;

type JudgeSql = {
  id: number; stage_id: number; stage_title: string; max_score: number; user_id: number; user_name: string; title: string; content: string;
  attachments: StoredFile[]; submitted_at: Date; revision: number; score: number | null; judge_comment: string | null; judge_name: string | null;
  judged_at: Date | null; match_id: number;
};

const toJudgeRow = (r: JudgeSql): JudgeRow => ({
  id: Number(r.id), stageId: Number(r.stage_id), stageTitle: r.stage_title, maxScore: r.max_score, userId: Number(r.user_id), userName: r.user_name,
  title: r.title, content: r.content, attachments: r.attachments, submittedAt: iso(r.submitted_at), revision: r.revision, score: r.score,
  judgeComment: r.judge_comment, judgeName: r.judge_name, judgedAt: isoOrNull(r.judged_at),
});

/** A match's submissions for its judges: unscored first, then by stage and arrival (withdrawn entrants left out). */
export async function listForJudges(trx: Trx, matchId: number, opts: { stageId?: number | undefined; pending?: boolean | undefined }): Promise<JudgeRow[]> {
  const { rows } = await sql<JudgeSql>`
    select ${judgeColumns} ${judgeFrom}
    join competition_entrant e on e.tenant_id = c.tenant_id and e.match_id = c.match_id and e.user_id = c.user_id and e.state = 'enrolled'
    where c.match_id = ${matchId}::bigint
      ${opts.stageId ? sql`and c.stage_id = ${opts.stageId}::bigint` : sql``}
      ${opts.pending ? sql`and c.score is null` : sql``}
    order by (c.score is not null), s.sort, s.id, c.submitted_at, c.id`.execute(trx);
  return rows.map(toJudgeRow);
}

/** One submission as judges see it, with its match id, or undefined. */
export async function findForJudges(trx: Trx, id: number): Promise<(JudgeRow & { matchId: number }) | undefined> {
  const { rows } = await sql<JudgeSql>`select ${judgeColumns} ${judgeFrom} where c.id = ${id}::bigint`.execute(trx);
  return rows[0] && { ...toJudgeRow(rows[0]), matchId: Number(rows[0].match_id) };
}

/** Saves a judge's score and comment. */
export async function saveScore(trx: Trx, id: number, judgeId: number, score: number, comment: string | null): Promise<void> {
  await trx.updateTable('competition_submission')
    .set({ score, judge_comment: comment, judge_id: judgeId, judged_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** My enrolments (withdrawn too), newest enrolment first, with the match rows. */
export async function listMyEntries(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; status?: MatchStatus | undefined }) {
  const { rows } = await sql<MatchRow & { my_state: 'enrolled' | 'withdrawn'; my_enrolled_at: Date; place: number | null; place_points: number | null; total: number }>`
    select ${matchColumns(userId)}, e.state as my_state, e.enrolled_at as my_enrolled_at, e.place, e.place_points, count(*) over ()::int as total
    from competition_entrant e join competition m on m.tenant_id = e.tenant_id and m.id = e.match_id
    where e.user_id = ${userId}::bigint and m.state = 'published'
      ${q.status ? sql`and ${STATUS} = ${q.status}` : sql``}
    order by e.enrolled_at desc, m.id desc
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: rows[0]?.total ?? 0 };
}

/** Claims a match's finalisation: true once, for the first caller after it ended (the row update serialises callers). */
export async function claimFinalisation(trx: Trx, matchId: number): Promise<boolean> {
  const row = await trx.updateTable('competition').set({ finalised_at: sql<Date>`now()` })
    .where('id', '=', matchId).where('finalised_at', 'is', null).where(sql<boolean>`now() >= end_time`).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Writes an entrant's final place and the points it earned. */
export async function savePlace(trx: Trx, matchId: number, userId: number, place: number, points: number): Promise<void> {
  await trx.updateTable('competition_entrant').set({ place, place_points: points })
    .where('match_id', '=', matchId).where('user_id', '=', userId).execute();
}

/** The stage as the caller sees it (without the caller-specific parts). */
export const stageView = (s: StageRow): Omit<MatchStage, 'canSubmit' | 'mine' | 'myExamScore'> => ({
  id: s.id, sort: s.sort, title: s.title, description: s.description, kind: s.kind, startTime: iso(s.start_time), endTime: iso(s.end_time),
  state: s.state, maxScore: s.kind === 'exam' ? s.exam_total : s.max_score, examId: s.exam_id, examTitle: s.exam_title,
});
