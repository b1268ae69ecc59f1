import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { containsPattern, offsetOf, pageOf } from '../../lib/list-sql';
import type { IntegralRankItem, TeacherRankItem } from '../../../schemas/api/um';

type Trx = Transaction<DB>;

/** A page of the points board: most points first, equal points share a rank. */
export async function listIntegralRank(trx: Trx, q: Pick<ListOptions, 'pageNo' | 'pageSize'>): Promise<Page<IntegralRankItem>> {
  const rows = trx.selectFrom('user_integral')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'user_integral.tenant_id').onRef('u.id', '=', 'user_integral.user_id'))
    .select([
      'user_integral.user_id', 'user_integral.points', 'u.nick_name', 'u.real_name', 'u.avatar_img',
      sql<number>`rank() over (order by user_integral.points desc)`.as('rank'),
    ])
    .orderBy('user_integral.points', 'desc').orderBy('user_integral.user_id')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = trx.selectFrom('user_integral').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    rank: Number(r.rank), userId: r.user_id, points: r.points, avatar: r.avatar_img,
    // The board never shows the account (a phone number or login name): the nickname, else the real name.
    name: r.nick_name ?? r.real_name ?? `#${r.user_id}`,
  }));
}

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
