// Study history (spec learning §3 "Study record", §4 "finished never reverts", §7 "Study history";
// docs/api.md "Study history"): the player's saves merge into one row per user and content part,
// idempotent and order-independent; course and subject logs carry a validCode signed with the
// server-issued logKey.
import { md5 } from 'js-md5';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { studyLogCanonical, studyLogCode, studyLogKey } from '../../server/lib/study-log-code';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
/** A course of tenant 1001 with lessons that are library contents, and those contents. */
let course: { id: number; contentIds: number[] };
/** A content of tenant 1001 that is no lesson of that course. */
let outsider: number;
/** Contents for the standalone writes (one per test, so tests do not share rows). */
let standalone: number[];

const save = (token: string, body: object) => call('POST', '/cm/api/hist/save', token, { tenantId: 1001, ...body });
const progressOf = (token: string, contentId: number, partId = 0) => data('GET', `/cm/api/hist/getProgress?tenantId=1001&contentId=${contentId}&partId=${partId}`, token);
const storedRow = (userId: number, contentId: number, partId = 0) => withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('study_record').selectAll()
  .where('tenant_id', '=', 1001).where('user_id', '=', userId).where('content_id', '=', contentId).where('part_id', '=', partId).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  // The owner connection is not held by row-level security, so these queries name the tenant.
  const lessons = await t.db.owner.selectFrom('course_phase_content').select(['course_id', sql<number[]>`array_agg(distinct content_id order by content_id)`.as('ids')])
    .where('tenant_id', '=', 1001).where('content_id', 'is not', null)
    .groupBy('course_id').orderBy(sql`count(distinct content_id)`, 'desc').orderBy('course_id').executeTakeFirstOrThrow();
  course = { id: Number(lessons.course_id), contentIds: lessons.ids.map(Number) };
  const others = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001)
    .where('id', 'not in', course.contentIds).orderBy('id').limit(8).execute();
  expect(others.length, 'the seed needs contents outside the busiest course').toBeGreaterThanOrEqual(8);
  [outsider, ...standalone] = others.map((r) => Number(r.id)) as [number, ...number[]];
});
afterAll(() => t.close());

describe('study history: access', () => {
  it('needs a token of the call\'s tenant', async () => {
    const body = { tenantId: 1001, contentId: standalone[0], progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1 };
    for (const path of ['save', 'contentLog', 'courseLog']) {
      expect((await call('POST', `/cm/api/hist/${path}`, undefined, body)).flag, path).toBe(401);
      expect((await call('POST', `/cm/api/hist/${path}`, acme.token, body)).flag, path).toBe(401);
    }
    for (const url of [
      `/cm/api/hist/getProgress?tenantId=1001&contentId=${standalone[0]}`,
      `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${course.id}`,
      `/cm/api/hist/getFinishFlag?tenantId=1001&courseId=${course.id}`,
    ]) {
      expect((await call('GET', url)).flag, url).toBe(401);
      expect((await call('GET', url, acme.token)).flag, url).toBe(401);
    }
  });
});

describe('study history: standalone saves', () => {
  it('saves a position and reads it back; no record reads as zeros', async () => {
    const contentId = standalone[0]!;
    expect(await progressOf(learner.token, contentId)).toEqual({
      contentId, partId: 0, maxProgress: 0, maxDuration: 0, maxState: 0, progress: 0, duration: 0, state: 0,
      playTime: 0, percentage: 0, savedAt: 0, finishedAt: null,
    });
    const saved = await save(learner.token, { contentId, progress: 30, duration: 120, playTime: 30, state: 1, savedAt: 1_700_000_000_000, terminal: 'PC' });
    expect(saved, saved.message).toMatchObject({ flag: 0 });
    const expected = { contentId, partId: 0, maxProgress: 30, maxDuration: 120, maxState: 1, progress: 30, duration: 120, state: 1, playTime: 30, percentage: 25, savedAt: 1_700_000_000_000, finishedAt: null };
    expect(saved.data).toEqual(expected);
    expect(await progressOf(learner.token, contentId)).toEqual(expected);
    // contentLog is the same write; a part is its own record.
    const part = await data('POST', '/cm/api/hist/contentLog', learner.token, { tenantId: 1001, contentId, partId: 3, progress: 5, duration: 50, playTime: 5, state: 1, savedAt: 1_700_000_000_500 });
    expect(part).toMatchObject({ partId: 3, progress: 5, percentage: 10 });
    expect((await progressOf(learner.token, contentId)).progress).toBe(30);
    // Another user of the tenant has no record of it.
    expect((await progressOf(admin.token, contentId)).state).toBe(0);
  });

  it('keeps the maxima, the position of the latest savedAt and the finish under 20 concurrent saves in any order', async () => {
    const contentId = standalone[1]!;
    const writes = Array.from({ length: 20 }, (_, i) => ({
      contentId, duration: 600, progress: (i * 37) % 580, playTime: i * 10, savedAt: 1_700_000_100_000 + i * 1000,
      state: i === 12 ? 2 : 1,
    }));
    const shuffled = [...writes].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(shuffled.map((w) => save(learner.token, w)));
    for (const a of answers) expect(a, a.message).toMatchObject({ flag: 0 });
    const latest = writes[19]!;
    const maxProgress = Math.max(...writes.map((w) => w.progress));
    const after = await progressOf(learner.token, contentId);
    expect(after).toMatchObject({
      maxProgress, maxDuration: 600, duration: 600, maxState: 2, state: 2, playTime: 190,
      progress: latest.progress, savedAt: latest.savedAt, percentage: Math.floor((maxProgress * 100) / 600),
    });
    expect(after.finishedAt).toEqual(expect.any(String));

    // spec learning §4: a later "in progress" save after the finish leaves it finished, finished_at unchanged.
    const later = await save(learner.token, { contentId, duration: 600, progress: 10, playTime: 200, savedAt: 1_700_000_200_000, state: 1 });
    expect(later.data).toMatchObject({ state: 2, maxState: 2, progress: 10, playTime: 200, finishedAt: after.finishedAt, maxProgress });
  });

  it('ends at the same row whatever the order of the same saves', async () => {
    const writes = [
      { progress: 100, duration: 300, playTime: 100, state: 1, savedAt: 1_700_000_300_000 },
      { progress: 40, duration: 300, playTime: 160, state: 1, savedAt: 1_700_000_400_000 },
      { progress: 300, duration: 300, playTime: 260, state: 2, savedAt: 1_700_000_350_000 },
    ];
    const [a, b] = [standalone[2]!, standalone[3]!];
    for (const w of writes) await save(learner.token, { contentId: a, ...w });
    for (const w of [...writes].reverse()) await save(learner.token, { contentId: b, ...w });
    const [ra, rb] = [await progressOf(learner.token, a), await progressOf(learner.token, b)];
    const strip = ({ contentId: _c, finishedAt: _f, ...rest }: Record<string, unknown>) => rest;
    expect(strip(ra)).toEqual(strip(rb));
    expect(ra).toMatchObject({ progress: 40, savedAt: 1_700_000_400_000, maxProgress: 300, state: 2, playTime: 260, percentage: 100 });
  });

  it('treats a re-sent identical save as a no-op (play time is not doubled, the row is untouched)', async () => {
    const contentId = standalone[4]!;
    const body = { contentId, progress: 50, duration: 200, playTime: 45, state: 1, savedAt: 1_700_000_500_000 };
    await save(learner.token, body);
    const before = await storedRow(learner.id, contentId);
    await new Promise((r) => setTimeout(r, 20));
    const again = await save(learner.token, body);
    expect(again.data).toMatchObject({ progress: 50, playTime: 45, maxProgress: 50 });
    const after = await storedRow(learner.id, contentId);
    expect(after).toEqual(before);
    // An older save than the stored one does not move the position back.
    const older = await save(learner.token, { ...body, progress: 10, playTime: 20, savedAt: 1_700_000_400_000 });
    expect(older.data).toMatchObject({ progress: 50, playTime: 45, savedAt: 1_700_000_500_000 });
  });

  it('refuses a position past the end, a course lesson and an unknown content', async () => {
    const contentId = standalone[5]!;
    const past = await save(learner.token, { contentId, progress: 106, duration: 100, playTime: 1, state: 1, savedAt: 1 });
    expect(past).toMatchObject({ success: false, flag: -1, errorCode: 'VALIDATION' });
    expect(past.message).toMatch(/past the end/);
    // Within the 5 s slack is accepted; with no duration known any position is.
    expect((await save(learner.token, { contentId, progress: 105, duration: 100, playTime: 1, state: 1, savedAt: 2 })).flag).toBe(0);
    expect((await save(learner.token, { contentId, partId: 1, progress: 500, duration: 0, playTime: 1, state: 1, savedAt: 2, percentage: 40 })).data).toMatchObject({ percentage: 40 });

    for (const path of ['save', 'contentLog']) {
      const inCourse = await call('POST', `/cm/api/hist/${path}`, learner.token, { tenantId: 1001, contentId: course.contentIds[0], courseId: course.id, progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1 });
      expect(inCourse, path).toMatchObject({ success: false, flag: -1, errorCode: 'USE_COURSE_LOG' });
      expect(inCourse.message).toMatch(/courseLog/);
    }
    // A null course is no course.
    expect((await save(learner.token, { contentId, courseId: null, subjectId: null, progress: 1, duration: 100, playTime: 1, state: 1, savedAt: 3 })).flag).toBe(0);

    const unknown = await save(learner.token, { contentId: 987_654_321, progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1 });
    expect(unknown).toMatchObject({ success: false, flag: -1, message: '内容不存在', errorCode: 'CONTENT_NOT_FOUND' });
    const bad = await save(learner.token, { contentId, progress: 1, duration: 10, playTime: 1, state: 3, savedAt: 1 });
    expect(bad).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});

describe('study history: course logs', () => {
  const sign = (logKey: string, w: { contentId: number; partId?: number; courseId?: number; subjectId?: number; progress: number; duration: number; playTime: number; state: number; savedAt: number }) =>
    ({ tenantId: 1001, partId: 0, ...w, validCode: studyLogCode(logKey, { partId: 0, ...w }) });
  const courseLog = (token: string, body: object) => call('POST', '/cm/api/hist/courseLog', token, body);
  const courseRecord = (token: string) => data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${course.id}`, token);

  it('computes the validCode as the client does (js-md5 md5.hmac)', () => {
    const key = studyLogKey('s3cret', 7, 'course', 9);
    const fields = { contentId: 1, partId: 0, courseId: 9, progress: 5, duration: 10, playTime: 4, state: 1, savedAt: 1_700_000_000_000 };
    expect(studyLogCanonical(fields)).toBe('1|0|9|0|5|10|4|1|1700000000000');
    expect(studyLogCode(key, fields)).toBe(md5.hmac(key, studyLogCanonical(fields)));
  });

  it('accepts a log signed with the user\'s logKey and refuses forged ones', async () => {
    const { logKey, courseId, subjectId, lessonCount } = await courseRecord(learner.token);
    expect(logKey).toMatch(/^[0-9a-f]{64}$/);
    expect({ courseId, subjectId, lessonCount }).toEqual({ courseId: course.id, subjectId: null, lessonCount: course.contentIds.length });
    const write = { contentId: course.contentIds[0]!, courseId: course.id, progress: 20, duration: 100, playTime: 20, state: 1, savedAt: 1_700_001_000_000 };

    const forged = (body: object) => courseLog(learner.token, body).then((r) => {
      expect(r, JSON.stringify(body)).toMatchObject({ success: false, code: 403, flag: -1, message: '学习记录校验失败', errorCode: 'STUDY_LOG_FORGED' });
    });
    await forged({ ...sign(logKey, write), validCode: '0123456789abcdef0123456789abcdef' });
    await forged({ tenantId: 1001, ...write });
    // The key of another user of the same course.
    const adminKey = (await courseRecord(admin.token)).logKey;
    expect(adminKey).not.toBe(logKey);
    await forged(sign(adminKey, write));
    // A field changed after signing.
    await forged({ ...sign(logKey, write), progress: 90 });
    await forged({ ...sign(logKey, write), state: 2 });
    // Signed for the course, sent as the subject's.
    const { courseId: _c, ...noCourse } = sign(logKey, write);
    await forged({ ...noCourse, subjectId: course.id });
    expect((await progressOf(learner.token, write.contentId)).state).toBe(0);

    const accepted = await courseLog(learner.token, sign(logKey, write));
    expect(accepted, accepted.message).toMatchObject({ flag: 0, data: { contentId: write.contentId, progress: 20, state: 1, percentage: 20 } });
    // The admin's own key works for the admin.
    expect((await courseLog(admin.token, sign(adminKey, write))).flag).toBe(0);
  });

  it('refuses a content that is not in the course, and needs exactly one of courseId and subjectId', async () => {
    const { logKey } = await courseRecord(learner.token);
    const notIn = await courseLog(learner.token, sign(logKey, { contentId: outsider, courseId: course.id, progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1 }));
    expect(notIn).toMatchObject({ success: false, flag: -1, message: '内容不在该课程中', errorCode: 'CONTENT_NOT_IN_COURSE' });
    const none = await courseLog(learner.token, { tenantId: 1001, contentId: outsider, progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1, validCode: 'x' });
    expect(none).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await call('GET', `/cm/api/hist/getCourseRecord?tenantId=1001`, learner.token))).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await call('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=987654321`, learner.token))).toMatchObject({ success: false, errorCode: 'COURSE_NOT_FOUND' });
  });

  it('reports the course records and the finish flags', async () => {
    const { logKey } = await courseRecord(learner.token);
    const flag = async (query: string) => (await data('GET', `/cm/api/hist/getFinishFlag?tenantId=1001&${query}`, learner.token)).finishFlag;
    expect(await flag(`courseId=${course.id}`)).toBe(0);
    const [first, ...rest] = course.contentIds as [number, ...number[]];
    await courseLog(learner.token, sign(logKey, { contentId: first, courseId: course.id, progress: 100, duration: 100, playTime: 100, state: 2, savedAt: 1_700_002_000_000 }));
    expect(await flag(`contentId=${first}`)).toBe(1);
    expect(await flag(`contentId=${first}&partId=0`)).toBe(1);
    expect(await flag(`contentId=${first}&partId=2`)).toBe(0);
    const record = await courseRecord(learner.token);
    expect(record).toMatchObject({ courseId: course.id, subjectId: null, lessonCount: course.contentIds.length, finishedCount: 1 });
    expect(record.records.find((r: { contentId: number }) => r.contentId === first)).toMatchObject({ state: 2, maxProgress: 100, finishedAt: expect.any(String) });
    expect(record.records.every((r: { contentId: number }) => course.contentIds.includes(r.contentId))).toBe(true);
    expect(await flag(`courseId=${course.id}`)).toBe(rest.length === 0 ? 1 : 0);

    for (const contentId of rest) {
      const done = await courseLog(learner.token, sign(logKey, { contentId, courseId: course.id, progress: 60, duration: 60, playTime: 60, state: 2, savedAt: 1_700_002_000_000 }));
      expect(done, done.message).toMatchObject({ flag: 0 });
    }
    expect(await flag(`courseId=${course.id}`)).toBe(1);
    expect((await courseRecord(learner.token)).finishedCount).toBe(course.contentIds.length);
    // Another user's progress is their own.
    expect((await data('GET', `/cm/api/hist/getFinishFlag?tenantId=1001&courseId=${course.id}`, admin.token)).finishFlag).toBe(0);
  });

  it('signs subject logs with the subject\'s key', async () => {
    const item = await t.db.owner.selectFrom('subject_item')
      .leftJoin('course_phase_content', (j) => j.onRef('course_phase_content.tenant_id', '=', 'subject_item.tenant_id').onRef('course_phase_content.course_id', '=', 'subject_item.course_id'))
      .select(['subject_item.subject_id', sql<number>`coalesce(subject_item.content_id, course_phase_content.content_id)`.as('content_id')])
      .where('subject_item.tenant_id', '=', 1001).where(sql<boolean>`coalesce(subject_item.content_id, course_phase_content.content_id) is not null`)
      .orderBy('subject_item.subject_id').executeTakeFirst();
    if (!item) throw new Error('The seed of tenant 1001 needs a subject with a content (directly or through a course).');
    const subjectId = Number(item.subject_id);
    const contentId = Number(item.content_id);
    const record = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&subjectId=${subjectId}`, learner.token);
    expect(record).toMatchObject({ courseId: null, subjectId });
    expect(record.lessonCount).toBeGreaterThan(0);
    const write = { contentId, subjectId, partId: 1, progress: 3, duration: 30, playTime: 3, state: 1, savedAt: 1_700_003_000_000 };
    expect((await courseLog(learner.token, sign(record.logKey, write))).flag).toBe(0);
    const courseKey = (await courseRecord(learner.token)).logKey;
    expect((await courseLog(learner.token, sign(courseKey, write))).errorCode).toBe('STUDY_LOG_FORGED');
  });
});

// Issue 13 point 5: save refused a record without playTime, which is not a field of the spec's study
// record (spec learning §3); every record the spec describes is accepted and what it leaves out derived.
describe('study history: records as the spec describes them', () => {
  let spare: number[];
  const signed = (logKey: string, body: Record<string, unknown>) => ({
    tenantId: 1001, ...body,
    // The validCode covers the fields as sent; absent ones are 0 (docs/api.md "Study history").
    validCode: md5.hmac(logKey, ['contentId', 'partId', 'courseId', 'subjectId', 'progress', 'duration', 'playTime', 'state', 'savedAt'].map((k) => body[k] ?? 0).join('|')),
  });

  beforeAll(async () => {
    const rows = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001)
      .where('id', 'not in', [...course.contentIds, outsider, ...standalone]).orderBy('id').limit(4).execute();
    expect(rows.length, 'the seed needs 4 more contents outside the busiest course').toBe(4);
    spare = rows.map((r) => Number(r.id));
  });

  it('accepts a record without playTime or savedAt: listened time is the position reached, the position the latest to arrive', async () => {
    const contentId = spare[0]!;
    const before = Date.now();
    const first = await save(learner.token, { contentId, progress: 40, duration: 200, state: 1 });
    expect(first, first.message).toMatchObject({ success: true, flag: 0, data: { progress: 40, maxProgress: 40, playTime: 40, percentage: 20, state: 1 } });
    expect(first.data.savedAt).toBeGreaterThanOrEqual(before);
    expect(first.data.savedAt).toBeLessThanOrEqual(Date.now());
    await new Promise((r) => setTimeout(r, 5));
    // A seek back: the position follows, the maxima stay.
    const back = await save(learner.token, { contentId, progress: 10, duration: 200, state: 1 });
    expect(back.data).toMatchObject({ progress: 10, maxProgress: 40, playTime: 40 });
  });

  it('accepts the spec\'s whole study record: fractional seconds, a logType of 0 kept as sent, the fields it does not store ignored', async () => {
    const contentId = spare[1]!;
    const record = {
      contentId, partId: 0, progress: 12.7, percentage: 10, duration: 127.4, state: 1, courseId: null, logType: 0, tarContentId: null,
      contentType: 'audio', userTaskId: null, userRoundId: null, classesId: null, phaseId: null, subjectId: null, userPaperId: null,
      score: null, needReview: 0, passFlag: null, parentPhaseContentId: null, sourceObjType: null, sourceObjId: null,
      progressSyncFlag: 1, terminal: 'PC',
    };
    for (const path of ['save', 'contentLog']) {
      const saved = await call('POST', `/cm/api/hist/${path}`, learner.token, { tenantId: 1001, ...record });
      expect(saved, `${path}: ${saved.message}`).toMatchObject({ flag: 0, data: { progress: 12, duration: 127, playTime: 12, percentage: 9, state: 1 } });
    }
    const row = await storedRow(learner.id, contentId);
    expect(row).toMatchObject({ log_type: 0, content_type: 'audio', course_id: null, subject_id: null, terminal: 'PC' });
  });

  it('derives the position from the percentage and the state from reaching the end', async () => {
    const contentId = spare[2]!;
    const half = await save(learner.token, { contentId, percentage: 50, duration: 300 });
    expect(half.data).toMatchObject({ progress: 150, percentage: 50, state: 1, playTime: 150 });
    const end = await save(learner.token, { contentId, percentage: 100, duration: 300 });
    expect(end.data).toMatchObject({ progress: 300, maxProgress: 300, percentage: 100, state: 2, finishedAt: expect.any(String) });
    // No duration known: a percentage of 100 is finished too; a record of nothing but the content is a start.
    expect((await save(learner.token, { contentId, partId: 2, percentage: 100 })).data).toMatchObject({ state: 2, percentage: 100, progress: 0 });
    expect((await save(learner.token, { contentId, partId: 3 })).data).toMatchObject({ state: 1, progress: 0, duration: 0, playTime: 0 });
  });

  it('accepts a course log without playTime or savedAt, signed over the fields it sends, and 0 as no subject', async () => {
    const { logKey } = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${course.id}`, admin.token);
    const contentId = course.contentIds[0]!;
    const record = { contentId, partId: 4, courseId: course.id, subjectId: 0, progress: 30, duration: 60, state: 1 };
    const logged = await call('POST', '/cm/api/hist/courseLog', admin.token, signed(logKey, record));
    expect(logged, logged.message).toMatchObject({ flag: 0, data: { partId: 4, progress: 30, playTime: 30, percentage: 50, state: 1 } });
    // Changing a field after signing is still refused.
    expect((await call('POST', '/cm/api/hist/courseLog', admin.token, { ...signed(logKey, record), progress: 59 })).errorCode).toBe('STUDY_LOG_FORGED');
  });
});
