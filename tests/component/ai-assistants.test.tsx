// Issue 21 part D's pages (docs/ai.md D): /robot/assistant lists the assistants and shows one with
// 开始对话 to /robot/talk?assistant=ID; /robot/application/{id} builds its form from the field
// list, checks it before sending, runs with the cost and balance shown, renders a quiz the learner
// answers and scores on the page, keeps the form when credits run out, reopens a saved run with
// its inputs, and asks a guest to sign in.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ApplicationDetail, AssistantDetail, RunDetail } from '../../schemas/api/ai-assistants';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refusal = (message: string, errorCode: string, code = 400) => ({ success: false, code, flag: -1, message, data: null, errorCode });
const paged = (list: unknown[]) => ok({ list, total: list.length, pageNo: 1, pageSize: 10 });

const ASSISTANT: AssistantDetail = {
  id: 3, name: '学习助手', avatar: 'builtin:robot', description: '什么都可以问。', kinds: ['course', 'help'], greeting: '你好，我是学习助手。',
  examples: ['有哪些入门课程？'], applications: [{ id: 8, name: '章节测验', icon: 'quiz', description: '从原文出题' }],
};
const QUIZ_APP: ApplicationDetail = {
  id: 8, name: '章节测验', description: '从原文出题', icon: 'quiz', task: 'quiz', output: 'questions', assistantId: 3, assistantName: '学习助手', cost: 2, needsProvider: false,
  fields: [
    { name: 'content', label: '资料', type: 'content', required: true },
    { name: 'count', label: '题目数量', type: 'number', required: true, min: 1, max: 10, defaultValue: 2 },
  ],
};
const QUIZ_RUN: RunDetail = {
  id: 41, applicationId: 8, applicationName: '章节测验', title: '如何向AI学伴提问', status: 'done', cost: 2, createdAt: '2026-11-27T10:00:00.000Z',
  inputs: { content: 70, count: 2 }, source: 'offline', output: '1. 【单选题】…',
  questions: [
    { type: 'single', stem: 'AI 学伴会根据本站的____回答。', options: ['对话页面', '帮助文章', '管理员', '证书'], answer: 'B', explanation: '原文：“AI 学伴会根据本站的帮助文章回答。”' },
    { type: 'cloze', stem: '在顶部导航点击 AI 对话，进入____。', options: [], answer: '对话页面', explanation: '原文：“进入对话页面。”' },
  ],
};

function fakeServer() {
  const state = {
    run: ok({ run: QUIZ_RUN, balance: 48 }) as unknown,
    runs: [] as RunDetail[],
    requests: [] as { url: string; params: Row; body: Row }[],
  };
  const answerOf = (url: string, params: Row): unknown => {
    switch (url) {
      case '/cm/api/ai/assistant/list': return ok({ list: [ASSISTANT, { ...ASSISTANT, id: 4, name: '帮助中心', avatar: 'builtin:helper' }] });
      case '/cm/api/ai/assistant/detail': return Number(params.id) === 3 ? ok(ASSISTANT) : refusal('这个助手不存在或已停用。', 'AI_ASSISTANT_NOT_FOUND', 404);
      case '/cm/api/ai/application/detail': return ok(QUIZ_APP);
      case '/cm/api/ai/application/options': return ok({ list: [{ id: 70, title: '如何向AI学伴提问' }, { id: 71, title: '如何删除对话记录' }] });
      case '/cm/api/ai/application/runs': return paged(state.runs);
      case '/cm/api/ai/application/run#get': return ok({ ...QUIZ_RUN, inputs: { content: 70, count: 5 } });
      case '/cm/api/ai/credits/balance': return ok({ balance: 50, prices: { answer: 1, image: 5, application: 2, writing: 2, speech: 1 }, welcomeGrant: 50, dailyFreeAnswers: 0, freeAnswersLeft: 0 });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const path = (config.url ?? '').split('?')[0]!;
    const url = path === '/cm/api/ai/application/run' && (config.method ?? 'get').toLowerCase() === 'get' ? `${path}#get` : path;
    state.requests.push({ url, params, body });
    return { data: answerOf(url, params), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const sent = (url: string) => server.state.requests.filter((r) => r.url === url);

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
  // The run is streamed through fetch (part C's reader): the same fake answers it as events, or a refusal as an envelope.
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Row;
    server.state.requests.push({ url, params: {}, body });
    const answer = server.state.run as { success: boolean; data: { run: RunDetail; balance: number } };
    if (!answer.success) return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    const text = frame('start', { cost: 2, balance: 48 }) + frame('delta', { text: answer.data.run.output }) + frame('done', answer.data);
    return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('/robot/assistant', { timeout: 20_000 }, () => {
  it('lists the assistants as cards leading to their pages', async () => {
    renderRoutes('/robot/assistant');
    const list = await screen.findByTestId('assistant-list', {}, { timeout: 5000 });
    expect(within(list).getByRole('link', { name: /^学习助手/ })).toHaveAttribute('href', '/robot/assistant/3');
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });

  it('shows an assistant with its greeting and examples, and starts a chat with it', async () => {
    renderRoutes('/robot/assistant/3');
    const detail = await screen.findByTestId('assistant-detail', {}, { timeout: 5000 });
    expect(detail).toHaveTextContent('你好，我是学习助手。');
    expect(detail).toHaveTextContent('查找范围：课程帮助');
    expect(within(detail).getByRole('link', { name: '开始对话' })).toHaveAttribute('href', '/robot/talk?assistant=3');
    expect(within(detail).getByRole('link', { name: '用「有哪些入门课程？」开始对话' })).toHaveAttribute('href', `/robot/talk?assistant=3&q=${encodeURIComponent('有哪些入门课程？')}`);
    expect(within(detail).getByRole('link', { name: /章节测验/ })).toHaveAttribute('href', '/robot/application/8');
  });

  it('says so when the assistant is gone', async () => {
    renderRoutes('/robot/assistant/99');
    expect(await screen.findByText('这个助手不存在或已停用。', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('/robot/application', { timeout: 30_000 }, () => {
  it('asks a guest to sign in instead of running', async () => {
    renderRoutes('/robot/application/8');
    expect(await screen.findByText('登录后才能运行应用，运行记录会保存在「我的运行记录」里。', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '开始生成' })).toBeNull();
  });

  it('checks the form, runs with the cost shown, and scores the quiz answered on the page', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    renderRoutes('/robot/application/8');
    const user = userEvent.setup();
    const run = await screen.findByRole('button', { name: '开始生成' }, { timeout: 5000 });
    expect(await screen.findByTestId('credits-cost')).toHaveTextContent('2');
    expect(screen.getByLabelText('题目数量')).toHaveValue('2');
    await user.click(run);
    expect(await screen.findByText('请在「资料」中选择一项。')).toBeInTheDocument();
    expect(sent('/cm/api/ai/application/stream')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: '资料' }));
    await user.click(await screen.findByText('如何向AI学伴提问'));
    await user.click(screen.getByRole('button', { name: '开始生成' }));
    const quiz = await screen.findByTestId('application-quiz');
    expect(sent('/cm/api/ai/application/stream')[0]!.body).toMatchObject({ id: 8, inputs: { content: 70, count: 2 }, lang: 'zh' });

    await user.click(within(quiz).getByRole('radio', { name: 'B. 帮助文章' }));
    await user.type(within(quiz).getByRole('textbox', { name: '第 2 题的答案' }), '对话 页面');
    await user.click(within(quiz).getByRole('button', { name: '提交答案' }));
    expect(await within(quiz).findByTestId('quiz-score')).toHaveTextContent('得分：2 / 2');

    await user.click(within(quiz).getByRole('button', { name: '重新作答' }));
    await user.click(within(quiz).getByRole('radio', { name: 'A. 对话页面' }));
    await user.type(within(quiz).getByRole('textbox', { name: '第 2 题的答案' }), '帮助');
    await user.click(within(quiz).getByRole('button', { name: '提交答案' }));
    expect(await within(quiz).findByTestId('quiz-score')).toHaveTextContent('得分：0 / 2');
    expect(quiz).toHaveTextContent('回答错误，正确答案：B. 帮助文章');
    expect(quiz).toHaveTextContent('原文：“进入对话页面。”');
  });

  it('keeps the form and links to top-up when credits run out', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.run = refusal('AI 点数不足：本次需要 2 点，余额 1 点。请先充值。', 'AI_CREDITS_EXHAUSTED', 402);
    renderRoutes('/robot/application/8');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: '资料' }, { timeout: 5000 }));
    await user.click(await screen.findByText('如何删除对话记录'));
    await user.click(screen.getByRole('button', { name: '开始生成' }));
    const exhausted = await screen.findByTestId('credits-exhausted');
    expect(exhausted).toHaveTextContent('AI 点数不足');
    expect(within(exhausted).getByRole('link')).toHaveAttribute('href', '/robot/goRecharge');
    expect(screen.getByTestId('application-detail')).toHaveTextContent('如何删除对话记录');
  });

  it('reopens a saved run from my runs with its inputs back in the form, saying when the material gave fewer questions', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.runs = [QUIZ_RUN];
    renderRoutes('/robot/application/8?run=41');
    const runs = await screen.findByTestId('application-runs', {}, { timeout: 5000 });
    expect(within(runs).getByRole('link', { name: /如何向AI学伴提问/ })).toHaveAttribute('href', '/robot/application/8?run=41');
    // Asked for 5, the material gave 2: the page says so.
    expect(await screen.findByTestId('quiz-fewer')).toHaveTextContent('只找到可以出 2 道题的句子（你要求 5 道）');
    await waitFor(() => expect(screen.getByLabelText('题目数量')).toHaveValue('5'));
    expect(screen.getByTestId('application-detail')).toHaveTextContent('如何向AI学伴提问');
  });
});
