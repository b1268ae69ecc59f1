// GET /cm/api/subject/info and content: the subject detail page's subject and the courses and contents
// it collects, in order; an unknown, unpublished or other tenant's subject answers SUBJECT_NOT_FOUND
// on both calls; an item whose course or content is taken down leaves the list and the counts. The
// page's progress is getCourseRecord with subjectId, which counts the same subject.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  id: number; kind: 'course' | 'content'; courseId: number | null; contentId: number | null; title: string; cover: string | null;
  duration: number; contentKind: string | null; mediaUrl: string | null; purpose: number | null;
}

const CALLS = ['info', 'content'] as const;
const get = (url: string) => data('GET', url, '');

async function notFound(url: string) {
  const body = await call('GET', url);
  expect(body, url).toMatchObject({ success: false, code: 404, errorCode: 'SUBJECT_NOT_FOUND', data: null });
  return body;
}

// The owner connection is not held by row-level security, so the direct queries below name the tenant.

/** The tenant's first published subject that has both a course and a content item. */
async function mixedSubject(tenantId: number): Promise<number> {
  const row = await withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('subject as s').select('s.id')
    .where('s.tenant_id', '=', tenantId).where('s.state', '=', 1)
    .where(sql<boolean>`exists (select 1 from subject_item i where i.tenant_id = s.tenant_id and i.subject_id = s.id and i.course_id is not null)`)
    .where(sql<boolean>`exists (select 1 from subject_item i where i.tenant_id = s.tenant_id and i.subject_id = s.id and i.content_id is not null)`)
    .orderBy('s.id').executeTakeFirstOrThrow());
  return row.id;
}

/** The subject's item rows in stored order. */
const storedItems = (tenantId: number, subjectId: number) => withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('subject_item')
  .select(['id', 'course_id', 'content_id']).where('tenant_id', '=', tenantId).where('subject_id', '=', subjectId)
  .orderBy('sort').orderBy('id').execute());

describe('subject detail calls', () => {
  it('info: the subject card with its counts and total length, the same card the list shows', async () => {
    const id = await mixedSubject(1001);
    const subject = await get(`/cm/api/subject/info?tenantId=1001&id=${id}`);
    expect(Object.keys(subject).sort()).toEqual([
      'categoryId', 'categoryName', 'contentCount', 'courseCount', 'cover', 'duration', 'favourCount', 'id', 'itemCount', 'labels',
      'publishTime', 'studyCount', 'summary', 'title',
    ]);
    expect(subject.id).toBe(id);
    expect(subject.courseCount).toBeGreaterThan(0);
    expect(subject.contentCount).toBeGreaterThan(0);
    expect(subject.itemCount).toBe(subject.courseCount + subject.contentCount);
    const listed = (await get(`/cm/api/subject/search?tenantId=1001&pageSize=50&searchValue=${encodeURIComponent(subject.title)}`)).list
      .find((s: { id: number }) => s.id === id);
    expect(listed).toMatchObject({ id, title: subject.title, itemCount: subject.itemCount, courseCount: subject.courseCount, studyCount: subject.studyCount });
  });

  it('content: the courses and contents in stored order, each with its own title, length and media', async () => {
    const id = await mixedSubject(1001);
    const [items, subject]: [Entry[], { itemCount: number; duration: number }] = await Promise.all([
      get(`/cm/api/subject/content?tenantId=1001&id=${id}`), get(`/cm/api/subject/info?tenantId=1001&id=${id}`),
    ]);
    expect(items.map((i) => i.id)).toEqual((await storedItems(1001, id)).map((r) => r.id));
    expect(items).toHaveLength(subject.itemCount);
    expect(items.reduce((s, i) => s + i.duration, 0)).toBe(subject.duration);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['contentId', 'contentKind', 'courseId', 'cover', 'duration', 'id', 'kind', 'mediaUrl', 'purpose', 'title']);
      if (item.kind === 'course') {
        expect(item).toMatchObject({ courseId: expect.any(Number), contentId: null, contentKind: null, mediaUrl: null, purpose: null });
        const course = await get(`/cm/api/course/info?tenantId=1001&id=${item.courseId}`);
        expect(item).toMatchObject({ title: course.title, cover: course.cover, duration: course.duration });
      } else {
        expect(item).toMatchObject({ courseId: null, contentId: expect.any(Number), purpose: expect.any(Number) });
        const content = await get(`/cm/api/content/info?tenantId=1001&id=${item.contentId}`);
        expect(item).toMatchObject({ title: content.title, cover: content.cover, duration: content.duration, contentKind: content.kind, mediaUrl: content.mediaUrl, purpose: content.purpose });
      }
    }
  });

  it('content follows sort, not id, after the items are reordered', async () => {
    const id = await mixedSubject(1001);
    const before: Entry[] = await get(`/cm/api/subject/content?tenantId=1001&id=${id}`);
    const flip = () => withTenant(t.db.owner, 1001, (trx) => trx.updateTable('subject_item').set({ sort: sql`1000 - sort` })
      .where('tenant_id', '=', 1001).where('subject_id', '=', id).execute());
    await flip();
    try {
      const after: Entry[] = await get(`/cm/api/subject/content?tenantId=1001&id=${id}`);
      expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id).reverse());
    } finally {
      await flip();
    }
  });

  it('leaves out an item whose course or content is taken down, in the list and the counts', async () => {
    const id = await mixedSubject(1001);
    const before: Entry[] = await get(`/cm/api/subject/content?tenantId=1001&id=${id}`);
    const info = await get(`/cm/api/subject/info?tenantId=1001&id=${id}`);
    const course = before.find((i) => i.kind === 'course')!;
    const content = before.find((i) => i.kind === 'content')!;
    const setState = (state: number) => withTenant(t.db.owner, 1001, async (trx) => {
      await trx.updateTable('course').set({ state }).where('tenant_id', '=', 1001).where('id', '=', course.courseId!).execute();
      await trx.updateTable('content').set({ state }).where('tenant_id', '=', 1001).where('id', '=', content.contentId!).execute();
    });
    await setState(0);
    try {
      const after: Entry[] = await get(`/cm/api/subject/content?tenantId=1001&id=${id}`);
      expect(after.map((i) => i.id)).toEqual(before.filter((i) => i.id !== course.id && i.id !== content.id).map((i) => i.id));
      expect(await get(`/cm/api/subject/info?tenantId=1001&id=${id}`)).toMatchObject({
        itemCount: info.itemCount - 2, courseCount: info.courseCount - 1, contentCount: info.contentCount - 1,
        duration: info.duration - course.duration - content.duration,
      });
    } finally {
      await setState(1);
    }
  });

  it('needs no sign-in (a public detail), and its progress is getCourseRecord for the same subject', async () => {
    const id = await mixedSubject(1001);
    const info = await get(`/cm/api/subject/info?tenantId=1001&id=${id}`);
    const learner = await signIn(1001, 'learner', 'Study@2026');
    const record = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=1001&subjectId=${id}`, learner.token);
    expect(record).toMatchObject({ subjectId: id, courseId: null, logKey: expect.any(String) });
    // Every content item is a study unit of the subject, beside its courses' lessons.
    expect(record.lessonCount).toBeGreaterThanOrEqual(info.contentCount);
  });

  it.each(CALLS)('%s: SUBJECT_NOT_FOUND names the id of an unknown subject', async (name) => {
    const body = await notFound(`/cm/api/subject/${name}?tenantId=1001&id=987654321`);
    expect(body.message).toContain('987654321');
  });

  it.each(CALLS)('%s: another tenant\'s subject is not found (acme\'s subject asked on demo)', async (name) => {
    const acme = await mixedSubject(1002);
    await get(`/cm/api/subject/${name}?tenantId=1002&id=${acme}`);
    const own = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('subject').select('id').where('tenant_id', '=', 1001).where('id', '=', acme).executeTakeFirst());
    expect(own).toBeUndefined();
    await notFound(`/cm/api/subject/${name}?tenantId=1001&id=${acme}`);
  });

  it.each(CALLS)('%s: an unpublished subject is not found', async (name) => {
    const id = await mixedSubject(1001);
    const setState = (state: number) => withTenant(t.db.owner, 1001, (trx) => trx.updateTable('subject').set({ state }).where('tenant_id', '=', 1001).where('id', '=', id).execute());
    await setState(0);
    try {
      await notFound(`/cm/api/subject/${name}?tenantId=1001&id=${id}`);
    } finally {
      await setState(1);
    }
  });

  it('refuses a missing or malformed id with a message, not a stack trace', async () => {
    for (const url of ['/cm/api/subject/info?tenantId=1001', '/cm/api/subject/content?tenantId=1001&id=abc']) {
      const body = await call('GET', url);
      expect(body.success, url).toBe(false);
      expect(body.message, url).not.toMatch(/\bat \w+ \(/);
    }
  });
});
