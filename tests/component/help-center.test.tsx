// /helpCenter: the help list (purpose 99, searchable, paged) on the left; the article the query id
// names on the right, as sanitised rich text with its date; an id that is not a help item shows
// "not found" instead of the error catalogue's alert.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchContents, type ContentItem } from '../../src/api/catalogue';
import { ApiError } from '../../src/api/client';
import { fetchContentText, getContentInfo } from '../../src/api/content';
import { createQueryClient, Providers } from '../../src/app/providers';
import HelpCenterPage from '../../src/features/help/routes/help-center-page';
import { demoSetting } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

vi.mock('../../src/api/catalogue', () => ({ searchContents: vi.fn() }));
vi.mock('../../src/api/content', () => ({ HELP_PURPOSE: 99, getContentInfo: vi.fn(), fetchContentText: vi.fn() }));

const list = vi.mocked(searchContents);
const info = vi.mocked(getContentInfo);
const text = vi.mocked(fetchContentText);

const help = (id: number, title: string): ContentItem => ({
  ...card(id, title), cover: null, purpose: 99, kind: 'article', author: '客服中心', duration: 0,
  mediaUrl: `/uploads/seed/help/1001/${id}.html`, partCount: 0, viewCount: 0, favourCount: 0, labels: [],
});
const ARTICLES = [help(11, '如何修改登录密码'), help(12, '如何参加考试'), help(13, '如何联系客服')];
const page = <T,>(rows: T[], total = rows.length) => ({ list: rows, total, pageNo: 1, pageSize: 10 });

function mount(path: string) {
  const router = createMemoryRouter([{ path: '/helpCenter', element: <HelpCenterPage /> }], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

beforeEach(() => {
  loadSettings(demoSetting());
  list.mockImplementation(async (q) => page(ARTICLES.filter((a) => !q.searchValue || a.title.includes(q.searchValue))));
  info.mockImplementation(async (id) => {
    const found = ARTICLES.find((a) => a.id === id);
    if (!found) throw new ApiError('No published content of purpose 99 has the id.', { code: 404, flag: -1, errorCode: 'CONTENT_NOT_FOUND', status: 200 });
    return found;
  });
  text.mockImplementation(async (url) => `<p>正文 ${url}</p><img src="x" onerror="window.hacked = 1"><script>window.hacked = 2</script>`);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  resetApp();
});

describe('help center', { timeout: 20_000 }, () => {
  it('lists help articles (purpose 99) and opens the first when the address names none', async () => {
    mount('/helpCenter?purpose=99');
    const nav = await screen.findByRole('navigation', { name: '帮助中心' });
    expect(await within(nav).findByRole('link', { name: '如何参加考试' })).toHaveAttribute('href', '/helpCenter?purpose=99&id=12');
    expect(list).toHaveBeenCalledWith({ purpose: [99], searchValue: undefined, pageNo: 1, pageSize: 10 }, expect.anything());
    expect(await screen.findByRole('heading', { level: 1, name: '如何修改登录密码' })).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(11, 99, expect.objectContaining({ silent: true }));
  });

  it('opens a clicked article: its title, date and sanitised text', async () => {
    const router = mount('/helpCenter');
    fireEvent.click(await screen.findByRole('link', { name: '如何联系客服' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=13'));
    expect(await screen.findByRole('heading', { level: 1, name: '如何联系客服' })).toBeInTheDocument();
    expect(screen.getByText('更新于 2026-01-02')).toBeInTheDocument();
    const body = await screen.findByText('正文 /uploads/seed/help/1001/13.html');
    expect(text).toHaveBeenCalledWith('/uploads/seed/help/1001/13.html', expect.anything());
    const article = body.closest('article')!;
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByRole('link', { name: '如何联系客服' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens /helpCenter?id=N directly', async () => {
    mount('/helpCenter?id=12');
    expect(await screen.findByRole('heading', { level: 1, name: '如何参加考试' })).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('shows "not found" for an id that is not a help item, and for an id that is no number', async () => {
    mount('/helpCenter?id=999');
    expect(await screen.findByText('没有找到这篇帮助文章')).toBeInTheDocument();
    expect(screen.getByText(/编号为 999 的帮助文章不存在或已下线/)).toBeInTheDocument();
    cleanup();
    mount('/helpCenter?id=abc');
    expect(await screen.findByText('没有找到这篇帮助文章')).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('searches the list by title and says when nothing matches', async () => {
    mount('/helpCenter?id=11');
    const box = await screen.findByRole('searchbox', { name: '搜索帮助文章标题' });
    fireEvent.change(box, { target: { value: '考试' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ purpose: [99], searchValue: '考试', pageNo: 1, pageSize: 10 }, expect.anything()));
    const nav = screen.getByRole('navigation', { name: '帮助中心' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: '如何修改登录密码' })).not.toBeInTheDocument());
    fireEvent.change(box, { target: { value: '发票' } });
    fireEvent.click(within(nav).getByRole('button', { name: /search/ }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ purpose: [99], searchValue: '发票', pageNo: 1, pageSize: 10 }, expect.anything()));
    expect(await screen.findByText('没有标题包含“发票”的帮助文章')).toBeInTheDocument();
  });

  it('shows a failed article with a retry', async () => {
    info.mockRejectedValueOnce(new ApiError('系统错误', { code: 500, flag: null, status: 500 }));
    mount('/helpCenter?id=12');
    expect(await screen.findByText('帮助文章加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('heading', { level: 1, name: '如何参加考试' })).toBeInTheDocument();
  });
});
