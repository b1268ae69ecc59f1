import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { clientPasswordDigest, hashPassword } from '../lib/password';
import { grantRole } from '../lib/roles';

// The demo's teacher and the state of its live rooms (issue 17; migration 0020). Runs once per new
// tenant with live rooms, inside its seed transaction, after the catalogue, classes and exams
// (seedTenants):
// - the account `teacher` / `Teach@2026`, behind one of the seeded teacher profiles and named as it:
//   a teacher of a class, a 王 when there is one, so every room and class keeps a teacher of its
//   subject (tests/server/catalogue-seed.test.ts);
// - that profile's classes (two at most) granted to the account as teacher, and the profile's rooms
//   put in the first of them (a class's teacher teaches its rooms: server/lib/roles.ts); marker and
//   invigilator of the tenant's exams (issue 18);
// - the live clock of the rooms seeded live or ended, a notice on the teacher's rooms, one other
//   upcoming room that needs enrolment, and the demo learner enrolled in the teacher's next room and
//   back from an ended one, so 我的直播 is not empty.
// Deterministic for a given catalogue. Explicit tenant filters: the owner may be a superuser,
// which row-level security does not bind.

/** The demo teacher's account and password (README "Demo tenants"). */
export const DEMO_TEACHER = { account: 'teacher', password: 'Teach@2026' } as const;

/** Tenants whose demo content is English (as in seed-catalogue.ts: acme). */
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const TEXTS = {
  zh: {
    name: '王老师', // when the profile has no name
    notice: '欢迎来到直播间！开播前 10 分钟可进入等候，课上有问题请在聊天区提出，课后可观看回放。',
  },
  en: {
    name: 'Ms. Wang', // when the profile has no name
    notice: 'Welcome! You can wait in the room from 10 minutes before the start. Ask your questions in the chat; the replay follows the live.',
  },
} as const;

/** What seedLive wrote, for the seed's log and tests. */
export interface LiveSeedResult {
  teacherUserId: number;
  teacherProfileId: number;
  classIds: number[];
  roomIds: number[];
}

/** Seeds the demo teacher and the live rooms' state of one tenant; undefined when it has no live rooms. */
export async function seedLive(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<LiveSeedResult | undefined> {
  const rooms = await trx.selectFrom('live_room').select(['id', 'teacher_id', 'live_state', 'start_time', 'end_time'])
    .where('tenant_id', '=', tenantId).orderBy('start_time').orderBy('id').execute();
  if (rooms.length === 0) return undefined;

  // The live clock: a room seeded live started at its planned start, an ended one also stopped at its end.
  await sql`update live_room set live_started_at = start_time where tenant_id = ${tenantId} and live_state in ('live', 'ended')`.execute(trx);
  await sql`update live_room set live_ended_at = coalesce(end_time, start_time) where tenant_id = ${tenantId} and live_state = 'ended'`.execute(trx);

  const profiles = await trx.selectFrom('teacher').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const classes = await trx.selectFrom('training_class').select(['id', 'teacher_id', 'start_time', 'end_time', 'is_public'])
    .where('tenant_id', '=', tenantId).orderBy('start_time').orderBy('id').execute();
  const classesOf = (profileId: number) => classes.filter((c) => c.teacher_id !== null && Number(c.teacher_id) === profileId);
  const nameOf = (id: number) => profiles.find((p) => Number(p.id) === id)?.name ?? '';
  const roomsOf = (profileId: number) => rooms.filter((r) => r.teacher_id !== null && Number(r.teacher_id) === profileId);
  const taught = profiles.map((p) => Number(p.id)).filter((id) => classesOf(id).length > 0);
  // The teacher of a class, a 王 first (the demo's 王老师), and of those one with an upcoming room,
  // else with an ended room, which is planned again, else one who gets a room of their class's
  // subject (a school has fewer rooms than teachers). A tenant without classes: the teacher of an
  // upcoming room.
  const withRoom = (ids: number[], state: string) => ids.filter((id) => roomsOf(id).some((r) => r.live_state === state));
  const pick = (ids: number[]) => withRoom(ids, 'upcoming')[0] ?? withRoom(ids, 'ended')[0] ?? ids[0];
  let profileId = pick(taught.filter((id) => /^王|Wang/.test(nameOf(id)))) ?? pick(taught);
  if (profileId !== undefined && !roomsOf(profileId).some((r) => r.live_state === 'upcoming')) {
    const start = new Date(now.getTime() + 2 * 86_400_000);
    start.setMinutes(0, 0, 0);
    const planned = { live_state: 'upcoming' as const, start_time: start, end_time: new Date(start.getTime() + 90 * 60_000), live_started_at: null, live_ended_at: null };
    const again = roomsOf(profileId).find((r) => r.live_state === 'ended');
    if (again) {
      await trx.updateTable('live_room').set(planned).where('tenant_id', '=', tenantId).where('id', '=', Number(again.id)).execute();
      again.live_state = 'upcoming';
    } else {
      const c = await trx.selectFrom('training_class').select(['title', 'cover', 'summary', 'category_id']).where('tenant_id', '=', tenantId)
        .where('id', '=', Number(classesOf(profileId)[0]!.id)).executeTakeFirstOrThrow();
      const english = ENGLISH_TENANTS.has(tenantId);
      const room = await trx.insertInto('live_room').values({
        tenant_id: tenantId, title: english ? `${c.title}: live Q&A` : `${c.title}·直播答疑`, cover: c.cover, summary: c.summary,
        category_id: c.category_id, teacher_id: profileId, publish_time: now, ...planned,
      }).returning(['id', 'teacher_id', 'live_state', 'start_time', 'end_time']).executeTakeFirstOrThrow();
      rooms.push(room);
    }
  }
  const upcoming = rooms.filter((r) => r.live_state === 'upcoming' && r.teacher_id !== null);
  profileId ??= upcoming[0] ? Number(upcoming[0].teacher_id) : undefined;
  if (profileId === undefined) return undefined;

  const texts = TEXTS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  const { hash, salt } = await hashPassword(clientPasswordDigest(DEMO_TEACHER.password));
  // One person, one name: the chat shows the account's name, the room page the profile's.
  const name = nameOf(profileId) || texts.name;
  const account = await trx.insertInto('user_account').values({
    tenant_id: tenantId, account: DEMO_TEACHER.account, password_hash: hash, password_salt: salt, real_name: name, nick_name: name,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const teacherUserId = Number(account.id);
  await trx.updateTable('teacher').set({ user_id: teacherUserId }).where('tenant_id', '=', tenantId).where('id', '=', profileId).execute();

  // Two of the profile's classes: one running (or the latest), one not started, public first.
  const own = classesOf(profileId).sort((a, b) => Number(b.is_public) - Number(a.is_public));
  const running = own.find((c) => c.start_time <= now && now <= c.end_time);
  const later = own.find((c) => c.start_time > now);
  const chosen = [...new Set([running ?? own[0], later ?? own.find((c) => c !== (running ?? own[0]))].filter((c) => c !== undefined))].slice(0, 2);
  const classIds = chosen.map((c) => Number(c.id));
  for (const id of classIds) await grantRole(trx, tenantId, teacherUserId, 'teacher', { type: 'classes', id });

  const ownRooms = rooms.filter((r) => r.teacher_id !== null && Number(r.teacher_id) === profileId).map((r) => Number(r.id));
  if (classIds.length) {
    await trx.updateTable('live_room').set({ classes_id: classIds[0]!, notice: texts.notice })
      .where('tenant_id', '=', tenantId).where('id', 'in', ownRooms).execute();
  } else {
    for (const id of ownRooms) await grantRole(trx, tenantId, teacherUserId, 'teacher', { type: 'room', id });
    await trx.updateTable('live_room').set({ notice: texts.notice }).where('tenant_id', '=', tenantId).where('id', 'in', ownRooms).execute();
  }

  // Issue 18: marker and invigilator of the tenant's exams.
  const exams = await trx.selectFrom('exam').select('id').where('tenant_id', '=', tenantId).where('type', '=', 'exam').orderBy('id').execute();
  for (const e of exams) {
    await grantRole(trx, tenantId, teacherUserId, 'marker', { type: 'exam', id: Number(e.id) });
    await grantRole(trx, tenantId, teacherUserId, 'invigilator', { type: 'exam', id: Number(e.id) });
  }

  // Another teacher's upcoming room asks viewers to enrol first (the enrol page /chatRoom/detail/baseInfo/{id}).
  const enrolRoom = upcoming.find((r) => Number(r.teacher_id) !== profileId);
  if (enrolRoom) await trx.updateTable('live_room').set({ need_enroll: true }).where('tenant_id', '=', tenantId).where('id', '=', Number(enrolRoom.id)).execute();

  // The demo learner: enrolled in the teacher's next room, back from an ended one.
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  const nextRoom = upcoming.find((r) => Number(r.teacher_id) === profileId);
  const ended = rooms.find((r) => r.live_state === 'ended');
  if (learner && nextRoom) {
    await trx.insertInto('live_room_member').values({ tenant_id: tenantId, room_id: Number(nextRoom.id), user_id: Number(learner.id), enrolled_at: now }).execute();
    await sql`update live_room set enrol_count = enrol_count + 1 where tenant_id = ${tenantId} and id = ${Number(nextRoom.id)}`.execute(trx);
  }
  if (learner && ended) {
    const at = new Date(ended.start_time.getTime() + 5 * 60_000);
    await trx.insertInto('live_room_presence').values({
      tenant_id: tenantId, room_id: Number(ended.id), user_id: Number(learner.id), entered_at: at, last_seen_at: new Date(at.getTime() + 40 * 60_000),
      left_at: new Date(at.getTime() + 40 * 60_000),
    }).execute();
  }
  return { teacherUserId, teacherProfileId: profileId, classIds, roomIds: ownRooms };
}
