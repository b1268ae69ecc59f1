// The class detail (/classes/detail/{id}): the class with its dates, teacher, seats and schedule
// (linking to the existing course and content pages); enrol behind a confirmation, after which the
// class is read again and shows me enrolled with "cancel" instead; a refused enrolment (the last
// place went meanwhile) shows the server's reason in the catalogue's alert, without sending the
// learner back, and the page then says why enrolment is closed.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClassDetail } from '../../src/api/classes';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest } from '../../src/api/error-catalogue';
import { createQueryClient, Providers } from '../../src/app/providers';
import ClassDetailPage from '../../src/features/classes/routes/class-detail-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';
import { closeAntdStatics } from './antd-leftovers';

const OPEN: ClassDetail = {
  id: 5, title: '安全管理专项培训班', cover: null, summary: '集中学习与小组实战。', categoryId: null, categoryName: null,
  publishTime: '2026-11-01T00:00:00.000Z', teacher: { id: 3, name: '李老师', title: '高级讲师', avatar: null, intro: null },
  startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: 10, enrolCount: 7, seatsLeft: 3, state: 1,
  isPublic: true, member: null, canEnroll: true, canCancel: false, canQuit: false, enrolBlocked: null,
  phases: [
    { id: 1, title: '入门导学', summary: '了解培训目标', items: [
      { id: 11, type: 'content', targetId: 201, title: '风险识别微课', cover: null, purpose: 1, kind: 'video', duration: 600, lessonCount: 0, available: true },
      { id: 12, type: 'course', targetId: 52, title: '安全生产入门', cover: null, purpose: null, kind: null, duration: 3600, lessonCount: 6, available: true },
    ] },
    { id: 2, title: '核心课程', summary: null, items: [
      { id: 13, type: 'course', targetId: 53, title: '已下线的课程', cover: null, purpose: null, kind: null, duration: 0, lessonCount: 0, available: false },
    ] },
  ],
};
const ENROLLED: ClassDetail = {
  ...OPEN, enrolCount: 8, seatsLeft: 2, member: { state: 1, enrolledAt: '2026-11-24T02:00:00.000Z', leftAt: null }, canEnroll: false, canCancel: true,
};
const FULL: ClassDetail = { ...OPEN, enrolCount: 10, seatsLeft: 0, canEnroll: false, enrolBlocked: '名额已满：该培训班限 10 人，已全部报满。' };

type Answer = { body: unknown };
const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'success', data } });
const fail = (message: string, errorCode: string): Answer => ({ body: { success: false, code: 400, flag: -1, message, data: null, errorCode } });

let requests: { method: string; url: string; params: Record<string, unknown>; body: unknown }[];
let detail: ClassDetail;
let onEnrol: () => Answer;

function server(method: string, url: string): Answer {
  if (url === '/train/api/classes/detail') return ok(detail);
  if (url === '/train/api/classesMember/query') return ok({ list: [{ name: '小*', enrolledAt: '2026-11-24T02:00:00.000Z', isMe: detail.member !== null }], total: 1, pageNo: 1, pageSize: 20 });
  if (method === 'post' && url === '/train/api/classes/enroll') return onEnrol();
  return { body: { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null } };
}

const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const method = (config.method ?? 'get').toLowerCase();
  const url = config.url ?? '';
  const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
  requests.push({ method, url, params: (config.params ?? {}) as Record<string, unknown>, body });
  return { data: server(method, url).body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

let alerts: AlertRequest[];
let wentBack: number;

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/classes/detail/:id', element: <ClassDetailPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  // The catalogue's port, as the app installs it, but recording what it would show.
  setCatalogueUi({
    alert: (request) => { alerts.push(request); request.afterClose(); },
    navigate: () => undefined,
    goBack: () => { wentBack += 1; },
    currentPath: () => router.state.location.pathname,
  });
  return router;
}

/** Presses a class action and confirms it in the pop-up. */
async function pressAndConfirm(testId: string) {
  fireEvent.click(screen.getByTestId(testId));
  const pop = await screen.findByRole('tooltip');
  fireEvent.click(within(pop).getByRole('button', { name: '确 定' }));
}

const calls = (url: string) => requests.filter((r) => r.url === url);

beforeEach(() => {
  requests = [];
  alerts = [];
  wentBack = 0;
  detail = OPEN;
  sessionStorage.clear();
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
  apiClient.defaults.adapter = adapter;
});
afterEach(async () => {
  cleanup();
  // The success toast of one test must not be read by the next.
  await closeAntdStatics();
  setCatalogueUi(null);
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('class detail', { timeout: 20_000 }, () => {
  it('shows the class, its seats and its schedule linking to the existing course and content pages', async () => {
    mount('/classes/detail/5');
    expect(await screen.findByRole('heading', { level: 1, name: /安全管理专项培训班/ })).toBeInTheDocument();
    expect(calls('/train/api/classes/detail')[0]!.params).toEqual({ id: 5, tenantId: 1001 });
    expect(screen.getByTestId('class-state')).toHaveTextContent('报名中');
    expect(screen.getByTestId('class-seats')).toHaveTextContent('剩余 3 个名额（共 10 个） · 已报名 7 人');
    expect(screen.getByText('李老师 · 高级讲师')).toBeInTheDocument();
    expect(screen.getAllByTestId('class-phase')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '安全生产入门' })).toHaveAttribute('href', '/course/detail/52');
    expect(screen.getByRole('link', { name: '风险识别微课' }).getAttribute('href')).toMatch(/^\/sub_cm\/content\/detail\?(?=.*id=201)(?=.*purpose=1)/);
    // A course taken down is listed, not linked.
    expect(screen.getByText('已下线的课程').closest('a')).toBeNull();
    expect(screen.queryByTestId('class-cancel')).toBeNull();
  });

  it('enrols after the confirmation, then shows me enrolled with cancel instead of enrol', async () => {
    onEnrol = () => { detail = ENROLLED; return ok({ member: ENROLLED.member, enrolCount: 8, seatsLeft: 2 }); };
    mount('/classes/detail/5');
    await screen.findByTestId('class-enrol');
    await pressAndConfirm('class-enrol');
    await waitFor(() => expect(calls('/train/api/classes/enroll')).toHaveLength(1));
    expect(calls('/train/api/classes/enroll')[0]!.body).toEqual({ id: 5, tenantId: 1001 });
    expect(await screen.findByTestId('class-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('class-enrol')).toBeNull();
    expect(screen.getByTestId('class-membership')).toHaveTextContent('已报名');
    expect(screen.getByTestId('class-seats')).toHaveTextContent('剩余 2 个名额（共 10 个） · 已报名 8 人');
    expect(await screen.findByText('报名成功，已加入“我的培训班”')).toBeInTheDocument();
    expect(alerts).toEqual([]);
  });

  it('shows the server\'s reason when the last place went meanwhile, stays on the page and says enrolment is closed', async () => {
    onEnrol = () => { detail = FULL; return fail('名额已满：该培训班限 10 人，已全部报满。', 'CLASSES_FULL'); };
    mount('/classes/detail/5');
    await screen.findByTestId('class-enrol');
    await pressAndConfirm('class-enrol');
    await waitFor(() => expect(alerts.map((a) => a.message)).toEqual(['名额已满：该培训班限 10 人，已全部报满。']));
    expect(wentBack).toBe(0);
    expect(await screen.findByTestId('class-enrol-blocked')).toHaveTextContent('名额已满');
    expect(screen.queryByTestId('class-enrol')).toBeNull();
    expect(screen.getByTestId('class-seats')).toHaveTextContent('名额已满（共 10 个）');
    expect(screen.queryByText('报名成功，已加入“我的培训班”')).toBeNull();
  });

  it('says a class it cannot find is not found', async () => {
    mount('/classes/detail/abc');
    expect(await screen.findByText('培训班不存在或已下线')).toBeInTheDocument();
    expect(calls('/train/api/classes/detail')).toEqual([]);
  });
});
