// Related items (spec learning §7 searchRelate; docs/api.md "Related items"): the item's category
// first, most popular first, then the tenant's most popular others; never the item itself; a
// content's of its own purpose; none for help articles and course lessons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call } = apiOf(() => t.app);
const relate = (kind: string, id: number, extra = '') => call('GET', `/cm/api/${kind}/searchRelate?tenantId=1001&id=${id}${extra}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('searchRelate', () => {
  it('lists courses of the course\'s category first, most studied first, never the course itself', async () => {
    const course = await t.db.owner.selectFrom('course').select(['id', 'category_id']).where('tenant_id', '=', 1001).where('state', '=', 1)
      .where('category_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const same = await t.db.owner.selectFrom('course').select(['id', 'study_count']).where('tenant_id', '=', 1001).where('state', '=', 1)
      .where('category_id', '=', course.category_id).where('id', '<>', course.id).orderBy('study_count', 'desc').orderBy('publish_time', 'desc').orderBy('id', 'desc').execute();
    const res = await relate('course', course.id, '&pageSize=12');
    expect(res.success, res.message).toBe(true);
    const ids = res.data.map((c: { id: number }) => c.id);
    expect(ids).toHaveLength(12);
    expect(ids).not.toContain(course.id);
    expect(new Set(ids).size).toBe(ids.length);
    const head = same.slice(0, 12).map((r) => r.id);
    expect(ids.slice(0, head.length)).toEqual(head);
    expect((await relate('course', course.id)).data).toHaveLength(6);
  });

  it('relates subjects and contents the same way, contents within their purpose', async () => {
    const subject = await t.db.owner.selectFrom('subject').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const subjects = (await relate('subject', subject.id)).data;
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.map((s: { id: number }) => s.id)).not.toContain(subject.id);
    const micro = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).where('purpose', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const contents = (await relate('content', micro.id)).data;
    expect(contents).toHaveLength(6);
    for (const c of contents) expect(c.purpose).toBe(1);
  });

  it('has none for a help article or a course lesson, and refuses an unknown id or too many', async () => {
    for (const purpose of [99, 8]) {
      const row = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).where('purpose', '=', purpose).orderBy('id').executeTakeFirstOrThrow();
      expect((await relate('content', row.id)).data, `purpose ${purpose}`).toEqual([]);
    }
    expect(await relate('course', 99_999_999)).toMatchObject({ success: false, errorCode: 'COURSE_NOT_FOUND' });
    expect(await relate('subject', 99_999_999)).toMatchObject({ success: false, errorCode: 'SUBJECT_NOT_FOUND' });
    expect((await relate('course', 1, '&pageSize=13')).errorCode).toBe('VALIDATION');
  });
});
