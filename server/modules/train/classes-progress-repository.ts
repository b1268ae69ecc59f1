// A learner's progress through a class's schedule (classesContent, classesLog, statis, the class
// rank). Finishing follows the study records of cm/api/hist through its one finish rule
// (server/modules/cm/hist-repository.ts): a course item is finished when every lesson is, a content
// item when the content is. Time studied in the class is what classesContent/saveLog counted.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, isoOrNull } from '../../lib/list-sql';
import { countFinishedLessons, isContentFinished } from '../../lib/study-finish';
import type { ClassItemChild, ClassItemProgress } from '../../../schemas/api/train-classes-more';

type Trx = Transaction<DB>;
const DAY_MS = 86_400_000;

/** A schedule item with what the progress needs: its phase's opening day and sort. */
export interface ScheduleItem {
  id: number;
  phaseId: number;
  phaseTitle: string;
  phaseSummary: string | null;
  openDay: number;
  type: 'course' | 'content';
  targetId: number;
  title: string;
  cover: string | null;
  kind: string | null;
  purpose: number | null;
  duration: number;
  lessonCount: number;
  available: boolean;
}

/** The class's schedule items in phase order, then item order. */
export async function listScheduleItems(trx: Trx, classesId: number): Promise<ScheduleItem[]> {
  const { rows } = await sql<{
    id: number; phase_id: number; phase_title: string; phase_summary: string | null; open_day: number; course_id: number | null; content_id: number | null;
    title: string | null; cover: string | null; kind: string | null; purpose: number | null; duration: number | null; lesson_count: number | null; available: boolean;
  }>`
    select i.id, p.id as phase_id, p.title as phase_title, p.summary as phase_summary, p.open_day, i.course_id, i.content_id,
      coalesce(co.title, ct.title) as title, coalesce(co.cover, ct.cover) as cover, ct.kind, ct.purpose,
      case when co.id is not null then (select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = co.tenant_id and l.course_id = co.id)::int
           else ct.duration end as duration,
      case when co.id is not null then (select count(distinct l.content_id) from course_phase_content l where l.tenant_id = co.tenant_id and l.course_id = co.id)::int
           else 1 end as lesson_count,
      coalesce(co.state, ct.state) = 1 as available
    from classes_phase p
    join classes_phase_content i on i.tenant_id = p.tenant_id and i.phase_id = p.id
    left join course co on co.tenant_id = i.tenant_id and co.id = i.course_id
    left join content ct on ct.tenant_id = i.tenant_id and ct.id = i.content_id
    where p.classes_id = ${classesId}::bigint
    order by p.sort, p.id, i.sort, i.id`.execute(trx);
  return rows.map((r) => ({
    id: Number(r.id), phaseId: Number(r.phase_id), phaseTitle: r.phase_title, phaseSummary: r.phase_summary, openDay: Number(r.open_day),
    type: r.course_id !== null ? 'course' : 'content', targetId: Number(r.course_id ?? r.content_id), title: r.title ?? '', cover: r.cover,
    kind: r.kind, purpose: r.purpose === null ? null : Number(r.purpose), duration: Number(r.duration ?? 0), lessonCount: Number(r.lesson_count ?? 0),
    available: Boolean(r.available),
  }));
}

/** When the item's phase opens: the class start plus the phase's opening day. */
export const phaseOpenTime = (start: Date, openDay: number) => new Date(start.getTime() + openDay * DAY_MS);

interface LogRow { item_id: number; study_seconds: number; last_saved_at: Date; finished_at: Date | null }

/** The user's class log rows by item id. */
async function logsOf(trx: Trx, classesId: number, userId: number): Promise<Map<number, LogRow>> {
  const rows = await trx.selectFrom('classes_content_log').select(['item_id', 'study_seconds', 'last_saved_at', 'finished_at'])
    .where('classes_id', '=', classesId).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [Number(r.item_id), r]));
}

/** The user's share of one content, 0–100, and whether it is finished (the one finish rule). */
async function contentProgress(trx: Trx, userId: number, contentId: number): Promise<{ finished: boolean; percentage: number }> {
  if (await isContentFinished(trx, userId, contentId, 0)) return { finished: true, percentage: 100 };
  const row = await trx.selectFrom('study_record').select(sql<number>`max(percentage)`.as('p'))
    .where('user_id', '=', userId).where('content_id', '=', contentId).executeTakeFirst();
  return { finished: false, percentage: Math.min(99, Number(row?.p ?? 0)) };
}

/** Each item of the schedule with the user's progress on it. */
export async function itemsProgress(trx: Trx, classesId: number, userId: number, items: ScheduleItem[]): Promise<ClassItemProgress[]> {
  const logs = await logsOf(trx, classesId, userId);
  const out: ClassItemProgress[] = [];
  for (const item of items) {
    let finishedLessons: number; let percentage: number; let finished: boolean; let begun: boolean;
    if (item.type === 'course') {
      const c = await countFinishedLessons(trx, userId, { courseId: item.targetId });
      finishedLessons = c.finishedCount; percentage = c.percentage; finished = c.lessonCount > 0 && c.finishedCount === c.lessonCount;
      begun = c.percentage > 0 || c.finishedCount > 0;
    } else {
      const c = await contentProgress(trx, userId, item.targetId);
      finishedLessons = c.finished ? 1 : 0; percentage = c.percentage; finished = c.finished; begun = c.percentage > 0;
    }
    const log = logs.get(item.id);
    out.push({
      id: item.id, phaseId: item.phaseId, phaseTitle: item.phaseTitle, type: item.type, targetId: item.targetId, title: item.title,
      cover: item.cover, kind: item.kind, purpose: item.purpose, duration: item.duration, lessonCount: item.lessonCount,
      finishedLessons, percentage, state: finished ? 2 : (begun || log ? 1 : 0), studySeconds: log?.study_seconds ?? 0,
      lastStudyTime: log ? iso(log.last_saved_at) : null,
      // spec learning §4: finished never reverts; the class keeps the first time the records showed it.
      finishedAt: finished ? isoOrNull(log?.finished_at ?? null) : null,
      available: item.available,
    });
  }
  return out;
}

/** The class totals of a progress list: each item weighs the same. */
export function totalsOf(progress: ClassItemProgress[]): { finishedCount: number; itemCount: number; percentage: number; studySeconds: number } {
  const itemCount = progress.length;
  const finishedCount = progress.filter((p) => p.state === 2).length;
  const sum = progress.reduce((s, p) => s + (p.state === 2 ? 100 : p.percentage), 0);
  const raw = itemCount === 0 ? 0 : Math.floor(sum / itemCount);
  return {
    finishedCount, itemCount, percentage: finishedCount < itemCount ? Math.min(99, raw) : raw,
    studySeconds: progress.reduce((s, p) => s + p.studySeconds, 0),
  };
}

/**
 * Adds studied seconds to the user's log of the item: at most the wall time since the last save plus
 * 5 s (60 s for the first save), so a client cannot claim more time than passed.
 */
export async function addStudySeconds(trx: Trx, tenantId: number, classesId: number, userId: number, itemId: number, seconds: number): Promise<void> {
  await sql`
    insert into classes_content_log as l (tenant_id, classes_id, user_id, item_id, study_seconds)
    values (${tenantId}::bigint, ${classesId}::bigint, ${userId}::bigint, ${itemId}::bigint, least(${seconds}::int, 60))
    on conflict (tenant_id, classes_id, user_id, item_id) do update set
      study_seconds = l.study_seconds + least(${seconds}::int, greatest(0, ceil(extract(epoch from now() - l.last_saved_at)))::int + 5),
      last_saved_at = now()`.execute(trx);
}

/** Records the first time the item was seen finished (never cleared). */
export async function markFinished(trx: Trx, tenantId: number, classesId: number, userId: number, itemId: number): Promise<void> {
  await sql`
    insert into classes_content_log as l (tenant_id, classes_id, user_id, item_id, finished_at)
    values (${tenantId}::bigint, ${classesId}::bigint, ${userId}::bigint, ${itemId}::bigint, now())
    on conflict (tenant_id, classes_id, user_id, item_id) do update set finished_at = coalesce(l.finished_at, now())`.execute(trx);
}

/** The lessons of a course item with the user's state on each; a content item is its own one child. */
export async function itemChildren(trx: Trx, userId: number, item: ScheduleItem, progress: ClassItemProgress): Promise<ClassItemChild[]> {
  if (item.type === 'content') {
    return [{ contentId: item.targetId, title: item.title, kind: item.kind ?? 'article', duration: item.duration, phaseTitle: null, state: progress.state, percentage: progress.percentage }];
  }
  const lessons = await trx.selectFrom('course_phase_content as l')
    .innerJoin('course_phase as p', (j) => j.onRef('p.tenant_id', '=', 'l.tenant_id').onRef('p.id', '=', 'l.phase_id'))
    .select(['l.content_id', 'l.title', 'l.kind', 'l.duration', 'p.title as phase_title'])
    .where('l.course_id', '=', item.targetId).orderBy('p.sort').orderBy('p.id').orderBy('l.sort').orderBy('l.id').execute();
  const out: ClassItemChild[] = [];
  for (const l of lessons) {
    const c = l.content_id === null ? { finished: false, percentage: 0 } : await contentProgress(trx, userId, Number(l.content_id));
    out.push({
      contentId: l.content_id === null ? null : Number(l.content_id), title: l.title, kind: l.kind, duration: l.duration, phaseTitle: l.phase_title,
      state: c.finished ? 2 : c.percentage > 0 ? 1 : 0, percentage: c.percentage,
    });
  }
  return out;
}
