import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
});
afterAll(() => t.close());

const unread = (token: string, tenantId = 1001) => data('GET', `/um/api/message/getUserUnReadCount?tenantId=${tenantId}`, token);

describe('message center', () => {
  it('needs a token of the call\'s tenant', async () => {
    for (const url of ['/um/api/message/queryMessageType?tenantId=1001', '/um/api/message/searchByUser?tenantId=1001', '/um/api/message/getUserUnReadCount?tenantId=1001', '/um/api/message/readMessage?tenantId=1001&id=1']) {
      expect((await call('GET', url)).flag, url).toBe(401);
      expect((await call('GET', url, acme.token)).flag, url).toBe(401);
    }
    expect((await call('POST', '/um/api/message/updateMessageBatch', undefined, { tenantId: 1001, ids: [1], state: 1 })).flag).toBe(401);
  });

  it('counts the seeded messages by type and lists them newest first', async () => {
    expect(await unread(learner.token)).toBe(4);
    expect(await data('GET', '/um/api/message/queryMessageType?tenantId=1001', learner.token)).toEqual([
      { type: 1, name: '系统通知', unread: 1 },
      { type: 2, name: '学习提醒', unread: 1 },
      { type: 3, name: '考试通知', unread: 2 },
    ]);
    const all = await data('GET', '/um/api/message/searchByUser?tenantId=1001&pageNo=1&pageSize=4', learner.token);
    expect(all).toMatchObject({ total: 6, pageNo: 1, pageSize: 4 });
    expect(all.list).toHaveLength(4);
    const times = all.list.map((m: { createTime: string }) => Date.parse(m.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.list[0]).toMatchObject({ type: 3, title: '成绩已发布', state: 0, content: expect.any(String) });
    const page2 = await data('GET', '/um/api/message/searchByUser?tenantId=1001&pageNo=2&pageSize=4', learner.token);
    expect(page2.list).toHaveLength(2);

    const exams = await data('GET', '/um/api/message/searchByUser?tenantId=1001&type=3', learner.token);
    expect(exams.total).toBe(2);
    const unreadOnes = await data('GET', '/um/api/message/searchByUser?tenantId=1001&state=0', learner.token);
    expect(unreadOnes.total).toBe(4);
    expect(new Set(unreadOnes.list.map((m: { state: number }) => m.state))).toEqual(new Set([0]));
    expect(await unread(acme.token, 1002)).toBe(4);
  });

  it('reads one message and marks several', async () => {
    const list = (await data('GET', '/um/api/message/searchByUser?tenantId=1001&pageSize=10', learner.token)).list as { id: number; state: number }[];
    const first = list.find((m) => m.state === 0)!;
    expect(await data('GET', `/um/api/message/readMessage?tenantId=1001&id=${first.id}`, learner.token)).toMatchObject({ id: first.id, state: 1 });
    expect(await unread(learner.token)).toBe(3);
    // Reading it again is harmless.
    expect((await data('GET', `/um/api/message/readMessage?tenantId=1001&id=${first.id}`, learner.token)).state).toBe(1);

    const ids = list.map((m) => m.id);
    expect(await data('POST', '/um/api/message/updateMessageBatch', learner.token, { tenantId: 1001, ids, state: 1 })).toBe(3);
    expect(await unread(learner.token)).toBe(0);
    expect(await data('POST', '/um/api/message/updateMessageBatch', learner.token, { tenantId: 1001, ids, state: 1 })).toBe(0);
    expect(await data('POST', '/um/api/message/updateMessageBatch', learner.token, { tenantId: 1001, ids: ids.slice(0, 2), state: 0 })).toBe(2);
    expect(await unread(learner.token)).toBe(2);
  });

  it('never lets a user read or mark another user\'s messages', async () => {
    const learnerIds = (await data('GET', '/um/api/message/searchByUser?tenantId=1001', learner.token)).list.map((m: { id: number }) => m.id) as number[];
    const before = await unread(learner.token);
    const other = await call('GET', `/um/api/message/readMessage?tenantId=1001&id=${learnerIds[0]}`, admin.token);
    expect(other).toMatchObject({ success: false, flag: -1, message: '未找到该消息', errorCode: 'NOT_FOUND' });
    expect(await data('POST', '/um/api/message/updateMessageBatch', admin.token, { tenantId: 1001, ids: learnerIds, state: 1 })).toBe(0);
    expect(await unread(learner.token)).toBe(before);
    const adminList = await data('GET', '/um/api/message/searchByUser?tenantId=1001', admin.token);
    expect(adminList.total).toBe(3);
    expect(adminList.list.map((m: { id: number }) => m.id).filter((id: number) => learnerIds.includes(id))).toEqual([]);
  });

  it('validates the batch body', async () => {
    const res = await call('POST', '/um/api/message/updateMessageBatch', learner.token, { tenantId: 1001, ids: [], state: 1 });
    expect(res).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('reports the unread count in the follow summary', async () => {
    expect(await data('GET', '/um/api/user/followSummary?tenantId=1001', learner.token))
      .toMatchObject({ followCount: 0, fansCount: 0, unreadCount: await unread(learner.token), points: expect.any(Number) });
  });
});

describe('GET /cfg/api/externalLink/query', () => {
  const resolve = (linkUrl: string, token?: string) =>
    call('GET', `/cfg/api/externalLink/query?tenantId=1001&linkUrl=${encodeURIComponent(linkUrl)}`, token);

  it('fills tenant and time placeholders without sign-in', async () => {
    const before = Date.now();
    const res = await resolve('https://partner.example/{tenantId}/x?t={timestamp}');
    expect(res.success).toBe(true);
    const m = /^https:\/\/partner\.example\/1001\/x\?t=(\d+)$/.exec(res.data.linkUrl);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(before);
    expect((await resolve('https://plain.example/a')).data.linkUrl).toBe('https://plain.example/a');
  });

  it('needs sign-in for user placeholders', async () => {
    for (const p of ['{userId}', '{account}', '{sign}']) expect((await resolve(`https://p.example/?v=${p}`)).flag, p).toBe(401);
    expect((await resolve('https://p.example/?u={userId}', acme.token)).flag).toBe(401);
  });

  it('fills the user and a signature the partner can verify with the tenant secret', async () => {
    const res = await resolve('https://sso.example/login?tid={tenantId}&uid={userId}&acc={account}&ts={timestamp}&sign={sign}', learner.token);
    expect(res.success, res.message).toBe(true);
    const url = new URL(res.data.linkUrl);
    expect(url.searchParams.get('tid')).toBe('1001');
    expect(url.searchParams.get('uid')).toBe(String(learner.id));
    expect(url.searchParams.get('acc')).toBe('learner');
    const { secret } = await t.db.owner.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    const expected = createHmac('sha256', secret).update(`1001:${learner.id}:${url.searchParams.get('ts')}`).digest('hex');
    expect(url.searchParams.get('sign')).toBe(expected);
    expect(res.data.linkUrl).not.toContain(learner.token.split('.')[1]);
  });

  it('names an unknown placeholder, and never fills the token', async () => {
    const res = await resolve('https://p.example/?t={token}', learner.token);
    expect(res).toMatchObject({ success: false, flag: -1 });
    expect(res.message).toContain('{token}');
    expect((await resolve('https://p.example/?x={foo}')).message).toContain('{foo}');
  });
});
