// The live room's chat with a fake socket (spec learning §3 stateType, §4 connection states and the
// 50/20 trim, §5 text filter, §8 forced offline; shell §7 "Live chat"): ready only when connected
// (the input is disabled otherwise), a drop reconnects with backoff and a fresh token, more than 50
// entries drop the oldest 20, own messages are 'out', an aborted connection shows
// 通讯账号被强制下线 and signs the learner out, a removal (4403) does not reconnect, and only the
// room's teacher sees mute / remove.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ServerFrame } from '../../schemas/api/train-chat';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import { appendTrimmed, LiveChat, reconnectDelay, type ChatSocket } from '../../src/features/live/chat/live-chat';
import { ChatPanel } from '../../src/features/live/components/chat-panel';
import { selectSignedIn, useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

/** A socket the test opens, feeds and drops. */
class FakeSocket implements ChatSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) { this.sent.push(JSON.parse(data)); }
  close(code = 1000) { this.closedWith = code; this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.({}); }
  receive(frame: ServerFrame) { this.onmessage?.({ data: JSON.stringify(frame) }); }
  drop(code = 1006) { this.readyState = 3; this.onclose?.({ code, reason: '' }); }
}

const ME = learnerSession.userInfo.userId;
const msg = (id: number, uid = 99, content = `消息${id}`): ChatMessage => ({ id, uid, nickName: uid === ME ? '小李' : `学员${uid}`, messageType: 'text', content, at: '2026-11-27T02:00:00.000Z' });
const hello = (history: ChatMessage[] = [], role: 'learner' | 'teacher' = 'learner'): ServerFrame => ({ type: 'hello', you: { uid: ME, nickName: '小李', role, mutedUntil: null }, history });

let sockets: FakeSocket[];
let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  sockets = [];
  calls = [];
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
  let n = 0;
  apiClient.defaults.adapter = fakeAdapter((call) => {
    n += 1;
    if (call.url === '/um/api/thirdPlt/token/argoRtm') return ok({ token: `rtm-${n}`, expiresAt: Date.now() + 600_000 });
    return noRoute(call.url);
  }, calls);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount(canManage = false) {
  const factory = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const router = createMemoryRouter([
    { path: '/chatRoom/detail/:id', element: <ChatPanel chatPath="/train/ws/chat?roomId=3" uid={ME} canManage={canManage} socketFactory={factory} /> },
    { path: '/login', element: <div data-testid="login-page" /> },
  ], { initialEntries: ['/chatRoom/detail/3'] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

/** Waits for the next socket and opens it with a hello. */
async function connect(index: number, frame: ServerFrame = hello()) {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(index));
  const socket = sockets[index]!;
  act(() => {
    socket.open();
    socket.receive(frame);
  });
  return socket;
}

const input = () => screen.getByTestId('live-chat-input') as HTMLInputElement;

describe('the chat connection state', () => {
  it('keeps the input disabled until the socket is connected, then ready (spec shell §7)', async () => {
    mount();
    expect(screen.getByTestId('live-chat')).toHaveAttribute('data-ready', 'false');
    expect(input()).toBeDisabled();
    await waitFor(() => expect(sockets).toHaveLength(1));
    // The socket goes to our chat path with the argoRtm token asked for the signed-in user.
    expect(sockets[0]!.url).toMatch(/^ws:\/\/[^/]+\/train\/ws\/chat\?roomId=3&token=rtm-\d+$/);
    expect(calls.find((c) => c.url === '/um/api/thirdPlt/token/argoRtm')?.params.uid).toBe(ME);
    expect(input()).toBeDisabled();
    await connect(0);
    expect(screen.getByTestId('live-chat')).toHaveAttribute('data-ready', 'true');
    expect(input()).toBeEnabled();
  });

  it('disables the input when the connection drops and reconnects with a new token', async () => {
    mount();
    const first = await connect(0);
    act(() => first.drop(1006));
    expect(screen.getByTestId('live-chat')).toHaveAttribute('data-status', 'reconnecting');
    expect(input()).toBeDisabled();
    expect(screen.getByTestId('live-chat-reconnecting')).toHaveTextContent('第 1 次');
    // The first retry comes after about a second (1 s + jitter).
    const second = await connect(1, hello([msg(1)]));
    expect(second.url).not.toBe(first.url);
    expect(input()).toBeEnabled();
    expect(screen.getAllByTestId('live-chat-message')).toHaveLength(1);
  });
});

describe('the message list', () => {
  it('drops the oldest 20 when it passes 50 entries (spec learning §9)', async () => {
    mount();
    const socket = await connect(0, hello(Array.from({ length: 50 }, (_, i) => msg(i + 1))));
    expect(screen.getAllByTestId('live-chat-message')).toHaveLength(50);
    act(() => socket.receive({ type: 'message', message: msg(51) }));
    const shown = screen.getAllByTestId('live-chat-message');
    expect(shown).toHaveLength(31);
    expect(shown[0]).toHaveAttribute('data-id', '21');
    expect(shown.at(-1)).toHaveAttribute('data-id', '51');
  });

  it('marks my own messages out and others in (spec learning §3 stateType)', async () => {
    mount();
    const socket = await connect(0, hello([msg(1, 99, '老师好')]));
    act(() => socket.receive({ type: 'message', message: msg(2, ME, '我也来了') }));
    const [theirs, mine] = screen.getAllByTestId('live-chat-message');
    expect(theirs).toHaveAttribute('data-state-type', 'in');
    expect(mine).toHaveAttribute('data-state-type', 'out');
    expect(mine).toHaveClass('live-chat__msg--out');
    expect(within(mine!).getByText('我')).toBeInTheDocument();
  });

  it('drops a message the teacher deleted', async () => {
    mount();
    const socket = await connect(0, hello([msg(1), msg(2)]));
    act(() => socket.receive({ type: 'removed', messageId: 1 }));
    expect(screen.getAllByTestId('live-chat-message').map((m) => m.getAttribute('data-id'))).toEqual(['2']);
  });

  it('sends the filtered text on Enter and empties the input', async () => {
    mount();
    const socket = await connect(0);
    fireEvent.change(input(), { target: { value: '老师好😀【提问】' } });
    expect(input().value).toBe('老师好提问');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(socket.sent).toEqual([{ type: 'send', content: '老师好提问' }]);
    expect(input().value).toBe('');
  });
});

describe('forced offline and removal', () => {
  it('shows 通讯账号被强制下线 and signs the learner out when the server aborts (spec learning §8)', async () => {
    mount();
    const socket = await connect(0);
    expect(selectSignedIn(useUserStore.getState())).toBe(true);
    act(() => {
      socket.receive({ type: 'aborted', reason: 'signed-in-elsewhere' });
      socket.drop(4001);
    });
    expect(screen.getByTestId('live-chat-aborted')).toHaveTextContent('通讯账号被强制下线');
    expect(selectSignedIn(useUserStore.getState())).toBe(false);
    expect(input()).toBeDisabled();
    // No reconnect after an abort.
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect(sockets).toHaveLength(1);
  });

  it('treats a removal by the teacher during the connection as forced offline too (issue 17)', async () => {
    mount();
    const socket = await connect(0);
    act(() => {
      socket.receive({ type: 'aborted', reason: 'removed' });
      socket.drop(4001);
    });
    expect(screen.getByTestId('live-chat-aborted')).toHaveTextContent('通讯账号被强制下线');
    expect(screen.getByTestId('live-chat-aborted')).toHaveTextContent('移出');
    expect(selectSignedIn(useUserStore.getState())).toBe(false);
  });

  it('does not reconnect when a removed viewer is refused (close 4403), and keeps them signed in', async () => {
    mount();
    const socket = await connect(0);
    act(() => socket.drop(4403));
    expect(screen.getByTestId('live-chat-refused')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect(sockets).toHaveLength(1);
    // A refused reconnect is not a forced offline: the learner stays signed in.
    expect(selectSignedIn(useUserStore.getState())).toBe(true);
  });
});

describe('teacher tools', () => {
  it('shows mute and remove on learners\' messages to the room\'s teacher, and sends the frames', async () => {
    mount(true);
    const socket = await connect(0, { ...hello([msg(1, 42)], 'teacher') });
    fireEvent.click(screen.getByTestId('live-chat-mute'));
    expect(socket.sent).toEqual([{ type: 'mute', uid: 42, minutes: 10 }]);
    fireEvent.click(screen.getByTestId('live-chat-delete'));
    expect(socket.sent.at(-1)).toEqual({ type: 'delete', messageId: 1 });
  });

  it('shows no tools to a learner', async () => {
    mount(false);
    await connect(0, hello([msg(1, 42)]));
    expect(screen.queryByTestId('live-chat-mute')).toBeNull();
    expect(screen.queryByTestId('live-chat-remove')).toBeNull();
  });
});

describe('LiveChat without React', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s between attempts', () => {
    expect([1, 2, 3, 4, 6, 10].map((n) => reconnectDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 30_000, 30_000]);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });

  it('trims only above 50', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => i);
    expect(appendTrimmed(fifty.slice(0, 49), 49)).toHaveLength(50);
    expect(appendTrimmed(fifty, 50)).toEqual(Array.from({ length: 31 }, (_, i) => i + 20));
  });

  it('refuses to send while not ready, and counts attempts until a connection holds', async () => {
    const timers: (() => void)[] = [];
    const made: FakeSocket[] = [];
    const chat = new LiveChat({
      selfUid: ME, onAborted: () => undefined, random: () => 0,
      open: async () => { const s = new FakeSocket('ws://x'); made.push(s); return s; },
      setTimer: (run) => { timers.push(run); return timers.length; }, clearTimer: () => undefined,
    });
    chat.start();
    await waitFor(() => expect(made).toHaveLength(1));
    expect(chat.send('hi')).toBe(false);
    made[0]!.drop();
    made[0]!.drop();
    expect(chat.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    timers.shift()!();
    await waitFor(() => expect(made).toHaveLength(2));
    made[1]!.drop();
    expect(chat.getSnapshot().attempt).toBe(2);
    timers.shift()!();
    await waitFor(() => expect(made).toHaveLength(3));
    made[2]!.open();
    expect(chat.getSnapshot()).toMatchObject({ status: 'ready', ready: true, attempt: 0 });
    expect(chat.send('hi')).toBe(true);
    chat.close();
    expect(chat.getSnapshot().status).toBe('closed');
  });
});

describe('muted', () => {
  it('disables the input while I am muted and enables it again when the mute runs out', async () => {
    mount();
    const socket = await connect(0);
    expect(input()).toBeEnabled();
    act(() => socket.receive({ type: 'muted', uid: ME, until: new Date(Date.now() + 1200).toISOString() }));
    expect(input()).toBeDisabled();
    expect(screen.getByTestId('live-chat-muted')).toBeInTheDocument();
    // Another learner's mute is not mine.
    act(() => socket.receive({ type: 'muted', uid: 42, until: new Date(Date.now() + 60_000).toISOString() }));
    await waitFor(() => expect(input()).toBeEnabled(), { timeout: 3000 });
    expect(screen.queryByTestId('live-chat-muted')).toBeNull();
  });
});
