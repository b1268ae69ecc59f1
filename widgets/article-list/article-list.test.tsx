import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { ArticleItem } from '../../src/api/community';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import ArticleList from './article-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const article = (id: number, title: string): ArticleItem => ({
  id, title, cover: `/uploads/a-${id}.svg`, summary: null, categoryId: 103, categoryName: '学习心得',
  publishTime: '2026-11-03T23:46:15.389Z', kind: 'share', author: '陈子涵', viewCount: 1930, favourCount: 5,
});

afterEach(() => vi.clearAllMocks());

describe('article-list', () => {
  it('renders with its defaults through PageRenderer; each article opens /share/article/detail/{id}', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([article(42, '关于演讲与呈现的五点体会')]));
    renderPage([widget], [{ id: 'a', type: 'article-list', version: 1, props: {} }]);
    await screen.findByText('关于演讲与呈现的五点体会');
    expect(apiRequest).toHaveBeenCalledWith(
      '/cm/api/article/search', { pageNo: 1, pageSize: 6, sort: 'newest', categoryId: undefined, kind: undefined }, expect.any(AbortSignal),
    );
    expect(screen.getByRole('heading', { name: '文章资讯' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /关于演讲与呈现的五点体会/ });
    expect(link).toHaveAttribute('href', '/share/article/detail/42');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/share/article/detail/42');
    expect(screen.getByText('陈子涵 · 2026-11-03 · 1930次浏览')).toBeInTheDocument();
  });

  it('passes kind, category and sort to the call', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([article(1, '新闻一')]));
    renderPage([widget], [{ id: 'a', type: 'article-list', version: 1, props: { kind: 'news', categoryId: 7, sort: 'popular', count: 3 } }]);
    await screen.findByText('新闻一');
    expect(apiRequest).toHaveBeenCalledWith(
      '/cm/api/article/search', { pageNo: 1, pageSize: 3, sort: 'popular', categoryId: 7, kind: 'news' }, expect.any(AbortSignal),
    );
  });

  it('shows 暂无数据 when there are no articles', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 'a', type: 'article-list', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('网络异常')).mockResolvedValueOnce(paged([article(2, '第二次')]));
    renderPage([widget], [{ id: 'a', type: 'article-list', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('第二次')).toBeInTheDocument();
  });

  it('shows a skeleton while pending', () => {
    renderWidget(ArticleList, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });
});
