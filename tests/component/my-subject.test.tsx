// The personal center's mySubject (spec learning §2 "Personal center"; docs/api.md "Personal center:
// study"): the subjects I studied with their progress and a link to each, the side-menu entry after
// 我的课程, the empty state with a way to the subject list, and an error with a retry.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { StudiedSubject } from '../../src/features/center/api/my-study';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const failure = (message: string) => ({ success: false, code: 500, flag: -1, message, data: null });

const subject = (id: number, finishedCount: number, lessonCount: number): StudiedSubject => ({
  id, title: `专题${id}`, cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z', itemCount: 5, courseCount: 2, lessonCount, finishedCount,
  percentage: lessonCount > 0 ? Math.floor((finishedCount * 100) / lessonCount) : 0, studyCount: 0, favourCount: 0, labels: [],
  lastStudyTime: '2026-11-20T08:00:00.000Z',
});

let subjects: StudiedSubject[];
let failing: boolean;
let requests: { url: string; params: Row }[];

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Row;
  const url = config.url ?? '';
  requests.push({ url, params });
  let data: unknown;
  if (url === '/cm/api/subject/searchByUser') {
    const pageNo = Number(params.pageNo ?? 1);
    const pageSize = Number(params.pageSize ?? 10);
    data = failing ? failure('服务器开小差了') : ok({ list: subjects.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: subjects.length, pageNo, pageSize });
  } else if (url === '/um/api/message/getUserUnReadCount') {
    data = ok(0);
  } else {
    data = { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
  }
  return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

const user = learnerSession;

const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, user);
  subjects = [];
  failing = false;
  requests = [];
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('personal center: my subjects', { timeout: 20_000 }, () => {
  it('lists my subjects with their progress and links, and 我的专题 follows 我的课程 in the side menu', async () => {
    subjects = [subject(1, 3, 4), subject(2, 6, 6), subject(3, 0, 0)];
    renderRoutes('/user/center/study/mySubject');
    const items = await screen.findAllByTestId('my-subject-item');
    expect(items).toHaveLength(3);
    expect(requests.find((r) => r.url === '/cm/api/subject/searchByUser')?.params).toMatchObject({ pageNo: 1, tenantId: 1001 });
    expect(screen.getByRole('heading', { level: 1, name: '我的专题' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: '专题1' })).toHaveAttribute('href', '/subject/detail/1');
    expect(items[0]).toHaveTextContent('2 门课程 · 5 项内容 · 已学 3/4');
    expect(within(items[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(within(items[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // A subject with nothing to study shows 0 %, never NaN.
    expect(within(items[2]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    const menu = screen.getByRole('navigation', { name: '个人中心' });
    const names = within(menu).getAllByRole('link').map((a) => a.textContent);
    expect(names.indexOf('我的专题')).toBe(names.indexOf('我的课程') + 1);
    expect(within(menu).getByRole('link', { name: '我的专题' })).toHaveAttribute('href', '/user/center/study/mySubject');
    expect(within(menu).getByRole('link', { name: '我的专题' }).className).toContain('portal-center__link--active');
  });

  it('shows the empty state with a way to the subject list', async () => {
    renderRoutes('/user/center/study/mySubject');
    const empty = await screen.findByTestId('my-subject-list-empty');
    expect(empty).toHaveTextContent('还没有学过专题');
    expect(within(empty).getByRole('link', { name: '去专题中心看看' })).toHaveAttribute('href', '/subject');
  });

  it('shows the error with a retry that reads again', async () => {
    failing = true;
    renderRoutes('/user/center/study/mySubject');
    const error = await screen.findByTestId('my-subject-list-error');
    expect(error).toHaveTextContent('服务器开小差了');
    failing = false;
    subjects = [subject(1, 1, 2)];
    await userEvent.setup().click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findAllByTestId('my-subject-item')).toHaveLength(1);
  });
});
