// The teachers' work center in the browser (issue 18 part G): the center menu's work group by the
// user's grants (UserInfo.roles) with the to-do counts, the to-do page, the 403 Result a learner
// sees, the work review (approve; reject only with a reason), the schedule's list view and class
// management (enrol by account; remove only with a reason).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoleGrant } from '../../schemas/api/um';
import type { PendingWork, WorkTodo } from '../../src/api/work';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import WorkClassesPage from '../../src/features/center/work/work-classes-page';
import WorkContentPage from '../../src/features/center/work/work-content-page';
import WorkCoursePage from '../../src/features/center/work/work-course-page';
import WorkTodoPage from '../../src/features/center/work/work-todo-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

const TEACHER: RoleGrant = { role: 'teacher', scopeType: 'classes', scopeId: 11 };
const MARKER: RoleGrant = { role: 'marker', scopeType: 'exam', scopeId: 5 };

const TODO: WorkTodo = {
  total: 9,
  groups: [
    { kind: 'homework', count: 3, link: '/user/center/work/myWork', items: [{ id: 1, title: '读书报告', who: '小王', at: '2026-11-26T02:00:00.000Z', count: null, link: '/user/center/work/myWork?homeworkId=4' }] },
    { kind: 'marking', count: 4, link: '/user/center/work/myExamMarking', items: [{ id: 8, title: '期中考试', who: null, at: '2026-11-26T03:00:00.000Z', count: null, link: '/user/center/work/myExamMarking?examId=5' }] },
    { kind: 'live', count: 0, link: '/user/center/work/myCourse', items: [] },
    { kind: 'review', count: 2, link: '/user/center/work/myContent', items: [{ id: 31, title: '消防演练记录', who: '小李', at: '2026-11-26T01:00:00.000Z', count: null, link: '/user/center/work/myContent' }] },
  ],
};

const WORK = (id: number): PendingWork => ({
  id, title: `作品${id}`, summary: '作品简介', cover: null, kind: 'article', purpose: 4, mediaUrl: null, uploaderId: 7, uploaderName: '小李',
  classesId: 11, classesTitle: '安全班', submittedAt: '2026-11-26T01:00:00.000Z',
});

let calls: FakeCall[];
let pending: PendingWork[];
const previousAdapter = apiClient.defaults.adapter;

function signInWith(roles: RoleGrant[]) {
  useUserStore.getState().signIn(1001, { ...learnerSession, userInfo: { ...learnerSession.userInfo, roles } });
}

beforeEach(() => {
  calls = [];
  pending = [WORK(31), WORK(32)];
  resetApp();
  loadSettings(demoSetting());
  apiClient.defaults.adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/train/api/work/todo': return ok(TODO);
      case '/cm/api/work/audit/pending': return ok({ list: pending, total: pending.length, pageNo: 1, pageSize: 10 });
      case '/cm/api/work/audit/approve':
        pending = pending.filter((w) => w.id !== call.body.id);
        return ok({ id: call.body.id, auditState: 'approved', reason: null });
      case '/cm/api/work/audit/reject':
        pending = pending.filter((w) => w.id !== call.body.id);
        return ok({ id: call.body.id, auditState: 'rejected', reason: call.body.reason });
      case '/train/api/work/schedule':
        return ok({
          from: call.params.from, to: call.params.to, classes: [],
          phases: [{ classesId: 11, classesTitle: '安全班', phaseId: 2, title: '第一阶段', start: new Date().toISOString(), end: new Date(Date.now() + 7 * 86_400_000).toISOString() }],
          rooms: [{ id: 70, title: '本月答疑直播', classesId: 11, classesTitle: '安全班', startTime: new Date().toISOString(), endTime: null, liveState: 'upcoming' }],
        });
      case '/train/api/work/classes':
        return ok([{ id: 11, title: '安全班', cover: null, startTime: '2026-11-01T00:00:00.000Z', endTime: '2026-12-31T00:00:00.000Z', state: 2, enrolCount: 1, enrolLimit: null, isPublic: true, roomCount: 0 }]);
      case '/train/api/work/classes/members':
        return ok({ list: [{ userId: 7, account: 'learner', name: '小李', enrolledAt: '2026-11-02T00:00:00.000Z', score: null, passed: null }], total: 1, pageNo: 1, pageSize: 10 });
      case '/train/api/work/classes/enrol': return ok({ classesId: 11, userId: 9, enrolCount: 2 });
      case '/train/api/work/classes/remove': return ok({ classesId: 11, userId: 7, enrolCount: 0 });
      default: return noRoute(call.url);
    }
  }, calls);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/user/center/work/myToDoList', element: <WorkTodoPage /> },
    { path: '/user/center/work/myContent', element: <WorkContentPage /> },
    { path: '/user/center/work/myCourse', element: <WorkCoursePage /> },
    { path: '/user/center/work/myClasses', element: <WorkClassesPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

const urls = () => calls.map((c) => c.url);

describe('the center menu', () => {
  it('shows a learner practice and homework, no work group, and never asks for the to-do', async () => {
    signInWith([]);
    mount('/user/center/work/myToDoList');
    await screen.findByTestId('work-forbidden');
    expect(screen.getByRole('link', { name: '我的练习' })).toHaveAttribute('href', '/user/center/study/myTest');
    expect(screen.getByRole('link', { name: '我的作业' })).toHaveAttribute('href', '/user/center/study/myHomework');
    expect(screen.queryByTestId('center-work-menu')).toBeNull();
    expect(screen.getByText('此页面仅对老师、阅卷人和监考人开放')).toBeInTheDocument();
    expect(urls()).not.toContain('/train/api/work/todo');
  });

  it('shows a teacher and marker their entries with the to-do counts, and no invigilation', async () => {
    signInWith([TEACHER, MARKER]);
    mount('/user/center/work/myToDoList');
    const menu = await screen.findByTestId('center-work-menu');
    await waitFor(() => expect(within(menu).getByTestId('work-count-myToDoList')).toHaveTextContent('9'));
    const entries = within(menu).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(entries).toEqual([
      '/user/center/work/myToDoList', '/user/center/work/myWork', '/user/center/work/myZuoye', '/user/center/work/myExamMarking',
      '/user/center/work/myClasses', '/user/center/work/myCourse', '/user/center/work/myContent',
    ]);
    expect(within(menu).getByTestId('work-count-myWork')).toHaveTextContent('3');
    expect(within(menu).getByTestId('work-count-myExamMarking')).toHaveTextContent('4');
    expect(within(menu).getByTestId('work-count-myContent')).toHaveTextContent('2');
    // A zero count shows no badge.
    expect(within(menu).queryByTestId('work-count-myCourse')).toBeNull();
    // Screen readers hear what the number means.
    expect(within(menu).getByRole('link', { name: /待办事项.*9 项待处理/ })).toBeInTheDocument();
  });

  it('shows a marker only the to-do and marking', async () => {
    signInWith([MARKER]);
    mount('/user/center/work/myToDoList');
    const menu = await screen.findByTestId('center-work-menu');
    expect(within(menu).getAllByRole('link').map((a) => a.textContent?.replace(/\d.*$/, ''))).toEqual(['待办事项', '阅卷']);
  });
});

describe('the to-do page', () => {
  it('lists each group with its count and items that link to the page handling them', async () => {
    signInWith([TEACHER, MARKER]);
    const router = mount('/user/center/work/myToDoList');
    const homework = await screen.findByTestId('todo-group-homework');
    expect(homework).toHaveAttribute('data-count', '3');
    expect(within(homework).getByText('还有 2 项')).toBeInTheDocument();
    // Blind marking: no name.
    expect(within(screen.getByTestId('todo-group-marking')).getByText(/匿名/)).toBeInTheDocument();
    expect(within(screen.getByTestId('todo-group-live')).getByText('暂无')).toBeInTheDocument();
    fireEvent.click(within(homework).getByRole('link', { name: '读书报告' }));
    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname + router.state.location.search).toBe('/user/center/work/myWork?homeworkId=4');
  });
});

describe('work review', () => {
  it('says plainly to a learner that the page is for teachers, without asking the server', async () => {
    signInWith([]);
    mount('/user/center/work/myContent');
    expect(await screen.findByText('此页面仅对老师开放')).toBeInTheDocument();
    expect(urls()).not.toContain('/cm/api/work/audit/pending');
  });

  it('approves a work, and rejects one only with a reason', async () => {
    signInWith([TEACHER]);
    mount('/user/center/work/myContent');
    await waitFor(() => expect(screen.getAllByTestId('pending-work')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('pending-work')[0]!).getByTestId('approve-work'));
    await waitFor(() => expect(calls.find((c) => c.url === '/cm/api/work/audit/approve')?.body).toMatchObject({ id: 31 }));
    await waitFor(() => expect(screen.getAllByTestId('pending-work')).toHaveLength(1));

    fireEvent.click(within(screen.getByTestId('pending-work')).getByTestId('reject-work'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: /驳\s*回/ });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/驳回原因/), { target: { value: '   ' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/驳回原因/), { target: { value: '请补充照片' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.url === '/cm/api/work/audit/reject')?.body).toMatchObject({ id: 32, reason: '请补充照片' }));
    await screen.findByTestId('work-content-empty');
  });
});

describe('the teaching schedule', () => {
  it('asks for the month and lists its phases and rooms by day', async () => {
    signInWith([TEACHER]);
    mount('/user/center/work/myCourse');
    await waitFor(() => expect(urls()).toContain('/train/api/work/schedule'));
    const q = calls.find((c) => c.url === '/train/api/work/schedule')!.params as { from: string; to: string };
    expect(new Date(q.to).getTime() - new Date(q.from).getTime()).toBeLessThanOrEqual(93 * 86_400_000);
    await screen.findByTestId('course-calendar');
    fireEvent.click(screen.getByText('列表'));
    const list = await screen.findByTestId('course-list');
    expect(within(list).getByRole('link', { name: '本月答疑直播' })).toHaveAttribute('href', '/chatRoom/detail/70');
    expect(within(list).getByRole('link', { name: '第一阶段' })).toHaveAttribute('href', '/classes/detail/11');
  });
});

describe('class management', () => {
  it('enrols a learner by account and removes one only with a reason', async () => {
    signInWith([TEACHER]);
    mount('/user/center/work/myClasses');
    const table = await screen.findByTestId('work-members');
    expect(within(table).getByText('learner')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('enrol-open'));
    fireEvent.change(await screen.findByTestId('enrol-account'), { target: { value: ' newbie ' } });
    fireEvent.click(screen.getByTestId('enrol-submit'));
    await waitFor(() => expect(calls.find((c) => c.url === '/train/api/work/classes/enrol')?.body).toMatchObject({ classesId: 11, account: 'newbie' }));

    fireEvent.click(within(table).getByTestId('remove-member'));
    const reason = await screen.findByTestId('remove-reason');
    const dialog = reason.closest('[role="dialog"]') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: /移\s*出/ });
    expect(confirm).toBeDisabled();
    fireEvent.change(reason, { target: { value: '长期缺课' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.url === '/train/api/work/classes/remove')?.body).toMatchObject({ classesId: 11, userId: 7, reason: '长期缺课' }));
  });
});
