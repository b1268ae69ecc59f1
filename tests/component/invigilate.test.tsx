// 考试监考 (/user/center/work/myExamInvigilate, issue 18 part D): a learner is told it is for
// invigilators without a call; an invigilator the server refuses sees its message; an invigilator
// sees the running exam's candidates (progress, offline, leaves, the latest events in words), opens
// a candidate's timeline, and force-submits only with a reason.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { Candidate } from '../../src/api/exam-invigilate';
import { createQueryClient, Providers } from '../../src/app/providers';
import InvigilatePage from '../../src/features/center/work/invigilate-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

const refusal = (code: number, errorCode: string, message: string) => ({ success: false, code, flag: -1, errorCode, message, data: null });
const signInAsInvigilator = () => useUserStore.getState().signIn(1001, {
  ...learnerSession, userInfo: { ...learnerSession.userInfo, roles: [{ role: 'invigilator', scopeType: 'exam', scopeId: 7 }] },
});

const NOW = '2026-11-27T08:00:00.000Z';
const exam = { id: 7, title: '安全知识测评', startTime: '2026-11-27T07:00:00.000Z', endTime: null, duration: 30, answering: 1, handedIn: 1, candidates: 2 };
function candidates(): Candidate[] {
  return [
    {
      attemptId: 51, userId: 3, name: '李同学', state: 'open', startedAt: '2026-11-27T07:50:00.000Z', deadline: '2026-11-27T08:20:00.000Z', submittedAt: null,
      answered: 2, total: 5, lastSeenAt: '2026-11-27T07:59:00.000Z', offline: true, leaveCount: 1, forced: false,
      latestEvents: [{ id: 2, kind: 'return', at: '2026-11-27T07:58:00.000Z', detail: '12s' }, { id: 1, kind: 'leave', at: '2026-11-27T07:57:48.000Z', detail: 'hidden' }],
    },
    {
      attemptId: 52, userId: 4, name: '王同学', state: 'submitted', startedAt: '2026-11-27T07:40:00.000Z', deadline: null, submittedAt: '2026-11-27T07:55:00.000Z',
      answered: 5, total: 5, lastSeenAt: '2026-11-27T07:55:00.000Z', offline: false, leaveCount: 0, forced: true,
      latestEvents: [{ id: 3, kind: 'force_submit', at: '2026-11-27T07:55:00.000Z', detail: '使用手机' }],
    },
  ];
}

function server(opts: { invigilator?: boolean; serverRefuses?: boolean } = {}) {
  if (opts.invigilator) signInAsInvigilator();
  return (call: FakeCall) => {
    if (opts.serverRefuses) return refusal(403, 'NOT_INVIGILATOR', '监考页面仅对本场考试的监考老师开放；如需监考，请联系管理员授予监考权限。');
    if (call.url === '/exam/api/invigilate/exams') return ok([exam]);
    if (call.url === '/exam/api/invigilate/candidates') return ok({ exam, serverNow: NOW, candidates: candidates() });
    if (call.url === '/exam/api/invigilate/events') return ok({ attemptId: 51, events: [...candidates()[0]!.latestEvents].reverse() });
    if (call.url === '/exam/api/invigilate/forceSubmit') return ok({ attemptId: call.body.attemptId, state: 'submitted' });
    return noRoute(call.url);
  };
}

let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  calls = [];
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount(answer: (call: FakeCall) => unknown) {
  apiClient.defaults.adapter = fakeAdapter(answer, calls);
  const router = createMemoryRouter([{ path: '/user/center/work/myExamInvigilate', element: <InvigilatePage /> }], { initialEntries: ['/user/center/work/myExamInvigilate'] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

describe('考试监考', { timeout: 30_000 }, () => {
  it('tells a learner that the page is for invigilators, without asking the server', async () => {
    mount(server());
    const refused = await screen.findByTestId('invigilate-refused');
    expect(within(refused).getByText('监考页面仅对监考老师开放')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/exam/api/invigilate'))).toEqual([]);
  });

  it('shows the server\'s refusal to an invigilator of other exams', async () => {
    mount(server({ invigilator: true, serverRefuses: true }));
    const refused = await screen.findByTestId('invigilate-refused');
    expect(refused).toHaveTextContent('监考页面仅对本场考试的监考老师开放；如需监考，请联系管理员授予监考权限。');
  });

  it('lists the candidates with progress, offline, leaves and the latest events in words; the timeline opens in a drawer', async () => {
    const user = userEvent.setup();
    mount(server({ invigilator: true }));
    const rows = await screen.findAllByTestId('invigilate-row');
    expect(rows).toHaveLength(2);
    const li = rows.find((r) => r.getAttribute('data-user') === '3')!;
    expect(within(li).getByTestId('invigilate-name')).toHaveTextContent('李同学');
    expect(within(li).getByTestId('invigilate-progress')).toHaveTextContent('2/5 题');
    expect(within(li).getByTestId('invigilate-online')).toHaveTextContent('离线');
    expect(within(li).getByTestId('invigilate-leaves')).toHaveTextContent('1');
    expect(within(li).getByTestId('invigilate-events')).toHaveTextContent('回到考试页面（离开 12 秒）');
    expect(within(li).getByTestId('invigilate-events')).toHaveTextContent('切到其他页面或最小化');
    const wang = rows.find((r) => r.getAttribute('data-user') === '4')!;
    expect(within(wang).getByTestId('invigilate-state')).toHaveTextContent('已收卷');
    expect(within(wang).getByTestId('invigilate-events')).toHaveTextContent('监考收卷：使用手机');
    expect(within(wang).queryByTestId('invigilate-force')).toBeNull();
    expect(screen.getByTestId('invigilate-summary')).toHaveTextContent('答题中 1 人');

    await user.click(within(li).getByTestId('invigilate-timeline-open'));
    const timeline = await screen.findByTestId('invigilate-timeline');
    expect(timeline.querySelectorAll('[data-kind]')).toHaveLength(2);
    expect(calls.some((c) => c.url === '/exam/api/invigilate/events' && c.params.attemptId === 51)).toBe(true);
  });

  it('force-submits only with a reason, then sends it', async () => {
    const user = userEvent.setup();
    mount(server({ invigilator: true }));
    const rows = await screen.findAllByTestId('invigilate-row');
    const li = rows.find((r) => r.getAttribute('data-user') === '3')!;
    await user.click(within(li).getByTestId('invigilate-force'));
    expect(await screen.findByText('确认收卷：李同学')).toBeInTheDocument();
    await user.click(screen.getByTestId('invigilate-force-ok'));
    expect(await screen.findByText('请填写收卷原因')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/exam/api/invigilate/forceSubmit')).toHaveLength(0);
    await user.type(screen.getByTestId('invigilate-reason'), '考试中使用手机');
    await user.click(screen.getByTestId('invigilate-force-ok'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/exam/api/invigilate/forceSubmit')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/exam/api/invigilate/forceSubmit')!.body).toMatchObject({ attemptId: 51, reason: '考试中使用手机' });
  });
});
