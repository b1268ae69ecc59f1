import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { iso, isoOrNull, listFilter, listOrder, offsetOf, pageOf, cardOf } from '../../lib/list-sql';
import type { ClassItem, RoomItem } from '../../../schemas/api/train';

type Trx = Transaction<DB>;

/** live first, then upcoming (soonest first), then ended (latest first): what a live-room strip shows. */
const SCHEDULE_ORDER = sql`case live_room.live_state when 'live' then 0 when 'upcoming' then 1 else 2 end,
  case when live_room.live_state = 'upcoming' then live_room.start_time end asc,
  live_room.start_time desc, live_room.id desc`;

// A class's state follows its dates: enrolling before it starts, in progress until it ends, then finished.
const classState = sql<number>`case when now() < training_class.start_time then 1 when now() <= training_class.end_time then 2 else 3 end`;

/** A page of public, published training classes, optionally in one state (1 enrolling, 2 in progress, 3 finished). */
export async function searchPublicClasses(trx: Trx, q: ListOptions & { state?: number }): Promise<Page<ClassItem>> {
  let base = trx.selectFrom('training_class').where(listFilter('training_class', q)).where('training_class.is_public', '=', true);
  if (q.state !== undefined) base = base.where(sql<boolean>`${classState} = ${q.state}`);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'training_class.tenant_id').onRef('cat.id', '=', 'training_class.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'training_class.tenant_id').onRef('teacher.id', '=', 'training_class.teacher_id'))
    .select([
      'training_class.id', 'training_class.title', 'training_class.cover', 'training_class.summary', 'training_class.category_id',
      'cat.name as category_name', 'training_class.publish_time', 'teacher.name as teacher_name', 'training_class.start_time',
      'training_class.end_time', 'training_class.enrol_limit', 'training_class.enrol_count', classState.as('class_state'),
    ])
    .orderBy(listOrder('training_class', q.sort, 'enrol_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    teacherName: r.teacher_name, startTime: iso(r.start_time), endTime: iso(r.end_time),
    enrolLimit: r.enrol_limit, enrolCount: r.enrol_count, state: r.class_state,
  }));
}

/** A page of published live rooms, optionally in one live state, by schedule, newest or popularity. */
export async function searchRooms(trx: Trx, q: Omit<ListOptions, 'sort'> & { sort: ListOptions['sort'] | 'schedule'; liveState?: 'upcoming' | 'live' | 'ended' }): Promise<Page<RoomItem>> {
  let base = trx.selectFrom('live_room').where(listFilter('live_room', q));
  if (q.liveState) base = base.where('live_room.live_state', '=', q.liveState);
  const order = q.sort === 'schedule' ? SCHEDULE_ORDER : listOrder('live_room', q.sort, sql`live_room.enrol_count + live_room.audience_count`);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'live_room.tenant_id').onRef('cat.id', '=', 'live_room.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'live_room.tenant_id').onRef('teacher.id', '=', 'live_room.teacher_id'))
    .select([
      'live_room.id', 'live_room.title', 'live_room.cover', 'live_room.summary', 'live_room.category_id', 'cat.name as category_name',
      'live_room.publish_time', 'live_room.teacher_id', 'teacher.name as teacher_name', 'teacher.avatar as teacher_avatar',
      'live_room.start_time', 'live_room.end_time', 'live_room.live_state', 'live_room.enrol_count', 'live_room.audience_count',
    ])
    .orderBy(order)
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    teacherId: r.teacher_id, teacherName: r.teacher_name, teacherAvatar: r.teacher_avatar,
    startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), liveState: r.live_state, enrolCount: r.enrol_count,
    audienceCount: r.audience_count,
  }));
}
