import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { iso, isoOrNull, listFilter, listOrder, offsetOf, pageOf, cardOf } from '../../lib/list-sql';
import { scoresShown } from './paper-scoring';
import type { ExamItem } from '../../../schemas/api/exam';

type Trx = Transaction<DB>;

// The answering window, from the clock: upcoming before start, open until end (or for ever), then closed.
export const windowState = sql<'upcoming' | 'open' | 'closed'>`case when now() < exam.start_time then 'upcoming'
  when exam.end_time is null or now() <= exam.end_time then 'open' else 'closed' end`;

/** A page of published exams and surveys, optionally of one type or window state. */
export async function searchExams(trx: Trx, q: ListOptions & { type?: 'exam' | 'survey'; windowState?: 'upcoming' | 'open' | 'closed' }): Promise<Page<ExamItem>> {
  let base = trx.selectFrom('exam').where(listFilter('exam', q));
  if (q.type) base = base.where('exam.type', '=', q.type);
  if (q.windowState) base = base.where(sql<boolean>`${windowState} = ${q.windowState}`);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'exam.tenant_id').onRef('cat.id', '=', 'exam.category_id'))
    .select([
      'exam.id', 'exam.title', 'exam.cover', 'exam.summary', 'exam.category_id', 'cat.name as category_name', 'exam.publish_time',
      'exam.type', 'exam.start_time', 'exam.end_time', 'exam.duration', 'exam.pass_score', 'exam.total_score',
      'exam.question_count', 'exam.join_count', windowState.as('window_state'),
    ])
    .orderBy(listOrder('exam', q.sort, 'join_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    type: r.type, startTime: iso(r.start_time), endTime: isoOrNull(r.end_time),
    duration: r.duration, ...scoresShown(r.type, r.total_score, r.pass_score), questionCount: r.question_count,
    joinCount: r.join_count, windowState: r.window_state,
  }));
}
