// GET /cm/api/course/info, phaseContent and phaseContentSum: the course detail page's course, its
// chapters with their lessons in order, and their totals; an unknown, unpublished or other tenant's
// course answers COURSE_NOT_FOUND on every call.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function data(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status).toBe(200);
  expect(body, body.message).toMatchObject({ success: true, code: 200, flag: 0 });
  return body.data;
}

async function notFound(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status, url).toBe(200);
  expect(body, url).toMatchObject({ success: false, code: 404, errorCode: 'COURSE_NOT_FOUND', data: null });
  return body;
}

// The owner connection is not held by row-level security, so the direct queries below name the tenant.

/** The tenant's first seeded course: the one with the chapter of audio lessons. */
async function firstCourse(tenantId: number): Promise<number> {
  const row = await withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('course').select('id')
    .where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow());
  return row.id;
}

interface Lesson { id: number; contentId: number | null; title: string; kind: string; duration: number; mediaUrl: string | null; purpose: number | null }
interface Phase { id: number; title: string; sort: number; contents: Lesson[] }

const CALLS = ['info', 'phaseContent', 'phaseContentSum'] as const;

describe('course detail calls', () => {
  it('info: the course card with its teacher, counts and total length', async () => {
    const id = await firstCourse(1001);
    const course = await data(`/cm/api/course/info?tenantId=1001&id=${id}`);
    expect(Object.keys(course).sort()).toEqual([
      'categoryId', 'categoryName', 'chapterCount', 'cover', 'duration', 'favourCount', 'id', 'labels', 'lessonCount',
      'publishTime', 'score', 'studyCount', 'summary', 'teacher', 'title',
    ]);
    expect(course.id).toBe(id);
    expect(course.title.length).toBeGreaterThan(0);
    expect(Array.isArray(course.labels)).toBe(true);
    if (course.teacher !== null) expect(Object.keys(course.teacher).sort()).toEqual(['avatar', 'id', 'intro', 'name', 'title']);
    // It is the same course the list shows, with the same counts.
    const listed = (await data('/cm/api/course/search?tenantId=1001&pageSize=50')).list.find((c: { id: number }) => c.id === id)
      ?? (await data(`/cm/api/course/search?tenantId=1001&pageSize=50&searchValue=${encodeURIComponent(course.title)}`)).list[0];
    expect(listed).toMatchObject({ id, lessonCount: course.lessonCount, chapterCount: course.chapterCount, duration: course.duration, teacherName: course.teacher?.name ?? null });
  });

  it('phaseContent: chapters in order, lessons in order, and the audio chapter with its media', async () => {
    const id = await firstCourse(1001);
    const phases: Phase[] = await data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`);
    expect(phases.length).toBeGreaterThan(1);
    const sorts = phases.map((p) => p.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    for (const p of phases) {
      expect(Object.keys(p).sort()).toEqual(['contents', 'id', 'sort', 'title']);
      for (const l of p.contents) {
        expect(Object.keys(l).sort()).toEqual(['contentId', 'duration', 'id', 'kind', 'mediaUrl', 'purpose', 'title']);
        expect(['video', 'audio', 'pdf', 'article', 'link']).toContain(l.kind);
      }
    }
    // The seed's last two chapters: audio lessons, each a library content with a real recording,
    // then video lessons with real videos.
    const audio = phases.at(-2)!;
    expect(audio.title).toBe(`第${phases.length - 1}章 音频精讲`);
    expect(phases.at(-1)!.title).toBe(`第${phases.length}章 视频精讲`);
    for (const l of phases.at(-1)!.contents) expect(l).toMatchObject({ kind: 'video', mediaUrl: expect.stringMatching(/^media:video\//) });
    // Every lesson of the seeded course opens a library content.
    for (const p of phases) for (const l of p.contents) expect(l.contentId, l.title).toEqual(expect.any(Number));
    // And in every seeded course each lesson is a content of its own, so 已学 n/m counts every lesson.
    const { rows } = await sql<{ course_id: number; lessons: number; contents: number }>`
      select course_id, count(*)::int as lessons, count(distinct content_id)::int as contents from course_phase_content
      where tenant_id in (1001, 1002) group by course_id having count(*) <> count(distinct content_id)`.execute(t.db.owner);
    expect(rows).toEqual([]);
    expect(audio.contents.length).toBeGreaterThan(0);
    for (const l of audio.contents) {
      expect(l).toMatchObject({ kind: 'audio', contentId: expect.any(Number), mediaUrl: expect.stringMatching(/^media:audio\/demo-\d+\.wav$/), purpose: expect.any(Number) });
      expect(l.duration).toBeGreaterThan(0);
    }
    // The lessons are in their stored order within the chapter, whatever their ids.
    const stored = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('course_phase_content').select('id')
      .where('tenant_id', '=', 1001).where('phase_id', '=', audio.id).orderBy('sort').orderBy('id').execute());
    expect(audio.contents.map((l) => l.id)).toEqual(stored.map((r) => r.id));
  });

  it('phaseContent follows sort, not id, after chapters and lessons are reordered', async () => {
    const id = await firstCourse(1001);
    const before: Phase[] = await data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`);
    await withTenant(t.db.owner, 1001, async (trx) => {
      await trx.updateTable('course_phase').set({ sort: sql`1000 - sort` }).where('tenant_id', '=', 1001).where('course_id', '=', id).execute();
      await trx.updateTable('course_phase_content').set({ sort: sql`1000 - sort` }).where('tenant_id', '=', 1001).where('course_id', '=', id).execute();
    });
    try {
      const after: Phase[] = await data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`);
      expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id).reverse());
      expect(after[0]!.contents.map((l) => l.id)).toEqual(before.at(-1)!.contents.map((l) => l.id).reverse());
    } finally {
      await withTenant(t.db.owner, 1001, async (trx) => {
        await trx.updateTable('course_phase').set({ sort: sql`1000 - sort` }).where('tenant_id', '=', 1001).where('course_id', '=', id).execute();
        await trx.updateTable('course_phase_content').set({ sort: sql`1000 - sort` }).where('tenant_id', '=', 1001).where('course_id', '=', id).execute();
      });
    }
  });

  it('phaseContentSum: the totals of the chapters, matching phaseContent and info', async () => {
    const id = await firstCourse(1001);
    const [sum, phases, course] = await Promise.all([
      data(`/cm/api/course/phaseContentSum?tenantId=1001&id=${id}`),
      data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`) as Promise<Phase[]>,
      data(`/cm/api/course/info?tenantId=1001&id=${id}`),
    ]);
    const lessons = phases.flatMap((p) => p.contents);
    expect(sum).toEqual({ phaseCount: phases.length, lessonCount: lessons.length, duration: lessons.reduce((s, l) => s + l.duration, 0) });
    expect(course).toMatchObject({ chapterCount: sum.phaseCount, lessonCount: sum.lessonCount, duration: sum.duration });
  });

  it('keeps a lesson\'s contentId but drops its media when its content is unpublished', async () => {
    const id = await firstCourse(1001);
    const phases: Phase[] = await data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`);
    const lesson = phases.at(-1)!.contents[0]!;
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('content').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', lesson.contentId!).execute());
    try {
      const after: Phase[] = await data(`/cm/api/course/phaseContent?tenantId=1001&id=${id}`);
      expect(after.at(-1)!.contents[0]).toEqual({ ...lesson, mediaUrl: null, purpose: null });
    } finally {
      await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('content').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', lesson.contentId!).execute());
    }
  });

  it.each(CALLS)('%s: COURSE_NOT_FOUND names the id of an unknown course', async (call) => {
    const body = await notFound(`/cm/api/course/${call}?tenantId=1001&id=987654321`);
    expect(body.message).toContain('987654321');
  });

  it.each(CALLS)('%s: another tenant\'s course is not found (acme\'s course asked on demo)', async (call) => {
    const acme = await firstCourse(1002);
    // acme's course reads fine on acme …
    await data(`/cm/api/course/${call}?tenantId=1002&id=${acme}`);
    // … and does not exist on demo, whose ids are its own.
    const own = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('course').select('id').where('tenant_id', '=', 1001).where('id', '=', acme).executeTakeFirst());
    expect(own).toBeUndefined();
    await notFound(`/cm/api/course/${call}?tenantId=1001&id=${acme}`);
  });

  it.each(CALLS)('%s: an unpublished course is not found', async (call) => {
    const id = await firstCourse(1001);
    const last = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('course').select('id').where('tenant_id', '=', 1001).orderBy('id', 'desc').executeTakeFirstOrThrow());
    expect(last.id).not.toBe(id);
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('course').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', last.id).execute());
    try {
      await notFound(`/cm/api/course/${call}?tenantId=1001&id=${last.id}`);
    } finally {
      await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('course').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', last.id).execute());
    }
  });

  it('refuses a missing or malformed id with a message, not a stack trace', async () => {
    for (const url of ['/cm/api/course/info?tenantId=1001', '/cm/api/course/phaseContent?tenantId=1001&id=abc']) {
      const { body } = await getJson(t.app, url);
      expect(body.success, url).toBe(false);
      expect(body.message, url).not.toMatch(/\bat \w+ \(/);
    }
  });
});

// issue 13 point 3: the header read a score seeded on the course (4.1 分) while the rating box read
// the comments (暂无评分, then 4.0 1人评分). The course's score is now the rating box's average.
describe('course rating: one source for the header and the rating box', () => {
  const api = apiOf(() => t.app);

  /** The course's score as info and the list card give it, and the rating box's summary. */
  async function ratings(id: number, title: string) {
    const info = await data(`/cm/api/course/info?tenantId=1001&id=${id}`);
    const card = (await data(`/cm/api/course/search?tenantId=1001&pageSize=50&searchValue=${encodeURIComponent(title)}`)).list
      .find((c: { id: number }) => c.id === id);
    const box = await data(`/cm/api/commentScore/getScore?tenantId=1001&targetType=course&targetId=${id}`);
    return { info: info.score, card: card?.score, box };
  }

  it('the header score is the rating box\'s average: 0 before anyone rates, then each learner\'s newest score', async () => {
    const id = await firstCourse(1001);
    const { title } = await data(`/cm/api/course/info?tenantId=1001&id=${id}`);
    const before = await ratings(id, title);
    expect(before.box.count).toBe(0);
    expect({ info: before.info, card: before.card }).toEqual({ info: 0, card: 0 });

    const learner = await api.signIn(1001, 'learner', 'Study@2026');
    const admin = await api.signIn(1001, 'admin', 'Admin@2026');
    await api.data('POST', '/cm/api/commentScore/saveComment', learner.token, { tenantId: 1001, targetType: 'course', targetId: id, content: '讲得清楚', score: 4 });
    await api.data('POST', '/cm/api/commentScore/saveComment', admin.token, { tenantId: 1001, targetType: 'course', targetId: id, content: '还行', score: 3 });
    // A second comment of the learner: their newest score counts, once.
    await api.data('POST', '/cm/api/commentScore/saveComment', learner.token, { tenantId: 1001, targetType: 'course', targetId: id, content: '再看一遍更好', score: 5 });
    const after = await ratings(id, title);
    expect(after.box).toMatchObject({ average: 4, count: 2 });
    expect({ info: after.info, card: after.card }).toEqual({ info: after.box.average, card: after.box.average });
  });
});
