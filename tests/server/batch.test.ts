// POST /cfg/api/batch (server/plugins/batch.ts): each item answers exactly as the same call made
// directly (envelope, auth, tenancy, rate limits), refusals are per item, and the limits are clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_ITEMS, BATCH_PATH } from '../../schemas/api/batch';
import { apiOf, type Envelope } from './api';
import { createTestApp, holdClockInOneWindow, type TestApp } from './harness';

let t: TestApp;
const { signIn } = apiOf(() => t.app);
let demoToken: string;

beforeAll(async () => {
  t = await createTestApp();
  demoToken = (await signIn(1001, 'learner', 'Study@2026')).token;
});
afterAll(() => t.close());

type Item = { status: number; body: Envelope };

/** One batch; the batch itself must succeed. */
async function batch(requests: Array<string | { method?: string; url: string }>, headers: Record<string, string> = {}, remoteAddress?: string): Promise<Item[]> {
  const res = await t.app.inject({
    method: 'POST', url: BATCH_PATH, headers, ...(remoteAddress ? { remoteAddress } : {}),
    payload: { requests: requests.map((r) => (typeof r === 'string' ? { url: r } : r)) },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Envelope;
  expect(body, body.message).toMatchObject({ success: true, flag: 0 });
  return body.data as Item[];
}

/** The same call made directly. */
async function direct(url: string, headers: Record<string, string> = {}, remoteAddress?: string): Promise<Item> {
  const res = await t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  return { status: res.statusCode, body: res.json() as Envelope };
}

describe('batched GETs', () => {
  it('answer two public calls of different services as the direct calls do, in order', async () => {
    const urls = ['/cm/api/course/search?tenantId=1001&pageSize=3', '/um/api/tenant/get?tenantId=1001'];
    const items = await batch(urls);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual(await direct(urls[0]!));
    expect(items[1]).toEqual(await direct(urls[1]!));
    expect(items[0]!.body.data.list.length).toBeGreaterThan(0);
    expect(items[1]!.body.data.id).toBe(1001);
  });

  it('give a signed-in-only call without a token its own 401 envelope while the others succeed', async () => {
    const signedIn = '/um/api/message/getUserUnReadCount?tenantId=1001';
    const [guest, pub] = await batch([signedIn, '/um/api/tenant/get?tenantId=1001']);
    expect(guest).toEqual(await direct(signedIn));
    expect(guest!.body).toMatchObject({ success: false, flag: 401, code: 401 });
    expect(pub!.body).toMatchObject({ success: true, flag: 0 });
    // With the token on the batch, the same item succeeds as it does directly.
    const [learner] = await batch([signedIn], { token: demoToken });
    expect(learner).toEqual(await direct(signedIn, { token: demoToken }));
    expect(learner!.body).toMatchObject({ success: true, flag: 0 });
  });

  it('refuse a token of tenant A used with tenant B in an item as it is refused directly', async () => {
    const acmeCall = '/um/api/message/getUserUnReadCount?tenantId=1002';
    const direct1002 = await direct(acmeCall, { token: demoToken });
    expect(direct1002.body.success).toBe(false);
    // The same token in the same batch still works for its own tenant.
    const [item, own] = await batch([acmeCall, '/um/api/message/getUserUnReadCount?tenantId=1001'], { token: demoToken });
    expect(item).toEqual(direct1002);
    expect(own!.body).toMatchObject({ success: true, flag: 0 });
  });

  it('answer an unknown route, a non-GET, an absolute URL, a non-API path and the batch itself per item', async () => {
    const items = await batch([
      '/cm/api/no/such/call?tenantId=1001',
      { method: 'POST', url: '/um/api/user/logout' },
      'http://evil.example/cm/api/course/search?tenantId=1001',
      '//evil.example/cm/api/course/search',
      '/metrics',
      BATCH_PATH,
      '/cfg/api/x/../batch',
      '/um/api/tenant/get?tenantId=1001',
    ]);
    expect(items[0]).toEqual(await direct('/cm/api/no/such/call?tenantId=1001'));
    expect(items[0]).toMatchObject({ status: 404, body: { errorCode: 'NOT_FOUND' } });
    const refusals = items.slice(1, 7);
    for (const item of refusals) expect(item).toMatchObject({ status: 200, body: { success: false, code: 400, flag: -1, errorCode: 'BATCH_ITEM_REFUSED' } });
    expect(refusals.map((i) => i.body.message)).toEqual([
      'Only GET calls can be batched; send POST /um/api/user/logout on its own.',
      expect.stringContaining('relative URL'),
      expect.stringContaining('relative URL'),
      expect.stringContaining('/metrics is not a call of this API'),
      'A batch cannot contain another batch.',
      'A batch cannot contain another batch.',
    ]);
    expect(items[7]!.body).toMatchObject({ success: true });
  });

  it('refuse more than the limit, an empty list and a body without requests as a whole, with a clear message', async () => {
    const post = async (payload: object) => (await t.app.inject({ method: 'POST', url: BATCH_PATH, payload })).json() as Envelope;
    const tooMany = await post({ requests: Array.from({ length: BATCH_MAX_ITEMS + 1 }, () => ({ url: '/um/api/tenant/get?tenantId=1001' })) });
    expect(tooMany).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION' });
    expect(tooMany.message).toContain(String(BATCH_MAX_ITEMS));
    expect(await post({ requests: [] })).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION' });
    expect(await post({})).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION' });
    const get = await t.app.inject({ method: 'GET', url: `${BATCH_PATH}?tenantId=1001` });
    expect(get.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('count items against the caller address rate limits as direct calls', async () => {
    // The captcha draw allows 30 per minute per address (sm captcha-routes.ts), in windows that
    // start on the minute: the 31 calls must fall in one.
    // The route reads the clock at each call, so the held clock reaches it.
    holdClockInOneWindow(60_000);
    const draw = '/sm/api/sysCode/getSlideCaptcha?tenantId=1001';
    // An address of its own per try: a retry must not inherit the first try's count.
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const first = await batch(Array.from({ length: 24 }, () => draw), {}, address);
    expect(first.every((i) => i.body.success)).toBe(true);
    // Direct calls from the same address have 6 left.
    const second: Item[] = [];
    for (let i = 0; i < 7; i += 1) second.push(await direct(draw, {}, address));
    expect(second.filter((i) => i.body.success)).toHaveLength(6);
    expect(second[6]!.body).toMatchObject({ code: 429, errorCode: 'RATE_LIMITED' });
    // The limit is the caller's: another address still draws.
    expect((await direct(draw, {}, '10.8.0.1')).body.success).toBe(true);
    // All 31 were counted in the held window, not the real one.
    const rows = await t.db.owner.selectFrom('rate_window').select(['window_start', 'count'])
      .where('bucket', '=', `captcha-draw:${address}`).execute();
    expect(rows.map((r) => ({ start: new Date(r.window_start).getTime(), count: r.count }))).toEqual([{ start: Math.floor(Date.now() / 60_000) * 60_000, count: 31 }]);
  });
});
