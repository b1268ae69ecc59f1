// The AI area's assistant (spec learning §2 "AI area"; docs/api.md "AI assistant"): answers from
// the tenant's own help articles with links to its catalogue, never from another tenant's; the
// question is checked; an OpenAI-compatible provider may rewrite the answer from the same material,
// and any failure of it falls back to the retrieval answer and says so; signed-in learners' talks
// are kept as conversations only they can read and delete; guests are rate-limited per address.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { buildCataloguePlan } from '../../server/demo/seed-catalogue';
import { writeHelpBodies } from '../../server/demo/seed-help';
import { GUEST_ASKS } from '../../server/modules/cm/robot-routes';
import { apiOf, type Envelope } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let address = 0;

/** Asks as a client at an address of its own (so the guest limit of one test never spills into another). */
async function ask(body: Record<string, unknown>, opts: { token?: string; remoteAddress?: string } = {}): Promise<Envelope> {
  address += 1;
  const res = await t.app.inject({
    method: 'POST', url: '/cm/api/robot/ask', payload: body,
    headers: opts.token ? { token: opts.token } : {}, remoteAddress: opts.remoteAddress ?? `10.0.0.${address}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

async function helpIds(tenantId: number): Promise<Map<string, number>> {
  const page = await data('GET', `/cm/api/content/search?tenantId=${tenantId}&purpose=99&pageSize=50`, undefined);
  return new Map((page.list as { id: number; title: string }[]).map((r) => [r.title, r.id]));
}

beforeAll(async () => {
  t = await createTestApp();
  // The help texts live in the object store, as start-up writes them (seedAssets).
  await writeHelpBodies(t.uploadDir, [1001, 1002, 1004].map((id) => buildCataloguePlan(id)!));
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
});
afterAll(() => t.close());

describe('answers from the tenant\'s material', () => {
  it('answers a help question from the help article\'s text, links the article first, and says no provider is set up', async () => {
    const demoHelp = await helpIds(1001);
    const res = await ask({ tenantId: 1001, question: '怎么修改登录密码？' });
    expect(res, res.message).toMatchObject({ success: true });
    const a = res.data;
    expect(a.answer).toContain('《如何修改登录密码》');
    // Words of the article's own steps, which no title carries.
    expect(a.answer).toContain('账号安全');
    expect(a.links[0]).toEqual({ kind: 'help', id: demoHelp.get('如何修改登录密码'), title: '如何修改登录密码', purpose: null });
    expect(a).toMatchObject({ source: 'retrieval', fallback: 'notConfigured', conversationId: null, conversationTitle: null });
  });

  it('links matching catalogue items: a course asked for by name', async () => {
    const course = (await data('GET', '/cm/api/course/search?tenantId=1001&pageSize=1&sort=popular', undefined)).list[0] as { id: number; title: string };
    const a = (await ask({ tenantId: 1001, question: `我想学习${course.title}` })).data;
    expect(a.links).toContainEqual({ kind: 'course', id: course.id, title: course.title, purpose: null });
  });

  it('links an exam asked for by name (exam\'s search reaches cm\'s assistant through app.ts, issue 14 point 5)', async () => {
    const exam = (await data('GET', '/exam/api/exam/search?tenantId=1001&pageSize=1&sort=popular&type=exam', undefined)).list[0] as { id: number; title: string };
    const a = (await ask({ tenantId: 1001, question: `我想参加${exam.title}` })).data;
    expect(a.links).toContainEqual({ kind: 'exam', id: exam.id, title: exam.title, purpose: null });
  });

  it('does not link every exam that shares one word ("考试") with the question', async () => {
    const a = (await ask({ tenantId: 1001, question: '如何参加考试' })).data;
    expect(a.links[0]).toMatchObject({ kind: 'help', title: '如何参加考试' });
    expect(a.links.filter((l: { kind: string }) => l.kind === 'exam')).toEqual([]);
  });

  it('answers the ai tenant from its own help and links its course', async () => {
    const aiHelp = await helpIds(1004);
    const a = (await ask({ tenantId: 1004, question: '对话记录怎么删除' })).data;
    expect(a.links[0]).toMatchObject({ kind: 'help', id: aiHelp.get('如何删除对话记录') });
    expect(a.answer).toContain('永久删除');
    const b = (await ask({ tenantId: 1004, question: '提示词怎么写' })).data;
    expect(b.links.map((l: { kind: string; title: string }) => `${l.kind}:${l.title}`)).toEqual(expect.arrayContaining(['course:提示词写作实战', 'content:提示词的五个要素']));
  });

  it('keeps tenants apart: acme never gets demo\'s articles, even asked in demo\'s words', async () => {
    const demoHelp = new Set((await helpIds(1001)).values());
    const acmeHelp = await helpIds(1002);
    const zh = (await ask({ tenantId: 1002, question: '如何修改登录密码' })).data;
    expect(zh.answer).not.toContain('账号安全');
    for (const link of zh.links) expect(link.kind === 'help' && demoHelp.has(link.id)).toBe(false);
    const en = (await ask({ tenantId: 1002, question: 'How do I change my password?', lang: 'en' })).data;
    expect(en.links[0]).toEqual({ kind: 'help', id: acmeHelp.get('How do I change my password?'), title: 'How do I change my password?', purpose: null });
    expect(en.answer).toContain('Account security');
    expect(demoHelp.has(en.links[0].id)).toBe(false);
  });

  it('says honestly when nothing matches, and points to the help center', async () => {
    const a = (await ask({ tenantId: 1001, question: 'zzqx 量子纠缠' })).data;
    expect(a.answer).toContain('没有找到');
    expect(a.links).toEqual([{ kind: 'helpCenter', id: null, title: '帮助中心', purpose: null }]);
    expect(a.fallback).toBeNull();
  });
});

describe('the question is checked', () => {
  it('refuses an empty or blank question with a clear message', async () => {
    for (const question of ['', '   \n ']) {
      expect(await ask({ tenantId: 1001, question })).toMatchObject({ success: false, message: '请输入你的问题。', errorCode: 'ROBOT_QUESTION_EMPTY' });
    }
    expect((await ask({ tenantId: 1001, question: ' ', lang: 'en' })).message).toBe('Please type a question.');
  });

  it('refuses more than 500 characters, counting characters, not bytes', async () => {
    expect((await ask({ tenantId: 1001, question: '密'.repeat(500) })).success).toBe(true);
    const res = await ask({ tenantId: 1001, question: '密'.repeat(501) });
    expect(res).toMatchObject({ success: false, errorCode: 'ROBOT_QUESTION_TOO_LONG', message: '问题太长了（501 个字），请精简到 500 个字以内再问。' });
  });

  it('refuses an unknown tenant', async () => {
    expect(await ask({ tenantId: 999_999, question: '你好' })).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it(`limits a guest address to ${GUEST_ASKS} questions in 10 minutes, per address`, async () => {
    await withTenant(t.db.owner, 1533, (trx) => trx.insertInto('robot_ask')
      .values(Array.from({ length: GUEST_ASKS - 1 }, () => ({ tenant_id: 1533, address: '10.9.9.9', user_id: null }))).execute());
    expect((await ask({ tenantId: 1533, question: '忘记密码怎么办' }, { remoteAddress: '10.9.9.9' })).success).toBe(true);
    expect(await ask({ tenantId: 1533, question: '忘记密码怎么办' }, { remoteAddress: '10.9.9.9' }))
      .toMatchObject({ success: false, code: 429, errorCode: 'ROBOT_RATE_LIMITED', message: '提问太频繁了，请 10 分钟后再试。' });
    expect((await ask({ tenantId: 1533, question: '忘记密码怎么办' }, { remoteAddress: '10.9.9.10' })).success).toBe(true);
  });
});

describe('conversations of signed-in learners', () => {
  it('stores each exchange, lists, shows and deletes only the owner\'s conversations', async () => {
    const first = (await ask({ tenantId: 1001, question: '如何参加考试' }, { token: learner.token })).data;
    expect(first.conversationId).toEqual(expect.any(Number));
    expect(first.conversationTitle).toBe('如何参加考试');
    const id = first.conversationId as number;
    const second = (await ask({ tenantId: 1001, question: '证书在哪里查看', conversationId: id }, { token: learner.token })).data;
    expect(second.conversationId).toBe(id);

    const mine = await data('GET', '/cm/api/robot/searchByUser?tenantId=1001', learner.token);
    expect(mine.list[0]).toMatchObject({ id, title: '如何参加考试', messageCount: 4 });
    const detail = await data('GET', `/cm/api/robot/detail?tenantId=1001&id=${id}`, learner.token);
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[2].text).toBe('证书在哪里查看');
    expect(detail.messages[3]).toMatchObject({ text: second.answer, links: second.links, source: 'retrieval', fallback: 'notConfigured' });

    // Someone else's conversation is "not found" to every call, and cannot be continued.
    expect((await data('GET', '/cm/api/robot/searchByUser?tenantId=1001', admin.token)).list.some((c: { id: number }) => c.id === id)).toBe(false);
    expect(await call('GET', `/cm/api/robot/detail?tenantId=1001&id=${id}`, admin.token)).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    expect(await call('POST', '/cm/api/robot/delConversation', admin.token, { tenantId: 1001, id })).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    expect(await ask({ tenantId: 1001, question: '你好', conversationId: id }, { token: admin.token })).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    // Guests and other tenants' tokens: sign in first.
    expect(await call('GET', '/cm/api/robot/searchByUser?tenantId=1001')).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', '/cm/api/robot/searchByUser?tenantId=1002', learner.token)).toMatchObject({ success: false, flag: 401 });

    expect(await data('POST', '/cm/api/robot/delConversation', learner.token, { tenantId: 1001, id })).toBe(true);
    expect(await call('GET', `/cm/api/robot/detail?tenantId=1001&id=${id}`, learner.token)).toMatchObject({ success: false, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
    expect(await ask({ tenantId: 1001, question: '你好', conversationId: id }, { token: learner.token }))
      .toMatchObject({ success: false, message: '这个对话不存在或已被删除，请开始新的对话。' });
  });
});

describe('credits', () => {
  const balance = async (userId: number) => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
    .where('tenant_id', '=', 1001).where('user_id', '=', userId).executeTakeFirst())?.balance ?? NaN);

  it('charges a signed-in learner one answer as the chat does, and refuses with no credits left, keeping nothing', async () => {
    const { price_answer: price } = await t.db.owner.selectFrom('ai_credit_rule').select('price_answer').where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    expect(price).toBeGreaterThan(0);
    expect((await ask({ tenantId: 1001, question: '如何参加考试' }, { token: admin.token })).success).toBe(true);
    const before = await balance(admin.id);
    expect(before).toBeGreaterThan(0);
    expect((await ask({ tenantId: 1001, question: '证书在哪里查看' }, { token: admin.token })).success).toBe(true);
    expect(await balance(admin.id)).toBe(before - price);

    await t.db.owner.updateTable('ai_credit_account').set({ balance: 0 }).where('tenant_id', '=', 1001).where('user_id', '=', admin.id).execute();
    const kept = (await data('GET', '/cm/api/robot/searchByUser?tenantId=1001', admin.token)).total;
    expect(await ask({ tenantId: 1001, question: '证书在哪里查看' }, { token: admin.token })).toMatchObject({ success: false, code: 402, errorCode: 'AI_CREDITS_EXHAUSTED' });
    expect((await data('GET', '/cm/api/robot/searchByUser?tenantId=1001', admin.token)).total).toBe(kept);
    await t.db.owner.updateTable('ai_credit_account').set({ balance: before }).where('tenant_id', '=', 1001).where('user_id', '=', admin.id).execute();
  });
});

describe('the optional AI provider', () => {
  let server: Server;
  let seen: { url: string; auth: string | undefined; body: any }[] = [];
  let reply: (res: import('node:http').ServerResponse) => void = () => undefined;
  const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => { text += c.toString('utf8'); });
    req.on('end', () => resolve(text));
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((text) => {
        seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.AI_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
    process.env.AI_API_KEY = 'test-key';
    process.env.AI_MODEL = 'fake-model';
    process.env.AI_TIMEOUT_MS = '500';
  });
  afterEach(() => {
    seen = [];
  });
  afterAll(async () => {
    for (const key of ['AI_API_BASE', 'AI_API_KEY', 'AI_MODEL', 'AI_TIMEOUT_MS']) delete process.env[key];
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('rewrites the answer from the same material the retrieval found', async () => {
    reply = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '  进入账号安全页面即可修改密码。 ' } }] }));
    const a = (await ask({ tenantId: 1001, question: '怎么修改登录密码' }, { token: learner.token })).data;
    expect(a).toMatchObject({ answer: '进入账号安全页面即可修改密码。', source: 'provider', fallback: null });
    expect(a.links[0]).toMatchObject({ kind: 'help', title: '如何修改登录密码' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.auth).toBe('Bearer test-key');
    expect(seen[0]!.body.model).toBe('fake-model');
    const user = seen[0]!.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
    expect(user).toContain('如何修改登录密码');
    expect(user).toContain('账号安全');
    expect(user).toContain('问题：怎么修改登录密码');
    expect(seen[0]!.body.messages[0].content).toContain('Demo Academy');
    // What the learner saw is what is kept.
    const detail = await data('GET', `/cm/api/robot/detail?tenantId=1001&id=${a.conversationId}`, learner.token);
    expect(detail.messages[1]).toMatchObject({ text: '进入账号安全页面即可修改密码。', source: 'provider', fallback: null });
  });

  it('falls back to the retrieval answer and says so when the provider fails, answers nothing or is too slow', async () => {
    const failures: ((res: import('node:http').ServerResponse) => void)[] = [
      (res) => res.writeHead(500).end('upstream error'),
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [] })),
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('not json'),
      (res) => setTimeout(() => res.writeHead(200).end('{}'), 1500),
    ];
    for (const failure of failures) {
      reply = failure;
      const a = (await ask({ tenantId: 1001, question: '怎么修改登录密码' })).data;
      expect(a).toMatchObject({ source: 'retrieval', fallback: 'providerFailed' });
      expect(a.answer).toContain('账号安全');
    }
    expect(seen).toHaveLength(failures.length);
  });

  it('caps the tokens it asks for, and gives a signed-in learner\'s charge back when the provider fails', async () => {
    const balance = async () => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
      .where('tenant_id', '=', 1001).where('user_id', '=', learner.id).executeTakeFirst())?.balance ?? NaN);
    reply = (res) => res.writeHead(500).end('upstream error');
    const before = await balance();
    const a = (await ask({ tenantId: 1001, question: '怎么修改登录密码' }, { token: learner.token })).data;
    expect(a).toMatchObject({ source: 'retrieval', fallback: 'providerFailed' });
    expect(seen[0]!.body.max_tokens).toBe(1024);
    expect(await balance()).toBe(before);
  });

  it('is not asked when nothing was found', async () => {
    const a = (await ask({ tenantId: 1001, question: 'zzqx 量子纠缠' })).data;
    expect(a).toMatchObject({ source: 'retrieval', fallback: null });
    expect(seen).toHaveLength(0);
  });
});
