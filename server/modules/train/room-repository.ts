// Live rooms: the room, enrolment, presence and the live state (migration 0020). Callers pass a
// transaction scoped to the tenant (readTenant / withTenant): row-level security keeps every query
// inside it. The rules (who may watch, manage, enrol) are in room-rules.ts.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { hasRole, holdersOf } from '../../lib/roles';
import { iso, isoOrNull, offsetOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import { ROOM_PRESENCE_SECONDS, type LiveState, type MyRoom } from '../../../schemas/api/train-rooms';

type Db = Kysely<DB>;

/** A published room as the room calls read it. */
export interface RoomRow {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  publishTime: Date;
  teacherId: number | null;
  teacherName: string | null;
  teacherTitle: string | null;
  teacherAvatar: string | null;
  /** The account behind the teacher profile (teacher.user_id): the room's own teacher. */
  teacherUserId: number | null;
  startTime: Date;
  endTime: Date | null;
  liveState: LiveState;
  enrolCount: number;
  audienceCount: number;
  classesId: number | null;
  needEnroll: boolean;
  notice: string | null;
  streamUrl: string | null;
  replayUrl: string | null;
  liveStartedAt: Date | null;
  liveEndedAt: Date | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function roomQuery(db: Db) {
  return db.selectFrom('live_room')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'live_room.tenant_id').onRef('cat.id', '=', 'live_room.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'live_room.tenant_id').onRef('teacher.id', '=', 'live_room.teacher_id'))
    .select([
      'live_room.id', 'live_room.title', 'live_room.cover', 'live_room.summary', 'live_room.category_id', 'cat.name as category_name',
      'live_room.publish_time', 'live_room.teacher_id', 'teacher.name as teacher_name', 'teacher.title as teacher_title',
      'teacher.avatar as teacher_avatar', 'teacher.user_id as teacher_user_id', 'live_room.start_time', 'live_room.end_time',
      'live_room.live_state', 'live_room.enrol_count', 'live_room.audience_count', 'live_room.classes_id', 'live_room.need_enroll',
      'live_room.notice', 'live_room.stream_url', 'live_room.replay_url', 'live_room.live_started_at', 'live_room.live_ended_at',
    ])
    .where('live_room.state', '=', 1);
}

type RoomSelect = Awaited<ReturnType<ReturnType<typeof roomQuery>['executeTakeFirstOrThrow']>>;

function toRoomRow(r: RoomSelect): RoomRow {
  return {
    id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, categoryId: num(r.category_id), categoryName: r.category_name,
    publishTime: new Date(r.publish_time), teacherId: num(r.teacher_id), teacherName: r.teacher_name, teacherTitle: r.teacher_title,
    teacherAvatar: r.teacher_avatar, teacherUserId: num(r.teacher_user_id), startTime: new Date(r.start_time),
    endTime: r.end_time === null ? null : new Date(r.end_time), liveState: r.live_state, enrolCount: r.enrol_count,
    audienceCount: r.audience_count, classesId: num(r.classes_id), needEnroll: r.need_enroll, notice: r.notice, streamUrl: r.stream_url,
    replayUrl: r.replay_url, liveStartedAt: r.live_started_at === null ? null : new Date(r.live_started_at),
    liveEndedAt: r.live_ended_at === null ? null : new Date(r.live_ended_at),
  };
}

/** A published room of the tenant, locked for the transaction when asked; undefined when unknown or offline. */
export async function findRoom(db: Db, id: number, lock = false): Promise<RoomRow | undefined> {
  let q = roomQuery(db).where('live_room.id', '=', id);
  if (lock) q = q.forUpdate('live_room');
  const row = await q.executeTakeFirst();
  return row && toRoomRow(row);
}

/** Whether the user is enrolled in the room. */
export async function isEnrolled(db: Db, roomId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('live_room_member').select('user_id').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user teaches the room: the account behind its teacher profile, or a teacher grant covering it (server/lib/roles.ts). */
export async function canManageRoom(db: Db, room: RoomRow, userId: number): Promise<boolean> {
  return room.teacherUserId === userId || hasRole(db, userId, 'teacher', { type: 'room', id: room.id });
}

/** Whether the user may enter and watch: the room needs no enrolment, they enrolled, or they teach it. */
export async function mayWatch(db: Db, room: RoomRow, userId: number): Promise<boolean> {
  if (!room.needEnroll) return true;
  return (await isEnrolled(db, room.id, userId)) || canManageRoom(db, room, userId);
}

/** Enrols the user (once: a second enrolment changes nothing) and answers the room's enrolment count. */
export async function enrolInRoom(db: Db, tenantId: number, roomId: number, userId: number): Promise<{ enrolCount: number; added: boolean }> {
  const added = await db.insertInto('live_room_member').values({ tenant_id: tenantId, room_id: roomId, user_id: userId })
    .onConflict((oc) => oc.doNothing()).returning('user_id').executeTakeFirst();
  const row = await db.updateTable('live_room')
    .set({ enrol_count: added ? sql`enrol_count + 1` : sql`enrol_count` })
    .where('id', '=', roomId).returning('enrol_count').executeTakeFirstOrThrow();
  return { enrolCount: row.enrol_count, added: added !== undefined };
}

/**
 * Records the user in the room now: the first entry adds a viewer to the room's audience_count;
 * every entry (the heartbeat) refreshes last_seen_at and clears a leave.
 */
export async function enterRoom(db: Db, tenantId: number, roomId: number, userId: number): Promise<void> {
  const row = await db.insertInto('live_room_presence').values({ tenant_id: tenantId, room_id: roomId, user_id: userId })
    .onConflict((oc) => oc.columns(['tenant_id', 'room_id', 'user_id']).doUpdateSet({ last_seen_at: sql`now()`, left_at: null }))
    .returning(sql<boolean>`xmax = 0`.as('inserted')).executeTakeFirstOrThrow();
  if (row.inserted) await db.updateTable('live_room').set({ audience_count: sql`audience_count + 1` }).where('id', '=', roomId).execute();
}

/** Marks the user as gone from the room (no change when they were not in it). */
export async function leaveRoom(db: Db, roomId: number, userId: number): Promise<void> {
  await db.updateTable('live_room_presence').set({ left_at: sql`now()` })
    .where('room_id', '=', roomId).where('user_id', '=', userId).where('left_at', 'is', null).execute();
}

/**
 * Viewers in the room now: entered, not left, heard from within ROOM_PRESENCE_SECONDS. The room's
 * teachers are hosts, not audience, and are not counted.
 */
export async function audienceOf(db: Db, room: RoomRow): Promise<number> {
  const hosts = await holdersOf(db, 'teacher', { type: 'room', id: room.id });
  if (room.teacherUserId !== null) hosts.push(room.teacherUserId);
  let q = db.selectFrom('live_room_presence').select(sql<number>`count(*)::int`.as('n'))
    .where('room_id', '=', room.id).where('left_at', 'is', null)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${ROOM_PRESENCE_SECONDS})`);
  if (hosts.length) q = q.where('user_id', 'not in', hosts);
  return (await q.executeTakeFirstOrThrow()).n;
}

/** upcoming → live, from now; answers false when the room was not upcoming. */
export async function startLive(db: Db, roomId: number): Promise<boolean> {
  const done = await db.updateTable('live_room').set({ live_state: 'live', live_started_at: sql`now()`, live_ended_at: null, updated_at: sql`now()` })
    .where('id', '=', roomId).where('live_state', '=', 'upcoming').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * live → ended, now; the replay is recorded: the room's own replay when it has one, else the
 * lesson the live played (`recorded`). Answers false when the room was not live.
 */
export async function stopLive(db: Db, roomId: number, recorded: string): Promise<boolean> {
  const done = await db.updateTable('live_room')
    .set({ live_state: 'ended', live_ended_at: sql`now()`, end_time: sql`now()`, replay_url: sql`coalesce(replay_url, ${recorded})`, updated_at: sql`now()` })
    .where('id', '=', roomId).where('live_state', '=', 'live').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The fields cmChatRoom/update may change. */
export interface RoomPatch {
  title?: string;
  notice?: string | null;
  startTime?: Date;
  needEnroll?: boolean;
  streamUrl?: string | null;
  replayUrl?: string | null;
}

/** Writes a teacher's edit of the room. */
export async function updateRoom(db: Db, roomId: number, patch: RoomPatch): Promise<void> {
  await db.updateTable('live_room').set({
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.notice !== undefined ? { notice: patch.notice } : {}),
    ...(patch.startTime !== undefined ? { start_time: patch.startTime } : {}),
    ...(patch.needEnroll !== undefined ? { need_enroll: patch.needEnroll } : {}),
    ...(patch.streamUrl !== undefined ? { stream_url: patch.streamUrl } : {}),
    ...(patch.replayUrl !== undefined ? { replay_url: patch.replayUrl } : {}),
    updated_at: sql`now()`,
  }).where('id', '=', roomId).execute();
}

/** A page of my rooms: enrolled in or entered, live first, then upcoming soonest, then the latest ended. */
export async function searchMyRooms(db: Db, userId: number, q: { pageNo: number; pageSize: number; liveState?: LiveState }): Promise<Page<MyRoom>> {
  let base = db.selectFrom('live_room')
    .leftJoin('live_room_member as m', (j) => j.onRef('m.tenant_id', '=', 'live_room.tenant_id').onRef('m.room_id', '=', 'live_room.id').on('m.user_id', '=', userId))
    .leftJoin('live_room_presence as p', (j) => j.onRef('p.tenant_id', '=', 'live_room.tenant_id').onRef('p.room_id', '=', 'live_room.id').on('p.user_id', '=', userId))
    .where('live_room.state', '=', 1)
    .where((eb) => eb.or([eb('m.user_id', 'is not', null), eb('p.user_id', 'is not', null)]));
  if (q.liveState) base = base.where('live_room.live_state', '=', q.liveState);
  const rows = await base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'live_room.tenant_id').onRef('cat.id', '=', 'live_room.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'live_room.tenant_id').onRef('teacher.id', '=', 'live_room.teacher_id'))
    .select([
      'live_room.id', 'live_room.title', 'live_room.cover', 'live_room.summary', 'live_room.category_id', 'cat.name as category_name',
      'live_room.publish_time', 'live_room.teacher_id', 'teacher.name as teacher_name', 'teacher.avatar as teacher_avatar',
      'live_room.start_time', 'live_room.end_time', 'live_room.live_state', 'live_room.enrol_count', 'live_room.audience_count',
      'live_room.classes_id', 'live_room.need_enroll', 'm.user_id as member', 'p.last_seen_at',
    ])
    .orderBy(sql`case live_room.live_state when 'live' then 0 when 'upcoming' then 1 else 2 end`)
    .orderBy(sql`case when live_room.live_state = 'upcoming' then live_room.start_time end asc`)
    .orderBy('live_room.start_time', 'desc').orderBy('live_room.id', 'desc')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, categoryId: num(r.category_id), categoryName: r.category_name,
      publishTime: iso(r.publish_time), teacherId: num(r.teacher_id), teacherName: r.teacher_name, teacherAvatar: r.teacher_avatar,
      startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), liveState: r.live_state, enrolCount: r.enrol_count,
      audienceCount: r.audience_count, classesId: num(r.classes_id), needEnroll: r.need_enroll,
      enrolled: r.member !== null, lastEnteredAt: isoOrNull(r.last_seen_at),
    })),
    total: n, pageNo: q.pageNo, pageSize: q.pageSize,
  };
}
