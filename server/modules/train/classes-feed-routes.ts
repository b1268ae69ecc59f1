// Class notices (spec learning §7 "Notices: GET /cm/api/notice/queryByClasses") and the learner's
// activity feed (§2 /activity, login required; its calls are "not shown", so GET /um/api/activity/search
// is ours). The feed is read from what happened, not written separately: class enrolments,
// attendance sign-ins, finished courses (the study records' one finish rule), live rooms entered,
// class comments and circle posts. Each source gives its newest pageNo × pageSize events; merged
// by time, they give the page exactly.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso } from '../../lib/list-sql';
import { requireClass, requireParticipant } from './classes-access';
import { ClassesPageQuery, ClassNotice } from '../../../schemas/api/train-classes-more';
import { Activity, ActivityQuery, type ActivityType } from '../../../schemas/api/train-circle';

type Trx = Transaction<DB>;
interface Event { type: ActivityType; at: Date; target_id: number; title: string; detail: string | null }

/** One SQL per source: the user's events of that kind, newest first, at most `limit`. */
function sources(userId: number, limit: number): Record<ActivityType, ReturnType<typeof sql<Event>>> {
  const u = sql`${userId}::bigint`;
  return {
    enrol: sql<Event>`select 'enrol' as type, m.enrolled_at as at, c.id as target_id, c.title, null as detail
      from classes_member m join training_class c on c.tenant_id = m.tenant_id and c.id = m.classes_id
      where m.user_id = ${u} and c.state = 1 order by m.enrolled_at desc limit ${limit}`,
    signIn: sql<Event>`select 'signIn' as type, l.signed_at as at, c.id as target_id, c.title, s.title as detail
      from classes_attendance_log l join classes_attendance_session s on s.tenant_id = l.tenant_id and s.id = l.session_id
      join training_class c on c.tenant_id = l.tenant_id and c.id = l.classes_id
      where l.user_id = ${u} order by l.signed_at desc limit ${limit}`,
    // A course is finished when every lesson content is (part 0 finished, or every part of it).
    courseFinish: sql<Event>`select 'courseFinish' as type, x.at, co.id as target_id, co.title, null as detail
      from (
        select r.course_id, max(r.finished_at) as at from study_record r
        where r.user_id = ${u} and r.course_id is not null and r.state = 2 group by r.course_id
      ) x join course co on co.id = x.course_id
      where co.state = 1 and not exists (
        select 1 from course_phase_content l where l.course_id = co.id and l.content_id is not null
          and not exists (select 1 from study_record f where f.user_id = ${u} and f.content_id = l.content_id and f.part_id = 0 and f.state = 2)
          and not (exists (select 1 from content_part p where p.content_id = l.content_id)
            and not exists (select 1 from content_part p where p.content_id = l.content_id
              and not exists (select 1 from study_record f where f.user_id = ${u} and f.content_id = p.content_id and f.part_id = p.id and f.state = 2))))
      order by x.at desc limit ${limit}`,
    liveJoin: sql<Event>`select 'liveJoin' as type, p.entered_at as at, r.id as target_id, r.title, null as detail
      from live_room_presence p join live_room r on r.tenant_id = p.tenant_id and r.id = p.room_id
      where p.user_id = ${u} order by p.entered_at desc limit ${limit}`,
    comment: sql<Event>`select 'comment' as type, k.created_at as at, c.id as target_id, c.title, k.content as detail
      from classes_comment k join training_class c on c.tenant_id = k.tenant_id and c.id = k.classes_id
      where k.user_id = ${u} and k.deleted_at is null and c.state = 1 order by k.created_at desc limit ${limit}`,
    post: sql<Event>`select 'post' as type, p.created_at as at, c.id as target_id, c.title, p.content as detail
      from classes_circle_post p join training_class c on c.tenant_id = p.tenant_id and c.id = p.classes_id
      where p.user_id = ${u} and p.deleted_at is null and c.state = 1 order by p.created_at desc limit ${limit}`,
  };
}

/** How many events of a kind the user has (for the total). */
function countOf(query: ReturnType<typeof sql<Event>>) {
  return sql<{ n: number }>`select count(*)::int as n from (${query}) e`;
}

const LINKS: Record<ActivityType, (id: number) => string> = {
  enrol: (id) => `/classes/detail/${id}`,
  signIn: (id) => `/attendance/detail?classesId=${id}`,
  courseFinish: (id) => `/course/detail/${id}`,
  liveJoin: (id) => `/chatRoom/detail/${id}`,
  comment: (id) => `/classes/userList?classesId=${id}`,
  post: (id) => `/circle/detail/${id}`,
};

/** A page of the user's activity, newest first. */
async function searchActivity(trx: Trx, userId: number, q: { type?: ActivityType; pageNo: number; pageSize: number }) {
  const want = q.pageNo * q.pageSize;
  const all = sources(userId, want);
  const countAll = sources(userId, 100_000);
  const kinds = (q.type ? [q.type] : Object.keys(all)) as ActivityType[];
  const lists = await Promise.all(kinds.map((k) => all[k].execute(trx)));
  const counts = await Promise.all(kinds.map((k) => countOf(countAll[k]).execute(trx)));
  const merged = lists.flatMap((l) => l.rows)
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime() || a.type.localeCompare(b.type) || Number(b.target_id) - Number(a.target_id));
  const list: Activity[] = merged.slice((q.pageNo - 1) * q.pageSize, want).map((e) => ({
    type: e.type, at: iso(e.at), targetId: Number(e.target_id), targetTitle: e.title, detail: e.detail, link: LINKS[e.type](Number(e.target_id)),
  }));
  return { list, total: counts.reduce((s, c) => s + Number(c.rows[0]?.n ?? 0), 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** Class notices and the activity feed; registered from trainRoutes. */
export async function classesFeedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/notice/queryByClasses', {
    schema: {
      tags: ['cm'], summary: 'Notices of one class, pinned first then newest (its members and teachers only)',
      querystring: ClassesPageQuery, response: { 200: Envelope(Paged(ClassNotice)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.classesId, user.userId);
      requireParticipant(a);
      const base = trx.selectFrom('classes_notice').where('classes_id', '=', a.id).where('state', '=', 1).where('publish_time', '<=', sql<Date>`now()`);
      const [rows, count] = await Promise.all([
        base.select(['id', 'title', 'summary', 'body', 'top', 'publish_time']).orderBy('top', 'desc').orderBy('publish_time', 'desc').orderBy('id', 'desc')
          .limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        list: rows.map((n) => ({ id: Number(n.id), title: n.title, summary: n.summary, body: n.body, top: n.top, publishTime: iso(n.publish_time) })),
        total: Number(count.n), pageNo, pageSize,
      });
    });
  });

  r.get('/um/api/activity/search', {
    schema: {
      tags: ['um'], summary: 'My activity, newest first: class enrolments and sign-ins, finished courses, live rooms entered, class comments and circle posts',
      querystring: ActivityQuery, response: { 200: Envelope(Paged(Activity)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, type } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchActivity(trx, user.userId, { pageNo, pageSize, ...(type ? { type } : {}) })));
  });
}
