// Issue 21: the AI calls the content-isolation coverage counts as tested elsewhere, where their
// own files checked only guests: the credit packages list only the tenant's own products, and a
// token of another tenant is refused by the speech, streamed writing and provider calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
const DEMO = 1001;
let demoLearner: { id: number; token: string };
let demoAdmin: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  demoLearner = await signIn(DEMO, 'learner', 'Study@2026');
  demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
});
afterAll(() => t.close());

describe('AI calls across tenants', () => {
  it('lists only the tenant\'s own credit packages', async () => {
    const ai = await data('GET', `/cm/api/ai/credits/packages?tenantId=${AI}`, undefined) as { prodId: number }[];
    expect(ai.length).toBe(3);
    const demo = await data('GET', `/cm/api/ai/credits/packages?tenantId=${DEMO}`, demoLearner.token) as { prodId: number }[];
    const aiIds = new Set(ai.map((p) => p.prodId));
    expect(demo.filter((p) => aiIds.has(p.prodId))).toEqual([]);
  });

  it('refuses another tenant\'s token on speech, streamed writing and the provider calls', async () => {
    const speech = await call('POST', '/cm/api/ai/speech', demoLearner.token, { tenantId: AI, text: '你好' });
    expect(speech, 'speech').toMatchObject({ success: false, flag: 401 });
    const res = await t.app.inject({ method: 'POST', url: '/cm/api/ai/writing/stream', headers: { token: demoLearner.token }, payload: { tenantId: AI, tool: 'outline', sourceKind: 'text', text: '第一章 学习方法。认真预习，课后复习，按时完成练习，整理错题。' } });
    expect(res.json(), 'writing/stream').toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', `/cm/api/ai/provider/get?tenantId=${AI}`, demoAdmin.token), 'provider/get').toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', '/cm/api/ai/provider/test', demoAdmin.token, { tenantId: AI, enabled: true, baseUrl: 'https://api.example.com/v1', chatModel: 'm', imageModel: '', embeddingModel: '', ttsModel: '', timeoutMs: 20_000, maxTokens: 1024 }), 'provider/test').toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', `/cm/api/ai/credits/accounts?tenantId=${AI}`, demoAdmin.token), 'credits/accounts').toMatchObject({ success: false, flag: 401 });
  });
});
