// The rest of the class calls (issue 17; schemas/api/train-classes-more.ts): favourites, rights,
// comments, attendance, assessment, class content and its log, statistics, rank, notices, the
// circle and the activity feed; each with its refusals (not a member, another tenant, a learner on
// a teacher call, sign-in outside the window, twice, out of range, filtered or too long text,
// someone else's comment). The class is the demo learner's running class; the demo teacher is
// granted it here, and a second learner is enrolled through the owner connection.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let teacher: { id: number; token: string };
let acme: { id: number; token: string };
let other: { id: number; token: string };
/** The learner's running class, taught by `teacher` here. */
let classId: number;
/** A public class the learner is not in. */
let foreignClass: number;

const MIN = 60_000;
const q = (path: string, params: Record<string, string | number | boolean>) => `${path}?${new URLSearchParams(Object.entries({ tenantId: 1001, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object) => call('POST', path, token, { tenantId: 1001, ...body });

/** A session opening now (teacher's saveSetting) that `token`'s member signs in to; the session. */
async function signInNow(token: string) {
  const s = await data('POST', '/train/api/attendance/saveSetting', teacher.token, { tenantId: 1001, classesId: classId, title: `签到 ${Math.random()}`, startTime: new Date().toISOString() });
  await data('POST', '/train/api/attendance/saveLog', token, { tenantId: 1001, classesId: classId, sessionId: s.id });
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const running = await t.db.owner.selectFrom('classes_member as m').innerJoin('training_class as c', (j) => j.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.classes_id'))
    .select('c.id').where('m.tenant_id', '=', 1001).where('m.user_id', '=', learner.id).where('m.state', '=', 1)
    .where('c.start_time', '<=', new Date()).where('c.end_time', '>=', new Date()).executeTakeFirstOrThrow();
  classId = Number(running.id);
  await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: teacher.id, role: 'teacher', scope_type: 'classes', scope_id: classId }).execute();
  const free = await t.db.owner.selectFrom('training_class as c').select('c.id').where('c.tenant_id', '=', 1001).where('c.state', '=', 1).where('c.is_public', '=', true)
    .where(sql<boolean>`not exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${learner.id})`)
    .orderBy('c.id').executeTakeFirstOrThrow();
  foreignClass = Number(free.id);
  // A second learner, enrolled in the class.
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account: `second_${Date.now()}`, password_hash: 'locked', password_salt: '', real_name: '张同学', nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  await t.db.owner.insertInto('classes_member').values({ tenant_id: 1001, classes_id: classId, user_id: Number(user.id) }).execute();
  other = { id: Number(user.id), token };
}, 120_000);

afterAll(async () => t?.close());

describe('favourites and rights', () => {
  it('saves and removes a favourite class, and lists it while saved', async () => {
    expect(await data('POST', '/train/api/classesFavorite/save', learner.token, { tenantId: 1001, classesId: foreignClass, favorite: true })).toEqual({ classesId: foreignClass, favorite: true });
    // Twice is harmless.
    await data('POST', '/train/api/classesFavorite/save', learner.token, { tenantId: 1001, classesId: foreignClass, favorite: true });
    const list = await data('GET', q('/train/api/classes/searchFavor', {}), learner.token);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: foreignClass, enrolled: false });
    await data('POST', '/train/api/classesFavorite/save', learner.token, { tenantId: 1001, classesId: foreignClass, favorite: false });
    expect((await data('GET', q('/train/api/classes/searchFavor', {}), learner.token)).total).toBe(0);
  });

  it('refuses a guest, another tenant\'s class and a token of another tenant', async () => {
    expect(await post('/train/api/classesFavorite/save', undefined, { classesId: classId, favorite: true })).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', '/train/api/classesFavorite/save', acme.token, { tenantId: 1002, classesId: classId, favorite: true })).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    expect(await post('/train/api/classesFavorite/save', acme.token, { classesId: classId, favorite: true })).toMatchObject({ success: false, flag: 401 });
  });

  it('tells a member from a teacher (classesAdminAuth)', async () => {
    expect(await data('GET', q('/train/api/classes/classesAdminAuth', { classesId: classId }), learner.token))
      .toMatchObject({ isMember: true, isTeacher: false, canAssess: false, canModerate: false });
    expect(await data('GET', q('/train/api/classes/classesAdminAuth', { classesId: classId }), teacher.token))
      .toMatchObject({ isMember: false, isTeacher: true, canAssess: true, canViewStatistics: true, canModerate: true });
  });
});

describe('comments (classesComment)', () => {
  it('saves a member\'s comment through the text filter and lists it on the class and under the user', async () => {
    const saved = await data('POST', '/train/api/classesComment/save', learner.token, { tenantId: 1001, classesId: classId, content: ' 很实用的课程😀<b>！ ', score: 5 });
    expect(saved).toMatchObject({ classesId: classId, userId: learner.id, content: '很实用的课程b！', score: 5, mine: true, canDelete: true });
    const onClass = await data('GET', q('/train/api/classesComment/search', { classesId: classId }), learner.token);
    expect(onClass.list[0]).toMatchObject({ id: saved.id, content: '很实用的课程b！' });
    const mine = await data('GET', q('/train/api/classesComment/searchByUser', {}), learner.token);
    expect(mine.list.map((c: { id: number }) => c.id)).toContain(saved.id);
  });

  it('refuses text that is empty after the filter or longer than 500 characters, and a non-member', async () => {
    expect(await post('/train/api/classesComment/save', learner.token, { classesId: classId, content: '😀😀【】<>' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const long = await post('/train/api/classesComment/save', learner.token, { classesId: classId, content: '好'.repeat(501) });
    expect(long).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(long.message).toContain('501');
    expect(await post('/train/api/classesComment/save', learner.token, { classesId: foreignClass, content: '想报名' })).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
    expect(await call('POST', '/train/api/classesComment/save', acme.token, { tenantId: 1002, classesId: classId, content: 'hi' })).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
  });

  it('deletes only my own comment, or any as the class teacher; another tenant does not find it', async () => {
    const theirs = await data('POST', '/train/api/classesComment/save', other.token, { tenantId: 1001, classesId: classId, content: '第二位同学的评论' });
    expect(await post('/train/api/classesComment/delComment', learner.token, { id: theirs.id })).toMatchObject({ success: false, errorCode: 'NOT_YOURS' });
    expect(await call('POST', '/train/api/classesComment/delComment', acme.token, { tenantId: 1002, id: theirs.id })).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
    const asTeacher = await data('GET', q('/train/api/classesComment/search', { classesId: classId }), teacher.token);
    expect(asTeacher.list.find((c: { id: number }) => c.id === theirs.id)).toMatchObject({ canDelete: true, mine: false });
    expect(await data('POST', '/train/api/classesComment/delComment', teacher.token, { tenantId: 1001, id: theirs.id })).toEqual({ id: theirs.id, deleted: true });
    const after = await data('GET', q('/train/api/classesComment/search', { classesId: classId, pageSize: 50 }), learner.token);
    expect(after.list.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
    const own = await data('POST', '/train/api/classesComment/save', other.token, { tenantId: 1001, classesId: classId, content: '再写一条' });
    await data('POST', '/train/api/classesComment/delComment', other.token, { tenantId: 1001, id: own.id });
    expect(await post('/train/api/classesComment/delComment', other.token, { id: own.id })).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
  });
});

describe('attendance', () => {
  const session = async (startOffsetMin: number, extra: object = {}) =>
    data('POST', '/train/api/attendance/saveSetting', teacher.token, { tenantId: 1001, classesId: classId, title: `签到 ${startOffsetMin}`, startTime: new Date(Date.now() + startOffsetMin * MIN).toISOString(), ...extra });
  const signInTo = (token: string, sessionId: number, extra: object = {}) => post('/train/api/attendance/saveLog', token, { classesId: classId, sessionId, ...extra });

  it('lets a teacher add a session and a member sign in once inside its window', async () => {
    const s = await session(10);
    expect(s).toMatchObject({ open: true, signedAt: null });
    expect(new Date(s.windowStart).getTime()).toBe(new Date(s.startTime).getTime() - 30 * MIN);
    expect(new Date(s.windowEnd).getTime()).toBe(new Date(s.startTime).getTime() + 15 * MIN);
    const first = await signInTo(learner.token, s.id);
    expect(first, first.message).toMatchObject({ success: true, data: { id: s.id } });
    expect(first.data.signedAt).not.toBeNull();
    const again = await signInTo(learner.token, s.id);
    expect(again).toMatchObject({ success: false, errorCode: 'ALREADY_SIGNED_IN' });
    const info = await data('GET', q('/train/api/attendance/settingInfo', { classesId: classId }), learner.token);
    expect(info.sessions.find((x: { id: number }) => x.id === s.id).signedAt).toBe(first.data.signedAt);
    expect(info.current).not.toBeNull();
  });

  it('refuses a sign-in before the window opens and after it closes', async () => {
    const early = await session(31);
    expect(await signInTo(learner.token, early.id)).toMatchObject({ success: false, errorCode: 'ATTENDANCE_NOT_OPEN' });
    const late = await session(-16);
    expect(await signInTo(learner.token, late.id)).toMatchObject({ success: false, errorCode: 'ATTENDANCE_CLOSED' });
    const wide = await session(-16, { afterMinutes: 60 });
    expect(await signInTo(learner.token, wide.id)).toMatchObject({ success: true });
  });

  it('needs a position within the radius when the session has one', async () => {
    const s = await session(0, { place: '302 教室', latitude: 39.9836, longitude: 116.3164, radius: 200 });
    expect(await signInTo(learner.token, s.id)).toMatchObject({ success: false, errorCode: 'LOCATION_REQUIRED' });
    const far = await signInTo(learner.token, s.id, { latitude: 39.9936, longitude: 116.3164 });
    expect(far).toMatchObject({ success: false, errorCode: 'ATTENDANCE_TOO_FAR' });
    expect(far.message).toMatch(/1\d\d\d 米/);
    expect(await signInTo(learner.token, s.id, { latitude: 39.9840, longitude: 116.3166 })).toMatchObject({ success: true });
    const log = await data('GET', q('/train/api/attendance/queryLog', { classesId: classId }), learner.token);
    const row = log.list.find((l: { sessionId: number }) => l.sessionId === s.id);
    expect(row.distance).toBeGreaterThan(30);
    expect(row.distance).toBeLessThan(60);
  });

  it('keeps the teacher\'s calls to teachers and sign-in to members', async () => {
    expect(await post('/train/api/attendance/saveSetting', learner.token, { classesId: classId, title: 'x', startTime: new Date().toISOString() }))
      .toMatchObject({ success: false, errorCode: 'TEACHER_ONLY' });
    expect(await call('GET', q('/train/api/attendance/queryLog', { classesId: classId, all: true }), learner.token)).toMatchObject({ success: false, errorCode: 'TEACHER_ONLY' });
    expect(await call('GET', q('/train/api/attendance/queryLog', { classesId: classId, userId: other.id }), learner.token)).toMatchObject({ success: false, errorCode: 'TEACHER_ONLY' });
    const s = await session(0);
    await signInTo(learner.token, s.id);
    expect(await signInTo(teacher.token, s.id)).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
    expect(await call('POST', '/train/api/attendance/saveLog', acme.token, { tenantId: 1002, classesId: classId, sessionId: s.id })).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    const all = await data('GET', q('/train/api/attendance/queryLog', { classesId: classId, all: true, pageSize: 50 }), teacher.token);
    expect(all.list.some((l: { userId: number }) => l.userId === learner.id)).toBe(true);
  });
});

describe('member assessment', () => {
  it('lets the class teacher assess an enrolled member, and the learner read only their own', async () => {
    expect(await post('/train/api/classesMember/saveMemberAssess', learner.token, { classesId: classId, userId: other.id, score: 90, passed: true }))
      .toMatchObject({ success: false, errorCode: 'TEACHER_ONLY' });
    const saved = await data('POST', '/train/api/classesMember/saveMemberAssess', teacher.token, { tenantId: 1001, classesId: classId, userId: learner.id, score: 88, passed: true, comment: '表现很好<script>' });
    expect(saved).toMatchObject({ userId: learner.id, score: 88, passed: true, comment: '表现很好script' });
    expect(await post('/train/api/classesMember/saveMemberAssess', teacher.token, { classesId: classId, userId: acme.id, score: 50, passed: false }))
      .toMatchObject({ success: false, errorCode: 'MEMBER_NOT_FOUND' });
    const mine = await data('GET', q('/train/api/classesMember/queryMemberAssess', { classesId: classId }), learner.token);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ userId: learner.id, score: 88 });
    const all = await data('GET', q('/train/api/classesMember/queryMemberAssess', { classesId: classId, pageSize: 50 }), teacher.token);
    expect(all.total).toBeGreaterThan(1);
    expect(all.list.map((m: { userId: number }) => m.userId)).toContain(other.id);
  });
});

describe('class content and its log', () => {
  it('opens phases by day, counts study time no faster than the clock, and records a finish from the study records', async () => {
    const phases = await data('GET', q('/train/api/classesContent/phaseWithContentDay', { classesId: classId }), learner.token);
    expect(phases.length).toBeGreaterThanOrEqual(2);
    expect(phases[0]).toMatchObject({ openDay: 0, open: true });
    // Close the second phase: it opens in 400 days.
    await t.db.owner.updateTable('classes_phase').set({ open_day: 400 }).where('tenant_id', '=', 1001).where('id', '=', phases[1].id).execute();
    const closedItem = phases[1].items[0];
    const check = await data('GET', q('/train/api/classesContent/checkCanEnter', { classesId: classId, itemId: closedItem.id }), learner.token);
    expect(check).toMatchObject({ canEnter: false, reasonCode: 'PHASE_NOT_OPEN' });
    expect(await post('/train/api/classesContent/saveLog', learner.token, { classesId: classId, itemId: closedItem.id, seconds: 30 })).toMatchObject({ success: false, errorCode: 'PHASE_NOT_OPEN' });
    expect(await data('GET', q('/train/api/classesContent/checkCanEnter', { classesId: classId, itemId: closedItem.id }), teacher.token)).toMatchObject({ canEnter: true });

    const item = phases[0].items[0];
    const first = await data('POST', '/train/api/classesContent/saveLog', learner.token, { tenantId: 1001, classesId: classId, itemId: item.id, seconds: 600 });
    expect(first.item.studySeconds).toBe(60);
    const second = await data('POST', '/train/api/classesContent/saveLog', learner.token, { tenantId: 1001, classesId: classId, itemId: item.id, seconds: 600 });
    expect(second.item.studySeconds).toBeGreaterThanOrEqual(65);
    expect(second.item.studySeconds).toBeLessThanOrEqual(67);
    expect(second.studySeconds).toBe(second.item.studySeconds);

    // Finish every lesson of the item through the study records.
    const contents = item.type === 'content' ? [item.targetId]
      : (await t.db.owner.selectFrom('course_phase_content').select('content_id').distinct().where('tenant_id', '=', 1001).where('course_id', '=', item.targetId).where('content_id', 'is not', null).execute()).map((r) => Number(r.content_id));
    for (const contentId of contents) {
      await t.db.owner.insertInto('study_record').values({ tenant_id: 1001, user_id: learner.id, content_id: contentId, state: 2, percentage: 100, finished_at: new Date(), course_id: item.type === 'course' ? item.targetId : null })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'content_id', 'part_id']).doUpdateSet({ state: 2, percentage: 100, finished_at: new Date() })).execute();
    }
    const done = await data('GET', q('/train/api/classesLog/contentFinish', { classesId: classId, itemId: item.id }), learner.token);
    expect(done.item).toMatchObject({ state: 2, percentage: 100 });
    expect(done.item.finishedAt).not.toBeNull();
    expect(done.finishedCount).toBeGreaterThanOrEqual(1);
    const finished = await data('GET', q('/train/api/classesContent/listFinish', { classesId: classId }), learner.token);
    expect(finished.map((i: { id: number }) => i.id)).toContain(item.id);
    const unfinished = await data('GET', q('/train/api/classesContent/listUnFinish', { classesId: classId }), learner.token);
    expect(unfinished.map((i: { id: number }) => i.id)).not.toContain(item.id);
    const children = await data('GET', q('/train/api/classesContent/childList', { classesId: classId, itemId: item.id }), learner.token);
    expect(children.length).toBeGreaterThanOrEqual(1);
    expect(children.every((c: { state: number; contentId: number | null }) => c.contentId === null || c.state === 2)).toBe(true);
  });

  it('refuses a non-member\'s study log and an item of another class', async () => {
    const phases = await data('GET', q('/train/api/classesContent/phaseWithContentDay', { classesId: foreignClass }), learner.token);
    const item = phases[0].items[0];
    expect(await post('/train/api/classesContent/saveLog', learner.token, { classesId: foreignClass, itemId: item.id, seconds: 10 })).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
    expect(await data('GET', q('/train/api/classesContent/checkCanEnter', { classesId: foreignClass, itemId: item.id }), learner.token)).toMatchObject({ canEnter: false, reasonCode: 'NOT_MEMBER' });
    expect(await post('/train/api/classesContent/saveLog', learner.token, { classesId: classId, itemId: item.id, seconds: 10 })).toMatchObject({ success: false, errorCode: 'CLASSES_ITEM_NOT_FOUND' });
  });
});

describe('statistics and rank', () => {
  it('shows a learner the class overview with their own sign-ins, comments and time, and nobody else\'s figures', async () => {
    const before = (await data('GET', q('/train/api/classes/statis', { id: classId }), learner.token)).member;
    await signInNow(learner.token);
    await data('POST', '/train/api/classesComment/save', learner.token, { tenantId: 1001, classesId: classId, content: '统计里应有这条评论' });
    await data('POST', '/train/api/classesMember/saveMemberAssess', teacher.token, { tenantId: 1001, classesId: classId, userId: learner.id, score: 88, passed: true });
    const phases = await data('GET', q('/train/api/classesContent/phaseWithContentDay', { classesId: classId }), learner.token);
    await data('POST', '/train/api/classesContent/saveLog', learner.token, { tenantId: 1001, classesId: classId, itemId: phases[0].items[0].id, seconds: 30 });
    const s = await data('GET', q('/train/api/classes/statis', { id: classId }), learner.token);
    expect(s.memberCount).toBeGreaterThanOrEqual(2);
    expect(s.member).toMatchObject({ userId: learner.id, score: 88, passed: true });
    expect(s.member.attendanceCount).toBe(before.attendanceCount + 1);
    expect(s.member.commentCount).toBe(before.commentCount + 1);
    expect(s.member.studySeconds).toBeGreaterThan(before.studySeconds);
    expect(s.commentCount).toBeGreaterThanOrEqual(s.member.commentCount);
    expect(s.items.length).toBe(s.itemCount);
    expect(s.sessions.length).toBeGreaterThan(0);
    // Sessions to come (the seeded daily check-ins of the next days) have no attendance to report.
    for (const x of s.sessions) expect(new Date(x.startTime).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await call('GET', q('/train/api/classes/statis', { id: classId, userId: other.id }), learner.token)).toMatchObject({ success: false, errorCode: 'TEACHER_ONLY' });
    const list = await data('GET', q('/train/api/classes/statisList', { id: classId }), learner.token);
    expect(list.total).toBe(1);
    expect(list.list[0].userId).toBe(learner.id);
    expect(await call('GET', q('/train/api/classes/statis', { id: foreignClass }), learner.token)).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
  });

  it('gives the class teacher every member\'s figures', async () => {
    const one = await data('GET', q('/train/api/classes/statis', { id: classId, userId: learner.id }), teacher.token);
    expect(one.member.userId).toBe(learner.id);
    const list = await data('GET', q('/train/api/classes/statisList', { id: classId, pageSize: 50 }), teacher.token);
    expect(list.total).toBe(one.memberCount);
    expect(list.list.map((m: { userId: number }) => m.userId)).toEqual(expect.arrayContaining([learner.id, other.id]));
  });

  it('ranks the members by completion with names masked except mine', async () => {
    const rank = await data('GET', q('/um/api/rank/classesUserRank', { classesId: classId, pageSize: 50 }), learner.token);
    expect(rank.me).toMatchObject({ userId: learner.id, isMe: true });
    const others = rank.list.filter((r: { isMe: boolean }) => !r.isMe);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r.name).toMatch(/\*/);
    const pct = rank.list.map((r: { percentage: number }) => r.percentage);
    expect(pct).toEqual([...pct].sort((a, b) => b - a));
    expect(rank.list[0].rank).toBe(1);
  });
});

describe('class notices, circle and activity', () => {
  it('shows the class\'s notices to its members only, pinned first', async () => {
    const notices = await data('GET', q('/cm/api/notice/queryByClasses', { classesId: classId }), learner.token);
    expect(notices.total).toBe(2);
    expect(notices.list[0].top).toBe(true);
    expect(await call('GET', q('/cm/api/notice/queryByClasses', { classesId: foreignClass }), learner.token)).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
  });

  it('lets members post and reply in the circle, the author or the teacher delete, and keeps others out', async () => {
    const circles = await data('GET', q('/train/api/circle/myList', {}), learner.token);
    expect(circles.map((c: { id: number }) => c.id)).toContain(classId);
    expect((await data('GET', q('/train/api/circle/myList', {}), teacher.token)).find((c: { id: number }) => c.id === classId)).toMatchObject({ isTeacher: true });
    const p = await data('POST', '/train/api/circle/post', learner.token, { tenantId: 1001, id: classId, content: '大家好😀' });
    expect(p).toMatchObject({ content: '大家好', replies: [], canDelete: true });
    const withReply = await data('POST', '/train/api/circle/reply', other.token, { tenantId: 1001, postId: p.id, content: '你好！' });
    expect(withReply.replies).toHaveLength(1);
    expect(withReply.replies[0]).toMatchObject({ userId: other.id, content: '你好！' });
    const page = await data('GET', q('/train/api/circle/posts', { id: classId }), learner.token);
    expect(page.list[0].id).toBe(p.id);
    expect(page.list[0].replies[0].canDelete).toBe(false);
    expect(await post('/train/api/circle/post', learner.token, { id: foreignClass, content: '你好' })).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
    expect(await call('GET', q('/train/api/circle/posts', { id: foreignClass }), learner.token)).toMatchObject({ success: false, errorCode: 'NOT_MEMBER' });
    expect(await post('/train/api/circle/delete', other.token, { id: p.id })).toMatchObject({ success: false, errorCode: 'NOT_YOURS' });
    expect(await call('POST', '/train/api/circle/delete', acme.token, { tenantId: 1002, id: p.id })).toMatchObject({ success: false, errorCode: 'POST_NOT_FOUND' });
    expect(await post('/train/api/circle/post', learner.token, { id: classId, content: '字'.repeat(501) })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    await data('POST', '/train/api/circle/delete', teacher.token, { tenantId: 1001, id: p.id });
    const after = await data('GET', q('/train/api/circle/posts', { id: classId, pageSize: 50 }), learner.token);
    expect(after.list.map((x: { id: number }) => x.id)).not.toContain(p.id);
  });

  it('lists my activity newest first, by kind', async () => {
    await signInNow(learner.token);
    await data('POST', '/train/api/classesComment/save', learner.token, { tenantId: 1001, classesId: classId, content: '动态里应有这条评论' });
    const feed = await data('GET', q('/um/api/activity/search', { pageSize: 50 }), learner.token);
    const types = new Set(feed.list.map((a: { type: string }) => a.type));
    for (const type of ['enrol', 'signIn', 'comment']) expect(types).toContain(type);
    const times = feed.list.map((a: { at: string }) => new Date(a.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const signIns = await data('GET', q('/um/api/activity/search', { type: 'signIn' }), learner.token);
    expect(signIns.list.every((a: { type: string; link: string }) => a.type === 'signIn' && a.link.startsWith('/attendance/detail'))).toBe(true);
    expect(signIns.total).toBeGreaterThanOrEqual(1);
    // Paging: page 2 continues page 1.
    const p1 = await data('GET', q('/um/api/activity/search', { pageSize: 2 }), learner.token);
    const p2 = await data('GET', q('/um/api/activity/search', { pageSize: 2, pageNo: 2 }), learner.token);
    expect([...p1.list, ...p2.list]).toEqual(feed.list.slice(0, 4));
    expect((await data('GET', q('/um/api/activity/search', {}), teacher.token)).list.every((a: { type: string }) => a.type !== 'comment')).toBe(true);
  });

  it('keeps every table of migration 0022 under forced row-level security', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class where relname like 'classes\\_%' and relkind = 'r'`.execute(t.db.owner);
    const tables = ['classes_favorite', 'classes_member_assess', 'classes_content_log', 'classes_comment', 'classes_attendance_session', 'classes_attendance_log', 'classes_notice', 'classes_circle_post'];
    for (const name of tables) expect(rows.find((r) => r.relname === name), name).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    // Under acme's tenant, demo's rows are invisible to the app role.
    const seen = await t.db.app.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', '1002', true)`.execute(trx);
      return trx.selectFrom('classes_comment').select('id').where('classes_id', '=', classId).execute();
    });
    expect(seen).toHaveLength(0);
  });
});
