// One article (issue 7 item 3: /share/article/detail/{id}; docs/api.md "Articles"): the card, its
// text's address and a counted view; only published articles of the caller's tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call } = apiOf(() => t.app);
const info = (tenantId: number, id: number | string) => call('GET', `/cm/api/article/info?tenantId=${tenantId}&id=${id}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('article info', () => {
  it('answers the article with its text, and counts each view', async () => {
    // An editors' article (a learner's own keeps its text in the row: issue 19 part H, tests/server/sharing.test.ts).
    const listed = await call('GET', '/cm/api/article/search?tenantId=1001&pageSize=20&kind=share');
    const editors = new Set((await t.db.owner.selectFrom('article').select('id').where('tenant_id', '=', 1001).where('owner_id', 'is', null).execute()).map((r) => Number(r.id)));
    const first = listed.data.list.find((a: { id: number }) => editors.has(a.id));
    const a = await info(1001, first.id);
    expect(a.success, a.message).toBe(true);
    expect(a.data).toMatchObject({ id: first.id, title: first.title, kind: 'share', viewCount: first.viewCount + 1 });
    expect(a.data.bodyUrl).toMatch(/^\/uploads\/seed\/docs\/1001\/article-\d+\.html$/);
    expect((await info(1001, first.id)).data.viewCount).toBe(first.viewCount + 2);
  });

  it('finds no article of another tenant, none unpublished and none that does not exist', async () => {
    const demo = (await call('GET', '/cm/api/article/search?tenantId=1001&pageSize=1')).data.list[0];
    const before = (await t.db.owner.selectFrom('article').select('view_count').where('tenant_id', '=', 1001).where('id', '=', demo.id).executeTakeFirstOrThrow()).view_count;
    const acme = await info(1002, demo.id);
    expect(acme.data?.title).not.toBe(demo.title);
    if (acme.success) expect(acme.data.id).toBe(demo.id); // acme may have its own article with that id, never demo's
    await t.db.owner.updateTable('article').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', demo.id).execute();
    try {
      const hidden = await info(1001, demo.id);
      expect(hidden).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
    } finally {
      await t.db.owner.updateTable('article').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', demo.id).execute();
    }
    const after = (await t.db.owner.selectFrom('article').select('view_count').where('tenant_id', '=', 1001).where('id', '=', demo.id).executeTakeFirstOrThrow()).view_count;
    expect(after, 'neither acme\'s call nor the unpublished one counted a view of demo\'s article').toBe(before);
    expect(await info(1001, 99_999_999)).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
    expect((await info(1001, 'x')).success).toBe(false);
  });
});
