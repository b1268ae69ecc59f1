// The personal center's study lists (spec learning §2 "Personal center": myCourse,
// myKnowledge/{type}, mySubject; §7 course/subject/content searchByUser; docs/api.md "Personal
// center: study"): what the user studied, newest study first, with progress from the same finish
// rule as the course page; only the caller's own records, only in the token's tenant.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyLogCode } from '../../server/lib/study-log-code';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
/** Two courses of tenant 1001 with at least two lessons each, with their lesson content ids. */
let courses: Array<{ id: number; contentIds: number[] }>;
/** A published micro-course (purpose 1) of tenant 1001 that is no course lesson and in no subject. */
let micro: number;
/** A published subject of tenant 1001 with a content item, and that content. */
let subject: { id: number; contentId: number };
/** The courses the seed already studied in for the demo learner (issue 19's learning file, seed-archives.ts). */
let seededCourses: Set<number>;

/** Logs a lesson of a course the way the course page does: with the validCode of the user's logKey. */
async function courseLog(token: string, courseId: number, w: { contentId: number; progress: number; duration: number; state: 1 | 2; savedAt: number }) {
  const { logKey } = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${courseId}`, token);
  const write = { ...w, partId: 0, courseId, playTime: w.progress };
  return data('POST', '/cm/api/hist/courseLog', token, { tenantId: 1001, ...write, validCode: studyLogCode(logKey, write) });
}

const save = (token: string, w: { contentId: number; progress: number; duration: number; state: 1 | 2; savedAt: number }) =>
  data('POST', '/cm/api/hist/save', token, { tenantId: 1001, partId: 0, playTime: w.progress, ...w });

const myCourses = (token: string, query = '') => data('GET', `/cm/api/course/searchByUser?tenantId=1001${query}`, token);
const myContents = (token: string, query = '') => data('GET', `/cm/api/content/searchByUser?tenantId=1001${query}`, token);
const mySubjects = (token: string, query = '') => data('GET', `/cm/api/subject/searchByUser?tenantId=1001${query}`, token);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  // The owner connection is not held by row-level security, so these queries name the tenant.
  const lessons = await t.db.owner.selectFrom('course_phase_content as l')
    .innerJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.course_id'))
    .select(['l.course_id', sql<number[]>`array_agg(distinct l.content_id order by l.content_id)`.as('ids')])
    .where('l.tenant_id', '=', 1001).where('l.content_id', 'is not', null).where('c.state', '=', 1)
    .groupBy('l.course_id').having(sql`count(distinct l.content_id)`, '>=', 2).orderBy('l.course_id').limit(2).execute();
  expect(lessons.length, 'the seed needs two published courses with two lessons').toBe(2);
  courses = lessons.map((r) => ({ id: Number(r.course_id), contentIds: r.ids.map(Number) }));
  const loose = await t.db.owner.selectFrom('content as c').select('c.id')
    .where('c.tenant_id', '=', 1001).where('c.state', '=', 1).where('c.purpose', '=', 1)
    .where(sql<boolean>`not exists (select 1 from course_phase_content l where l.tenant_id = c.tenant_id and l.content_id = c.id)`)
    .where(sql<boolean>`not exists (select 1 from subject_item i where i.tenant_id = c.tenant_id and i.content_id = c.id)`)
    .orderBy('c.id').executeTakeFirstOrThrow();
  micro = Number(loose.id);
  const item = await t.db.owner.selectFrom('subject_item as i')
    .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.subject_id'))
    .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.content_id'))
    .select(['i.subject_id', 'i.content_id'])
    .where('i.tenant_id', '=', 1001).where('s.state', '=', 1).where('c.state', '=', 1).where('c.purpose', '<>', 99)
    .where('i.content_id', 'not in', courses.flatMap((c) => c.contentIds))
    .orderBy('i.subject_id').executeTakeFirstOrThrow();
  subject = { id: Number(item.subject_id), contentId: Number(item.content_id) };
  const seeded = await t.db.owner.selectFrom('study_record').select('course_id').distinct()
    .where('tenant_id', '=', 1001).where('user_id', '=', learner.id).where('course_id', 'is not', null).execute();
  seededCourses = new Set(seeded.map((r) => Number(r.course_id)));
});
afterAll(() => t.close());

describe('personal center study lists: access', () => {
  it('needs a token of the call\'s tenant (flag 401)', async () => {
    for (const path of ['course/searchByUser', 'subject/searchByUser', 'content/searchByUser']) {
      expect((await call('GET', `/cm/api/${path}?tenantId=1001`)).flag, path).toBe(401);
      // acme's learner, with demo's tenant id: refused, never demo's rows.
      expect((await call('GET', `/cm/api/${path}?tenantId=1001`, acme.token)).flag, path).toBe(401);
    }
  });

  it('lists nothing for a user who studied nothing', async () => {
    expect(await myCourses(admin.token)).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
    expect(await myContents(admin.token)).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
    expect(await mySubjects(admin.token)).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  });
});

describe('personal center study lists: what the learner studied', () => {
  beforeAll(async () => {
    const [first, second] = courses as [typeof courses[number], typeof courses[number]];
    // Course one: its first lesson finished, its second half-way. Then course two, later: one lesson started.
    await courseLog(learner.token, first.id, { contentId: first.contentIds[0]!, progress: 100, duration: 100, state: 2, savedAt: 1_700_000_000_000 });
    await courseLog(learner.token, first.id, { contentId: first.contentIds[1]!, progress: 30, duration: 120, state: 1, savedAt: 1_700_000_001_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await courseLog(learner.token, second.id, { contentId: second.contentIds[0]!, progress: 10, duration: 200, state: 1, savedAt: 1_700_000_002_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A micro-lesson outside any course, then a subject's content: the newest studies.
    await save(learner.token, { contentId: micro, progress: 45, duration: 180, state: 1, savedAt: 1_700_000_003_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await save(learner.token, { contentId: subject.contentId, progress: 60, duration: 60, state: 2, savedAt: 1_700_000_004_000 });
  });

  it('lists the studied courses newest study first, with lesson and finished counts', async () => {
    const [first, second] = courses as [typeof courses[number], typeof courses[number]];
    const page = await myCourses(learner.token);
    const ids = page.list.map((c: { id: number }) => c.id);
    // Exactly the two courses studied in, in study order, after the seed's: the standalone saves add none.
    expect(ids.filter((id: number) => !seededCourses.has(id))).toEqual([second.id, first.id]);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    const one = page.list.find((c: { id: number }) => c.id === first.id);
    expect(one).toMatchObject({ id: first.id, title: expect.any(String), lessonCount: first.contentIds.length, finishedCount: 1, lastStudyTime: expect.any(String) });
    // Real progress: one lesson finished (100) and one a quarter through (30 of 120 s), over all lessons.
    expect(one.percentage).toBe(Math.floor(125 / first.contentIds.length));
    expect(one.chapterCount).toBeGreaterThan(0);
    const two = page.list.find((c: { id: number }) => c.id === second.id);
    expect(two).toMatchObject({ lessonCount: second.contentIds.length });
    expect(Date.parse(two.lastStudyTime)).toBeGreaterThan(Date.parse(one.lastStudyTime));
    // The course page's counts agree (one finish rule).
    const record = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${first.id}`, learner.token);
    expect({ lessonCount: record.lessonCount, finishedCount: record.finishedCount, percentage: record.percentage })
      .toEqual({ lessonCount: one.lessonCount, finishedCount: one.finishedCount, percentage: one.percentage });
  });

  it('pages the courses with the spec\'s page sizes', async () => {
    const all = await myCourses(learner.token, '&pageSize=20');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const one = await myCourses(learner.token, '&pageNo=2&pageSize=1');
    expect(one).toMatchObject({ total: all.total, pageNo: 2, pageSize: 1 });
    expect(one.list.map((c: { id: number }) => c.id)).toEqual([all.list[1].id]);
    expect((await myCourses(learner.token, `&pageNo=${all.total + 1}&pageSize=1`)).list).toEqual([]);
    expect((await call('GET', '/cm/api/course/searchByUser?tenantId=1001&pageSize=500', learner.token)).errorCode).toBe('VALIDATION');
  });

  it('lists the studied contents of a purpose, in a course or not, with their progress', async () => {
    const micros = await myContents(learner.token, '&purpose=1');
    const entry = micros.list.find((c: { id: number }) => c.id === micro);
    expect(entry).toMatchObject({ id: micro, purpose: 1, maxProgress: 45, state: 1, lastStudyTime: expect.any(String) });
    // The length is the content's or the player's, whichever is longer.
    expect(entry.duration).toBeGreaterThanOrEqual(180);
    expect(entry.percentage).toBe(Math.floor(4500 / entry.duration));
    for (const c of micros.list) expect(c.purpose).toBe(1);
    // Without a purpose: course lessons too, the newest first.
    const all = await myContents(learner.token, '&pageSize=20');
    const ids = all.list.map((c: { id: number }) => c.id);
    expect(ids[0]).toBe(subject.contentId);
    expect(ids[1]).toBe(micro);
    expect(ids).toEqual(expect.arrayContaining([courses[0]!.contentIds[0], courses[0]!.contentIds[1], courses[1]!.contentIds[0]]));
    expect(all.list.find((c: { id: number }) => c.id === courses[0]!.contentIds[0])).toMatchObject({ state: 2, percentage: 100 });
    // A repeated purpose is several purposes.
    const both = await myContents(learner.token, '&purpose=1&purpose=2&purpose=3&pageSize=20');
    for (const c of both.list) expect([1, 2, 3]).toContain(c.purpose);
  });

  it('lists the studied subjects with their counts', async () => {
    const page = await mySubjects(learner.token, '&pageSize=20');
    const entry = page.list.find((s: { id: number }) => s.id === subject.id);
    expect(entry).toMatchObject({ id: subject.id, lastStudyTime: expect.any(String) });
    expect(entry.finishedCount).toBeGreaterThanOrEqual(1);
    expect(entry.lessonCount).toBeGreaterThanOrEqual(entry.finishedCount);
    // Its content was the newest study (a content may sit in several subjects: they tie, newest id first).
    expect(page.list[0].lastStudyTime).toBe(entry.lastStudyTime);
  });

  it('shows nobody else\'s study: another user of the tenant and acme\'s learner list nothing of it', async () => {
    expect((await myCourses(admin.token)).total).toBe(0);
    expect((await myContents(admin.token)).total).toBe(0);
    // acme's learner lists only their own (seeded) study, nothing of the demo learner's.
    const demoIds = new Set([...courses.map((c) => c.id), ...courses.flatMap((c) => c.contentIds), micro, subject.id, subject.contentId]);
    for (const path of ['course/searchByUser', 'subject/searchByUser', 'content/searchByUser']) {
      const own = await data('GET', `/cm/api/${path}?tenantId=1002`, acme.token);
      expect(own.list.filter((x: { id: number }) => demoIds.has(x.id)), path).toEqual([]);
    }
  });
});

describe('personal center study lists: a shared library content counts for the course it was studied in', () => {
  /** A published content that is a lesson of two published courses or more, and those courses. */
  let shared: { contentId: number; courseIds: number[] };

  beforeAll(async () => {
    const row = await t.db.owner.selectFrom('course_phase_content as l')
      .innerJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.course_id'))
      .innerJoin('content as x', (j) => j.onRef('x.tenant_id', '=', 'l.tenant_id').onRef('x.id', '=', 'l.content_id'))
      .select(['l.content_id', sql<string[]>`array_agg(distinct l.course_id order by l.course_id)`.as('courses')])
      .where('l.tenant_id', '=', 1001).where('c.state', '=', 1).where('x.state', '=', 1)
      .where(sql<boolean>`not exists (select 1 from content_part p where p.tenant_id = x.tenant_id and p.content_id = x.id)`)
      .groupBy('l.content_id').having(sql`count(distinct l.course_id)`, '>=', 2).orderBy('l.content_id').executeTakeFirstOrThrow();
    shared = { contentId: Number(row.content_id), courseIds: row.courses.map(Number) };
  });

  // issue 13 point 2: playing lessons 6.1, 7.1 and 7.2 of one course filled 我的课程 with the seven
  // courses that hold those library contents, all at 0 % with the same 最近学习.
  it('studying one course fills myCourse with that course only, with its real progress', async () => {
    const [studied] = shared.courseIds as [number];
    const halfway = { contentId: shared.contentId, progress: 50, duration: 100, state: 1 as const, savedAt: 1_700_000_010_000 };
    await courseLog(admin.token, studied, halfway);
    const page = await myCourses(admin.token, '&pageSize=20');
    expect(page.list.map((c: { id: number }) => c.id)).toEqual([studied]);
    expect(page.total).toBe(1);
    const record = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&courseId=${studied}`, admin.token);
    expect(page.list[0]).toMatchObject({ finishedCount: 0, lessonCount: record.lessonCount, percentage: record.percentage });
    expect(record.percentage).toBe(Math.min(99, Math.floor(50 / record.lessonCount)));
    // The same content studied again outside the course (the floating player, the content page) adds no course.
    await save(admin.token, { ...halfway, progress: 80, savedAt: 1_700_000_011_000 });
    expect((await myCourses(admin.token, '&pageSize=20')).list.map((c: { id: number }) => c.id)).toEqual([studied]);
  });
});
