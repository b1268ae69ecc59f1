// The live room page (/chatRoom/detail/{id} and its enrol page /chatRoom/detail/baseInfo/{id}):
// a room that needs enrolment sends the learner to the enrol page, which enrols and goes in; an
// upcoming room counts down and shows start only to its teacher; while the page is open the viewer
// enters now and every 30 s and leaves on the way out; the audience count is read every 10 s; the
// room's state is read every 10 s, so a stop turns the page to the replay without a reload.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomDetail } from '../../src/api/train-rooms';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { ChatSocket } from '../../src/features/live/chat/live-chat';
import { LiveRoom } from '../../src/features/live/components/live-room';
import RoomEnrolPage from '../../src/features/live/routes/room-enrol-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

const ROOM: RoomDetail = {
  id: 24, title: 'Power BI 报表在线答疑', cover: null, summary: '讲师现场讲解', categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z',
  teacherId: 3, teacherName: '刘洋', teacherAvatar: null, startTime: new Date(Date.now() + 3 * 3600_000 + 5000).toISOString(), endTime: null,
  liveState: 'upcoming', enrolCount: 3, audienceCount: 0, classesId: null, needEnroll: false,
  teacher: { id: 3, name: '刘洋', title: '数据分析专家', avatar: null }, notice: '欢迎来到直播间', liveStartedAt: null, liveEndedAt: null,
  enrolled: false, canWatch: true, canManage: false, audience: 0, externalStream: false, streamUrl: null, replayUrl: null,
};

let room: RoomDetail;
let audience: number;
let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;
const never: ChatSocket = { readyState: 0, send: () => undefined, close: () => undefined, onopen: null, onmessage: null, onclose: null, onerror: null };

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  calls = [];
  room = ROOM;
  audience = 0;
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
  apiClient.defaults.adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/train/api/room/detail': return ok(room);
      case '/train/api/room/enter': return ok({ room, chatPath: `/train/ws/chat?roomId=${room.id}`, heartbeatSeconds: 30 });
      case '/train/api/room/leave': return ok({ audience: 0 });
      case '/train/api/room/getAudienceNumber': return ok({ audience });
      case '/train/api/room/quickEnter':
        room = { ...room, enrolled: true, canWatch: true, enrolCount: room.enrolCount + 1 };
        return ok({ room, chatPath: `/train/ws/chat?roomId=${room.id}`, heartbeatSeconds: 30 });
      case '/train/api/room/enroll':
        room = { ...room, enrolled: true, canWatch: true, enrolCount: room.enrolCount + 1 };
        return ok({ enrolled: true, enrolCount: room.enrolCount });
      case '/um/api/thirdPlt/token/argoRtm': return ok({ token: 'rtm', expiresAt: Date.now() + 600_000 });
      default: return noRoute(call.url);
    }
  }, calls);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.restoreAllMocks();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount(path = '/chatRoom/detail/24') {
  const router = createMemoryRouter([
    { path: '/chatRoom/detail/:id', element: <LiveRoom layout="side" socketFactory={() => never} /> },
    { path: '/chatRoom/detail/baseInfo/:id', element: <RoomEnrolPage /> },
    { path: '/home', element: <div data-testid="home" /> },
  ], { initialEntries: [path] });
  const view = render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return { router, view };
}

const count = (url: string) => calls.filter((c) => c.url === url).length;

describe('the room page', () => {
  it('sends a learner who must enrol to the enrol page, which enrols and then offers the way in', async () => {
    room = { ...ROOM, needEnroll: true, canWatch: false };
    const { router } = mount();
    await screen.findByTestId('live-enrol');
    expect(router.state.location.pathname).toBe('/chatRoom/detail/baseInfo/24');
    // Not watching yet: no presence.
    expect(count('/train/api/room/enter')).toBe(0);
    fireEvent.click(screen.getByTestId('live-enrol-button'));
    // An upcoming room: enrolled, the page stays and shows the way in.
    await screen.findByTestId('live-enrolled');
    expect(calls.find((c) => c.url === '/train/api/room/enroll')?.params.id).toBe(24);
    expect(router.state.location.pathname).toBe('/chatRoom/detail/baseInfo/24');
    fireEvent.click(screen.getByTestId('live-enter'));
    await screen.findByTestId('live-room');
    expect(router.state.location.pathname).toBe('/chatRoom/detail/24');
  });

  it('enrols and enters at once (quickEnter) when the room is live', async () => {
    room = { ...ROOM, liveState: 'live', needEnroll: true, canWatch: false };
    const { router } = mount('/chatRoom/detail/baseInfo/24');
    fireEvent.click(await screen.findByRole('button', { name: '报名并进入' }));
    await screen.findByTestId('live-room');
    expect(router.state.location.pathname).toBe('/chatRoom/detail/24');
    expect(calls.find((c) => c.url === '/train/api/room/quickEnter')?.params.id).toBe(24);
    expect(count('/train/api/room/enroll')).toBe(0);
  });

  it('counts down to an upcoming room and shows start only to its teacher', async () => {
    mount();
    expect(await screen.findByTestId('live-countdown')).toHaveTextContent(/距开播还有 03:00:0\d/);
    expect(screen.queryByTestId('live-start')).toBeNull();
    expect(screen.getByTestId('live-notice')).toHaveTextContent('欢迎来到直播间');
    cleanup();
    room = { ...ROOM, canManage: true };
    mount();
    expect(await screen.findByTestId('live-start')).toBeInTheDocument();
  });

  it('enters now and every 30 s, reads the audience every 10 s, and leaves on the way out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    audience = 2;
    const { view } = mount();
    await screen.findByTestId('live-room');
    await waitFor(() => expect(count('/train/api/room/enter')).toBe(1));
    await waitFor(() => expect(screen.getByTestId('live-audience')).toHaveAttribute('data-count', '2'));
    const audienceReads = count('/train/api/room/getAudienceNumber');
    audience = 5;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.getByTestId('live-audience')).toHaveAttribute('data-count', '5'));
    expect(count('/train/api/room/getAudienceNumber')).toBeGreaterThan(audienceReads);
    expect(count('/train/api/room/enter')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(20_500));
    await waitFor(() => expect(count('/train/api/room/enter')).toBe(2));
    expect(count('/train/api/room/leave')).toBe(0);
    view.unmount();
    await waitFor(() => expect(count('/train/api/room/leave')).toBe(1));
    expect(calls.find((c) => c.url === '/train/api/room/leave')?.params.id).toBe(24);
  });

  it('turns to the replay without a reload when the teacher stops the live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    room = { ...ROOM, liveState: 'live', streamUrl: '/media/live.mp4?token=a' };
    mount();
    await waitFor(() => expect(screen.getByTestId('live-stage')).toHaveAttribute('data-state', 'live'));
    expect(screen.getByTestId('live-player')).toHaveAttribute('data-live', 'true');
    room = { ...ROOM, liveState: 'ended', streamUrl: null, replayUrl: '/media/replay.mp4' };
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.getByTestId('live-stage')).toHaveAttribute('data-state', 'ended'));
    expect(screen.getByTestId('live-player')).toHaveAttribute('data-live', 'false');
    expect(screen.getByTestId('live-video')).toHaveAttribute('src', '/media/replay.mp4');
    expect(screen.getByTestId('live-state')).toHaveTextContent('已结束');
  });

  it('keeps playing the same stream when only its token changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    room = { ...ROOM, liveState: 'live', streamUrl: '/media/live.mp4?token=a' };
    mount();
    await waitFor(() => expect(screen.getByTestId('live-video')).toHaveAttribute('src', '/media/live.mp4?token=a'));
    const video = screen.getByTestId('live-video');
    room = { ...room, streamUrl: '/media/live.mp4?token=b' };
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(count('/train/api/room/detail')).toBeGreaterThan(1));
    expect(screen.getByTestId('live-video')).toBe(video);
    expect(video).toHaveAttribute('src', '/media/live.mp4?token=a');
  });
});
