// Invigilation (issue 18 "Teachers": myExamInvigilate; spec learning §6 "how access is decided is
// not shown": ours, docs/exams.md "Timer, autosave and invigilation"). Every call is for holders
// of the invigilator role over the exam (server/lib/roles.ts) and runs in the caller's tenant
// transaction, so another tenant's attempts are never found. Invigilation is not blind: the list
// names each candidate.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { hasRole } from '../../lib/roles';
import { ApiError } from '../../plugins/envelope';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { AttemptEvents, Candidate, CandidateList, ForceSubmitResult, InvigilateExam, PaperEvent } from '../../../schemas/api/exam-invigilate';
import { closeOpenAttempt } from './paper-service';
import { currentTenant } from './heartbeat-service';

type Trx = Transaction<DB>;

/** A candidate answering with no heartbeat or save for longer than this shows as offline. */
export const OFFLINE_AFTER_SECONDS = 45;

const notInvigilator = () => new ApiError('监考页面仅对本场考试的监考老师开放；如需监考，请联系管理员授予监考权限。', { code: 403, errorCode: 'NOT_INVIGILATOR' });
const attemptNotFound = (id: number) => new ApiError(`没有找到这份答卷（编号 ${id}），请刷新考生列表。`, { code: 404, errorCode: 'ATTEMPT_NOT_FOUND' });
const examNotFound = (id: number) => new ApiError(`考试不存在或已下线（编号 ${id}）。`, { code: 404, errorCode: 'EXAM_NOT_FOUND' });

/** Refuses unless the user invigilates this exam (a tenant-wide grant covers every exam). */
async function requireInvigilator(trx: Trx, userId: number, examId: number): Promise<void> {
  if (!(await hasRole(trx, userId, 'invigilator', { type: 'exam', id: examId }))) throw notInvigilator();
}

type ExamRow = { id: number; title: string; start_time: Date; end_time: Date | null; duration: number; answering: number; handed_in: number; candidates: number };

const examOf = (r: ExamRow): InvigilateExam => ({
  id: Number(r.id), title: r.title, startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), duration: r.duration,
  answering: r.answering, handedIn: r.handed_in, candidates: r.candidates,
});

/** The exam's card with its candidate counts (each candidate's latest attempt counts once). */
function examRows(trx: Trx, userId: number, examId?: number) {
  return sql<ExamRow>`
    select e.id, e.title, e.start_time, e.end_time, e.duration,
      count(distinct a.user_id) filter (where a.state = 'open')::int as answering,
      (count(distinct a.user_id) - count(distinct a.user_id) filter (where a.state = 'open'))::int as handed_in,
      count(distinct a.user_id)::int as candidates
    from exam e
    left join exam_attempt a on a.tenant_id = e.tenant_id and a.exam_id = e.id
    where e.type = 'exam' and e.state = 1
      and ${examId === undefined
        // My running exams: the window open now.
        ? sql`now() >= e.start_time and (e.end_time is null or now() <= e.end_time)`
        : sql`e.id = ${examId}::bigint`}
      and exists (select 1 from user_role r where r.user_id = ${userId}::bigint and r.role = 'invigilator'
        and (r.scope_type is null or (r.scope_type = 'exam' and r.scope_id = e.id)))
    group by e.tenant_id, e.id
    -- Where candidates are answering first: the page opens on it.
    order by count(distinct a.user_id) filter (where a.state = 'open') desc, e.start_time desc, e.id desc
    limit 100`.execute(trx);
}

/** GET exams: the running exams the caller invigilates; refused to someone who invigilates nothing. */
export async function myRunningExams(trx: Trx, userId: number): Promise<InvigilateExam[]> {
  if (!(await hasRole(trx, userId, 'invigilator'))) throw notInvigilator();
  return (await examRows(trx, userId)).rows.map(examOf);
}

type EventRow = { id: number; kind: PaperEvent['kind']; at: Date | string; detail: string | null };
const eventOf = (e: EventRow): PaperEvent => ({ id: Number(e.id), kind: e.kind, at: iso(new Date(e.at)), detail: e.detail });

/** GET candidates: each candidate's latest attempt at the exam, answering first, with progress and events. */
export async function candidatesOf(trx: Trx, userId: number, examId: number): Promise<CandidateList> {
  await requireInvigilator(trx, userId, examId);
  const exam = (await examRows(trx, userId, examId)).rows[0];
  if (!exam) throw examNotFound(examId);
  const { rows } = await sql<{
    id: number; user_id: number; name: string; state: Candidate['state']; started_at: Date; deadline: Date | null; submitted_at: Date | null;
    answered: number; total: number; last_seen_at: Date | null; offline: boolean; leave_count: number; forced: boolean; latest: EventRow[]; now: Date;
  }>`
    with latest as (
      select distinct on (a.user_id) a.* from exam_attempt a where a.exam_id = ${examId}::bigint
      order by a.user_id, a.started_at desc, a.id desc
    )
    select l.id, l.user_id, coalesce(nullif(u.real_name, ''), nullif(u.nick_name, ''), u.account) as name,
      l.state, l.started_at, l.deadline, l.submitted_at, l.last_seen_at, now() as now,
      (select count(*) from jsonb_object_keys(l.answers))::int as answered,
      -- The attempt's questions: drawn for it (a random paper), else the exam's fixed paper; a passage is answered through its sub-questions.
      (select count(*) from exam_question q where q.exam_id = l.exam_id and q.kind <> 'composite'
        and (q.attempt_id = l.id or (q.attempt_id is null and not exists (
          select 1 from exam_question d where d.exam_id = l.exam_id and d.attempt_id = l.id))))::int as total,
      (l.state = 'open' and coalesce(l.last_seen_at, l.started_at) < now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS})) as offline,
      (select count(*) from exam_attempt_event v where v.attempt_id = l.id and v.kind = 'leave')::int as leave_count,
      l.forced_by is not null as forced,
      coalesce((select json_agg(x) from (select v.id, v.kind, v.at, v.detail from exam_attempt_event v
        where v.attempt_id = l.id order by v.at desc, v.id desc limit 3) x), '[]'::json) as latest
    from latest l
    join user_account u on u.tenant_id = l.tenant_id and u.id = l.user_id
    order by (l.state = 'open') desc, l.started_at desc, l.id desc
    limit 500`.execute(trx);
  const { now } = (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]!;
  return {
    exam: examOf(exam), serverNow: iso(now),
    candidates: rows.map((r) => ({
      attemptId: Number(r.id), userId: Number(r.user_id), name: r.name, state: r.state, startedAt: iso(r.started_at), deadline: isoOrNull(r.deadline),
      submittedAt: isoOrNull(r.submitted_at), answered: r.answered, total: r.total, lastSeenAt: isoOrNull(r.last_seen_at), offline: r.offline,
      leaveCount: r.leave_count, latestEvents: r.latest.map(eventOf), forced: r.forced,
    })),
  };
}

/** The exam of an attempt in this tenant, or ATTEMPT_NOT_FOUND. */
async function examOfAttempt(trx: Trx, attemptId: number): Promise<number> {
  const row = await trx.selectFrom('exam_attempt').select('exam_id').where('id', '=', attemptId).executeTakeFirst();
  if (!row) throw attemptNotFound(attemptId);
  return Number(row.exam_id);
}

/** GET events: an attempt's whole event timeline, oldest first. */
export async function attemptEvents(trx: Trx, userId: number, attemptId: number): Promise<AttemptEvents> {
  await requireInvigilator(trx, userId, await examOfAttempt(trx, attemptId));
  const rows = await trx.selectFrom('exam_attempt_event').select(['id', 'kind', 'at', 'detail'])
    .where('attempt_id', '=', attemptId).orderBy('at').orderBy('id').limit(500).execute();
  return { attemptId, events: rows.map(eventOf) };
}

/**
 * POST forceSubmit: hands an open attempt in as it stands (closeOpenAttempt scores what was saved),
 * records who did it and why; the learner's paper learns at its next heartbeat.
 */
export async function forceSubmit(trx: Trx, userId: number, attemptId: number, reason: string): Promise<ForceSubmitResult> {
  if (!reason.trim()) throw new ApiError('请填写收卷原因，考生会看到它。', { code: 400, errorCode: 'REASON_REQUIRED' });
  await requireInvigilator(trx, userId, await examOfAttempt(trx, attemptId));
  if (!(await closeOpenAttempt(trx, attemptId, 'submitted'))) {
    throw new ApiError('这份答卷已经交卷或超时自动交卷，无需再收卷。', { code: 409, errorCode: 'ATTEMPT_NOT_OPEN' });
  }
  await trx.updateTable('exam_attempt').set({ forced_by: userId }).where('id', '=', attemptId).execute();
  await trx.insertInto('exam_attempt_event')
    .values({ tenant_id: currentTenant, attempt_id: attemptId, kind: 'force_submit', at: sql`now()`, detail: reason.trim().slice(0, 200) })
    .execute();
  return { attemptId, state: 'submitted' };
}
