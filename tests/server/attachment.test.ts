// Attachments (GET /cm/api/attachment/search; docs/api.md "Attachments"): every seeded course comes
// with its handout, a real PDF of the stated size; only published targets of the caller's tenant.
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAssets } from '../../server/demo/seed';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call } = apiOf(() => t.app);
const files = (targetType: string, targetId: number | string, tenantId = 1001) =>
  call('GET', `/cm/api/attachment/search?tenantId=${tenantId}&targetType=${targetType}&targetId=${targetId}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('attachment search', () => {
  it('lists each seeded course\'s handout, a PDF in the upload dir of exactly its stated size', async () => {
    const uploadDir = await mkdtemp(join(tmpdir(), 'attachments-'));
    await seedAssets(uploadDir);
    const courses = await t.db.owner.selectFrom('course').select(['id', 'title']).where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').limit(3).execute();
    for (const course of courses) {
      const res = await files('course', course.id);
      expect(res.success, res.message).toBe(true);
      expect(res.data).toHaveLength(1);
      const [handout] = res.data;
      expect(handout).toMatchObject({ name: `${course.title}·课程讲义.pdf`, mime: 'application/pdf', url: expect.stringMatching(/^\/uploads\/seed\/docs\/1001\/k\d+-handout\.pdf$/) });
      expect((await stat(join(uploadDir, handout.url.slice('/uploads/'.length)))).size).toBe(handout.size);
    }
  });

  it('answers an empty list for a target without files, and not found for what is not a published target of the tenant', async () => {
    const subject = await t.db.owner.selectFrom('subject').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect((await files('subject', subject.id)).data).toEqual([]);
    const course = await t.db.owner.selectFrom('course').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect(await files('course', course.id, 1002)).toMatchObject({ success: false, errorCode: 'COURSE_NOT_FOUND' });
    expect(await files('content', 99_999_999)).toMatchObject({ success: false, errorCode: 'CONTENT_NOT_FOUND' });
    expect((await files('teacher', course.id)).errorCode).toBe('VALIDATION');
    await t.db.owner.updateTable('course').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', course.id).execute();
    try {
      expect(await files('course', course.id)).toMatchObject({ success: false, errorCode: 'COURSE_NOT_FOUND' });
    } finally {
      await t.db.owner.updateTable('course').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', course.id).execute();
    }
  });
});
