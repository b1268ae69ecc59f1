import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { ContentItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import ContentList from './content-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const content = (id: number, title: string, purpose: number, partCount = 0): ContentItem => ({
  ...card(id, title), purpose, kind: 'article', author: '张三', duration: 0, mediaUrl: null, partCount, viewCount: 7, favourCount: 0, labels: [],
});

afterEach(() => vi.clearAllMocks());

describe('content-list', () => {
  it('renders its defaults through the runtime (purpose 3) and links to /sub_cm/content/detail?id=&purpose=', async () => {
    search.mockResolvedValue(paged([content(31, '企业文化手册', 3)]));
    renderWidgetBlock(widget);
    const title = await screen.findByText('企业文化手册');
    expect(title.closest('a')).toHaveAttribute('href', '/sub_cm/content/detail?id=31&purpose=3');
    expect(screen.getByRole('heading', { level: 2, name: '精选内容' })).toBeInTheDocument();
    expect(screen.getByText('张三 · 7次浏览')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/content?purpose=1');
    expect(search).toHaveBeenCalledWith(
      '/cm/api/content/search', { purpose: [3], kind: undefined, categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  it('sends reading purposes (5, 6, 7) to /content/noval/{id}?purpose= and "more" to the bookshelf', async () => {
    search.mockResolvedValue(paged([content(41, '红楼梦', 6, 120)]));
    renderWidgetBlock(widget, { purpose: 6, kind: 'article' });
    expect((await screen.findByText('红楼梦')).closest('a')).toHaveAttribute('href', '/content/noval/41?purpose=6');
    expect(screen.getByText('张三 · 120集 · 7次浏览')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/content/bookshelf');
    expect(search.mock.calls[0]?.[1]).toMatchObject({ purpose: [6], kind: 'article' });
  });

  it('jumps "more" by category: purpose 2 to /knowledge, others to /content with the category', async () => {
    search.mockResolvedValue(paged([content(9, '知识点', 2)]));
    renderWidgetBlock(widget, { purpose: 2, categoryId: 8 });
    expect((await screen.findByText('知识点')).closest('a')).toHaveAttribute('href', '/sub_cm/content/detail?id=9&purpose=2');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/knowledge?categoryId=8&purpose=2');
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([content(31, '企业文化手册', 3)]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('企业文化手册')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(ContentList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
