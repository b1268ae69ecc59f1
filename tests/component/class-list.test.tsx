// The class list (/classes): state tabs, search and pager in the address, each sent to searchAuth;
// a category from a home widget's "more" link shown by name and removable; cards by state; and the
// empty state with a way out of the filters.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClassItem } from '../../src/api/catalogue';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import ClassListPage from '../../src/features/classes/routes/class-list-page';
import { demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const item = (id: number, state: 1 | 2 | 3, title: string): ClassItem => ({
  id, title, cover: null, summary: null, categoryId: 31, categoryName: '管理培训', publishTime: '2026-11-01T00:00:00.000Z',
  teacherName: '王老师', startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-20T10:00:00.000Z', enrolLimit: state === 2 ? null : 50,
  enrolCount: 12, state,
});
const ALL = [item(1, 1, '领导力提升班'), item(2, 2, '项目管理训练营'), item(3, 3, '财务基础认证班')];

let requests: { url: string; params: Record<string, unknown> }[];
const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const url = config.url ?? '';
  requests.push({ url, params });
  let data: unknown;
  if (url === '/cm/api/cmCategory/categoryList') data = [{ id: 30, parentId: null, name: '培训', purpose: 7, path: '/30/', children: [{ id: 31, parentId: 30, name: '管理培训', purpose: 7, path: '/30/31/', children: [] }] }];
  else {
    const words = String(params.searchValue ?? '');
    const list = ALL.filter((c) => (!params.state || c.state === Number(params.state)) && c.title.includes(words));
    data = { list, total: list.length, pageNo: params.pageNo, pageSize: params.pageSize };
  }
  return { data: { success: true, code: 200, flag: 0, message: 'success', data }, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

function mount(path: string) {
  const router = createMemoryRouter([{ path: '/classes', element: <ClassListPage /> }], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}
const searches = () => requests.filter((r) => r.url === '/train/api/classes/searchAuth').map((r) => r.params);

beforeEach(() => {
  requests = [];
  sessionStorage.clear();
  resetApp();
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  resetApp();
});

describe('class list', { timeout: 20_000 }, () => {
  it('lists the classes with their state, and filters by tab and search through the address', async () => {
    const router = mount('/classes');
    expect(await screen.findByText('共 3 个培训班')).toBeInTheDocument();
    expect(searches()[0]).toMatchObject({ pageNo: 1, pageSize: 10, tenantId: 1001 });
    expect(searches()[0]).not.toHaveProperty('state');
    const card = screen.getByText('项目管理训练营').closest('a')!;
    expect(card).toHaveAttribute('href', '/classes/detail/2');
    expect(card).toHaveTextContent('进行中');
    expect(card).toHaveTextContent('王老师 · 2026-12-01 至 2026-12-20 · 12 人报名');

    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    expect(await screen.findByText('共 1 个培训班')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=3');
    expect(searches().at(-1)).toMatchObject({ state: 3 });

    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    fireEvent.change(screen.getByLabelText('搜索培训班名称'), { target: { value: '训练营' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchValue=%E8%AE%AD%E7%BB%83%E8%90%A5'));
    expect(await screen.findByText('共 1 个培训班')).toBeInTheDocument();
    expect(searches().at(-1)).toMatchObject({ searchValue: '训练营' });
  });

  it('shows a category from a widget\'s "more" link by name, and says when nothing matches', async () => {
    const router = mount('/classes?categoryId=31&state=2&searchValue=财务');
    expect(await screen.findByText('分类：管理培训')).toBeInTheDocument();
    expect(searches()[0]).toMatchObject({ categoryId: 31, state: 2, searchValue: '财务' });
    expect(await screen.findByText('没有找到与“财务”相关的培训班')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('共 3 个培训班')).toBeInTheDocument();
  });
});
