import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { TaskItem, WindowState } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import TaskList from './task-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const task = (id: number, title: string, windowState: WindowState): TaskItem => ({
  ...card(id, title), startTime: '2026-01-01T00:00:00.000Z', endTime: null, stepCount: 4, points: 50, joinCount: 33, windowState,
});

afterEach(() => vi.clearAllMocks());

describe('task-list', () => {
  it('renders its defaults through the runtime with window badges and points', async () => {
    search.mockResolvedValue(paged([task(1, '新人七日任务', 'open')]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('新人七日任务')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '学习任务' })).toBeInTheDocument();
    expect(screen.getByText('进行中')).toBeInTheDocument();
    expect(screen.getByText('50积分 · 4项任务 · 33人参与')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith(
      '/task/api/task/searchAuth', { categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  it('links cards to /task/detail/{id} and "more" to /taskList with the category', async () => {
    search.mockResolvedValue(paged([task(6, '新人七日任务', 'closed')]));
    renderWidgetBlock(widget, { categoryId: 3, layout: 'list' });
    expect((await screen.findByText('新人七日任务')).closest('a')).toHaveAttribute('href', '/task/detail/6');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/taskList?categoryId=3');
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([task(1, '新人七日任务', 'open')]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('新人七日任务')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(TaskList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
