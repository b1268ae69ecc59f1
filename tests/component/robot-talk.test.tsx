// The AI area's chat (spec learning §2 "AI area"): /robot goes to /robot/talk; suggested questions
// are the tenant's help titles; Enter sends and Shift+Enter adds a line; the loading state; an
// answer's links route inside the portal; a failure keeps the question with a retry; a signed-in
// learner's first answer starts a conversation that goes into the address and the side list; the
// features a tenant has not enabled say so and lead back to the chat.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/client';
import type { AskResult, ConversationDetail, ConversationItem } from '../../src/features/robot/api/robot';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const failure = (message: string) => ({ success: false, code: 500, flag: -1, message, data: null });

const answer = (over: Partial<AskResult> = {}): AskResult => ({
  answer: '根据帮助文章《如何参加考试》：\n1. 进入考试列表。', source: 'retrieval', fallback: 'notConfigured', conversationId: null, conversationTitle: null,
  links: [
    { kind: 'help', id: 5, title: '如何参加考试', purpose: null },
    { kind: 'course', id: 7, title: '考试技巧精讲', purpose: null },
    { kind: 'content', id: 9, title: '考前复习清单', purpose: 2 },
    { kind: 'content', id: 10, title: '考试经验分享', purpose: 5 },
    { kind: 'exam', id: 3, title: '期末模拟考试', purpose: null },
  ],
  ...over,
});

function fakeServer() {
  const state = {
    /** Answers to the next questions, in order; a string is a failure with that message. */
    answers: [] as (AskResult | string)[],
    /** When set, asks wait for it. */
    hold: null as Promise<void> | null,
    conversations: [] as ConversationItem[],
    details: new Map<number, ConversationDetail>(),
    requests: [] as { method: string; url: string; params: Row; body: Row; query: string }[],
  };
  const answerOf = async (url: string, params: Row, body: Row): Promise<unknown> => {
    switch (url) {
      case '/cm/api/content/search':
        return ok({ list: [{ id: 5, title: '如何参加考试' }, { id: 6, title: '证书在哪里查看' }], total: 2, pageNo: 1, pageSize: Number(params.pageSize) });
      case '/cm/api/robot/ask': {
        if (state.hold) await state.hold;
        const next = state.answers.shift() ?? answer();
        return typeof next === 'string' ? failure(next) : ok(next);
      }
      case '/cm/api/robot/searchByUser': return ok({ list: state.conversations, total: state.conversations.length, pageNo: 1, pageSize: 20 });
      case '/cm/api/robot/detail': {
        const found = state.details.get(Number(params.id));
        return found ? ok(found) : { success: false, code: 404, flag: -1, message: 'gone', data: null, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' };
      }
      case '/cm/api/robot/delConversation':
        state.conversations = state.conversations.filter((c) => c.id !== Number(body.id));
        state.details.delete(Number(body.id));
        return ok(true);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ method, url, params, body, query: (config.url ?? '').split('?')[1] ?? '' });
    return { data: await answerOf(url, params, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const asks = () => server.state.requests.filter((r) => r.url === '/cm/api/robot/ask');

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('AI chat', { timeout: 20_000 }, () => {
  it('goes from /robot to /robot/talk, suggests the help titles, and answers with links that route inside the portal', async () => {
    const { router } = renderRoutes('/robot');
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk'));
    const suggestions = await screen.findAllByTestId('robot-suggestion', {}, { timeout: 5000 });
    expect(suggestions.map((s) => s.textContent)).toEqual(['如何参加考试', '证书在哪里查看']);
    const help = server.state.requests.find((r) => r.url === '/cm/api/content/search')!;
    expect(help.params).toMatchObject({ sort: 'popular' });
    expect(help.query).toBe('purpose=99');
    // A guest is told that signing in keeps conversations, and no list is asked for.
    expect(screen.getByTestId('robot-side')).toHaveTextContent('登录后，对话会自动保存');

    await userEvent.setup().click(suggestions[0]!);
    const replies = await screen.findAllByTestId('robot-message');
    expect(replies.map((m) => m.dataset.role)).toEqual(['user', 'assistant']);
    expect(asks()[0]!.body).toMatchObject({ question: '如何参加考试', conversationId: null, lang: 'zh' });
    const reply = replies[1]!;
    expect(reply).toHaveTextContent('1. 进入考试列表。');
    const href = (name: string) => within(reply).getByRole('link', { name }).getAttribute('href');
    expect(href('如何参加考试')).toBe('/helpCenter?id=5&purpose=99');
    expect(href('考试技巧精讲')).toBe('/course/detail/7');
    expect(href('考前复习清单')).toBe('/knowledge/detail/9?purpose=2');
    expect(href('考试经验分享')).toBe('/content/noval/10?purpose=5');
    expect(href('期末模拟考试')).toBe('/exam/detail/3');
    expect(within(reply).getByTestId('robot-fallback')).toHaveTextContent('本站未接入大模型服务');
    expect(server.state.requests.some((r) => r.url === '/cm/api/robot/searchByUser')).toBe(false);

    await userEvent.setup().click(within(reply).getByRole('link', { name: '考试技巧精讲' }));
    // Inside the portal: the course page, which asks a guest to sign in first (spec learning §2: login required).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/course/detail/7');
  });

  it('sends on Enter, adds a line on Shift+Enter, and shows the loading state while asking', async () => {
    let release!: () => void;
    server.state.hold = new Promise<void>((resolve) => { release = resolve; });
    renderRoutes('/robot/talk');
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: '你的问题' });
    await u.type(box, '如何参加考试{Shift>}{Enter}{/Shift}需要准备什么');
    expect(box).toHaveValue('如何参加考试\n需要准备什么');
    expect(asks()).toHaveLength(0);
    await u.type(box, '{Enter}');
    expect(await screen.findByTestId('robot-thinking')).toHaveTextContent('正在查找资料');
    expect(box).toBeDisabled();
    expect(asks()[0]!.body.question).toBe('如何参加考试\n需要准备什么');
    release();
    await waitFor(() => expect(screen.queryByTestId('robot-thinking')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('robot-message')).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(box).toBeEnabled();
  });

  it('keeps the question after a failure and sends it again on retry', async () => {
    server.state.answers = ['提问太频繁了，请 10 分钟后再试。', answer()];
    renderRoutes('/robot/talk');
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: '你的问题' });
    await u.type(box, '如何参加考试{Enter}');
    const error = await screen.findByTestId('robot-error');
    expect(error).toHaveTextContent('没有发送成功：提问太频繁了，请 10 分钟后再试。');
    expect(box).toHaveValue('如何参加考试');
    expect(screen.queryAllByTestId('robot-message')).toHaveLength(0);

    await u.click(within(error).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getAllByTestId('robot-message')).toHaveLength(2));
    expect(asks().map((a) => a.body.question)).toEqual(['如何参加考试', '如何参加考试']);
    expect(screen.queryByTestId('robot-error')).not.toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('refuses a question over 500 characters before sending', async () => {
    renderRoutes('/robot/talk');
    const box = await screen.findByRole('textbox', { name: '你的问题' });
    await userEvent.setup().click(box);
    await userEvent.setup().paste('问'.repeat(501));
    expect(screen.getByText('问题不能超过 500 个字，请精简后再发送。')).toBeInTheDocument();
    expect(screen.getByTestId('robot-send')).toBeDisabled();
    await userEvent.setup().type(box, '{Enter}');
    expect(asks()).toHaveLength(0);
  });

  it('keeps a signed-in learner\'s chat: the first answer puts the conversation in the address and the list, and the next question continues it', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const old: ConversationItem = { id: 8, title: '证书在哪里查看', messageCount: 2, createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };
    server.state.conversations = [old];
    server.state.details.set(8, {
      ...old, messages: [
        { id: 1, role: 'user', text: '证书在哪里查看', links: [], source: null, fallback: null, createdAt: old.createdAt },
        { id: 2, role: 'assistant', text: '在个人中心的我的证书里。', links: [{ kind: 'help', id: 6, title: '证书在哪里查看', purpose: null }], source: 'provider', fallback: null, createdAt: old.createdAt },
      ],
    });
    server.state.answers = [answer({ conversationId: 42, conversationTitle: '如何参加考试' }), answer({ conversationId: 42, answer: '第二个回答' })];
    const { router } = renderRoutes('/robot/talk');
    expect(await screen.findByTestId('robot-conversation')).toHaveTextContent('证书在哪里查看');
    // The server keeps the new conversation; the list is read again after the answer.
    server.state.conversations = [{ ...old, id: 42, title: '如何参加考试' }, old];
    const u = userEvent.setup();
    const box = screen.getByRole('textbox', { name: '你的问题' });
    await u.type(box, '如何参加考试{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk/42'));
    await waitFor(() => expect(screen.getAllByTestId('robot-conversation')).toHaveLength(2));
    // The new conversation's messages are on screen already: not read back.
    expect(server.state.requests.some((r) => r.url === '/cm/api/robot/detail')).toBe(false);
    await u.type(box, '还有别的吗{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('robot-message')).toHaveLength(4));
    expect(asks()[1]!.body).toMatchObject({ question: '还有别的吗', conversationId: 42 });

    await u.click(within(screen.getAllByTestId('robot-conversation')[1]!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk/8'));
    await waitFor(() => expect(screen.getAllByTestId('robot-message')).toHaveLength(2));
    expect(screen.getAllByTestId('robot-message')[1]).toHaveTextContent('在个人中心的我的证书里。');
    expect(screen.getByText('以上答案由 AI 根据本站资料生成，仅供参考。')).toBeInTheDocument();
  });

  it('says so when a saved conversation is gone, and offers a new chat', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const { router } = renderRoutes('/robot/talk/99');
    expect(await screen.findByTestId('robot-load-error')).toHaveTextContent('这个对话不存在或已被删除。');
    await userEvent.setup().click(screen.getByRole('button', { name: '开始新对话' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk'));
    expect(await screen.findByTestId('robot-welcome')).toBeInTheDocument();
  });

  it('shows a saved conversation under my conversations, continues it in the chat, and deletes it after asking', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const saved: ConversationItem = { id: 8, title: '证书在哪里查看', messageCount: 2, createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };
    server.state.conversations = [saved];
    server.state.details.set(8, {
      ...saved, messages: [
        { id: 1, role: 'user', text: '证书在哪里查看', links: [], source: null, fallback: null, createdAt: saved.createdAt },
        { id: 2, role: 'assistant', text: '在个人中心的我的证书里。', links: [{ kind: 'help', id: 6, title: '证书在哪里查看', purpose: null }], source: 'retrieval', fallback: 'notConfigured', createdAt: saved.createdAt },
      ],
    });
    const { router } = renderRoutes('/robot/my/8');
    const transcript = await screen.findByTestId('robot-transcript', {}, { timeout: 5000 });
    expect(within(transcript).getAllByTestId('robot-message').map((m) => m.dataset.role)).toEqual(['user', 'assistant']);
    expect(within(transcript).getByRole('link', { name: '证书在哪里查看' })).toHaveAttribute('href', '/helpCenter?id=6&purpose=99');
    expect(within(transcript).getByRole('link', { name: /继续这个对话/ })).toHaveAttribute('href', '/robot/talk/8');

    const u = userEvent.setup();
    await u.click(screen.getByTestId('robot-delete'));
    await u.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/my'));
    expect(server.state.requests.find((r) => r.url === '/cm/api/robot/delConversation')!.body).toMatchObject({ id: 8 });
    await waitFor(() => expect(screen.queryAllByTestId('robot-conversation')).toHaveLength(0));
    expect(screen.getByText('还没有对话')).toBeInTheDocument();
  });

  it('tells plainly that a feature is not enabled, with a way back to the chat', async () => {
    const { router } = renderRoutes('/robot/pic');
    const page = await screen.findByTestId('robot-unavailable');
    expect(page).toHaveTextContent('AI 绘画暂未开通');
    expect(page).toHaveTextContent('本机构还没有开通“AI 绘画”');
    await userEvent.setup().click(within(page).getByRole('link', { name: /去 AI 对话/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk'));
  });
});
