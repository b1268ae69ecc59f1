// Issue 21 part D: assistants, applications and their runs (docs/ai.md D, docs/api.md "Issue 21 D").
// Runs use the real offline provider unless a test switches the provider double to "http": then
// chat answers with a scripted text or fails, so the route's part is checked (JSON questions
// parsed, refunds on failure and on nothing usable). Guests list and read; running and runs need
// sign-in; another learner's run and another tenant's rows are invisible; the back office refuses
// learners.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiProviderError, type AiProvider, type ChatRequest } from '../../server/lib/ai/types';
import { chargeRun, executeRun } from '../../server/modules/cm/ai-application-run';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const double = vi.hoisted(() => ({ mode: 'real' as 'real' | 'http', reply: '' as string | Error | 'hang', requests: [] as ChatRequest[] }));

vi.mock('../../server/lib/ai/provider', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/ai/provider')>();
  return {
    ...real,
    providerFor: async (...args: Parameters<typeof real.providerFor>): Promise<AiProvider> => {
      if (double.mode === 'real') return real.providerFor(...args);
      return {
        kind: 'openai',
        async *chat(request: ChatRequest) {
          double.requests.push(request);
          if (double.reply instanceof Error) throw double.reply;
          if (double.reply === 'hang') {
            // Never answers: waits for the run's signal, as a stalled provider does (and, as fetch does,
            // gives up at once on a signal that is already aborted).
            request.signal?.throwIfAborted();
            await new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(request.signal!.reason), { once: true }));
          }
          yield double.reply;
        },
        images: async () => [],
        embed: async () => [],
      };
    },
  };
});

const AI = 1004;
const DEMO = 1001;
const ACME = 1002;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let other: { id: number; token: string };
let acme: { id: number; token: string };
let demoAdmin: { id: number; token: string };
let demoLearner: { id: number; token: string };
let apps: { id: number; name: string; task: string }[];
let courseId: number;
let helpId: number;

const appOf = (task: string) => apps.find((a) => a.task === task)!;
const balanceOf = async (tenantId: number, userId: number) => Number((await t.db.owner.selectFrom('ai_credit_account').select('balance')
  .where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst())?.balance ?? 0);
const run = (token: string | undefined, id: number, inputs: Record<string, unknown>, tenantId = AI) =>
  call('POST', '/cm/api/ai/application/run', token, { tenantId, id, inputs });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  other = await signIn(AI, 'admin', 'Admin@2026');
  acme = await signIn(ACME, 'learner', 'Study@2026');
  demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
  demoLearner = await signIn(DEMO, 'learner', 'Study@2026');
  apps = (await data('GET', `/cm/api/ai/application/list?tenantId=${AI}`, undefined)).list;
  courseId = (await data('GET', `/cm/api/ai/application/options?tenantId=${AI}&kind=course&keyword=${encodeURIComponent('提示词')}`, undefined)).list[0].id;
  helpId = (await data('GET', `/cm/api/ai/application/options?tenantId=${AI}&kind=content&keyword=${encodeURIComponent('如何向AI学伴提问')}`, undefined)).list[0].id;
});
afterAll(() => t.close());
beforeEach(() => { double.mode = 'real'; double.reply = ''; double.requests = []; });

describe('assistants', () => {
  it('a guest lists the tenant\'s three assistants in order and reads one with its greeting, examples and applications', async () => {
    const list = (await data('GET', `/cm/api/ai/assistant/list?tenantId=${AI}`, undefined)).list;
    expect(list.map((a: { name: string }) => a.name)).toEqual(['学习助手', '课程顾问', '帮助中心']);
    expect(list[2].kinds).toEqual(['help']);
    const detail = await data('GET', `/cm/api/ai/assistant/detail?tenantId=${AI}&id=${list[0].id}`, undefined);
    expect(detail.greeting).toContain('学习助手');
    expect(detail.examples.length).toBeGreaterThan(0);
    expect(detail.applications.map((a: { name: string }) => a.name)).toEqual(['学习计划', '章节测验', '学习总结']);
  });

  it('acme\'s are in English, and another tenant\'s assistant is not found', async () => {
    const list = (await data('GET', `/cm/api/ai/assistant/list?tenantId=${ACME}`, undefined)).list;
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Study buddy', 'Course advisor', 'Help desk']);
    expect(await call('GET', `/cm/api/ai/assistant/detail?tenantId=${AI}&id=${list[0].id}`)).toMatchObject({ success: false, code: 404, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
    const acmeApp = (await data('GET', `/cm/api/ai/application/list?tenantId=${ACME}`, undefined)).list[0];
    expect(await call('GET', `/cm/api/ai/application/detail?tenantId=${AI}&id=${acmeApp.id}&lang=en`)).toMatchObject({ success: false, errorCode: 'AI_APP_NOT_FOUND', message: expect.stringContaining('does not exist') });
  });
});

describe('applications', () => {
  it('a guest reads an application\'s form, its cost, and whether it needs the provider', async () => {
    const plan = await data('GET', `/cm/api/ai/application/detail?tenantId=${AI}&id=${appOf('plan').id}`, undefined);
    expect(plan.fields.map((f: { type: string }) => f.type)).toEqual(['course', 'number']);
    expect(plan.cost).toBeGreaterThan(0);
    expect(plan.needsProvider).toBe(false);
    expect((await data('GET', `/cm/api/ai/application/detail?tenantId=${AI}&id=${appOf('prompt').id}`, undefined)).needsProvider).toBe(true);
  });

  it('running needs sign-in in the tenant: a guest and another tenant\'s token are refused', async () => {
    expect(await run(undefined, appOf('plan').id, { course: courseId, days: 3 })).toMatchObject({ success: false, flag: 401 });
    expect(await run(acme.token, appOf('plan').id, { course: courseId, days: 3 })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', `/cm/api/ai/application/runs?tenantId=${AI}`)).toMatchObject({ success: false, flag: 401 });
  });

  it('checks the inputs against the form with clear messages, before any charge', async () => {
    const before = await balanceOf(AI, learner.id);
    const id = appOf('plan').id;
    expect(await run(learner.token, id, { days: 3 })).toMatchObject({ success: false, errorCode: 'AI_APP_INPUT_INVALID', message: '请在「课程」中选择一项。' });
    expect((await run(learner.token, id, { course: courseId, days: 99 })).message).toBe('「学习天数」必须在 1 到 30 之间。');
    expect((await run(learner.token, id, { course: courseId, days: 2.5 })).message).toBe('「学习天数」必须是整数。');
    expect((await run(learner.token, id, { course: courseId, days: 3, extra: 'x' })).message).toContain('表单中没有「extra」');
    const summary = appOf('prompt').id;
    expect((await run(learner.token, summary, { content: helpId, style: '长篇大论' })).message).toBe('「输出形式」只能选择：要点列表、一段话。');
    expect((await run(learner.token, summary, { content: helpId, focus: '字'.repeat(301), style: '一段话' })).message).toContain('最多 300 个字');
    expect(await balanceOf(AI, learner.id)).toBe(before);
  });

  it('refuses a course of another tenant as not found, and a template on the offline default with what to configure', async () => {
    const before = await balanceOf(AI, learner.id);
    const acmeCourse = (await data('GET', `/cm/api/ai/application/options?tenantId=${ACME}&kind=course`, undefined)).list[0].id;
    expect(await run(learner.token, appOf('plan').id, { course: acmeCourse, days: 3 })).toMatchObject({ success: false, errorCode: 'AI_APP_ITEM_NOT_FOUND' });
    expect(await run(learner.token, appOf('prompt').id, { content: helpId, style: '一段话' })).toMatchObject({
      success: false, errorCode: 'AI_NOT_CONFIGURED', message: expect.stringContaining('「AI 服务设置」'),
    });
    expect(await balanceOf(AI, learner.id)).toBe(before);
  });

  it('runs a plan offline: charged once, the plan over the course\'s lessons, saved and listed', async () => {
    const before = await balanceOf(AI, learner.id);
    const result = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('plan').id, inputs: { course: courseId, days: '3' } });
    expect(result.run).toMatchObject({ status: 'done', source: 'offline', title: '提示词写作实战', inputs: { course: courseId, days: 3 }, questions: null });
    expect(result.run.output).toContain('《提示词写作实战》学习计划');
    expect(result.run.output).toContain('第 3 天');
    expect(result.run.cost).toBeGreaterThan(0);
    expect(await balanceOf(AI, learner.id)).toBe(before - result.run.cost);
    expect(result.balance).toBe(before - result.run.cost);
    const runs = await data('GET', `/cm/api/ai/application/runs?tenantId=${AI}`, learner.token);
    expect(runs.list[0]).toMatchObject({ id: result.run.id, applicationName: '学习计划', status: 'done' });
    expect(await data('GET', `/cm/api/ai/application/run?tenantId=${AI}&id=${result.run.id}`, learner.token)).toEqual(result.run);
  });

  it('streams a run as server-sent events: start with the charge, the pieces, then the saved run', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/cm/api/ai/application/stream', headers: { token: learner.token }, payload: { tenantId: AI, id: appOf('plan').id, inputs: { course: courseId, days: 2 } } });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body.split('\n\n').filter((b) => b.startsWith('event:')).map((b) => ({ event: /^event: (.+)$/m.exec(b)![1], data: JSON.parse(/^data: (.+)$/m.exec(b)![1]!) }));
    expect(events[0]).toMatchObject({ event: 'start', data: { cost: expect.any(Number) } });
    const text = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.run.status).toBe('done');
    expect(text.trim()).toBe(done.data.run.output);
    // A refusal before the charge is an ordinary envelope.
    const refused = await t.app.inject({ method: 'POST', url: '/cm/api/ai/application/stream', payload: { tenantId: AI, id: appOf('plan').id, inputs: {} } });
    expect(refused.json()).toMatchObject({ success: false, flag: 401 });
  });

  it('a streamed run that fails inside the server sends a general sentence, never the error\'s own text', async () => {
    // Saving the run fails: its table is briefly gone.
    await sql`alter table ai_application_run rename to ai_application_run_away`.execute(t.db.owner);
    let body = '';
    try {
      body = (await t.app.inject({ method: 'POST', url: '/cm/api/ai/application/stream', headers: { token: learner.token }, payload: { tenantId: AI, id: appOf('plan').id, inputs: { course: courseId, days: 2 } } })).body;
    } finally {
      await sql`alter table ai_application_run_away rename to ai_application_run`.execute(t.db.owner);
    }
    const error = /event: error\ndata: (.+)/.exec(body);
    expect(error).not.toBeNull();
    expect(JSON.parse(error![1]!)).toEqual({ message: '服务器出了点问题，这次运行没有完成，请稍后再试。' });
    expect(body).not.toContain('ai_application_run');
  });

  it('another learner never sees my run', async () => {
    const mine = (await data('GET', `/cm/api/ai/application/runs?tenantId=${AI}`, learner.token)).list[0];
    expect(await call('GET', `/cm/api/ai/application/run?tenantId=${AI}&id=${mine.id}`, other.token)).toMatchObject({ success: false, code: 404, errorCode: 'AI_APP_RUN_NOT_FOUND' });
    expect((await data('GET', `/cm/api/ai/application/runs?tenantId=${AI}`, other.token)).list.some((r: { id: number }) => r.id === mine.id)).toBe(false);
  });

  it('runs a quiz offline from a help article\'s text: questions to answer on the page', async () => {
    const result = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('quiz').id, inputs: { content: helpId, count: 4 } });
    expect(result.run.status).toBe('done');
    expect(result.run.questions).toHaveLength(4);
    for (const q of result.run.questions) expect(q.stem).toContain('____');
  });

  it('with the HTTP provider: the quiz asks for JSON and parses it; the assistant\'s system prompt is sent', async () => {
    double.mode = 'http';
    double.reply = '```json\n{"questions":[{"type":"single","stem":"AI 学伴根据 ____ 回答","options":["帮助文章","天气","新闻","小说"],"answer":"A","explanation":"见原文"}]}\n```';
    const result = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('quiz').id, inputs: { content: helpId, count: 1 } });
    expect(result.run).toMatchObject({ status: 'done', source: 'openai', questions: [{ type: 'single', answer: 'A', options: ['帮助文章', '天气', '新闻', '小说'] }] });
    const sent = double.requests[0]!;
    expect(sent.task).toEqual({ kind: 'quiz', count: 1 });
    expect(sent.messages[0]!.content).toContain('耐心的学习助手');
    expect(sent.messages[1]!.content).toContain('只输出 JSON');
    expect(sent.material.length).toBeGreaterThan(0);
  });

  it('with the HTTP provider: a template is filled with the inputs and the picked item\'s title', async () => {
    double.mode = 'http';
    double.reply = '要点一；要点二。';
    const result = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('prompt').id, inputs: { content: helpId, focus: '提问步骤', style: '一段话' } });
    expect(result.run).toMatchObject({ status: 'done', output: '要点一；要点二。' });
    expect(double.requests[0]!.messages[1]!.content).toContain('请总结《如何向AI学伴提问》的主要内容，重点关注：提问步骤。请用「一段话」的形式输出。');
  });

  it('with the HTTP provider: keeps at most 8000 characters of an answer that goes on and on', async () => {
    double.mode = 'http';
    double.reply = '长'.repeat(9000);
    const result = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('prompt').id, inputs: { content: helpId, focus: '提问步骤', style: '一段话' } });
    expect(result.run).toMatchObject({ status: 'done', source: 'openai' });
    expect(result.run.output).toHaveLength(8000);
  });

  it('refunds and saves a failed run when the provider fails or gives no usable questions', async () => {
    double.mode = 'http';
    const before = await balanceOf(AI, learner.id);
    double.reply = new AiProviderError('AI 服务返回了错误（HTTP 500）', 500);
    const failed = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('plan').id, inputs: { course: courseId, days: 2 } });
    expect(failed.run).toMatchObject({ status: 'failed', cost: 0, inputs: { course: courseId, days: 2 } });
    expect(failed.run.output).toContain('已退回');
    double.reply = '抱歉，我不会出题。';
    const empty = await data('POST', '/cm/api/ai/application/run', learner.token, { tenantId: AI, id: appOf('quiz').id, inputs: { content: helpId, count: 3 } });
    expect(empty.run).toMatchObject({ status: 'failed', cost: 0, questions: null });
    expect(await balanceOf(AI, learner.id)).toBe(before);
    expect(empty.balance).toBe(before);
  });
});

describe('a run that never finishes', () => {
  it('times out as the provider\'s failure, refunded, and a learner\'s stop says it was stopped', async () => {
    double.mode = 'http';
    double.reply = 'hang';
    const before = await balanceOf(AI, learner.id);
    const run = () => chargeRun(t.app, { tenantId: AI, userId: learner.id, id: appOf('plan').id, inputs: { course: courseId, days: 2 }, lang: 'zh' });
    const timedOut = await executeRun(t.app, await run(), () => undefined, AbortSignal.timeout(50));
    expect(timedOut.run).toMatchObject({ status: 'failed', cost: 0, output: expect.stringContaining('AI 服务长时间没有完成') });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const stopped = await executeRun(t.app, await run(), () => undefined, stop.signal);
    expect(stopped.run).toMatchObject({ status: 'failed', cost: 0, output: '已停止生成，本次消耗的点数已退回。' });
    expect(await balanceOf(AI, learner.id)).toBe(before);
  });
});

describe('back office', () => {
  const save = (token: string, body: Record<string, unknown>, tenantId = DEMO) => call('POST', '/cm/api/ai/admin/assistant/save', token, {
    tenantId, name: '写作教练', avatar: 'builtin:owl', description: '帮你改作文', greeting: '你好', systemPrompt: '你是写作教练', kinds: ['content'], examples: ['怎么写开头？'], enabled: true, ...body,
  });
  const saveApp = (token: string, body: Record<string, unknown>) => call('POST', '/cm/api/ai/admin/application/save', token, {
    tenantId: DEMO, name: '课程计划', description: '', icon: 'plan', task: 'plan', output: 'text', promptTemplate: '', enabled: true,
    fields: [{ name: 'days', label: '天数', type: 'number', required: true, min: 1, max: 30 }], ...body,
  });

  it('refuses a learner and a guest', async () => {
    expect(await call('GET', `/cm/api/ai/admin/assistants?tenantId=${DEMO}`, demoLearner.token)).toMatchObject({ success: false, code: 403, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('GET', `/cm/api/ai/admin/assistants?tenantId=${DEMO}`)).toMatchObject({ success: false, flag: 401 });
    expect(await save(demoLearner.token, {})).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
  });

  it('creates, edits, orders and deletes assistants and applications; forms are checked against their task', async () => {
    const { id } = await data('POST', '/cm/api/ai/admin/assistant/save', demoAdmin.token, {
      tenantId: DEMO, name: '写作教练', avatar: 'builtin:owl', description: '帮你改作文', greeting: '你好', systemPrompt: '你是写作教练', kinds: ['content'], examples: ['怎么写开头？'], enabled: true,
    });
    expect(await save(demoAdmin.token, { avatar: 'javascript:alert(1)' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await saveApp(demoAdmin.token, { assistantId: id })).toMatchObject({ success: false, errorCode: 'AI_APP_FORM_INVALID', message: expect.stringContaining('需要一个「课程」选择项') });
    expect((await saveApp(demoAdmin.token, { assistantId: id, task: 'prompt', promptTemplate: '请用 {{tone}} 写' })).message).toContain('{{tone}} 不是表单里的字段');
    const fields = [{ name: 'course', label: '课程', type: 'course', required: true }, { name: 'days', label: '天数', type: 'number', required: true, min: 1, max: 30, defaultValue: 5 }];
    const created = await data('POST', '/cm/api/ai/admin/application/save', demoAdmin.token, {
      tenantId: DEMO, assistantId: id, name: '课程计划', description: '', icon: 'plan', task: 'plan', output: 'text', promptTemplate: '', enabled: true, fields,
    });
    // The learner sees the new ones; acme never does.
    expect((await data('GET', `/cm/api/ai/assistant/list?tenantId=${DEMO}`, undefined)).list.map((a: { name: string }) => a.name)).toContain('写作教练');
    expect((await data('GET', `/cm/api/ai/assistant/list?tenantId=${ACME}`, undefined)).list.map((a: { name: string }) => a.name)).not.toContain('写作教练');
    expect(await call('GET', `/cm/api/ai/application/detail?tenantId=${ACME}&id=${created.id}`)).toMatchObject({ success: false, errorCode: 'AI_APP_NOT_FOUND' });
    // Disabled: gone for learners, still in the back office.
    await data('POST', '/cm/api/ai/admin/assistant/save', demoAdmin.token, {
      tenantId: DEMO, id, name: '写作教练', avatar: 'builtin:owl', description: '', greeting: '', systemPrompt: '', kinds: ['content'], examples: [], enabled: false,
    });
    expect(await call('GET', `/cm/api/ai/assistant/detail?tenantId=${DEMO}&id=${id}`)).toMatchObject({ success: false, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
    expect(await call('GET', `/cm/api/ai/application/detail?tenantId=${DEMO}&id=${created.id}`)).toMatchObject({ success: false, errorCode: 'AI_APP_NOT_FOUND' });
    const overview = await data('GET', `/cm/api/ai/admin/assistants?tenantId=${DEMO}`, demoAdmin.token);
    expect(overview.assistants.find((a: { id: number }) => a.id === id)).toMatchObject({ enabled: false, applicationCount: 1 });
    // Ordering: the new assistant first.
    const ids = [id, ...overview.assistants.map((a: { id: number }) => a.id).filter((x: number) => x !== id)];
    await data('POST', '/cm/api/ai/admin/assistant/sort', demoAdmin.token, { tenantId: DEMO, ids });
    expect((await data('GET', `/cm/api/ai/admin/assistants?tenantId=${DEMO}`, demoAdmin.token)).assistants[0].id).toBe(id);
    // An assistant with applications is not deleted; without, it is.
    expect(await call('POST', '/cm/api/ai/admin/assistant/delete', demoAdmin.token, { tenantId: DEMO, id })).toMatchObject({ success: false, code: 409, errorCode: 'AI_ASSISTANT_IN_USE' });
    await data('POST', '/cm/api/ai/admin/application/delete', demoAdmin.token, { tenantId: DEMO, id: created.id });
    await data('POST', '/cm/api/ai/admin/assistant/delete', demoAdmin.token, { tenantId: DEMO, id });
    expect(await call('POST', '/cm/api/ai/admin/assistant/delete', demoAdmin.token, { tenantId: DEMO, id })).toMatchObject({ success: false, code: 404 });
  });

  it('another tenant\'s admin cannot touch demo\'s rows', async () => {
    const demoAssistant = (await data('GET', `/cm/api/ai/assistant/list?tenantId=${DEMO}`, undefined)).list[0];
    // demo's admin token on demo, id of acme: not found; the ai tenant's admin on ai with demo's id: not found.
    const acmeAssistant = (await data('GET', `/cm/api/ai/assistant/list?tenantId=${ACME}`, undefined)).list[0];
    expect(await call('POST', '/cm/api/ai/admin/assistant/delete', demoAdmin.token, { tenantId: DEMO, id: acmeAssistant.id })).toMatchObject({ success: false, code: 404 });
    expect(await call('POST', '/cm/api/ai/admin/assistant/save', demoAdmin.token, {
      tenantId: ACME, id: acmeAssistant.id, name: 'x', avatar: 'builtin:robot', description: '', greeting: '', systemPrompt: '', kinds: ['help'], examples: [], enabled: true,
    })).toMatchObject({ success: false, flag: 401 });
    expect(demoAssistant.id).not.toBe(acmeAssistant.id);
  });
});
