// Issue 21 part E against part A's fake OpenAI-compatible server (tests/support/fake-openai.ts) on
// 127.0.0.1, configured as the ai tenant's provider through the back office: drawing sends the
// prompt to /images/generations, stores the PNG it answers, serves it, charges per picture and
// refunds on a 500; the writing help streams the model's answer, and falls back to the offline
// result with the charge given back when the provider fails.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_HELP_BODIES } from '../../server/demo/seed-help-ai';
import { htmlToLines } from '../../server/modules/cm/robot-retrieval';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let fake: FakeOpenAI;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
const KEY = 'sk-part-e-fake-key-1234';
let learner: { id: number; token: string };
const saved: Record<string, string | undefined> = {};
const HELP = Object.entries(AI_HELP_BODIES).map(([title, html]) => [title, ...htmlToLines(html)].join('\n')).join('\n');

const balance = async () => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
  .where('tenant_id', '=', AI).where('user_id', '=', learner.id).executeTakeFirst())?.balance ?? NaN);

beforeAll(async () => {
  for (const name of ['AI_ALLOW_PRIVATE_HOSTS', 'AI_SECRET_KEY', 'AI_API_BASE']) saved[name] = process.env[name];
  process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
  process.env.AI_SECRET_KEY = randomBytes(32).toString('base64');
  delete process.env.AI_API_BASE;
  fake = await startFakeOpenAI({ reply: '1. 提问方法\n   1.1 一次问一件事。', requireKey: KEY });
  t = await createTestApp();
  const admin = await signIn(AI, 'admin', 'Admin@2026');
  learner = await signIn(AI, 'learner', 'Study@2026');
  await data('POST', '/cm/api/ai/provider/save', admin.token, {
    tenantId: AI, enabled: true, baseUrl: fake.url, apiKey: KEY, chatModel: 'fake-chat', imageModel: 'fake-image',
    embeddingModel: '', ttsModel: '', timeoutMs: 5_000, maxTokens: 512,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('drawing through the fake provider', () => {
  it('says images work, draws, stores and serves the PNG, and charges per picture', async () => {
    const options = await data('GET', `/cm/api/ai/image/options?tenantId=${AI}`, learner.token);
    expect(options).toMatchObject({ images: true, message: null });
    const before = await balance();
    const res = await data('POST', '/cm/api/ai/image/generate', learner.token, { tenantId: AI, prompt: '黑板上的勾股定理示意图', size: '1024x1024', count: 2 });
    expect(res.images).toHaveLength(2);
    expect(res.cost).toBe(2 * options.price);
    expect(await balance()).toBe(before - 2 * options.price);
    const sent = fake.requests.filter((r) => r.path.endsWith('/images/generations'));
    expect(sent.at(-1)!.body).toMatchObject({ model: 'fake-image', size: '1024x1024', n: 2 });
    expect(String(sent.at(-1)!.body!.prompt)).toContain('黑板上的勾股定理示意图');
    const served = await t.app.inject({ method: 'GET', url: res.images[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const mine = await data('GET', `/cm/api/ai/image/mine?tenantId=${AI}`, learner.token);
    expect(mine.list.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining(res.images.map((i: { id: number }) => i.id)));
    expect(await data('POST', '/cm/api/ai/image/delete', learner.token, { tenantId: AI, id: res.images[0].id })).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: res.images[0].url })).statusCode).toBe(404);
  });

  it('refunds the charge when the provider answers 500', async () => {
    fake.setReply({ failure: 'status-500' });
    try {
      const before = await balance();
      const res = await call('POST', '/cm/api/ai/image/generate', learner.token, { tenantId: AI, prompt: '一棵树', size: '512x512', count: 1 });
      expect(res).toMatchObject({ success: false, errorCode: 'AI_PROVIDER_FAILED' });
      expect(res.message).toContain('已退回');
      expect(await balance()).toBe(before);
    } finally {
      fake.setReply({ failure: 'none' });
    }
  });
});

describe('writing through the fake provider', () => {
  it('streams the model\'s answer into the run and charges it', async () => {
    const before = await balance();
    const res = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'rewrite', tone: 'plain', sourceKind: 'text', text: HELP });
    expect(res.run).toMatchObject({ engine: 'openai', output: '1. 提问方法\n   1.1 一次问一件事。', note: null });
    expect(res.cost).toBeGreaterThan(0);
    expect(await balance()).toBe(before - res.cost);
    const chat = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
    expect(JSON.stringify(chat.body!.messages)).toContain('通俗易懂');
  });

  it('falls back to the offline result and gives the charge back when the provider fails', async () => {
    fake.setReply({ failure: 'status-500' });
    try {
      const before = await balance();
      const res = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'summary', sourceKind: 'text', text: HELP });
      expect(res.run).toMatchObject({ engine: 'offline' });
      expect(res.run.note).toContain('AI 服务暂时不可用');
      expect(res.cost).toBe(0);
      expect(await balance()).toBe(before);
      expect(res.balance).toBe(before);
    } finally {
      fake.setReply({ failure: 'none' });
    }
  });

  it('streams the run as server-sent events: start with the charge, the pieces, then the kept run', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/cm/api/ai/writing/stream', headers: { token: learner.token },
      payload: { tenantId: AI, tool: 'outline', sourceKind: 'text', text: HELP },
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body.split('\n\n').filter((b) => b.startsWith('event:')).map((b) => ({
      event: /^event: (.*)$/m.exec(b)![1], data: JSON.parse(b.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n')),
    }));
    expect(events[0]).toMatchObject({ event: 'start', data: { cost: expect.any(Number), balance: expect.any(Number) } });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas.map((d) => d.data.text).join('')).toBe(done.data.run.output);
    expect(done.data.run).toMatchObject({ engine: 'openai', tool: 'outline' });
  });

  it('a stream refused before it opens answers the usual envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/cm/api/ai/writing/stream', payload: { tenantId: AI, tool: 'outline', sourceKind: 'text', text: HELP } });
    expect(res.json()).toMatchObject({ success: false, flag: 401 });
  });
});
