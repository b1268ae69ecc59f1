// Issue 21 part A: the provider settings calls (docs/api.md "AI provider"; rules in docs/ai.md A).
// The back office saves, reads and tests a tenant's OpenAI-compatible provider against the fake;
// the key is sealed in the database and never answered; guests, learners and another tenant's
// admin are refused; capabilities say what works and what to configure; providerFor follows saves.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { providerFor } from '../../server/lib/ai/provider';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai';

let t: TestApp;
let fake: FakeOpenAI;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
const DEMO = 1001;
const KEY = 'sk-tenant-secret-key-9876';
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let demoAdmin: { id: number; token: string };
const saved: Record<string, string | undefined> = {};

const form = (over: Record<string, unknown> = {}) => ({
  tenantId: AI, enabled: true, baseUrl: fake.url, apiKey: KEY, chatModel: 'fake-chat', imageModel: 'fake-image',
  embeddingModel: 'fake-embed', ttsModel: '', timeoutMs: 5_000, maxTokens: 512, ...over,
});
const collect = async (it: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of it) text += piece;
  return text;
};

beforeAll(async () => {
  // The fake listens on 127.0.0.1, which tenants may only reach when the operator allows it.
  for (const name of ['AI_ALLOW_PRIVATE_HOSTS', 'AI_SECRET_KEY', 'AI_API_BASE']) saved[name] = process.env[name];
  process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
  process.env.AI_SECRET_KEY = randomBytes(32).toString('base64');
  delete process.env.AI_API_BASE;
  fake = await startFakeOpenAI({ reply: '连接成功', requireKey: KEY });
  t = await createTestApp();
  admin = await signIn(AI, 'admin', 'Admin@2026');
  learner = await signIn(AI, 'learner', 'Study@2026');
  demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
});
afterAll(async () => {
  await t.close();
  await fake.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('before any settings', () => {
  it('answers the offline default and an empty form', async () => {
    const s = await data('GET', `/cm/api/ai/provider/get?tenantId=${AI}`, admin.token);
    expect(s).toMatchObject({ enabled: false, baseUrl: '', keySet: false, keyHint: '', timeoutMs: 30_000, maxTokens: 1024, updatedAt: null, active: { source: 'offline', problem: null }, deploymentDefault: false });
    const caps = await data('GET', `/cm/api/ai/capabilities?tenantId=${AI}`, undefined);
    expect(caps).toMatchObject({ kind: 'offline', source: 'offline', chat: { streaming: true, model: false }, images: false, embeddings: false, tts: false });
    expect(caps.needs.images).toBe('图片生成需要管理员在「AI 服务设置」中配置图片模型。');
    const en = await data('GET', `/cm/api/ai/capabilities?tenantId=${AI}&lang=en`, undefined);
    expect(JSON.stringify(en.needs)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('save and get', () => {
  it('saves, seals the key and never answers it', async () => {
    const res = await call('POST', '/cm/api/ai/provider/save', admin.token, form());
    expect(res.success, res.message).toBe(true);
    expect(JSON.stringify(res)).not.toContain(KEY);
    expect(res.data).toMatchObject({ enabled: true, baseUrl: fake.url, keySet: true, keyHint: '9876', chatModel: 'fake-chat', active: { source: 'tenant' } });
    const row = await t.db.owner.selectFrom('ai_provider').selectAll().where('tenant_id', '=', AI).executeTakeFirstOrThrow();
    expect(row.api_key_sealed).toMatch(/^v1\./);
    expect(row.api_key_sealed).not.toContain(KEY);
    const got = await call('GET', `/cm/api/ai/provider/get?tenantId=${AI}`, admin.token);
    expect(JSON.stringify(got)).not.toContain(KEY);
  });

  it('keeps the saved key when the key field is empty, and removes it on clearKey', async () => {
    const before = (await t.db.owner.selectFrom('ai_provider').select('api_key_sealed').where('tenant_id', '=', AI).executeTakeFirstOrThrow()).api_key_sealed;
    await data('POST', '/cm/api/ai/provider/save', admin.token, form({ apiKey: '', maxTokens: 600 }));
    const after = await t.db.owner.selectFrom('ai_provider').select(['api_key_sealed', 'max_tokens']).where('tenant_id', '=', AI).executeTakeFirstOrThrow();
    expect(after).toEqual({ api_key_sealed: before, max_tokens: 600 });
    const cleared = await data('POST', '/cm/api/ai/provider/save', admin.token, form({ apiKey: '', clearKey: true, enabled: false }));
    expect(cleared).toMatchObject({ keySet: false, keyHint: '' });
    await data('POST', '/cm/api/ai/provider/save', admin.token, form());
  });

  it('refuses a form that cannot work, in words', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ baseUrl: '' }, /服务地址/],
      [{ chatModel: '' }, /对话模型/],
      [{ baseUrl: 'ftp://example.com/v1' }, /http/],
      [{ baseUrl: 'https://user:pw@example.com/v1' }, /用户名或密码/],
      [{ apiKey: 'sk with space' }, /空格/],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/cm/api/ai/provider/save', admin.token, form(over));
      expect(res, JSON.stringify(over)).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_INVALID' });
      expect(res.message).toMatch(message);
    }
    const bad = await call('POST', '/cm/api/ai/provider/save', admin.token, form({ chatModel: 'gpt 4; drop' }));
    expect(bad.success).toBe(false);
    const en = await call('POST', '/cm/api/ai/provider/save', admin.token, { ...form({ baseUrl: '' }), lang: 'en' });
    expect(en.message).toMatch(/service address/);
  });

  it('refuses internal addresses unless the operator allows them', async () => {
    process.env.AI_ALLOW_PRIVATE_HOSTS = '';
    try {
      for (const baseUrl of ['http://127.0.0.1:9/v1', 'http://169.254.169.254/v1', 'http://localhost:8080/v1', 'http://10.0.0.5/v1']) {
        const res = await call('POST', '/cm/api/ai/provider/save', admin.token, form({ baseUrl }));
        expect(res, baseUrl).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_INVALID' });
        expect(res.message).toMatch(/内部网络/);
      }
    } finally {
      process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
    }
  });
});

describe('refusals', () => {
  it('refuses guests, learners and another tenant\'s admin', async () => {
    for (const [method, url, body] of [
      ['GET', `/cm/api/ai/provider/get?tenantId=${AI}`, undefined],
      ['POST', '/cm/api/ai/provider/save', form()],
      ['POST', '/cm/api/ai/provider/test', form()],
    ] as const) {
      const guest = await call(method, url, undefined, body);
      expect(guest, `${url} guest`).toMatchObject({ success: false, flag: 401 });
      const asLearner = await call(method, url, learner.token, body);
      expect(asLearner, `${url} learner`).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
      const other = await call(method, url, demoAdmin.token, body);
      expect(other, `${url} other tenant`).toMatchObject({ success: false, flag: 401 });
      expect(JSON.stringify([guest, asLearner, other])).not.toContain(KEY);
    }
    expect(fake.requests.filter((r) => r.path === '/chat/completions')).toHaveLength(0);
  });

  it('keeps tenants apart: demo still sees its own offline default', async () => {
    const s = await data('GET', `/cm/api/ai/provider/get?tenantId=${DEMO}`, demoAdmin.token);
    expect(s).toMatchObject({ enabled: false, baseUrl: '', keySet: false, active: { source: 'offline' } });
    expect(await t.db.app.selectFrom('ai_provider').selectAll().execute()).toEqual([]);
    expect(await withTenant(t.db.app, DEMO, (trx) => trx.selectFrom('ai_provider').selectAll().execute())).toEqual([]);
    const caps = await data('GET', `/cm/api/ai/capabilities?tenantId=${DEMO}`, undefined);
    expect(caps.kind).toBe('offline');
  });
});

describe('providerFor and capabilities follow the settings', () => {
  it('streams through the tenant\'s provider with its key and model', async () => {
    fake.requests.length = 0;
    const provider = await withTenant(t.db.app, AI, (trx) => providerFor(trx, AI));
    expect(provider.kind).toBe('openai');
    expect(await collect(provider.chat({ messages: [{ role: 'user', content: 'hi' }], task: { kind: 'answer' }, material: [], lang: 'zh' }))).toBe('连接成功');
    expect(fake.requests[0]).toMatchObject({ path: '/chat/completions', body: { model: 'fake-chat', stream: true } });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    const caps = await data('GET', `/cm/api/ai/capabilities?tenantId=${AI}`, learner.token);
    expect(caps).toMatchObject({ kind: 'openai', source: 'tenant', chat: { model: true }, images: true, embeddings: true, tts: false, needs: { chat: null, images: null, embeddings: null } });
    expect(JSON.stringify(caps)).not.toContain(fake.url);
  });

  it('goes back to offline at once when disabled', async () => {
    await data('POST', '/cm/api/ai/provider/save', admin.token, form({ enabled: false, apiKey: '' }));
    expect((await withTenant(t.db.app, AI, (trx) => providerFor(trx, AI))).kind).toBe('offline');
    await data('POST', '/cm/api/ai/provider/save', admin.token, form({ apiKey: '' }));
    expect((await withTenant(t.db.app, AI, (trx) => providerFor(trx, AI))).kind).toBe('openai');
  });

  it('says so when the key was sealed under another AI_SECRET_KEY, and falls back', async () => {
    const kek = process.env.AI_SECRET_KEY;
    process.env.AI_SECRET_KEY = randomBytes(32).toString('hex');
    try {
      const s = await data('GET', `/cm/api/ai/provider/get?tenantId=${AI}`, admin.token);
      expect(s.active).toMatchObject({ source: 'offline' });
      expect(s.active.problem).toMatch(/AI_SECRET_KEY/);
      expect(s.active.problem).toMatch(/重新填写/);
    } finally {
      process.env.AI_SECRET_KEY = kek;
    }
  });
});

describe('test the settings', () => {
  it('reports each step that worked, with the saved key when the field is empty', async () => {
    const result = await data('POST', '/cm/api/ai/provider/test', admin.token, form({ apiKey: '' }));
    expect(result.ok).toBe(true);
    expect(result.checks.map((c: { step: string }) => c.step)).toEqual(['address', 'models', 'chat', 'embeddings']);
    expect(result.checks[2].message).toMatch(/fake-chat.*连接成功/);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('says what failed: a wrong key, a missing model, a provider down', async () => {
    const wrong = await data('POST', '/cm/api/ai/provider/test', admin.token, form({ apiKey: 'sk-wrong-key-000000' }));
    expect(wrong.ok).toBe(false);
    expect(wrong.checks.find((c: { step: string }) => c.step === 'chat').message).toMatch(/密钥/);
    expect(JSON.stringify(wrong)).not.toContain('sk-wrong-key');
    const missing = await data('POST', '/cm/api/ai/provider/test', admin.token, form({ apiKey: '', chatModel: 'no-such-model' }));
    expect(missing.checks.find((c: { step: string }) => c.step === 'models')).toMatchObject({ ok: false });
    expect(missing.checks.find((c: { step: string }) => c.step === 'models').message).toContain('no-such-model');
    fake.setReply({ failure: 'status-500' });
    try {
      const down = await data('POST', '/cm/api/ai/provider/test', admin.token, { ...form({ apiKey: '' }), lang: 'en' });
      expect(down.ok).toBe(false);
      expect(down.checks.find((c: { step: string }) => c.step === 'chat').message).toMatch(/HTTP 500/);
      expect(JSON.stringify(down)).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      fake.setReply({ failure: 'none' });
    }
  });

  it('answers an address problem without calling anything', async () => {
    const none = await data('POST', '/cm/api/ai/provider/test', admin.token, form({ baseUrl: '' }));
    expect(none).toMatchObject({ ok: false, checks: [{ step: 'address', ok: false }] });
  });
});

describe('a key-encryption key that cannot be used', () => {
  it('falls back and says why instead of failing the AI area', async () => {
    const kek = process.env.AI_SECRET_KEY;
    process.env.AI_SECRET_KEY = 'not-a-valid-key';
    try {
      const provider = await withTenant(t.db.app, AI, (trx) => providerFor(trx, AI));
      expect(provider.kind).toBe('offline');
      const s = await data('GET', `/cm/api/ai/provider/get?tenantId=${AI}&lang=en`, admin.token);
      expect(s.active.problem).toMatch(/AI_SECRET_KEY/);
      const saved = await call('POST', '/cm/api/ai/provider/save', admin.token, form({ apiKey: 'sk-another-key-5555' }));
      expect(saved).toMatchObject({ success: false, errorCode: 'AI_SECRET_KEY_INVALID' });
    } finally {
      process.env.AI_SECRET_KEY = kek;
    }
  });
});
