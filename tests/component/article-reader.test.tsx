// The article page (/share/article/detail/{id}: card, sanitised text, more articles, not found) and
// the reader (/content/noval/{id}: contents, the chapter from ?chapter= or the one read last,
// previous / next, an audiobook's episodes, other contents sent to their detail page).
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../src/api/catalogue';
import { apiClient } from '../../src/api/transport';
import type { ArticleDetail } from '../../src/api/community';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { ContentPart } from '../../src/features/learning/api/content-detail';
import ArticleDetailPage from '../../src/features/learning/routes/article-detail-page';
import ReaderPage, { chapterIndex } from '../../src/features/learning/routes/reader-page';
import { demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';
import { card } from './widget-harness';

const article = (id: number, over: Partial<ArticleDetail> = {}): ArticleDetail => ({
  ...card(id, `文章${id}`), summary: '一段导语', kind: 'share', author: '陈子涵', viewCount: 12, favourCount: 3,
  bodyUrl: `/uploads/seed/docs/1001/article-${id}.html`, ...over,
});
const book = (id: number, over: Partial<ContentItem> = {}): ContentItem => ({
  ...card(id, `书${id}`), summary: null, purpose: 5, kind: 'article', author: '林小舟', duration: 0, mediaUrl: null,
  partCount: 3, viewCount: 0, favourCount: 0, labels: [], ...over,
});
const chapter = (id: number, contentId: number, n: number, over: Partial<ContentPart> = {}): ContentPart => ({
  id, contentId, title: `第${n}章`, kind: 'article', mediaUrl: `/uploads/seed/docs/1001/b-${n}.html`, duration: 0, sort: n, ...over,
});

const ARTICLES = [article(1), article(2, { bodyUrl: null }), article(3, { kind: 'news' })];
const EBOOK = book(20);
const AUDIOBOOK = book(21, { purpose: 6, kind: 'audio', mediaUrl: 'media:audio/1.wav' });
const VIDEO = book(22, { purpose: 3, kind: 'video', partCount: 0 });
const PARTS: Record<number, ContentPart[]> = {
  20: [chapter(201, 20, 1), chapter(202, 20, 2), chapter(203, 20, 3)],
  21: [chapter(211, 21, 1, { kind: 'audio', mediaUrl: 'media:audio/1.wav', duration: 60, title: '第1集' }), chapter(212, 21, 2, { kind: 'audio', mediaUrl: 'media:audio/2.wav', duration: 60, title: '第2集' })],
  22: [],
};

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const p = (config.params ?? {}) as Record<string, unknown>;
  let body: unknown = { success: false, code: 404, flag: -1, message: `No route ${config.url}`, data: null };
  if (config.url === '/cm/api/article/info') {
    const found = ARTICLES.find((a) => a.id === Number(p.id));
    body = found ? ok(found) : { success: false, code: 404, flag: -1, message: 'No published article', data: null, errorCode: 'ARTICLE_NOT_FOUND' };
  } else if (config.url === '/cm/api/article/search') {
    body = ok({ list: ARTICLES.filter((a) => a.kind === p.kind), total: 2, pageNo: 1, pageSize: 6 });
  } else if (config.url === '/cm/api/content/info') {
    body = ok([EBOOK, AUDIOBOOK, VIDEO].find((c) => c.id === Number(p.id)));
  } else if (config.url === '/cm/api/content/partList') {
    body = ok(PARTS[Number(p.contentId)] ?? []);
  } else if (config.url?.startsWith('/cm/api/commentScore') || config.url?.startsWith('/cm/api/favorite') || config.url?.startsWith('/cm/api/appraise')) {
    body = ok(config.url.endsWith('queryComment') ? { list: [], total: 0, pageNo: 1, pageSize: 10 } : null);
  }
  return { data: body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

let fetched: string[];
function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/share/article/detail/:id', element: <ArticleDetailPage /> },
    { path: '/content/noval/:id', element: <ReaderPage /> },
    { path: '/sub_cm/content/detail', element: <div data-testid="content-detail-route" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

beforeEach(() => {
  fetched = [];
  localStorage.clear();
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    fetched.push(url);
    return { ok: true, status: 200, text: async () => `<h2>正文 ${url.split('/').pop()}</h2><p>一段</p><script>window.__x = 1</script>` };
  }));
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  vi.unstubAllGlobals();
  resetApp();
});

describe('article page', { timeout: 20_000 }, () => {
  it('shows the article with its sanitised text and more articles of its kind', async () => {
    mount('/share/article/detail/1');
    expect(await screen.findByRole('heading', { level: 1, name: '文章1' })).toBeInTheDocument();
    expect(screen.getByText('作者：陈子涵', { exact: false })).toHaveTextContent('阅读 12');
    expect(await screen.findByRole('heading', { level: 2, name: '正文 article-1.html' })).toBeInTheDocument();
    expect(screen.getByTestId('article-detail').querySelector('script')).toBeNull();
    const more = await screen.findAllByTestId('article-more-item');
    expect(more.map((m) => within(m).getByRole('link').getAttribute('href'))).toEqual(['/share/article/detail/2']);
    expect(screen.getByTestId('article-back')).toHaveAttribute('href', '/share');
  });

  it('says when an article has no text, and when there is no such article', async () => {
    mount('/share/article/detail/2');
    expect(await screen.findByTestId('article-no-text')).toHaveTextContent('这篇文章暂无正文。');
    expect(fetched).toEqual([]);
    cleanup();
    mount('/share/article/detail/404');
    expect(await screen.findByText('没有找到这篇文章')).toBeInTheDocument();
  });
});

describe('reader', { timeout: 20_000 }, () => {
  it('opens the chapter the address names, with the contents and previous / next', async () => {
    mount('/content/noval/20?purpose=5&chapter=2');
    const chapterView = await screen.findByTestId('reader-chapter');
    expect(chapterView).toHaveAttribute('data-part-id', '202');
    expect(await within(chapterView).findByRole('heading', { level: 2, name: '正文 b-2.html' })).toBeInTheDocument();
    expect(screen.getByText('第 2 / 3 章')).toBeInTheDocument();
    const contents = screen.getByTestId('reader-contents');
    expect(within(contents).getAllByRole('link')).toHaveLength(3);
    expect(within(contents).getByRole('link', { name: '第2章' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('reader-previous')).toHaveAttribute('href', '/content/noval/20?purpose=5&chapter=1');
    expect(screen.getByTestId('reader-next')).toHaveAttribute('href', '/content/noval/20?purpose=5&chapter=3');
  });

  it('goes back to the chapter read last when the address names none', async () => {
    mount('/content/noval/20?chapter=3');
    expect(await screen.findByText('已读到最后一章')).toBeInTheDocument();
    cleanup();
    mount('/content/noval/20');
    expect(await screen.findByTestId('reader-chapter')).toHaveAttribute('data-part-id', '203');
  });

  it('lists an audiobook\'s episodes for the player, and sends other contents to their detail page', async () => {
    mount('/content/noval/21?purpose=6');
    expect(await screen.findByRole('button', { name: '播放《第2集》' })).toBeInTheDocument();
    expect(screen.queryByTestId('reader-chapter')).toBeNull();
    cleanup();
    const router = mount('/content/noval/22');
    expect(await screen.findByTestId('content-detail-route')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=22&purpose=3');
  });

  it('picks the chapter: the query when in range, else the one read last, else the first', () => {
    const chapters = PARTS[20]!;
    expect(chapterIndex('2', chapters, null)).toBe(2);
    expect(chapterIndex('9', chapters, 203)).toBe(3);
    expect(chapterIndex('x', chapters, 999)).toBe(1);
    expect(chapterIndex(null, chapters, 202)).toBe(2);
  });
});
