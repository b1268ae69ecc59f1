// One notice (spec learning §7 "Notices": detail): public ones for everyone, the others for the
// tenant's signed-in users; each opening counts a view; nothing of another tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, signIn } = apiOf(() => t.app);
const detail = (id: number, token?: string, tenantId = 1001) => call('GET', `/cm/api/notice/detail?tenantId=${tenantId}&id=${id}`, token);
const notices = (publicOnly: boolean) => t.db.owner.selectFrom('notice').select(['id', 'title', 'view_count', 'body'])
  .where('tenant_id', '=', 1001).where('state', '=', 1).where('is_public', '=', publicOnly).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notice detail', () => {
  it('answers a public notice with its text to anyone, and counts the view', async () => {
    const [notice] = await notices(true);
    const res = await detail(notice!.id);
    expect(res.success, res.message).toBe(true);
    expect(res.data).toMatchObject({ id: notice!.id, title: notice!.title, body: notice!.body, isPublic: true, viewCount: notice!.view_count + 1 });
    expect((await detail(notice!.id)).data.viewCount).toBe(notice!.view_count + 2);
  });

  it('answers a notice that is not public to the tenant\'s signed-in users only', async () => {
    const [hidden] = await notices(false);
    expect(hidden, 'the seed has a notice that is not public').toBeTruthy();
    expect(await detail(hidden!.id)).toMatchObject({ success: false, flag: 401 });
    const acme = await signIn(1002, 'learner', 'Study@2026');
    expect(await detail(hidden!.id, acme.token)).toMatchObject({ success: false, flag: 401 });
    const learner = await signIn(1001, 'learner', 'Study@2026');
    expect((await detail(hidden!.id, learner.token)).data).toMatchObject({ id: hidden!.id, isPublic: false });
  });

  it('finds no notice of another tenant, none unpublished and none that does not exist', async () => {
    const [notice] = await notices(true);
    const acme = await detail(notice!.id, undefined, 1002);
    if (acme.success) expect(acme.data.title).not.toBe(notice!.title);
    await t.db.owner.updateTable('notice').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', notice!.id).execute();
    try {
      expect(await detail(notice!.id)).toMatchObject({ success: false, errorCode: 'NOTICE_NOT_FOUND' });
    } finally {
      await t.db.owner.updateTable('notice').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', notice!.id).execute();
    }
    expect(await detail(99_999_999)).toMatchObject({ success: false, errorCode: 'NOTICE_NOT_FOUND' });
  });
});
