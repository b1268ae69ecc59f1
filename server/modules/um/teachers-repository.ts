// Teachers' pages (issue 19 part G; migration 0033 teacher_rating): the list, the profile with what
// they teach, the learners' ratings, and the contribution (content made, learners taught, by month).
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { containsPattern, iso, offsetOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type {
  ContributionMonth, MyRating, TaughtLearner, TeacherCard, TeacherClass, TeacherContent, TeacherCourse, TeacherReview,
} from '../../../schemas/api/teachers';

type Trx = Transaction<DB>;

/** A teacher row with its counts and rating, as every teacher call reads it. */
interface CardRow {
  id: number; name: string; title: string | null; avatar: string | null; intro: string | null; score: number; user_id: number | null;
  course_count: number | string; class_count: number | string; rating_avg: string | null; rating_count: number | string;
}

/** The counts and rating columns of a teacher (t), computed per row. */
const CARD_COLUMNS = sql`
  t.id, t.name, t.title, t.avatar, t.intro, t.score, t.user_id,
  (select count(*) from course c where c.tenant_id = t.tenant_id and c.teacher_id = t.id and c.state = 1) as course_count,
  (select count(*) from training_class k where k.tenant_id = t.tenant_id and k.teacher_id = t.id and k.state = 1) as class_count,
  (select round(avg(r.score)::numeric, 1) from teacher_rating r where r.tenant_id = t.tenant_id and r.teacher_id = t.id) as rating_avg,
  (select count(*) from teacher_rating r where r.tenant_id = t.tenant_id and r.teacher_id = t.id) as rating_count`;

function cardOf(r: CardRow): TeacherCard {
  return {
    id: r.id, name: r.name, title: r.title, avatar: r.avatar, intro: r.intro, score: r.score,
    courseCount: Number(r.course_count), classCount: Number(r.class_count),
    ratingAvg: r.rating_avg === null ? null : Number(r.rating_avg), ratingCount: Number(r.rating_count),
  };
}

/** The name a list shows for a user: the nickname, else the real name, never the account (a phone number). */
export const displayName = (u: { nick_name: string | null; real_name: string | null }, id: number) => u.nick_name ?? u.real_name ?? `#${id}`;

const ORDER: Record<'score' | 'rating' | 'name', RawBuilder<unknown>> = {
  score: sql`score desc, id`,
  rating: sql`rating_avg desc nulls last, rating_count desc, id`,
  // Chinese names sort by their pinyin-free code points, as the database collation gives them.
  name: sql`name, id`,
};

/** A page of the tenant's active teachers, with words in the name and the chosen order. */
export async function searchTeachers(trx: Trx, q: { pageNo: number; pageSize: number; searchValue?: string | undefined; sort: 'score' | 'rating' | 'name' }): Promise<Page<TeacherCard>> {
  const words = q.searchValue?.trim();
  const filter = words ? sql`and t.name ilike ${containsPattern(words)}` : sql``;
  const rows = await sql<CardRow>`
    select * from (select ${CARD_COLUMNS} from teacher t where t.state = 1 ${filter}) s
    order by ${ORDER[q.sort]} limit ${q.pageSize} offset ${offsetOf(q)}`.execute(trx);
  const total = await sql<{ n: string }>`select count(*) as n from teacher t where t.state = 1 ${filter}`.execute(trx);
  return { list: rows.rows.map(cardOf), total: Number(total.rows[0]?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One active teacher's card and account id, or undefined. */
export async function findTeacher(trx: Trx, id: number): Promise<(TeacherCard & { userId: number | null }) | undefined> {
  const row = (await sql<CardRow>`select ${CARD_COLUMNS} from teacher t where t.state = 1 and t.id = ${id}`.execute(trx)).rows[0];
  return row && { ...cardOf(row), userId: row.user_id };
}

/** The teacher's published courses, newest first. */
export async function teacherCourses(trx: Trx, teacherId: number, limit = 50): Promise<TeacherCourse[]> {
  const rows = await trx.selectFrom('course').select(['id', 'title', 'cover', 'study_count', 'publish_time'])
    .where('teacher_id', '=', teacherId).where('state', '=', 1).orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, cover: r.cover, studyCount: r.study_count, publishTime: iso(r.publish_time) }));
}

/** The teacher's published classes, latest start first. */
export async function teacherClasses(trx: Trx, teacherId: number, limit = 50): Promise<TeacherClass[]> {
  const rows = await trx.selectFrom('training_class').select(['id', 'title', 'cover', 'start_time', 'end_time', 'enrol_count'])
    .where('teacher_id', '=', teacherId).where('state', '=', 1).orderBy('start_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, cover: r.cover, startTime: iso(r.start_time), endTime: iso(r.end_time), enrolCount: r.enrol_count }));
}

/** How many gave 1…5 stars. */
export async function ratingDistribution(trx: Trx, teacherId: number): Promise<number[]> {
  const rows = await trx.selectFrom('teacher_rating').select(['score', sql<string>`count(*)`.as('n')])
    .where('teacher_id', '=', teacherId).groupBy('score').execute();
  const counts = [0, 0, 0, 0, 0];
  for (const r of rows) counts[r.score - 1] = Number(r.n);
  return counts;
}

/** The caller's rating of the teacher, or null. */
export async function findMyRating(trx: Trx, teacherId: number, userId: number): Promise<MyRating | null> {
  const r = await trx.selectFrom('teacher_rating').select(['score', 'comment', 'updated_at'])
    .where('teacher_id', '=', teacherId).where('user_id', '=', userId).executeTakeFirst();
  return r ? { score: r.score, comment: r.comment, updatedAt: iso(r.updated_at) } : null;
}

/** Writes the caller's rating (first time or an edit: one row per learner and teacher). */
export async function upsertRating(trx: Trx, tenantId: number, teacherId: number, userId: number, score: number, comment: string | null): Promise<void> {
  await trx.insertInto('teacher_rating').values({ tenant_id: tenantId, teacher_id: teacherId, user_id: userId, score, comment })
    .onConflict((oc) => oc.columns(['tenant_id', 'teacher_id', 'user_id']).doUpdateSet({ score, comment, updated_at: sql`now()` }))
    .execute();
}

/** A page of the teacher's reviews, newest edit first. */
export async function listRatings(trx: Trx, teacherId: number, viewerId: number | null, q: { pageNo: number; pageSize: number }): Promise<Page<TeacherReview>> {
  const rows = await trx.selectFrom('teacher_rating as r')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .select(['r.user_id', 'r.score', 'r.comment', 'r.created_at', 'r.updated_at', 'u.nick_name', 'u.real_name', 'u.avatar_img'])
    .where('r.teacher_id', '=', teacherId)
    .orderBy('r.updated_at', 'desc').orderBy('r.user_id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const total = await trx.selectFrom('teacher_rating').select(sql<string>`count(*)`.as('n')).where('teacher_id', '=', teacherId).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      userId: r.user_id, userName: displayName(r, r.user_id), avatar: r.avatar_img, score: r.score, comment: r.comment,
      createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), mine: r.user_id === viewerId,
    })),
    total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** Contents the teacher made: uploaded from their account, or published under their name. */
export async function teacherContents(trx: Trx, name: string, userId: number | null, limit = 500): Promise<TeacherContent[]> {
  const rows = await trx.selectFrom('content').select(['id', 'title', 'kind', 'publish_time'])
    .where('state', '=', 1).where('audit_state', '=', 'approved')
    .where((eb) => eb.or([eb('author', '=', name), ...(userId === null ? [] : [eb('uploader_id', '=', userId)])]))
    .orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, kind: r.kind, publishTime: iso(r.publish_time) }));
}

/**
 * The learners the teacher taught, each once with where and when they first met: enrolled in one
 * of their classes (cancelled enrolments do not count) or studied a lesson of one of their courses.
 */
export async function taughtLearners(trx: Trx, teacherId: number): Promise<TaughtLearner[]> {
  const rows = await sql<{ user_id: number; via: 'classes' | 'course'; first_at: Date; nick_name: string | null; real_name: string | null; avatar_img: string | null }>`
    with met as (
      select m.user_id, 'classes' as via, m.enrolled_at as at from classes_member m
        join training_class k on k.tenant_id = m.tenant_id and k.id = m.classes_id
        where k.teacher_id = ${teacherId} and m.state <> 2
      union all
      select s.user_id, 'course' as via, s.created_at as at from study_record s
        join course c on c.tenant_id = s.tenant_id and c.id = s.course_id
        where c.teacher_id = ${teacherId}
    ), firsts as (
      select distinct on (user_id) user_id, via, at from met order by user_id, at
    )
    select f.user_id, f.via, f.at as first_at, u.nick_name, u.real_name, u.avatar_img
    from firsts f join user_account u on u.id = f.user_id
    order by f.at desc, f.user_id desc`.execute(trx);
  return rows.rows.map((r) => ({ userId: r.user_id, name: displayName(r, r.user_id), avatar: r.avatar_img, via: r.via, firstAt: iso(r.first_at) }));
}

/** The last 12 months (oldest first) with what was published and whom the teacher first met in each. */
export function contributionMonths(
  now: Date, dated: { courses: string[]; contents: string[]; classes: string[]; learners: string[] },
): ContributionMonth[] {
  const months: ContributionMonth[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const count = (list: string[]) => list.filter((at) => at.slice(0, 7) === month).length;
    months.push({ month, courses: count(dated.courses), contents: count(dated.contents), classes: count(dated.classes), learners: count(dated.learners) });
  }
  return months;
}
