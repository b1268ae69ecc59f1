// Issue 21 C (docs/ai.md C): the talk page's streamed answer renders as it arrives, stops on the
// stop button and on Esc (kept and shown as stopped), copies with a 已复制 toast, makes the last
// answer again keeping the earlier one (第 2/2 次回答), takes 👍/👎, shows the cost and balance,
// and says where to top up when credits run out.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { parseFrames } from '../../src/features/robot/api/stream';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { answer, fakeServer } from './ai-chat-fake';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const streams = () => server.state.requests.filter((r) => r.url.startsWith('/cm/api/ai/chat/'));

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

async function ask(question: string) {
  const box = await screen.findByRole('textbox', { name: '你的问题' });
  await userEvent.setup().type(box, `${question}{Enter}`);
  return box;
}

describe('parseFrames', () => {
  it('splits complete frames, keeps the unfinished rest, skips comments and reads JSON data', () => {
    const { events, rest } = parseFrames(': open\n\nevent: delta\ndata: {"text":"你好"}\n\nevent: done\ndata: {"st');
    expect(events).toEqual([{ event: 'delta', data: { text: '你好' } }]);
    expect(rest).toBe('event: done\ndata: {"st');
  });
});

describe('the streamed chat', { timeout: 20_000 }, () => {
  it('renders the answer as it arrives in paragraphs, then the links, and announces the finished answer once', async () => {
    server.state.answers = [answer({ answer: '第一段说明。\n第二段说明。' })];
    renderRoutes('/robot/talk');
    await ask('如何参加考试');
    const reply = (await screen.findAllByTestId('robot-message'))[1]!;
    await waitFor(() => expect(within(reply).getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['第一段说明。', '第二段说明。']));
    expect(within(reply).getByRole('link', { name: '考试技巧精讲' })).toHaveAttribute('href', '/course/detail/7');
    await waitFor(() => expect(screen.getByTestId('robot-announce')).toHaveTextContent('第一段说明。 第二段说明。'));
    expect(streams()[0]!.body).toMatchObject({ question: '如何参加考试', conversationId: null, lang: 'zh' });
  });

  it('an assistant\'s example question (?q=) waits in the input, unsent (the talk page ignored q)', async () => {
    renderRoutes('/robot/talk?assistant=3&q=' + encodeURIComponent('这门课适合零基础吗？'));
    await waitFor(() => expect(screen.getByTestId('robot-input')).toHaveValue('这门课适合零基础吗？'));
    expect(streams()).toEqual([]);
  });

  it('stop: the button aborts the stream and the answer stays, marked stopped; Esc stops too', async () => {
    server.state.hang = true;
    server.state.answers = [answer({ answer: '这是一段写到一半的回答' }), answer({ answer: '第二个写到一半' })];
    renderRoutes('/robot/talk');
    await ask('讲讲考试');
    await waitFor(() => expect(screen.getAllByTestId('robot-answer-text')[0]).toHaveTextContent('这是一段写到一半的回答'));
    await userEvent.setup().click(screen.getByTestId('robot-stop'));
    await waitFor(() => expect(screen.getAllByTestId('robot-message')[1]).toHaveAttribute('data-state', 'stopped'));
    expect(screen.getByTestId('robot-stopped')).toHaveTextContent('已停止生成');
    expect(screen.getAllByTestId('robot-answer-text')[0]).toHaveTextContent('这是一段写到一半的回答');
    expect(screen.getByTestId('robot-send')).toBeInTheDocument();

    const box = await ask('再来一个');
    await waitFor(() => expect(screen.getAllByTestId('robot-answer-text')[1]).toHaveTextContent('第二个写到一半'));
    await userEvent.setup().type(box, '{Escape}');
    await waitFor(() => expect(screen.getAllByTestId('robot-message')[3]).toHaveAttribute('data-state', 'stopped'));
  });

  it('copies the answer\'s text and says 已复制', async () => {
    server.state.answers = [answer({ answer: '可以复制的回答。' })];
    renderRoutes('/robot/talk');
    await ask('复制');
    // user-event puts its own clipboard on navigator; read what was written to it.
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('robot-copy'));
    expect(await navigator.clipboard.readText()).toBe('可以复制的回答。');
    expect(await screen.findByText('已复制')).toBeInTheDocument();
  });

  it('signed in: shows the cost and balance, retries the last answer keeping the earlier one (第 2/2 次回答), and rates it', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.answers = [answer({ answer: '第一次的回答。', conversationId: 42 }), answer({ answer: '第二次的回答。', conversationId: 42 })];
    const { router } = renderRoutes('/robot/talk');
    await ask('如何参加考试');
    await waitFor(() => expect(router.state.location.pathname).toBe('/robot/talk/42'));
    expect(screen.getByTestId('robot-cost')).toHaveTextContent('本次消耗 1 点 · 余额 48 点');

    const u = userEvent.setup();
    await u.click(await screen.findByTestId('robot-regenerate'));
    await waitFor(() => expect(screen.getByTestId('robot-version')).toHaveTextContent('第 2/2 次回答'));
    expect(streams().at(-1)).toMatchObject({ url: '/cm/api/ai/chat/retry', body: { conversationId: 42 } });
    expect(screen.getByTestId('robot-answer-text')).toHaveTextContent('第二次的回答。');
    await u.click(screen.getByRole('button', { name: '上一次回答' }));
    expect(screen.getByTestId('robot-version')).toHaveTextContent('第 1/2 次回答');
    expect(screen.getByTestId('robot-answer-text')).toHaveTextContent('第一次的回答。');
    await u.click(screen.getByRole('button', { name: '下一次回答' }));

    await u.click(screen.getByTestId('robot-dislike'));
    await waitFor(() => expect(screen.getByTestId('robot-dislike')).toHaveAttribute('aria-pressed', 'true'));
    await u.type(screen.getByLabelText('哪里不好？（可选）'), '答非所问');
    await u.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(server.state.requests.filter((r) => r.url === '/cm/api/ai/chat/feedback').map((r) => r.body)).toEqual([
      expect.objectContaining({ messageId: 202, value: 'down', reason: null }),
      expect.objectContaining({ messageId: 202, value: 'down', reason: '答非所问', lang: 'zh' }),
    ]));
  });

  it('when credits run out, keeps the question and links to the top-up page', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.refuse = { message: 'AI 点数不足：本次需要 1 点，余额 0 点。请先充值。', errorCode: 'AI_CREDITS_EXHAUSTED' };
    renderRoutes('/robot/talk');
    const box = await ask('如何参加考试');
    const alert = await screen.findByTestId('credits-exhausted');
    expect(alert).toHaveTextContent('AI 点数不足');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/robot/goRecharge');
    expect(box).toHaveValue('如何参加考试');
    expect(screen.queryAllByTestId('robot-message')).toHaveLength(0);
  });

  it('my conversations: searches by title, renames within 1–100 characters, and shows a stopped answer with its versions', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    const at = '2026-11-20T08:00:00.000Z';
    const base = { messageCount: 2, assistantId: null, createdAt: at, updatedAt: at };
    server.state.conversations = [{ id: 8, title: '证书在哪里查看', ...base }, { id: 9, title: '考试怎么报名', ...base }];
    const msg = { links: [], source: null, fallback: null, createdAt: at, provider: null, feedback: null, feedbackReason: null };
    server.state.details.set(8, {
      ...server.state.conversations[0]!, messages: [
        { ...msg, id: 1, role: 'user', text: '证书在哪里查看', state: 'complete', previous: [] },
        { ...msg, id: 2, role: 'assistant', text: '在个人中心', state: 'stopped', previous: [{ text: '旧的回答', links: [], state: 'complete', createdAt: at }] },
      ],
    });
    renderRoutes('/robot/my/8');
    const u = userEvent.setup();
    expect(await screen.findAllByTestId('robot-conversation')).toHaveLength(2);
    await u.type(screen.getByRole('searchbox', { name: '按标题搜索对话' }), '考试{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('robot-conversation').map((c) => c.dataset.id)).toEqual(['9']));
    expect(server.state.requests.filter((r) => r.url === '/cm/api/robot/searchByUser').at(-1)!.params).toMatchObject({ title: '考试' });

    const transcript = await screen.findByTestId('robot-transcript');
    expect(within(transcript).getByTestId('robot-stopped')).toBeInTheDocument();
    expect(within(transcript).getByTestId('robot-version')).toHaveTextContent('第 2/2 次回答');
    await u.click(within(transcript).getByTestId('robot-rename'));
    const input = within(transcript).getByRole('textbox', { name: '对话标题' });
    await u.clear(input);
    expect(within(transcript).getByRole('alert')).toHaveTextContent('标题需要 1 到 100 个字。');
    await u.type(input, '我的证书{Enter}');
    await waitFor(() => expect(server.state.requests.filter((r) => r.url === '/cm/api/ai/chat/rename').map((r) => r.body))
      .toEqual([expect.objectContaining({ id: 8, title: '我的证书', lang: 'zh' })]));
  });
});
