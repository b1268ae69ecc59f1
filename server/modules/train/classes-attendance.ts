// Class attendance (spec learning §2 /attendance/detail "class sign-in"; §7 attendance saveLog,
// queryLog, settingInfo; §4 leaves the sign-in transitions "not shown"). Our rule (docs/decisions.md
// "Class attendance"): a class has sessions; each session's sign-in window runs from
// before_minutes (default 30) before its start to after_minutes (default 15) after it, judged by
// the database clock; a session with a radius needs the member's position within that many metres
// of its place; an enrolled member signs in once per session. Teachers add sessions (saveSetting)
// and read everyone's sign-ins.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { iso } from '../../lib/list-sql';
import { DISPLAY_NAME } from './classes-access';
import type { AttendanceLog, AttendanceSession, AttendanceSettingBody } from '../../../schemas/api/train-classes-more';

type Trx = Transaction<DB>;
const MINUTE_MS = 60_000;
const EARTH_RADIUS_M = 6_371_000;

/** A session row with its window. */
export interface SessionRow {
  id: number;
  title: string;
  startTime: Date;
  windowStart: Date;
  windowEnd: Date;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
}

/** Metres between two positions on the earth (haversine). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The class's sessions, earliest first. */
export async function listSessions(trx: Trx, classesId: number): Promise<SessionRow[]> {
  const rows = await trx.selectFrom('classes_attendance_session')
    .select(['id', 'title', 'start_time', 'before_minutes', 'after_minutes', 'place', 'latitude', 'longitude', 'radius'])
    .where('classes_id', '=', classesId).orderBy('start_time').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id), title: r.title, startTime: r.start_time,
    windowStart: new Date(r.start_time.getTime() - r.before_minutes * MINUTE_MS),
    windowEnd: new Date(r.start_time.getTime() + r.after_minutes * MINUTE_MS),
    place: r.place, latitude: r.latitude, longitude: r.longitude, radius: r.radius,
  }));
}

/** The sessions as settingInfo shows them, with my sign-in on each. */
export async function sessionsWithMine(trx: Trx, classesId: number, userId: number, now: Date): Promise<AttendanceSession[]> {
  const [sessions, mine] = await Promise.all([
    listSessions(trx, classesId),
    trx.selectFrom('classes_attendance_log').select(['session_id', 'signed_at']).where('classes_id', '=', classesId).where('user_id', '=', userId).execute(),
  ]);
  const signed = new Map(mine.map((m) => [Number(m.session_id), m.signed_at]));
  return sessions.map((s) => ({
    id: s.id, title: s.title, startTime: iso(s.startTime), windowStart: iso(s.windowStart), windowEnd: iso(s.windowEnd), place: s.place,
    latitude: s.latitude, longitude: s.longitude, radius: s.radius, open: s.windowStart <= now && now <= s.windowEnd,
    signedAt: signed.has(s.id) ? iso(signed.get(s.id)!) : null,
  }));
}

const refuse = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** Why this sign-in is refused (outside the window, no or a too distant position), or the distance to record. */
export function signInCheck(s: SessionRow, now: Date, position: { latitude?: number; longitude?: number }): { distance: number | null } {
  if (now < s.windowStart) throw refuse(`“${s.title}”的签到尚未开始：${iso(s.windowStart)} 起可以签到。`, 'ATTENDANCE_NOT_OPEN');
  if (now > s.windowEnd) throw refuse(`“${s.title}”的签到已于 ${iso(s.windowEnd)} 结束，不能再签到。`, 'ATTENDANCE_CLOSED');
  const has = position.latitude !== undefined && position.longitude !== undefined;
  const distance = has && s.latitude !== null && s.longitude !== null
    ? Math.round(distanceMetres({ latitude: position.latitude!, longitude: position.longitude! }, { latitude: s.latitude, longitude: s.longitude }))
    : null;
  if (s.radius !== null) {
    if (!has) throw refuse(`“${s.title}”需要在签到地点 ${s.radius} 米内签到，请允许浏览器获取你的位置后重试。`, 'LOCATION_REQUIRED');
    if (distance! > s.radius) throw refuse(`你距签到地点约 ${distance} 米，超出 ${s.radius} 米的签到范围。`, 'ATTENDANCE_TOO_FAR');
  }
  return { distance };
}

/** Writes my sign-in; false when I had signed in to the session already (one per member and session). */
export async function insertSignIn(trx: Trx, tenantId: number, classesId: number, sessionId: number, userId: number,
  position: { latitude?: number; longitude?: number }, distance: number | null): Promise<boolean> {
  const rows = await trx.insertInto('classes_attendance_log').values({
    tenant_id: tenantId, session_id: sessionId, user_id: userId, classes_id: classesId,
    latitude: position.latitude ?? null, longitude: position.longitude ?? null, distance,
  }).onConflict((oc) => oc.doNothing()).returning('session_id').execute();
  return rows.length === 1;
}

/** Sign-ins of the class, newest first: one member's, or everyone's when userId is null. */
export async function listSignIns(trx: Trx, classesId: number, userId: number | null, page: { pageNo: number; pageSize: number }): Promise<{ list: AttendanceLog[]; total: number }> {
  let base = trx.selectFrom('classes_attendance_log as l').where('l.classes_id', '=', classesId);
  if (userId !== null) base = base.where('l.user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base.innerJoin('classes_attendance_session as s', (j) => j.onRef('s.tenant_id', '=', 'l.tenant_id').onRef('s.id', '=', 'l.session_id'))
      .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'l.tenant_id').onRef('u.id', '=', 'l.user_id'))
      .select(['l.session_id', 's.title', 'l.user_id', DISPLAY_NAME.as('name'), 'l.signed_at', 'l.distance'])
      .orderBy('l.signed_at', 'desc').orderBy('l.user_id').limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ sessionId: Number(r.session_id), sessionTitle: r.title, userId: Number(r.user_id), name: r.name, signedAt: iso(r.signed_at), distance: r.distance })),
    total: Number(count.n),
  };
}

/** A new session of the class (teacher's saveSetting). */
export async function insertSession(trx: Trx, tenantId: number, userId: number, b: AttendanceSettingBody): Promise<number> {
  const row = await trx.insertInto('classes_attendance_session').values({
    tenant_id: tenantId, classes_id: b.classesId, title: b.title.trim(), start_time: b.startTime,
    ...(b.beforeMinutes !== undefined ? { before_minutes: b.beforeMinutes } : {}), ...(b.afterMinutes !== undefined ? { after_minutes: b.afterMinutes } : {}),
    place: b.place?.trim() || null, latitude: b.latitude ?? null, longitude: b.longitude ?? null, radius: b.radius ?? null, created_by: userId,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
