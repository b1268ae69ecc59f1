// 我的直播 (/user/center/study/myChatRoom): the rooms I enrolled in or entered, with their state,
// filtered by state through the tabs (searchByUser liveState), each opening its room.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MyRoom } from '../../src/api/train-rooms';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import MyChatRoomPage from '../../src/features/center/routes/my-chat-room-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

const room = (id: number, liveState: MyRoom['liveState'], lastEnteredAt: string | null): MyRoom => ({
  id, title: `直播${id}`, cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z',
  teacherId: 1, teacherName: '王老师', teacherAvatar: null, startTime: '2026-12-01T02:00:00.000Z', endTime: null, liveState,
  enrolCount: 1, audienceCount: 1, classesId: null, needEnroll: false, enrolled: lastEnteredAt === null, lastEnteredAt,
});
const ROOMS = [room(1, 'live', '2026-11-26T02:00:00.000Z'), room(2, 'upcoming', null), room(3, 'ended', '2026-11-20T02:00:00.000Z')];

let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  calls = [];
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
  apiClient.defaults.adapter = fakeAdapter((call) => {
    if (call.url !== '/train/api/room/searchByUser') return noRoute(call.url);
    const list = ROOMS.filter((r) => !call.params.liveState || r.liveState === call.params.liveState);
    return ok({ list, total: list.length, pageNo: call.params.pageNo, pageSize: call.params.pageSize });
  }, calls);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount() {
  const router = createMemoryRouter([
    { path: '/user/center/study/myChatRoom', element: <MyChatRoomPage /> },
    { path: '/chatRoom/detail/:id', element: <div data-testid="room-page" /> },
  ], { initialEntries: ['/user/center/study/myChatRoom'] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

describe('我的直播', () => {
  it('lists my rooms with their state and opens one', async () => {
    const router = mount();
    await waitFor(() => expect(screen.getAllByTestId('my-chat-room-item')).toHaveLength(3));
    const [live, upcoming, ended] = screen.getAllByTestId('my-chat-room-item');
    expect(within(live!).getByText('直播中')).toBeInTheDocument();
    expect(within(upcoming!).getByText('已报名，尚未进入')).toBeInTheDocument();
    expect(within(ended!).getByRole('button', { name: '看回放' })).toBeInTheDocument();
    expect(calls[0]?.params).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(calls[0]?.params.liveState).toBeUndefined();
    fireEvent.click(within(live!).getByRole('button', { name: '进入直播间' }));
    await screen.findByTestId('room-page');
    expect(router.state.location.pathname).toBe('/chatRoom/detail/1');
  });

  it('asks the server for one state through the tabs', async () => {
    mount();
    await waitFor(() => expect(screen.getAllByTestId('my-chat-room-item')).toHaveLength(3));
    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    await waitFor(() => expect(screen.getAllByTestId('my-chat-room-item')).toHaveLength(1));
    expect(calls.at(-1)?.params.liveState).toBe('ended');
    expect(screen.getByTestId('my-chat-room-item')).toHaveAttribute('data-id', '3');
  });
});
