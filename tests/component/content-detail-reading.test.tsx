// The reading views of the content detail (issue 7 item 4): an article's text fetched from its
// /uploads/ address and shown sanitised in the page, a PDF in an <iframe> with a link to a new tab,
// and an address outside the site's files kept behind the "open" button.
import { cleanup, render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../src/api/catalogue';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import ContentDetailPage from '../../src/features/learning/routes/content-detail-page';
import { demoSetting } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

const content = (id: number, title: string, over: Partial<ContentItem>): ContentItem => ({
  ...card(id, title), summary: '一段简介', purpose: 2, kind: 'article', author: '王老师', duration: 0, mediaUrl: null,
  partCount: 0, viewCount: 12, favourCount: 0, labels: [], ...over,
});
const ARTICLE = content(7, '知识卡片', { mediaUrl: '/uploads/seed/docs/1001/c7.html' });
const PDF = content(8, '操作手册', { kind: 'pdf', mediaUrl: '/uploads/seed/docs/1001/c8.pdf' });
const FOREIGN = content(9, '外站文章', { mediaUrl: 'https://example.com/a.html' });

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const found = [ARTICLE, PDF, FOREIGN].find((c) => c.id === Number(params.id ?? params.contentId));
  const data = config.url === '/cm/api/content/partList' ? [] : config.url === '/cm/api/content/info' ? found : null;
  return { data: ok(data ?? null), status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

const ARTICLE_HTML = '<h2>基础概念</h2><p>先明确目标，再选择方法。</p><script>window.__pwned = true</script><p onclick="alert(1)">第二段</p><ul><li>要点一</li></ul>';
let fetched: string[];

function mount(id: number) {
  const router = createMemoryRouter([{ path: '/knowledge/detail/:id', element: <ContentDetailPage /> }], { initialEntries: [`/knowledge/detail/${id}?purpose=2`] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

beforeEach(() => {
  fetched = [];
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    fetched.push(url);
    return { ok: true, status: 200, text: async () => ARTICLE_HTML };
  }));
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApp();
});

describe('content detail reading views', { timeout: 20_000 }, () => {
  it('shows an article\'s text in the page, sanitised, with its end marker', async () => {
    mount(ARTICLE.id);
    expect(await screen.findByRole('heading', { level: 2, name: '基础概念' })).toBeInTheDocument();
    const article = screen.getByTestId('content-detail-article');
    expect(article).toHaveTextContent('先明确目标，再选择方法。');
    expect(article).toHaveTextContent('要点一');
    expect(article.querySelector('script')).toBeNull();
    expect(article.innerHTML).not.toContain('__pwned');
    expect(article.querySelector('[onclick]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.getByTestId('content-detail-article-end')).toBeInTheDocument();
    expect(fetched).toEqual(['/uploads/seed/docs/1001/c7.html']);
    expect(screen.queryByRole('link', { name: '查看文档' })).toBeNull();
  });

  it('says so, with a retry, when the article text cannot load', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: false, status: 404, text: async () => '' })));
    mount(ARTICLE.id);
    expect(await screen.findByText('正文加载失败。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('shows a PDF in the browser\'s viewer with a link to open it in a new tab', async () => {
    mount(PDF.id);
    const frame = await screen.findByTestId('content-detail-pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/uploads/seed/docs/1001/c8.pdf');
    expect(frame).toHaveAttribute('title', '操作手册');
    const link = screen.getByRole('link', { name: '在新标签页中打开' });
    expect(link).toHaveAttribute('href', '/uploads/seed/docs/1001/c8.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(fetched).toEqual([]);
  });

  it('never fetches an article from outside the site\'s files: it keeps the open button', async () => {
    mount(FOREIGN.id);
    expect(await screen.findByRole('heading', { level: 1, name: '外站文章' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看文档' })).toHaveAttribute('href', 'https://example.com/a.html');
    expect(screen.queryByTestId('content-detail-article')).toBeNull();
    expect(fetched).toEqual([]);
  });
});
