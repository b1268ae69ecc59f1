// The AI area's chat (spec learning §2 "AI area"): /robot goes to /robot/talk; suggested questions
// are the tenant's help titles; Enter sends and Shift+Enter adds a line; the loading state; an
// answer's links route inside the portal; a failure keeps the question with a retry; a signed-in
// learner's first answer starts a conversation that goes into the address and the side list.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ConversationItem } from '../../src/features/robot/api/robot';
import { answer, fakeServer } from './ai-chat-fake';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const asks = () => server.state.requests.filter((r) => r.url === '/cm/api/ai/chat/stream');

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  vi.unstubAllGlobals();
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
    expect(server.state.requests.some((r) => r.url === '/cm/api/robot/searchByUser')).toBe(false);

    await userEvent.setup().click(within(reply).getByRole('link', { name: '考试技巧精讲' }));
    // Inside the portal: the course page, which asks a guest to sign in first (spec learning §2: login required).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/course/detail/7');
  });

  it('sends on Enter, adds a line on Shift+Enter, and shows the streaming state while answering', async () => {
    let release!: () => void;
    server.state.hold = new Promise<void>((resolve) => { release = resolve; });
    renderRoutes('/robot/talk');
    const u = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: '你的问题' });
    await u.type(box, '如何参加考试{Shift>}{Enter}{/Shift}需要准备什么');
    expect(box).toHaveValue('如何参加考试\n需要准备什么');
    expect(asks()).toHaveLength(0);
    await u.type(box, '{Enter}');
    // While the answer is on its way: a writing note and a stop button instead of send.
    expect(await screen.findByText('正在回答…')).toBeInTheDocument();
    expect(screen.getByTestId('robot-stop')).toBeInTheDocument();
    expect(asks()[0]!.body.question).toBe('如何参加考试\n需要准备什么');
    release();
    await waitFor(() => expect(screen.queryByTestId('robot-stop')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('robot-message')).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(screen.getByTestId('robot-send')).toBeInTheDocument();
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
    const old: ConversationItem = { id: 8, title: '证书在哪里查看', messageCount: 2, assistantId: null, createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };
    server.state.conversations = [old];
    server.state.details.set(8, {
      ...old, messages: [
        { id: 1, role: 'user', text: '证书在哪里查看', links: [], source: null, fallback: null, createdAt: old.createdAt, state: 'complete', provider: null, feedback: null, feedbackReason: null, previous: [] },
        { id: 2, role: 'assistant', text: '在个人中心的我的证书里。', links: [{ kind: 'help', id: 6, title: '证书在哪里查看', purpose: null }], source: 'provider', fallback: null, createdAt: old.createdAt, state: 'complete', provider: null, feedback: null, feedbackReason: null, previous: [] },
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
    const saved: ConversationItem = { id: 8, title: '证书在哪里查看', messageCount: 2, assistantId: null, createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z' };
    server.state.conversations = [saved];
    server.state.details.set(8, {
      ...saved, messages: [
        { id: 1, role: 'user', text: '证书在哪里查看', links: [], source: null, fallback: null, createdAt: saved.createdAt, state: 'complete', provider: null, feedback: null, feedbackReason: null, previous: [] },
        { id: 2, role: 'assistant', text: '在个人中心的我的证书里。', links: [{ kind: 'help', id: 6, title: '证书在哪里查看', purpose: null }], source: 'retrieval', fallback: 'notConfigured', createdAt: saved.createdAt, state: 'complete', provider: null, feedback: null, feedbackReason: null, previous: [] },
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
});
