import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { PointsRankItem } from '../../src/api/community';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import RankBoard, { withRanks } from './rank-board';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const row = (userId: number, name: string, points: number, rank: number): PointsRankItem => ({ rank, userId, name, avatar: null, points });

afterEach(() => vi.clearAllMocks());

describe('rank-board', () => {
  it('renders with its defaults through PageRenderer; ties share a rank and the top three are highlighted', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([
      row(1, '林宇轩', 4728, 1), row(2, '马浩然', 4350, 2), row(3, '林佳怡', 4350, 2), row(4, '张三', 4000, 4), row(5, '李四', 3000, 5),
    ]));
    renderPage([widget], [{ id: 'r', type: 'rank-board', version: 1, props: {} }]);
    await screen.findByText('林宇轩');
    expect(apiRequest).toHaveBeenCalledWith('/um/api/userIntegrate/rank', { pageNo: 1, pageSize: 10 }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { name: '积分排行' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-rank'))).toEqual(['1', '2', '2', '4', '5']);
    expect(items.map((li) => li.getAttribute('data-top'))).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(screen.getByRole('listitem', { name: '第2名 林佳怡' })).toBeInTheDocument();
    expect(screen.getAllByText('4350积分')).toHaveLength(2);
  });

  it('ranks rows the server sent without a rank: equal points share one, the next skips', () => {
    const rows = [row(1, 'a', 90, 0), row(2, 'b', 80, 0), row(3, 'c', 80, 0), row(4, 'd', 70, 0)];
    expect(withRanks(rows).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });

  it('shows 暂无数据 when the board is empty', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 'r', type: 'rank-board', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([row(9, '赵六', 10, 1)]));
    renderPage([widget], [{ id: 'r', type: 'rank-board', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('赵六')).toBeInTheDocument();
  });

  it('shows a skeleton while pending, and English texts when the page is English', () => {
    const { unmount } = renderWidget(RankBoard, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderWidget(RankBoard, {
      props: { ...widget.defaultProps, title: 'Points' }, data: fakeData('success', paged([row(1, 'Ann', 12, 1)])),
      ctx: { tenantId: 1002, viewer: { audience: 'guest' }, locale: 'en' },
    });
    expect(screen.getByText('12 points')).toBeInTheDocument();
  });
});
