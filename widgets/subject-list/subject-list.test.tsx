import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { SubjectItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import SubjectList from './subject-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const subject = (id: number, title: string): SubjectItem => ({ ...card(id, title), itemCount: 9, courseCount: 5, studyCount: 40, favourCount: 1, labels: [] });

afterEach(() => vi.clearAllMocks());

describe('subject-list', () => {
  it('renders its defaults through the runtime with the declared query', async () => {
    search.mockResolvedValue(paged([subject(3, '安全生产专题')]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('安全生产专题')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '专题学习' })).toBeInTheDocument();
    expect(screen.getByText('5门课程 · 40人学习')).toBeInTheDocument();
    expect(document.querySelector('.w-card-cover img')).toHaveAttribute('alt', '');
    expect(document.querySelector('.w-card-cover img')).toHaveAttribute('loading', 'lazy');
    expect(search).toHaveBeenCalledWith('/cm/api/subject/search', { categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal));
  });

  it('links cards to /subject/detail/{id} and "more" to /subject with the category', async () => {
    search.mockResolvedValue(paged([subject(3, '安全生产专题')]));
    renderWidgetBlock(widget, { categoryId: 12 });
    expect((await screen.findByText('安全生产专题')).closest('a')).toHaveAttribute('href', '/subject/detail/3');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/subject?categoryId=12');
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([subject(3, '安全生产专题')]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('安全生产专题')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(SubjectList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
