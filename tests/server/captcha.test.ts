// The slider captcha calls (spec shell §7 "Captcha", §5, §9). The routes are registered here under
// prefixes, each with its own store or limits, so the test runs whether or not app.ts has them too.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaRoutes } from '../../server/modules/sm/captcha-routes';
import { consumeVerifiedCaptcha, DbCaptchaStore } from '../../server/lib/captcha-store';
import { createTestApp, getJson, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;

let clock = Date.now();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      const clockStore = new DbCaptchaStore(app.db.app, { now: () => clock });
      void app.register(captchaRoutes, { prefix: '/clock', store: clockStore, perMinute: 1000, limitBucket: 'clock' });
      void app.register(captchaRoutes, { prefix: '/shared', perMinute: 1000, limitBucket: 'shared' });
      void app.register(captchaRoutes, { prefix: '/limited', perMinute: 2, limitBucket: 'limited' });
    },
  });
});

/** The answer the browser never sees, read from the puzzle's row (the test knows it; a client cannot). */
async function answerOf(uuid: string): Promise<number> {
  const row = await t.db.owner.selectFrom('captcha_puzzle').select('answer').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return row.answer!;
}
afterAll(() => t.close());

/** Parses the `key=value;` string of the spec (values URI-encoded). */
function parse(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(';')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    out[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
  }
  return out;
}

/** Width, height and colour type from a data URI's IHDR, after checking the signature and IDAT. */
function pngOf(dataUri: string) {
  expect(dataUri.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUri.slice('data:image/png;base64,'.length), 'base64');
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  const idatAt = png.indexOf('IDAT');
  const idat = png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colourType: png[25], inflated: inflateSync(idat).length };
}

async function newPuzzle(prefix: string, tenantId = DEMO) {
  const { body } = await getJson(t.app, `${prefix}/sm/api/sysCode/getSlideCaptcha?tenantId=${tenantId}`);
  expect(body.success, body.message).toBe(true);
  const fields = parse(body.data as string);
  return { fields, uuid: fields.uuid!, answer: await answerOf(fields.uuid!) };
}

const check = (prefix: string, uuid: string, length: number, tenantId = DEMO) =>
  getJson(t.app, `${prefix}/sm/api/sysCode/checkSlideCaptcha?tenantId=${tenantId}&uuid=${encodeURIComponent(uuid)}&length=${length}`);

describe('getSlideCaptcha', () => {
  it('answers the key=value; string of the spec with every key', async () => {
    const { body } = await getJson(t.app, '/clock/sm/api/sysCode/getSlideCaptcha?tenantId=1001');
    expect(typeof body.data).toBe('string');
    expect(body.data).toMatch(/^(?:[A-Za-z]+=[^;=]*;)+$/);
    const fields = parse(body.data);
    expect(Object.keys(fields).sort()).toEqual(['L', 'accuracy', 'bg', 'block', 'h', 'l', 'length', 'r', 'uuid', 'w', 'y'].sort());
    expect(fields).toMatchObject({ w: '310', h: '155', l: '42', r: '10', L: '65', length: '245', accuracy: '5' });
    expect(fields.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const y = Number(fields.y);
    expect(y).toBeGreaterThanOrEqual(30);
    expect(y).toBeLessThanOrEqual(80);
  });

  it('draws a 310×155 background and a 65×155 piece with alpha, both decodable PNG', async () => {
    const { fields, answer } = await newPuzzle('/clock');
    expect(pngOf(fields.bg!)).toMatchObject({ width: 310, height: 155, colourType: 2, inflated: (310 * 3 + 1) * 155 });
    expect(pngOf(fields.block!)).toMatchObject({ width: 65, height: 155, colourType: 6, inflated: (65 * 4 + 1) * 155 });
    // The gap's left edge x lies in [L + 10, w − L − 10]; the answer is x − 3 (the piece image's padding).
    expect(answer + 3).toBeGreaterThanOrEqual(75);
    expect(answer + 3).toBeLessThanOrEqual(235);
  });

  it('reads the tenant\'s captchaAccuracy from PcLoginConfig.loginConfig, clamped to 1–10', async () => {
    await t.db.owner.updateTable('tenant_config')
      .set({ param_value: JSON.stringify({ loginTypes: ['account'], slideCaptcha: true, captchaAccuracy: 40 }) })
      .where('tenant_id', '=', ACME).where('param_group', '=', 'PcLoginConfig').where('param_key', '=', 'loginConfig').execute();
    const { fields, uuid, answer } = await newPuzzle('/clock', ACME);
    expect(fields.accuracy).toBe('10');
    expect((await check('/clock', uuid, answer - 10, ACME)).body.data).toBe(true);
    const next = await newPuzzle('/clock', ACME);
    expect((await check('/clock', next.uuid, next.answer + 11, ACME)).body.data).toBe(false);
  });

  it('refuses an unknown tenant', async () => {
    const { body } = await getJson(t.app, '/clock/sm/api/sysCode/getSlideCaptcha?tenantId=999999');
    expect(body).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('limits puzzles per address with a message that says to wait', async () => {
    const url = '/limited/sm/api/sysCode/getSlideCaptcha?tenantId=1001';
    expect((await getJson(t.app, url)).body.success).toBe(true);
    expect((await getJson(t.app, url)).body.success).toBe(true);
    const { status, body } = await getJson(t.app, url);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 429, flag: -1, errorCode: 'RATE_LIMITED' });
    expect(body.message).toMatch(/wait a minute/);
  });
});

describe('checkSlideCaptcha', () => {
  it('passes the exact position', async () => {
    const { uuid, answer } = await newPuzzle('/clock');
    const { body } = await check('/clock', uuid, answer);
    expect(body).toMatchObject({ success: true, flag: 0, data: true });
  });

  it('passes within the accuracy of 5 on either side', async () => {
    for (const delta of [-5, 5, 4.5]) {
      const { uuid, answer } = await newPuzzle('/clock');
      expect((await check('/clock', uuid, answer + delta)).body.data, `delta ${delta}`).toBe(true);
    }
  });

  it('fails one pixel beyond the accuracy, with the spec\'s failure message', async () => {
    for (const delta of [-6, 6]) {
      const { uuid, answer } = await newPuzzle('/clock');
      const { body } = await check('/clock', uuid, answer + delta);
      expect(body, `delta ${delta}`).toMatchObject({ success: true, data: false, message: '验证失败，请重试' });
    }
  });

  it('is single use: a right answer after a wrong one fails, and so does a repeat of a pass', async () => {
    const wrong = await newPuzzle('/clock');
    expect((await check('/clock', wrong.uuid, wrong.answer + 30)).body.data).toBe(false);
    expect((await check('/clock', wrong.uuid, wrong.answer)).body.data).toBe(false);
    const right = await newPuzzle('/clock');
    expect((await check('/clock', right.uuid, right.answer)).body.data).toBe(true);
    expect((await check('/clock', right.uuid, right.answer)).body.data).toBe(false);
  });

  it('expires an unanswered puzzle after 2 minutes', async () => {
    const early = await newPuzzle('/clock');
    clock += 119_000;
    expect((await check('/clock', early.uuid, early.answer)).body.data).toBe(true);
    const late = await newPuzzle('/clock');
    clock += 120_000;
    expect((await check('/clock', late.uuid, late.answer)).body.data).toBe(false);
  });

  it('binds a puzzle to its tenant: tenant A\'s uuid fails on tenant B (row-level security hides it)', async () => {
    const { uuid, answer } = await newPuzzle('/clock', DEMO);
    expect((await check('/clock', uuid, answer, ACME)).body.data).toBe(false);
    expect((await check('/clock', uuid, answer, ACME)).body.data).toBe(false);
  });

  it('fails an unknown uuid and names a missing length', async () => {
    expect((await check('/clock', 'no-such-uuid', 100)).body.data).toBe(false);
    const { body } = await getJson(t.app, '/clock/sm/api/sysCode/checkSlideCaptcha?tenantId=1001&uuid=x');
    expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(body.message).toMatch(/length/);
  });
});

describe('consumeVerifiedCaptcha (for sign-in)', () => {
  const consume = (tenantId: number, uuid: string) => consumeVerifiedCaptcha(t.app.db.app, tenantId, uuid);

  it('is true once for a passed uuid of the same tenant', async () => {
    const { uuid, answer } = await newPuzzle('/shared');
    expect(await consume(DEMO, uuid)).toBe(false); // not answered yet
    expect((await check('/shared', uuid, answer)).body.data).toBe(true);
    expect(await consume(DEMO, uuid)).toBe(true);
    expect(await consume(DEMO, uuid)).toBe(false);
  });

  it('is false for a failed uuid and for another tenant', async () => {
    const failed = await newPuzzle('/shared');
    expect((await check('/shared', failed.uuid, failed.answer + 20)).body.data).toBe(false);
    expect(await consume(DEMO, failed.uuid)).toBe(false);
    const passed = await newPuzzle('/shared');
    expect((await check('/shared', passed.uuid, passed.answer)).body.data).toBe(true);
    expect(await consume(ACME, passed.uuid)).toBe(false);
  });

  it('forgets a passed uuid after 2 minutes', async () => {
    const store = new DbCaptchaStore(t.app.db.app, { now: () => clock });
    await store.put('u-expiry', { tenantId: DEMO, answer: 100, accuracy: 5 });
    expect((await store.take(DEMO, 'u-expiry'))?.answer).toBe(100);
    await store.markVerified(DEMO, 'u-expiry');
    clock += 120_000;
    expect(await store.consumeVerified(DEMO, 'u-expiry')).toBe(false);
  });

  it('sweeps expired puzzles of the tenant when a new one is drawn', async () => {
    const store = new DbCaptchaStore(t.app.db.app, { now: () => clock });
    await store.put('u-old', { tenantId: DEMO, answer: 1, accuracy: 5 });
    clock += 120_000;
    await store.put('u-new', { tenantId: DEMO, answer: 1, accuracy: 5 });
    const left = await t.db.owner.selectFrom('captcha_puzzle').select('uuid').where('uuid', 'in', ['u-old', 'u-new']).execute();
    expect(left.map((row) => row.uuid)).toEqual(['u-new']);
  });
});
