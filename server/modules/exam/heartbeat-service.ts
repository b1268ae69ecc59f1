// The paper's heartbeat (issue 18 "Learners": the timer against the server's clock; "Teachers":
// the invigilator's last seen and leave-the-page events). Every call runs in the caller's tenant
// transaction (row-level security) and touches only the caller's own attempt.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { HeartbeatResult, PaperEventInput } from '../../../schemas/api/exam-invigilate';

type Trx = Transaction<DB>;

const attemptNotFound = (id: number) => new ApiError(`没有找到这份作答记录（编号 ${id}），请从考试详情页重新进入。`, { code: 404, errorCode: 'ATTEMPT_NOT_FOUND' });

/** The tenant of the transaction, for inserts (row-level security checks it). */
export const currentTenant = sql<number>`current_setting('app.tenant_id')::bigint`;

/** A time clamped into [from, to]. */
export function clampTime(at: Date, from: Date, to: Date): Date {
  const t = Number.isNaN(at.getTime()) ? to.getTime() : at.getTime();
  return new Date(Math.min(Math.max(t, from.getTime()), Math.max(from.getTime(), to.getTime())));
}

/** Why a closed attempt was closed by an invigilator: the latest force_submit's reason. */
export async function forcedReason(trx: Trx, attemptId: number): Promise<string | null> {
  const row = await trx.selectFrom('exam_attempt_event').select('detail')
    .where('attempt_id', '=', attemptId).where('kind', '=', 'force_submit').orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.detail ?? null;
}

/**
 * POST heartbeat: marks the caller's attempt as seen now and stores what the paper reports, each
 * event's time clamped to the attempt's window (from its start to now, and not past its deadline),
 * so a wrong browser clock cannot write events into another time. A closed attempt stores nothing
 * and answers its state, so the paper moves on to the result (forced: an invigilator handed it in).
 */
export async function heartbeat(trx: Trx, userId: number, attemptId: number, events: PaperEventInput[]): Promise<HeartbeatResult> {
  const attempt = await trx.selectFrom('exam_attempt').select(['id', 'state', 'started_at', 'deadline', 'forced_by'])
    .where('id', '=', attemptId).where('user_id', '=', userId).executeTakeFirst();
  if (!attempt) throw attemptNotFound(attemptId);
  const { now } = (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]!;
  if (attempt.state === 'open') {
    await trx.updateTable('exam_attempt').set({ last_seen_at: sql`now()` }).where('id', '=', attemptId).where('state', '=', 'open').execute();
    const until = attempt.deadline && attempt.deadline < now ? attempt.deadline : now;
    if (events.length) {
      await trx.insertInto('exam_attempt_event').values(events.map((e) => ({
        tenant_id: currentTenant, attempt_id: attemptId, kind: e.kind,
        at: clampTime(new Date(e.at), attempt.started_at, until), detail: e.detail?.slice(0, 200) || null,
      }))).execute();
    }
  }
  const forced = attempt.forced_by !== null;
  return {
    serverNow: iso(now), deadline: isoOrNull(attempt.deadline), state: attempt.state, forced,
    reason: forced ? await forcedReason(trx, attemptId) : null,
  };
}
