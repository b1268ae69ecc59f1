// The notice page (/user/center/study/noticeDetail?id=, GET /cm/api/notice/detail): the notice in
// paragraphs, a sign-in prompt for a members-only notice, and not found.
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import NoticeDetailPage, { paragraphsOf } from '../../src/features/learning/routes/notice-detail-page';
import { demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const id = Number((config.params as { id: number }).id);
  const body = id === 1
    ? { success: true, code: 200, flag: 0, message: 'ok', data: { id: 1, title: '停机维护通知', summary: '摘要', categoryId: null, categoryName: null, top: true, viewCount: 8, publishTime: '2026-11-20T02:00:00.000Z', body: '第一段\n\n第二段\n第二段续', isPublic: true } }
    : id === 2
      ? { success: false, code: 401, flag: 401, message: '请先登录', data: null, errorCode: 'NOT_SIGNED_IN' }
      : { success: false, code: 404, flag: -1, message: 'No published notice', data: null, errorCode: 'NOTICE_NOT_FOUND' };
  return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

function mount(id: string) {
  const router = createMemoryRouter([{ path: '/user/center/study/noticeDetail', element: <NoticeDetailPage /> }], { initialEntries: [`/user/center/study/noticeDetail?id=${id}`] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

beforeEach(() => {
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  resetApp();
});

describe('notice page', { timeout: 20_000 }, () => {
  it('shows the notice in paragraphs, pinned, with its views', async () => {
    mount('1');
    const notice = await screen.findByTestId('notice-detail');
    expect(within(notice).getByRole('heading', { level: 1 })).toHaveTextContent('停机维护通知');
    expect(notice).toHaveTextContent('置顶');
    expect(notice).toHaveTextContent('阅读 8');
    expect(notice.querySelectorAll('p[style*="pre-wrap"]')).toHaveLength(2);
  });

  it('asks a guest to sign in for a members-only notice, and says when there is none', async () => {
    mount('2');
    const prompt = await screen.findByTestId('notice-sign-in');
    expect(within(prompt).getByRole('link', { name: '去登录' })).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/user/center/study/noticeDetail?id=2')}`);
    cleanup();
    mount('3');
    expect(await screen.findByText('没有找到这条通知')).toBeInTheDocument();
    cleanup();
    mount('abc');
    expect(await screen.findByText('没有找到这条通知')).toBeInTheDocument();
  });

  it('splits plain text at blank lines', () => {
    expect(paragraphsOf('a\n\nb\nc\n \n\nd')).toEqual(['a', 'b\nc', 'd']);
    expect(paragraphsOf(null)).toEqual([]);
  });
});
