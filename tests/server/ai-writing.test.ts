// Issue 21 part E, the writing help's calls (docs/ai.md section E): the picker lists what the
// learner studied, runs work offline on pasted seed text and on a studied course, each is charged
// and kept, and refusals say what to fix; another learner's and another tenant's rows stay apart.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AI_HELP_BODIES } from '../../server/demo/seed-help-ai';
import { htmlToLines } from '../../server/modules/cm/robot-retrieval';
import { splitSentences } from '../../server/lib/ai/offline-writing';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let other: { id: number; token: string };
let acme: { id: number; token: string };

const AI = 1004;
/** The ai tenant's help, as one text: real seed text of about 600 characters. */
const HELP = Object.entries(AI_HELP_BODIES).map(([title, html]) => [title, ...htmlToLines(html)].join('\n')).join('\n');

const run = (token: string | undefined, body: Record<string, unknown>) => call('POST', '/cm/api/ai/writing/run', token, { tenantId: AI, ...body });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  other = await signIn(AI, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
});
afterAll(() => t.close());

describe('the studied picker', () => {
  it('lists the course and contents the ai learner studied (seeded study records), newest first', async () => {
    const { list } = await data('GET', `/cm/api/ai/writing/studied?tenantId=${AI}`, learner.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((i: { kind: string }) => i.kind === 'course')).toBe(true);
    const times = list.map((i: { lastStudyTime: string }) => Date.parse(i.lastStudyTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is the caller\'s own: another learner who studied nothing sees none, a guest must sign in', async () => {
    expect((await data('GET', `/cm/api/ai/writing/studied?tenantId=${AI}`, other.token)).list).toEqual([]); // (before the chapter test gives them one)
    expect(await call('GET', `/cm/api/ai/writing/studied?tenantId=${AI}`)).toMatchObject({ success: false, flag: 401 });
  });
});

describe('runs offline', () => {
  it('summarises pasted seed text with its own sentences, charges the writing price and keeps the run', async () => {
    const before = await t.db.owner.selectFrom('ai_credit_account').select('balance').where('tenant_id', '=', AI).where('user_id', '=', learner.id).executeTakeFirst();
    const res = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'summary', sourceKind: 'text', text: HELP });
    expect(res.run).toMatchObject({ tool: 'summary', tone: null, sourceKind: 'text', sourceId: null, engine: 'offline', note: null, sourceTitle: '如何向AI学伴提问' });
    for (const sentence of splitSentences(res.run.output)) expect(HELP).toContain(sentence);
    expect([...res.run.output].length).toBeLessThan([...HELP].length * 0.35);
    expect(res.cost).toBe(2);
    if (before) expect(res.balance).toBe(Number(before.balance) - 2);
    const runs = await data('GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, learner.token);
    expect(runs.list[0]).toEqual(res.run);
  });

  it('outlines a studied course from its chapters and lessons', async () => {
    const { list } = await data('GET', `/cm/api/ai/writing/studied?tenantId=${AI}`, learner.token);
    const course = list.find((i: { kind: string }) => i.kind === 'course');
    const res = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'outline', sourceKind: 'course', sourceId: course.id });
    expect(res.run).toMatchObject({ sourceKind: 'course', sourceId: course.id, sourceTitle: course.title, engine: 'offline' });
    const phases = await t.db.owner.selectFrom('course_phase').select('title').where('tenant_id', '=', AI).where('course_id', '=', course.id).orderBy('sort').orderBy('id').execute();
    expect(phases.length).toBeGreaterThan(1);
    for (const [i, p] of phases.slice(0, 12).entries()) expect(res.run.output).toContain(`${i + 1}. ${p.title}`);
  });

  it('a formal rewrite offline says it needs the provider and gives the concise version', async () => {
    const res = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'rewrite', tone: 'formal', sourceKind: 'text', text: HELP });
    expect(res.run.tone).toBe('formal');
    expect(res.run.note).toContain('AI 服务设置');
    const concise = await data('POST', '/cm/api/ai/writing/run', learner.token, { tenantId: AI, tool: 'rewrite', tone: 'concise', sourceKind: 'text', text: HELP });
    expect(res.run.output).toBe(concise.run.output);
  });
});

describe('a studied content\'s text', () => {
  it('reads the article documents of its chapters (a lesson\'s text was only its summary)', async () => {
    const [content] = (await sql<{ id: string }>`select id from content where tenant_id = ${AI} and state = 1 and purpose <> 99 order by id limit 1`.execute(t.db.owner)).rows;
    const url = `/uploads/seed/docs/${AI}/part-e-test.html`;
    await t.db.owner.insertInto('content_part').values({ tenant_id: AI, content_id: Number(content!.id), title: '第一章 错题本', kind: 'article', media_url: url, sort: 99 }).execute();
    const file = join(t.uploadDir, ...url.replace('/uploads/', '').split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '<h2>整理错题</h2><p>把每一道做错的题抄到错题本上，写清楚错在哪里。</p><p>考前一周集中复习错题本，比重新刷题更有效。</p>');
    await t.db.owner.insertInto('study_record').values({ tenant_id: AI, user_id: other.id, content_id: Number(content!.id), course_id: null }).execute();
    const res = await data('POST', '/cm/api/ai/writing/run', other.token, { tenantId: AI, tool: 'summary', sourceKind: 'content', sourceId: Number(content!.id) });
    expect(res.run.output).toContain('错题本');
  });
});

describe('refusals', () => {
  it('a guest is asked to sign in', async () => {
    expect(await run(undefined, { tool: 'summary', sourceKind: 'text', text: HELP })).toMatchObject({ success: false, flag: 401 });
  });

  it('says how long the text must be, in the learner\'s language', async () => {
    expect(await run(learner.token, { tool: 'summary', sourceKind: 'text', text: '太短了' })).toMatchObject({ success: false, errorCode: 'AI_WRITING_TOO_SHORT', message: expect.stringContaining('至少需要 20 个字') });
    expect(await run(learner.token, { tool: 'summary', sourceKind: 'text', text: '长'.repeat(20_001) })).toMatchObject({ success: false, errorCode: 'AI_WRITING_TOO_LONG' });
    expect(await run(learner.token, { tool: 'summary', sourceKind: 'text', text: 'short', lang: 'en' })).toMatchObject({ errorCode: 'AI_WRITING_TOO_SHORT', message: expect.stringContaining('at least 20') });
    expect(await run(learner.token, { tool: 'rewrite', sourceKind: 'text', text: HELP })).toMatchObject({ success: false, errorCode: 'AI_WRITING_INVALID' });
  });

  it('refuses a course the learner did not study and one of another tenant', async () => {
    const { rows } = await sql<{ id: string }>`select id from course where tenant_id = ${AI} and state = 1 order by id`.execute(t.db.owner);
    const { list } = await data('GET', `/cm/api/ai/writing/studied?tenantId=${AI}`, learner.token);
    const studied = new Set(list.filter((i: { kind: string }) => i.kind === 'course').map((i: { id: number }) => i.id));
    const unstudied = rows.map((r) => Number(r.id)).find((id) => !studied.has(id));
    expect(unstudied).toBeDefined();
    expect(await run(learner.token, { tool: 'outline', sourceKind: 'course', sourceId: unstudied })).toMatchObject({ success: false, errorCode: 'AI_WRITING_SOURCE_NOT_FOUND' });
    const acmeList = (await data('GET', '/cm/api/ai/writing/studied?tenantId=1002', acme.token)).list;
    const acmeCourse = acmeList.find((i: { kind: string }) => i.kind === 'course');
    expect(acmeCourse).toBeDefined();
    expect(await run(learner.token, { tool: 'outline', sourceKind: 'course', sourceId: acmeCourse.id })).toMatchObject({ success: false, errorCode: 'AI_WRITING_SOURCE_NOT_FOUND' });
  });

  it('an acme token presented for the ai tenant is refused', async () => {
    expect(await run(acme.token, { tool: 'summary', sourceKind: 'text', text: HELP })).toMatchObject({ success: false });
  });

  it('says credits ran out and stores nothing', async () => {
    await t.db.owner.updateTable('ai_credit_account').set({ balance: 1 }).where('tenant_id', '=', AI).where('user_id', '=', learner.id).execute();
    const before = (await data('GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, learner.token)).total;
    expect(await run(learner.token, { tool: 'summary', sourceKind: 'text', text: HELP })).toMatchObject({ success: false, errorCode: 'AI_CREDITS_EXHAUSTED' });
    expect((await data('GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, learner.token)).total).toBe(before);
  });
});

describe('a streamed run that fails inside the server', () => {
  it('sends a general sentence as its error event, never the error\'s own text', async () => {
    // Keeping the run fails: its table is briefly gone.
    await sql`alter table ai_writing_run rename to ai_writing_run_away`.execute(t.db.owner);
    let body = '';
    try {
      body = (await t.app.inject({ method: 'POST', url: '/cm/api/ai/writing/stream', headers: { token: other.token }, payload: { tenantId: AI, tool: 'summary', sourceKind: 'text', text: HELP } })).body;
    } finally {
      await sql`alter table ai_writing_run_away rename to ai_writing_run`.execute(t.db.owner);
    }
    const error = /event: error\ndata: (.+)/.exec(body);
    expect(error).not.toBeNull();
    expect(JSON.parse(error![1]!)).toEqual({ message: '服务器出了点问题，这次整理没有完成，请稍后再试。' });
    expect(body).not.toContain('ai_writing_run');
  });
});

describe('with an OpenAI-compatible provider', () => {
  let fake: FakeOpenAI;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    fake = await startFakeOpenAI({ reply: '长'.repeat(9000), chunkSize: 1000 });
    for (const name of ['AI_API_BASE', 'AI_MODEL']) saved[name] = process.env[name];
    process.env.AI_API_BASE = fake.url;
    process.env.AI_MODEL = 'fake-chat';
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await fake.close();
  });

  it('keeps at most 8000 characters of a provider that goes on and on', async () => {
    const res = await data('POST', '/cm/api/ai/writing/run', other.token, { tenantId: AI, tool: 'summary', sourceKind: 'text', text: HELP });
    expect(res.run.engine).toBe('openai');
    expect([...res.run.output].length).toBe(8000);
  });
});

describe('isolation', () => {
  it('another learner and another tenant never see the learner\'s runs', async () => {
    const mine = (await data('GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, learner.token)).list.map((r: { id: number }) => r.id);
    expect(mine.length).toBeGreaterThan(0);
    const others = (await data('GET', `/cm/api/ai/writing/runs?tenantId=${AI}`, other.token)).list.map((r: { id: number }) => r.id);
    const acmeRuns = (await data('GET', '/cm/api/ai/writing/runs?tenantId=1002', acme.token)).list.map((r: { id: number }) => r.id);
    for (const id of mine) {
      expect(others).not.toContain(id);
      expect(acmeRuns).not.toContain(id);
    }
  });
});
