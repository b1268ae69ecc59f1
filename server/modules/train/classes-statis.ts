// A class's figures (statis, statisList, queryMemberAssess, the class rank): each enrolled member's
// completion (classes-progress-repository), time studied in the class, sign-ins over the sessions
// that have started, comments and the teacher's assessment, and the class totals built from them.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, isoOrNull } from '../../lib/list-sql';
import { DISPLAY_NAME } from './classes-access';
import { itemsProgress, totalsOf, type ScheduleItem } from './classes-progress-repository';
import type { ClassItemProgress, ClassStatis, MemberAssess, MemberStatis } from '../../../schemas/api/train-classes-more';

type Trx = Transaction<DB>;

/** An enrolled member with the rows the figures need. */
export interface MemberRow { userId: number; name: string; avatar: string | null; enrolledAt: Date }

/** The enrolled members, earliest first; only `userId` when given. */
export async function listEnrolled(trx: Trx, classesId: number, userId?: number): Promise<MemberRow[]> {
  let q = trx.selectFrom('classes_member as m')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
    .select(['m.user_id', DISPLAY_NAME.as('name'), 'u.avatar_img', 'm.enrolled_at'])
    .where('m.classes_id', '=', classesId).where('m.state', '=', 1);
  if (userId !== undefined) q = q.where('m.user_id', '=', userId);
  const rows = await q.orderBy('m.enrolled_at').orderBy('m.user_id').execute();
  return rows.map((r) => ({ userId: Number(r.user_id), name: r.name, avatar: r.avatar_img, enrolledAt: r.enrolled_at }));
}

/** Members' sign-in, comment counts and assessments, by user id. */
async function sideFigures(trx: Trx, classesId: number) {
  const [signIns, comments, assess, started] = await Promise.all([
    trx.selectFrom('classes_attendance_log').select(['user_id', sql<number>`count(*)::int`.as('n')]).where('classes_id', '=', classesId).groupBy('user_id').execute(),
    trx.selectFrom('classes_comment').select(['user_id', sql<number>`count(*)::int`.as('n')]).where('classes_id', '=', classesId).where('deleted_at', 'is', null).groupBy('user_id').execute(),
    trx.selectFrom('classes_member_assess as a').leftJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.assessor_id'))
      .select(['a.user_id', 'a.score', 'a.passed', 'a.comment', 'a.assessed_at', DISPLAY_NAME.as('assessor')]).where('a.classes_id', '=', classesId).execute(),
    trx.selectFrom('classes_attendance_session').select(sql<number>`count(*)::int`.as('n')).where('classes_id', '=', classesId).where('start_time', '<=', sql<Date>`now()`).executeTakeFirstOrThrow(),
  ]);
  return {
    signIns: new Map(signIns.map((r) => [Number(r.user_id), Number(r.n)])),
    comments: new Map(comments.map((r) => [Number(r.user_id), Number(r.n)])),
    assess: new Map(assess.map((r) => [Number(r.user_id), r])),
    sessionsStarted: Number(started.n),
  };
}

type Side = Awaited<ReturnType<typeof sideFigures>>;
const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.min(100, Math.round((part * 100) / whole)));

/** One member's figures from their progress list and the class's side figures. */
function figuresOf(m: MemberRow, progress: ClassItemProgress[], side: Side): MemberStatis {
  const totals = totalsOf(progress);
  const attendanceCount = side.signIns.get(m.userId) ?? 0;
  const a = side.assess.get(m.userId);
  return {
    userId: m.userId, name: m.name, enrolledAt: iso(m.enrolledAt), percentage: totals.percentage, finishedCount: totals.finishedCount,
    itemCount: totals.itemCount, studySeconds: totals.studySeconds, attendanceCount, attendanceRate: rate(attendanceCount, side.sessionsStarted),
    commentCount: side.comments.get(m.userId) ?? 0, score: a ? a.score : null, passed: a ? a.passed : null,
  };
}

/** The figures and progress of each given member. */
export async function memberFigures(trx: Trx, classesId: number, items: ScheduleItem[], members: MemberRow[]): Promise<Array<{ figures: MemberStatis; progress: ClassItemProgress[] }>> {
  const side = await sideFigures(trx, classesId);
  const out = [];
  for (const m of members) {
    const progress = await itemsProgress(trx, classesId, m.userId, items);
    out.push({ figures: figuresOf(m, progress, side), progress });
  }
  return out;
}

/** The assessment rows of the given members. */
export async function memberAssessRows(trx: Trx, classesId: number, items: ScheduleItem[], members: MemberRow[]): Promise<MemberAssess[]> {
  const side = await sideFigures(trx, classesId);
  const out: MemberAssess[] = [];
  for (const m of members) {
    const totals = totalsOf(await itemsProgress(trx, classesId, m.userId, items));
    const a = side.assess.get(m.userId);
    out.push({
      userId: m.userId, name: m.name, score: a?.score ?? null, passed: a?.passed ?? null, comment: a?.comment ?? null,
      assessorName: a?.assessor ?? null, assessedAt: isoOrNull(a?.assessed_at ?? null), percentage: totals.percentage,
      attendanceCount: side.signIns.get(m.userId) ?? 0,
    });
  }
  return out;
}

/** Writes (or rewrites) a member's assessment. */
export async function saveAssess(trx: Trx, tenantId: number, classesId: number, userId: number, assessorId: number,
  a: { score: number; passed: boolean; comment: string | null }): Promise<void> {
  await trx.insertInto('classes_member_assess').values({
    tenant_id: tenantId, classes_id: classesId, user_id: userId, score: a.score, passed: a.passed, comment: a.comment, assessor_id: assessorId,
  }).onConflict((oc) => oc.columns(['tenant_id', 'classes_id', 'user_id']).doUpdateSet({
    score: a.score, passed: a.passed, comment: a.comment, assessor_id: assessorId, assessed_at: sql<Date>`now()`,
  })).execute();
}

/** The class overview from every member's figures (statis). */
export async function classOverview(trx: Trx, c: { id: number; title: string }, items: ScheduleItem[], all: Array<{ figures: MemberStatis; progress: ClassItemProgress[] }>):
  Promise<Omit<ClassStatis, 'member'>> {
  const n = all.length;
  const avg = (values: number[]) => (values.length === 0 ? 0 : Math.round(values.reduce((s, v) => s + v, 0) / values.length));
  const sessions = await trx.selectFrom('classes_attendance_session as s')
    .select(['s.id', 's.title', 's.start_time', sql<number>`(select count(*) from classes_attendance_log l where l.tenant_id = s.tenant_id and l.session_id = s.id)::int`.as('signed')])
    .where('s.classes_id', '=', c.id).orderBy('s.start_time').orderBy('s.id').execute();
  const now = Date.now();
  const started = sessions.filter((s) => s.start_time.getTime() <= now);
  const signIns = all.reduce((s, m) => s + m.figures.attendanceCount, 0);
  const totalStudySeconds = all.reduce((s, m) => s + m.figures.studySeconds, 0);
  const itemPct = (m: { progress: ClassItemProgress[] }, id: number) => { const p = m.progress.find((x) => x.id === id)!; return p.state === 2 ? 100 : p.percentage; };
  const phaseIds = [...new Set(items.map((i) => i.phaseId))];
  return {
    classesId: c.id, title: c.title, memberCount: n, itemCount: items.length,
    averagePercentage: avg(all.map((m) => m.figures.percentage)),
    finishedMembers: all.filter((m) => items.length > 0 && m.figures.finishedCount === items.length).length,
    attendanceRate: rate(signIns, n * started.length), sessionCount: started.length,
    totalStudySeconds, averageStudySeconds: n === 0 ? 0 : Math.round(totalStudySeconds / n),
    commentCount: Number((await trx.selectFrom('classes_comment').select(sql<number>`count(*)::int`.as('n')).where('classes_id', '=', c.id).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n),
    items: items.map((i) => ({
      itemId: i.id, phaseId: i.phaseId, title: i.title, type: i.type,
      finishedMembers: all.filter((m) => m.progress.find((p) => p.id === i.id)!.state === 2).length,
      averagePercentage: avg(all.map((m) => itemPct(m, i.id))),
    })),
    phases: phaseIds.map((phaseId) => {
      const inPhase = items.filter((i) => i.phaseId === phaseId);
      return {
        phaseId, title: inPhase[0]!.phaseTitle, itemCount: inPhase.length,
        averagePercentage: avg(all.map((m) => avg(inPhase.map((i) => itemPct(m, i.id))))),
        finishedMembers: all.filter((m) => inPhase.every((i) => m.progress.find((p) => p.id === i.id)!.state === 2)).length,
      };
    }),
    // Sessions still to come have no attendance yet: only those that have started are reported.
    sessions: started.map((s) => ({ sessionId: Number(s.id), title: s.title, startTime: iso(s.start_time), signedCount: Number(s.signed), rate: rate(Number(s.signed), n) })),
  };
}
