import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { ClassItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import ClassList from './class-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const klass = (id: number, title: string, state: number, enrolLimit: number | null): ClassItem => ({
  ...card(id, title), teacherName: '赵老师', startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-02-01T00:00:00.000Z', enrolLimit, enrolCount: 12, state,
});

afterEach(() => vi.clearAllMocks());

describe('class-list', () => {
  it('renders its defaults through the runtime with state badges and enrolment', async () => {
    search.mockResolvedValue(paged([klass(1, '新员工培训班', 1, 30), klass(2, '管理进阶班', 2, null)]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('新员工培训班')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '培训班' })).toBeInTheDocument();
    expect(screen.getByText('报名中')).toBeInTheDocument();
    expect(screen.getByText('进行中')).toBeInTheDocument();
    expect(screen.getByText('赵老师 · 12/30人报名')).toBeInTheDocument();
    expect(screen.getByText('赵老师 · 12人报名')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith(
      '/train/api/classes/searchAuth', { state: undefined, categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  it('links cards to /classes/detail/{id} and "more" to /classes with the category', async () => {
    search.mockResolvedValue(paged([klass(1, '新员工培训班', 3, 30)]));
    renderWidgetBlock(widget, { categoryId: 2, state: 3 });
    expect((await screen.findByText('新员工培训班')).closest('a')).toHaveAttribute('href', '/classes/detail/1');
    expect(screen.getByText('已结束')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/classes?categoryId=2');
    expect(search.mock.calls[0]?.[1]).toMatchObject({ state: 3, categoryId: 2 });
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([klass(1, '新员工培训班', 1, 30)]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('新员工培训班')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(ClassList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
