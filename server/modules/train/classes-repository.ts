// SQL of the class calls (migration 0009 over 0002's training_class). Callers pass a transaction
// scoped to the tenant. A class is visible to a user when it is published (state 1) and either
// public or the user has a membership row (invitation classes).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { cardOf, iso, isoOrNull } from '../../lib/list-sql';
import type { ClassFacts, MemberState } from './classes-rules';
import type { ClassMember, ClassPhase, Membership, MyClass, PhaseItem } from '../../../schemas/api/train';

type Trx = Transaction<DB>;

/** A visible class with my membership, as the detail and the state changes read it. */
export interface ClassRow extends ClassFacts {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  publishTime: Date;
  teacherId: number | null;
  /** The database clock: every rule is judged against it, as searchAuth's state is. */
  now: Date;
  member: MemberState;
  enrolledAt: Date | null;
  leftAt: Date | null;
}

/**
 * The class if the user may see it, else undefined. `lock` first takes the class row FOR UPDATE: enrol,
 * cancel and quit of one class then run one after another, so the seat check and the count they
 * write can never race (no overbooking).
 */
export async function findVisibleClass(trx: Trx, id: number, userId: number, lock = false): Promise<ClassRow | undefined> {
  // The lock is its own statement: the read below then starts after any enrolment that held it, so it
  // sees that enrolment's member row and count (one statement would re-read only the locked row).
  if (lock) await sql`select 1 from training_class where id = ${id}::bigint for update`.execute(trx);
  const row = await sql<{
    id: number; title: string; cover: string | null; summary: string | null; category_id: number | null; category_name: string | null;
    publish_time: Date; teacher_id: number | null; start_time: Date; end_time: Date; enrol_limit: number | null; enrol_count: number;
    is_public: boolean; now: Date; member_state: MemberState; enrolled_at: Date | null; left_at: Date | null;
  }>`
    select c.id, c.title, c.cover, c.summary, c.category_id, cat.name as category_name, c.publish_time, c.teacher_id,
      c.start_time, c.end_time, c.enrol_limit, c.enrol_count, c.is_public, now() as now,
      m.state as member_state, m.enrolled_at, m.left_at
    from training_class c
    left join classes_member m on m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${userId}::bigint
    left join category cat on cat.tenant_id = c.tenant_id and cat.id = c.category_id
    where c.id = ${id}::bigint and c.state = 1 and (c.is_public or m.user_id is not null)`.execute(trx);
  const r = row.rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryName: r.category_name, publishTime: r.publish_time, teacherId: r.teacher_id === null ? null : Number(r.teacher_id),
    startTime: r.start_time, endTime: r.end_time, enrolLimit: r.enrol_limit, enrolCount: r.enrol_count, isPublic: r.is_public,
    now: r.now, member: r.member_state === null ? null : (Number(r.member_state) as MemberState), enrolledAt: r.enrolled_at, leftAt: r.left_at,
  };
}

/** The class's teacher card, or null. */
export async function findTeacher(trx: Trx, teacherId: number | null) {
  if (teacherId === null) return null;
  const t = await trx.selectFrom('teacher').select(['id', 'name', 'title', 'avatar', 'intro']).where('id', '=', teacherId).executeTakeFirst();
  return t ? { id: Number(t.id), name: t.name, title: t.title, avatar: t.avatar, intro: t.intro } : null;
}

/** My membership of a class as the API shows it, or null. */
export function membershipOf(row: Pick<ClassRow, 'member' | 'enrolledAt' | 'leftAt'>): Membership | null {
  if (row.member === null || row.enrolledAt === null) return null;
  return { state: row.member, enrolledAt: iso(row.enrolledAt), leftAt: isoOrNull(row.leftAt) };
}

/** Enrols the user (a new row, or a cancelled/quit one back to enrolled) and takes a seat. */
export async function enrolMember(trx: Trx, classId: number, userId: number): Promise<{ member: Membership; enrolCount: number }> {
  const member = await sql<{ state: 1; enrolled_at: Date; left_at: null }>`
    insert into classes_member (tenant_id, classes_id, user_id, state)
    values (nullif(current_setting('app.tenant_id', true), '')::bigint, ${classId}::bigint, ${userId}::bigint, 1)
    on conflict (tenant_id, classes_id, user_id) do update set state = 1, enrolled_at = now(), left_at = null, updated_at = now()
    returning state, enrolled_at, left_at`.execute(trx);
  const count = await moveSeats(trx, classId, +1);
  const m = member.rows[0]!;
  return { member: { state: 1, enrolledAt: iso(m.enrolled_at), leftAt: null }, enrolCount: count };
}

/** Ends the user's enrolment (2 cancelled, 3 quit) and gives the seat back. */
export async function leaveClass(trx: Trx, classId: number, userId: number, state: 2 | 3): Promise<{ member: Membership; enrolCount: number }> {
  const m = await trx.updateTable('classes_member').set({ state, left_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('classes_id', '=', classId).where('user_id', '=', userId).where('state', '=', 1)
    .returning(['enrolled_at', 'left_at']).executeTakeFirstOrThrow();
  const count = await moveSeats(trx, classId, -1);
  return { member: { state, enrolledAt: iso(m.enrolled_at), leftAt: isoOrNull(m.left_at) }, enrolCount: count };
}

/** enrol_count moves with every member change, in the same transaction; returns the new count. */
async function moveSeats(trx: Trx, classId: number, by: 1 | -1): Promise<number> {
  const row = await trx.updateTable('training_class').set({ enrol_count: sql<number>`greatest(0, enrol_count + ${by})` })
    .where('id', '=', classId).returning('enrol_count').executeTakeFirstOrThrow();
  return row.enrol_count;
}

/** The schedule: phases in order, each with its courses and contents in order. */
export async function listClassPhases(trx: Trx, classId: number): Promise<ClassPhase[]> {
  const phases = await trx.selectFrom('classes_phase').select(['id', 'title', 'summary'])
    .where('classes_id', '=', classId).orderBy('sort').orderBy('id').execute();
  if (phases.length === 0) return [];
  const items = await sql<{
    id: number; phase_id: number; course_id: number | null; content_id: number | null; title: string | null; cover: string | null;
    purpose: number | null; kind: string | null; duration: number | null; lesson_count: number | null; available: boolean;
  }>`
    select i.id, i.phase_id, i.course_id, i.content_id,
      coalesce(co.title, ct.title) as title, coalesce(co.cover, ct.cover) as cover,
      ct.purpose, ct.kind,
      case when co.id is not null then (select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = co.tenant_id and l.course_id = co.id)::int
           else ct.duration end as duration,
      case when co.id is not null then (select count(*) from course_phase_content l where l.tenant_id = co.tenant_id and l.course_id = co.id)::int
           else 0 end as lesson_count,
      coalesce(co.state, ct.state) = 1 as available
    from classes_phase_content i
    left join course co on co.tenant_id = i.tenant_id and co.id = i.course_id
    left join content ct on ct.tenant_id = i.tenant_id and ct.id = i.content_id
    where i.classes_id = ${classId}::bigint
    order by i.sort, i.id`.execute(trx);
  return phases.map((p) => ({
    id: Number(p.id), title: p.title, summary: p.summary,
    items: items.rows.filter((i) => Number(i.phase_id) === Number(p.id)).map((i): PhaseItem => ({
      id: Number(i.id), type: i.course_id !== null ? 'course' : 'content', targetId: Number(i.course_id ?? i.content_id),
      title: i.title ?? '', cover: i.cover, purpose: i.purpose, kind: i.kind, duration: Number(i.duration ?? 0),
      lessonCount: Number(i.lesson_count ?? 0), available: Boolean(i.available),
    })),
  }));
}

/** A page of a class's enrolled members, earliest first, names masked by `mask`. */
export async function listMembers(trx: Trx, classId: number, me: number, q: { pageNo: number; pageSize: number }, mask: (name: string | null) => string): Promise<Page<ClassMember>> {
  const base = trx.selectFrom('classes_member as m').where('m.classes_id', '=', classId).where('m.state', '=', 1);
  const [rows, count] = await Promise.all([
    base.innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
      .select(['m.user_id', 'm.enrolled_at', 'u.nick_name', 'u.real_name', 'u.account'])
      .orderBy('m.enrolled_at').orderBy('m.user_id').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      name: mask(r.nick_name || r.real_name || r.account), enrolledAt: iso(r.enrolled_at), isMe: Number(r.user_id) === me,
    })),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

const CLASS_STATE = sql<number>`case when now() < c.start_time then 1 when now() <= c.end_time then 2 else 3 end`;

/** A page of the published classes I am enrolled in, newest enrolment first, optionally in one class state. */
export async function searchMyClasses(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; state?: number }): Promise<Page<MyClass>> {
  let base = trx.selectFrom('classes_member as m')
    .innerJoin('training_class as c', (j) => j.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.classes_id'))
    .where('m.user_id', '=', userId).where('m.state', '=', 1).where('c.state', '=', 1);
  if (q.state !== undefined) base = base.where(sql<boolean>`${CLASS_STATE} = ${q.state}`);
  const [rows, count] = await Promise.all([
    base.leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'c.tenant_id').onRef('cat.id', '=', 'c.category_id'))
      .leftJoin('teacher as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.id', '=', 'c.teacher_id'))
      .select([
        'c.id', 'c.title', 'c.cover', 'c.summary', 'c.category_id', 'cat.name as category_name', 'c.publish_time', 't.name as teacher_name',
        'c.start_time', 'c.end_time', 'c.enrol_limit', 'c.enrol_count', CLASS_STATE.as('class_state'), 'm.enrolled_at',
        sql<number>`(select count(*) from classes_phase p where p.tenant_id = c.tenant_id and p.classes_id = c.id)::int`.as('phase_count'),
        sql<number>`(select count(*) from classes_phase_content i where i.tenant_id = c.tenant_id and i.classes_id = c.id)::int`.as('item_count'),
      ])
      .orderBy('m.enrolled_at', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...cardOf(r), teacherName: r.teacher_name, startTime: iso(r.start_time), endTime: iso(r.end_time), enrolLimit: r.enrol_limit,
      enrolCount: r.enrol_count, state: Number(r.class_state), enrolledAt: iso(r.enrolled_at), phaseCount: Number(r.phase_count), itemCount: Number(r.item_count),
    })),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}
