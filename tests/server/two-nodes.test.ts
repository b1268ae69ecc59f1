// Two API nodes on one database (DESIGN "Beyond one machine": API nodes are stateless). Node A is
// the harness's app; node B is a second buildApp with its own connection pool on the same
// database, as a second process behind a load balancer would be. Calls alternate between them.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, withTenant, type Database } from '../../server/db/database';
import { clientPasswordDigest } from '../../server/lib/password';
import { CAPTCHA_PER_MINUTE } from '../../server/modules/sm/captcha-routes';
import { ssoAppSecret, ssoSignature } from '../../server/modules/um/sso';
import type { Envelope } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002; // asks for the slider captcha before an account sign-in

let t: TestApp;
let dbB: Database;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  a = t.app;
  dbB = await openDatabase({ ownerUrl: t.databaseUrl, appPassword: inject('pgAppPassword'), poolSize: 3 });
  b = await buildApp({ db: dbB, uploadDir: await mkdtemp(join(tmpdir(), 'uploads-b-')) });
  await b.ready();
  await withTenant(t.db.owner, DEMO, (trx) => trx.insertInto('tenant_config')
    .values({ tenant_id: DEMO, store_id: 0, param_group: 'Security', param_key: 'ssoApps', param_value: JSON.stringify(['hr-portal']), param_value_type: 2 })
    .onConflict((oc) => oc.columns(['tenant_id', 'store_id', 'param_group', 'param_key']).doUpdateSet({ param_value: JSON.stringify(['hr-portal']) }))
    .execute());
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
  await t?.close();
});

async function call(node: FastifyInstance, method: 'GET' | 'POST', url: string, body?: object): Promise<Envelope> {
  const res = await node.inject({ method, url, ...(body ? { payload: body } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

/** Draws a puzzle on a node; the answer is read from the shared row (a test may, a browser cannot). */
async function drawOn(node: FastifyInstance, tenantId: number) {
  const body = await call(node, 'GET', `/sm/api/sysCode/getSlideCaptcha?tenantId=${tenantId}`);
  expect(body.success, body.message).toBe(true);
  const uuid = /(?:^|;)uuid=([^;]+);/.exec(body.data as string)![1]!;
  const row = await t.db.owner.selectFrom('captcha_puzzle').select('answer').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return { uuid, answer: row.answer! };
}

const check = (node: FastifyInstance, tenantId: number, uuid: string, length: number) =>
  call(node, 'GET', `/sm/api/sysCode/checkSlideCaptcha?tenantId=${tenantId}&uuid=${uuid}&length=${length}`);

const login = (node: FastifyInstance, password: string, captchaUuid?: string) =>
  call(node, 'POST', '/um/api/user/loginByAccount', { tenantId: ACME, account: 'learner', password: clientPasswordDigest(password), ...(captchaUuid ? { captchaUuid } : {}) });

describe('two API nodes on one database', () => {
  it('a captcha drawn on node A verifies on node B, and its pass signs in once on either', async () => {
    const { uuid, answer } = await drawOn(a, ACME);
    expect((await check(b, ACME, uuid, answer)).data).toBe(true);
    expect((await check(a, ACME, uuid, answer)).data).toBe(false); // single use, across nodes too
    expect(await login(a, 'Study@2026', uuid)).toMatchObject({ success: true });
    expect(await login(b, 'Study@2026', uuid)).toMatchObject({ success: false, errorCode: 'CAPTCHA_REQUIRED' });
  });

  it('an SSO uuid used on node A is refused on node B, and a tokenid from A is exchanged on B once', async () => {
    const secret = (await a.tenantSecrets.get(DEMO))!;
    const sign = () => {
      const f = { appId: 'hr-portal', uuid: `u-${randomBytes(8).toString('hex')}`, uname: 'learner', ts: Math.floor(Date.now() / 1000) };
      return { tenantId: DEMO, ...f, sg: ssoSignature(ssoAppSecret(secret, f.appId), f) };
    };
    const request = sign();
    expect(await call(a, 'POST', '/um/api/user/ssoLogin', request)).toMatchObject({ success: true });
    expect(await call(b, 'POST', '/um/api/user/ssoLogin', request)).toMatchObject({ success: false, errorCode: 'SSO_REPLAYED' });

    const issued = await call(a, 'POST', '/um/api/user/issueTokenId', sign());
    expect(issued.success, issued.message).toBe(true);
    const exchange = (node: FastifyInstance) => call(node, 'POST', '/um/api/user/exchangeToken', { tenantId: DEMO, tokenid: issued.data.tokenid });
    expect(await exchange(b)).toMatchObject({ success: true, data: { userInfo: { username: 'learner' } } });
    expect(await exchange(a)).toMatchObject({ success: false, errorCode: 'TOKENID_INVALID' });
  });

  it('the login limit counts failures on both nodes: 5 in 10 minutes lock the account on each', async () => {
    for (const node of [a, b, a, b, a]) {
      const { uuid, answer } = await drawOn(node, ACME);
      expect((await check(node === a ? b : a, ACME, uuid, answer)).data).toBe(true);
      expect((await login(node, 'wrong-password', uuid)).success).toBe(false);
    }
    for (const node of [b, a]) {
      const { uuid, answer } = await drawOn(node, ACME);
      expect((await check(node, ACME, uuid, answer)).data).toBe(true);
      const locked = await login(node, 'Study@2026', uuid);
      expect(locked.success).toBe(false);
      expect(locked.errorCode).toMatch(/LOCK|LIMIT/);
    }
  });

  it('the captcha draw limit of an address counts on both nodes', { timeout: 40_000 }, async () => {
    // The limit is a fixed window per minute: start well inside one, so the count is not reset midway.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    let refused: Envelope | undefined;
    for (let i = 0; i <= CAPTCHA_PER_MINUTE * 2 && !refused; i++) {
      const body = await call(i % 2 ? b : a, 'GET', `/sm/api/sysCode/getSlideCaptcha?tenantId=${DEMO}`);
      if (!body.success) refused = { ...body, data: i };
    }
    expect(refused).toMatchObject({ errorCode: 'RATE_LIMITED' });
    // Each node alone drew about half: only a shared count can have reached the limit.
    expect(refused!.data).toBe(CAPTCHA_PER_MINUTE);
  });
});
