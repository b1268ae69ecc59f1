// Issue 21 part C (docs/ai.md C): streamed answers over SSE against the offline provider (the `ai`
// tenant) and part A's fake OpenAI-compatible server (demo); stop keeps what was written; a
// failure says why and refunds; retry keeps the earlier answer; feedback and rename only on one's
// own conversations; guests stream but nothing is kept; tenants never see each other's rows.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const AI = 1004;
const DEMO = 1001;
let t: TestApp;
let fake: FakeOpenAI;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let aiAdmin: { id: number; token: string };
let demoLearner: { id: number; token: string };
const saved: Record<string, string | undefined> = {};
let address = 0;

interface Event { event: string; data: any }

/** The events of an SSE body. */
function parseEvents(body: string): Event[] {
  return body.split('\n\n').filter((block) => block.includes('data:')).map((block) => {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
    const json = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
    return { event, data: JSON.parse(json) };
  });
}

/** Calls a streaming route; returns the events, or the envelope when it refused before streaming. */
async function stream(url: string, body: object, token?: string): Promise<{ events: Event[]; envelope: any; type: string }> {
  address += 1;
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: token ? { token } : {}, remoteAddress: `10.1.0.${address}` });
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('text/event-stream')) return { events: parseEvents(res.body), envelope: null, type };
  return { events: [], envelope: res.json(), type };
}

const text = (events: Event[]) => events.filter((e) => e.event === 'delta').map((e) => e.data.text as string).join('');
const one = (events: Event[], name: string) => events.find((e) => e.event === name)?.data;

const balanceOf = async (tenantId: number, userId: number) => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
  .where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst())?.balance ?? NaN);

const answerRow = (id: number) => t.db.owner.selectFrom('robot_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  for (const name of ['AI_ALLOW_PRIVATE_HOSTS', 'AI_SECRET_KEY', 'AI_API_BASE']) saved[name] = process.env[name];
  process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
  process.env.AI_SECRET_KEY = randomBytes(32).toString('base64');
  delete process.env.AI_API_BASE;
  fake = await startFakeOpenAI({ reply: '这是假服务的流式回答，分成很多小块依次到达。', chunkSize: 3 });
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  aiAdmin = await signIn(AI, 'admin', 'Admin@2026');
  demoLearner = await signIn(DEMO, 'learner', 'Study@2026');
  const demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
  // demo answers through the fake provider; ai stays on the offline default.
  await data('POST', '/cm/api/ai/provider/save', demoAdmin.token, {
    tenantId: DEMO, enabled: true, baseUrl: fake.url, apiKey: 'k', chatModel: 'fake-chat', imageModel: '',
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

describe('streaming with the offline provider', () => {
  it('streams meta, pieces, links and done; keeps the exchange, charges one answer, and the saved answer is the streamed text', async () => {
    const before = await balanceOf(AI, learner.id);
    const { events, type } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '对话记录怎么删除' }, learner.token);
    expect(type).toContain('text/event-stream');
    expect(events[0]!.event).toBe('meta');
    const meta = events[0]!.data;
    expect(meta).toMatchObject({ provider: 'offline', version: 1, cost: expect.any(Number), balance: before - meta.cost });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(one(events, 'links').links.length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ event: 'done', data: { state: 'complete', answerId: meta.answerId } });
    const row = await answerRow(meta.answerId);
    expect(row).toMatchObject({ text: text(events), state: 'complete', provider: 'offline' });
    const detail = await data('GET', `/cm/api/robot/detail?tenantId=${AI}&id=${meta.conversationId}`, learner.token);
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[1]).toMatchObject({ state: 'complete', provider: 'offline', previous: [] });
    expect(await balanceOf(AI, learner.id)).toBe(before - meta.cost);
  });

  it('lets a guest ask: the answer streams but is neither kept nor charged', async () => {
    const count = async () => Number((await t.db.owner.selectFrom('robot_conversation').select((e) => e.fn.countAll().as('n')).where('tenant_id', '=', AI).executeTakeFirstOrThrow()).n);
    const before = await count();
    const { events } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '怎么删除对话记录' });
    expect(one(events, 'meta')).toMatchObject({ conversationId: null, answerId: null, cost: null, balance: null });
    expect(text(events).length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
  });

  it('refuses before streaming when credits run out, keeping nothing', async () => {
    // ai gives 3 free answers a day: use them up first.
    for (let i = 0; i < 3; i += 1) await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: `你好 ${i}` }, aiAdmin.token);
    await t.db.owner.insertInto('ai_credit_account').values({ tenant_id: AI, user_id: aiAdmin.id, balance: 0 })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ balance: 0 })).execute();
    const before = (await data('GET', `/cm/api/robot/searchByUser?tenantId=${AI}`, aiAdmin.token)).total;
    const { envelope } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '你好' }, aiAdmin.token);
    expect(envelope).toMatchObject({ success: false, errorCode: 'AI_CREDITS_EXHAUSTED' });
    expect((await data('GET', `/cm/api/robot/searchByUser?tenantId=${AI}`, aiAdmin.token)).total).toBe(before);
  });

  it('records the assistant a conversation starts with, and refuses an unknown one', async () => {
    const help = await t.db.owner.selectFrom('ai_assistant').select('id').where('tenant_id', '=', AI).orderBy('id').executeTakeFirstOrThrow();
    const { events } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '怎么修改密码', assistantId: Number(help.id) }, learner.token);
    const id = one(events, 'meta').conversationId;
    expect((await data('GET', `/cm/api/robot/detail?tenantId=${AI}&id=${id}`, learner.token)).assistantId).toBe(Number(help.id));
    const { envelope } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '你好', assistantId: 999_999 }, learner.token);
    expect(envelope).toMatchObject({ success: false, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
  });

  it('retry makes the last answer again and keeps the earlier one in previous (nothing lost)', async () => {
    const first = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '怎么删除对话记录' }, learner.token);
    const meta = one(first.events, 'meta');
    const again = await stream('/cm/api/ai/chat/retry', { tenantId: AI, conversationId: meta.conversationId }, learner.token);
    expect(one(again.events, 'meta')).toMatchObject({ answerId: meta.answerId, version: 2 });
    expect(one(again.events, 'done')).toMatchObject({ state: 'complete' });
    const detail = await data('GET', `/cm/api/robot/detail?tenantId=${AI}&id=${meta.conversationId}`, learner.token);
    expect(detail.messages).toHaveLength(2);
    expect(detail.messages[1].previous).toEqual([expect.objectContaining({ text: text(first.events), state: 'complete' })]);
    expect(detail.messages[1].text).toBe(text(again.events));
  });
});

describe('streaming through an OpenAI-compatible provider (the fake server)', () => {
  it('forwards the pieces in order, sends the conversation\'s history, and saves exactly the streamed text', async () => {
    fake.setReply({ reply: '这是假服务的流式回答，分成很多小块依次到达。', chunkSize: 3, failure: 'none', chunkDelayMs: 0 });
    const first = await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '怎么修改登录密码？' }, demoLearner.token);
    const deltas = first.events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('这是假服务的流式回答，分成很多小块依次到达。');
    const meta = one(first.events, 'meta');
    expect(meta.provider).toBe('openai');
    expect((await answerRow(meta.answerId)).text).toBe(deltas.join(''));

    fake.setReply({ reply: '第二个回答。' });
    await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '那忘记密码呢？', conversationId: meta.conversationId }, demoLearner.token);
    const sent = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages.slice(1, 3)).toEqual([
      { role: 'user', content: '怎么修改登录密码？' },
      { role: 'assistant', content: '这是假服务的流式回答，分成很多小块依次到达。' },
    ]);
    expect(sent.messages.at(-1)!.content).toContain('那忘记密码呢？');
  });

  it('a provider failure before any text sends an error event, saves a failed answer and refunds the charge', async () => {
    fake.setReply({ failure: 'status-500' });
    const before = await balanceOf(DEMO, demoLearner.id);
    const { events } = await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '怎么修改登录密码？' }, demoLearner.token);
    fake.setReply({ failure: 'none' });
    expect(one(events, 'error')).toMatchObject({ errorCode: 'AI_PROVIDER_FAILED', message: expect.stringContaining('点数已退回') });
    expect(one(events, 'done')).toMatchObject({ state: 'failed' });
    expect((await answerRow(one(events, 'meta').answerId)).state).toBe('failed');
    expect(await balanceOf(DEMO, demoLearner.id)).toBe(before);
  });

  it('a retry while the answer still streams replaces it: one charge kept, the replaced stream refunded, no empty version in previous', async () => {
    fake.setReply({ reply: '第一个回答。', chunkSize: 3, chunkDelayMs: 0, failure: 'none' });
    const first = await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '怎么修改登录密码？' }, demoLearner.token);
    const { conversationId } = one(first.events, 'meta');
    let n = 0;
    fake.setReply({ reply: () => { n += 1; return `第 ${n} 次的慢回答，一个字一个字地到达，要花上一两秒钟。`; }, chunkSize: 1, chunkDelayMs: 50 });
    const asked = fake.requests.length;
    const before = await balanceOf(DEMO, demoLearner.id);
    const slow = stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '那忘记密码呢？', conversationId }, demoLearner.token);
    // The slow answer is streaming once the provider has been asked for it.
    for (let i = 0; i < 200 && fake.requests.length === asked; i += 1) await new Promise((r) => setTimeout(r, 10));
    const retry = await stream('/cm/api/ai/chat/retry', { tenantId: DEMO, conversationId }, demoLearner.token);
    const replaced = await slow;
    fake.setReply({ chunkSize: 3, chunkDelayMs: 0 });
    const meta = one(retry.events, 'meta');
    expect(meta.answerId).toBe(one(replaced.events, 'meta').answerId);
    const row = await answerRow(meta.answerId);
    expect(row).toMatchObject({ text: text(retry.events), state: 'complete' });
    expect(row.previous).toEqual([]);
    // Two streams were charged; the replaced one's charge came back.
    expect(await balanceOf(DEMO, demoLearner.id)).toBe(before - meta.cost);
  });

  it('refunds the charge when preparing the answer fails before the stream opens', async () => {
    fake.setReply({ failure: 'none', chunkDelayMs: 0 });
    const before = await balanceOf(DEMO, demoLearner.id);
    // The material search fails: its table is briefly gone.
    await sql`alter table ai_passage rename to ai_passage_away`.execute(t.db.owner);
    let res: Awaited<ReturnType<typeof stream>>;
    try {
      res = await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '怎么修改登录密码？' }, demoLearner.token);
    } finally {
      await sql`alter table ai_passage_away rename to ai_passage`.execute(t.db.owner);
    }
    expect(res.envelope).toMatchObject({ success: false });
    expect(await balanceOf(DEMO, demoLearner.id)).toBe(before);
  });

  it('stop mid-stream: the server sees the connection close and keeps what was written as a stopped answer', async () => {
    const reply = '一二三四五六七八九十'.repeat(20);
    fake.setReply({ reply, chunkSize: 2, chunkDelayMs: 40, failure: 'none' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${base}/cm/api/ai/chat/stream`, {
      method: 'POST', headers: { 'content-type': 'application/json', token: demoLearner.token },
      body: JSON.stringify({ tenantId: DEMO, question: '讲讲学习方法' }), signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let got = '';
    while (!/event: delta[\s\S]*event: delta/.test(got)) got += decoder.decode((await reader.read()).value, { stream: true });
    controller.abort();
    const answerId = parseEvents(got.slice(0, got.lastIndexOf('\n\n') + 2)).find((e) => e.event === 'meta')!.data.answerId as number;
    let row = await answerRow(answerId);
    for (let i = 0; i < 100 && row.state !== 'stopped'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      row = await answerRow(answerId);
    }
    expect(row.state).toBe('stopped');
    expect(row.text.length).toBeGreaterThan(0);
    expect(row.text.length).toBeLessThan(reply.length);
    expect(reply.startsWith(row.text)).toBe(true);
    fake.setReply({ chunkDelayMs: 0 });
  });
});

describe('feedback, rename and my conversations', () => {
  let mine: { conversationId: number; answerId: number };
  beforeAll(async () => {
    const { events } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '学习记录在哪里看' }, learner.token);
    mine = one(events, 'meta');
  });

  it('rates one\'s own answer up, then down with a reason, then takes it back', async () => {
    await data('POST', '/cm/api/ai/chat/feedback', learner.token, { tenantId: AI, messageId: mine.answerId, value: 'up' });
    expect(await answerRow(mine.answerId)).toMatchObject({ feedback: 'up', feedback_reason: null });
    await data('POST', '/cm/api/ai/chat/feedback', learner.token, { tenantId: AI, messageId: mine.answerId, value: 'down', reason: ' 没有回答我的问题 ' });
    expect(await answerRow(mine.answerId)).toMatchObject({ feedback: 'down', feedback_reason: '没有回答我的问题' });
    await data('POST', '/cm/api/ai/chat/feedback', learner.token, { tenantId: AI, messageId: mine.answerId, value: null });
    expect((await answerRow(mine.answerId)).feedback).toBeNull();
    const long = await call('POST', '/cm/api/ai/chat/feedback', learner.token, { tenantId: AI, messageId: mine.answerId, value: 'down', reason: '太'.repeat(201) });
    expect(long).toMatchObject({ success: false, errorCode: 'AI_FEEDBACK_REASON_TOO_LONG', message: '原因请写在 200 个字以内。' });
    // The refusals speak the page's language.
    const longEn = await call('POST', '/cm/api/ai/chat/feedback', learner.token, { tenantId: AI, messageId: mine.answerId, value: 'down', reason: 'x'.repeat(201), lang: 'en' });
    expect(longEn).toMatchObject({ success: false, message: 'Please keep the reason within 200 characters.' });
  });

  it('refuses feedback and rename on another learner\'s conversation, and a guest', async () => {
    const fb = await call('POST', '/cm/api/ai/chat/feedback', aiAdmin.token, { tenantId: AI, messageId: mine.answerId, value: 'down' });
    expect(fb).toMatchObject({ success: false, errorCode: 'AI_CHAT_MESSAGE_NOT_FOUND' });
    const rn = await call('POST', '/cm/api/ai/chat/rename', aiAdmin.token, { tenantId: AI, id: mine.conversationId, title: '别人的' });
    expect(rn).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    const rnEn = await call('POST', '/cm/api/ai/chat/rename', aiAdmin.token, { tenantId: AI, id: mine.conversationId, title: 'theirs', lang: 'en' });
    expect(rnEn.message).toMatch(/^[\x20-\x7e]+$/);
    const fbEn = await call('POST', '/cm/api/ai/chat/feedback', aiAdmin.token, { tenantId: AI, messageId: mine.answerId, value: 'down', lang: 'en' });
    expect(fbEn).toMatchObject({ success: false, message: 'This answer does not exist or is not in your conversations.' });
    expect(await call('POST', '/cm/api/ai/chat/rename', undefined, { tenantId: AI, id: mine.conversationId, title: 'x' })).toMatchObject({ flag: 401 });
    const retry = await stream('/cm/api/ai/chat/retry', { tenantId: AI, conversationId: mine.conversationId }, aiAdmin.token);
    expect(retry.envelope).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    expect((await answerRow(mine.answerId)).feedback).toBeNull();
  });

  it('renames within 1–100 characters and finds conversations by title, newest first', async () => {
    expect(await call('POST', '/cm/api/ai/chat/rename', learner.token, { tenantId: AI, id: mine.conversationId, title: '   ' })).toMatchObject({ success: false, errorCode: 'AI_CHAT_TITLE_INVALID' });
    expect(await call('POST', '/cm/api/ai/chat/rename', learner.token, { tenantId: AI, id: mine.conversationId, title: '   ', lang: 'en' })).toMatchObject({ success: false, message: 'A title needs 1 to 100 characters.' });
    expect(await call('POST', '/cm/api/ai/chat/rename', learner.token, { tenantId: AI, id: mine.conversationId, title: '名'.repeat(101) })).toMatchObject({ success: false, errorCode: 'AI_CHAT_TITLE_INVALID' });
    await data('POST', '/cm/api/ai/chat/rename', learner.token, { tenantId: AI, id: mine.conversationId, title: '  我的 学习记录 100%  ' });
    const found = await data('GET', `/cm/api/robot/searchByUser?tenantId=${AI}&title=${encodeURIComponent('记录 100%')}`, learner.token);
    expect(found.list.map((c: { id: number; title: string }) => [c.id, c.title])).toEqual([[mine.conversationId, '我的 学习记录 100%']]);
    const all = await data('GET', `/cm/api/robot/searchByUser?tenantId=${AI}&pageSize=50`, learner.token);
    const times = all.list.map((c: { updatedAt: string }) => c.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('isolation between tenants', () => {
  it('a learner of another tenant cannot stream into, rate, rename or read an ai conversation', async () => {
    const { events } = await stream('/cm/api/ai/chat/stream', { tenantId: AI, question: '怎么删除对话记录' }, learner.token);
    const meta = one(events, 'meta');
    // demo's token with ai's tenantId is refused by the session check.
    expect(await call('POST', '/cm/api/ai/chat/rename', demoLearner.token, { tenantId: AI, id: meta.conversationId, title: 'x' })).toMatchObject({ success: false });
    // Within demo, ai's ids do not exist.
    expect(await call('POST', '/cm/api/ai/chat/rename', demoLearner.token, { tenantId: DEMO, id: meta.conversationId, title: 'x' })).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    expect(await call('POST', '/cm/api/ai/chat/feedback', demoLearner.token, { tenantId: DEMO, messageId: meta.answerId, value: 'up' })).toMatchObject({ success: false, errorCode: 'AI_CHAT_MESSAGE_NOT_FOUND' });
    const cont = await stream('/cm/api/ai/chat/stream', { tenantId: DEMO, question: '你好', conversationId: meta.conversationId }, demoLearner.token);
    expect(cont.envelope).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    const list = await data('GET', `/cm/api/robot/searchByUser?tenantId=${DEMO}&pageSize=50`, demoLearner.token);
    expect(list.list.map((c: { id: number }) => c.id)).not.toContain(meta.conversationId);
    const row = await answerRow(meta.answerId);
    expect(row.feedback).toBeNull();
  });

  it('seeds the ai learner\'s conversations: a rated answer, a retried one with its earlier version, and a stopped one', async () => {
    const list = await data('GET', `/cm/api/robot/searchByUser?tenantId=${AI}&pageSize=50`, learner.token);
    const details = await Promise.all(list.list.map((c: { id: number }) => data('GET', `/cm/api/robot/detail?tenantId=${AI}&id=${c.id}`, learner.token)));
    const answers = details.flatMap((d) => d.messages.filter((m: { role: string }) => m.role === 'assistant'));
    expect(answers.some((m) => m.feedback === 'up')).toBe(true);
    expect(answers.some((m) => m.previous.length === 1)).toBe(true);
    expect(answers.some((m) => m.state === 'stopped')).toBe(true);
  });
});
