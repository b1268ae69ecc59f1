import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { containsPattern, offsetOf, pageOf } from '../../lib/list-sql';
import type { TeacherRankItem } from '../../../schemas/api/um';

type Trx = Transaction<DB>;

// The points board (GET /um/api/userIntegrate/rank) is in points-repository.ts (issue 19 part C).

/** A page of the teacher board: highest score first, equal scores share a rank; words match the name. */
export async function listTeacherRank(trx: Trx, q: Pick<ListOptions, 'pageNo' | 'pageSize' | 'searchValue'>): Promise<Page<TeacherRankItem>> {
  // Ranked over every teacher before the name filter, so a search shows each teacher's real place.
  const ranked = trx.selectFrom('teacher')
    .where('teacher.state', '=', 1)
    .select([
      'teacher.id', 'teacher.name', 'teacher.title', 'teacher.avatar', 'teacher.intro', 'teacher.score',
      sql<number>`rank() over (order by teacher.score desc)`.as('rank'),
      sql<number>`(select count(*) from course c where c.tenant_id = teacher.tenant_id and c.teacher_id = teacher.id and c.state = 1)`.as('course_count'),
    ]);
  let base = trx.selectFrom(ranked.as('t'));
  if (q.searchValue !== undefined) base = base.where('t.name', 'ilike', containsPattern(q.searchValue));
  const rows = base.selectAll().orderBy('t.rank').orderBy('t.id').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    rank: Number(r.rank), id: r.id, name: r.name, title: r.title, avatar: r.avatar, intro: r.intro, score: r.score,
    courseCount: Number(r.course_count),
  }));
}
