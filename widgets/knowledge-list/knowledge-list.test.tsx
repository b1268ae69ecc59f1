import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { ContentItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import KnowledgeList from './knowledge-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const content = (id: number, title: string, purpose: number): ContentItem => ({
  ...card(id, title), purpose, kind: 'video', author: '李老师', duration: 300, mediaUrl: null, partCount: 0, viewCount: 21, favourCount: 0, labels: [],
});

afterEach(() => vi.clearAllMocks());

describe('knowledge-list', () => {
  it('renders its defaults through the runtime, asking for purposes 1 and 2', async () => {
    search.mockResolvedValue(paged([content(5, '三分钟学会快捷键', 1)]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('三分钟学会快捷键')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '微课知识' })).toBeInTheDocument();
    expect(screen.getByText('李老师 · 21次浏览')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith(
      '/cm/api/content/search', { purpose: [1, 2], categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  it('links cards to /knowledge/detail/{id}?purpose= and "more" to /knowledge with the category and purpose 2', async () => {
    search.mockResolvedValue(paged([content(5, '微课一', 1), content(6, '知识二', 2)]));
    renderWidgetBlock(widget, { categoryId: 4, purpose: 2 });
    expect((await screen.findByText('微课一')).closest('a')).toHaveAttribute('href', '/knowledge/detail/5?purpose=1');
    expect(screen.getByText('知识二').closest('a')).toHaveAttribute('href', '/knowledge/detail/6?purpose=2');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/knowledge?categoryId=4&purpose=2');
    expect(search.mock.calls[0]?.[1]).toMatchObject({ purpose: [2], categoryId: 4 });
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([content(5, '微课一', 1)]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('微课一')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(KnowledgeList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
