import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { CourseItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import CourseList from './course-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const course = (id: number, title: string): CourseItem => ({
  ...card(id, title), teacherName: '王老师', chapterCount: 3, lessonCount: 12, duration: 3600, studyCount: 88, favourCount: 2, score: 4.5, labels: [],
});

afterEach(() => vi.clearAllMocks());

describe('course-list', () => {
  it('renders its defaults through the runtime: heading, cards, lazy covers, and asks the server once with the declared query', async () => {
    search.mockResolvedValue(paged([course(11, 'React 入门'), course(12, 'TypeScript 进阶')]));
    const { container } = renderWidgetBlock(widget);
    expect(await screen.findByText('React 入门')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '精品课程' })).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('/cm/api/course/search', { categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal));
    // The cover is decorative: the card's link reads its title once (issue 23 point 4).
    expect(screen.getByRole('link', { name: /React 入门/ })).toHaveAccessibleName('React 入门 王老师 · 12课时 · 88人学习');
    const img = container.querySelector<HTMLImageElement>('.w-card-cover img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/uploads/seed/covers/1001/11.svg');
    expect(screen.getAllByText('王老师 · 12课时 · 88人学习')).toHaveLength(2);
    expect(container.querySelector('[data-block-type="course-list"] ul')).toHaveAttribute('data-columns', '4');
  });

  it('links each card to /course/detail/{id} and "more" to /course with the category (jump rules)', async () => {
    search.mockResolvedValue(paged([course(11, 'React 入门')]));
    renderWidgetBlock(widget, { categoryId: 7, sort: 'popular', count: 4, columns: 2 });
    const title = await screen.findByText('React 入门');
    expect(title.closest('a')).toHaveAttribute('href', '/course/detail/11');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/course?categoryId=7');
    expect(search).toHaveBeenCalledWith('/cm/api/course/search', { categoryId: 7, sort: 'popular', pageNo: 1, pageSize: 4 }, expect.any(AbortSignal));
  });

  it('shows 暂无数据 when the list is empty, and no "more" link when showMore is off', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget, { showMore: false });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /更多/ })).toBeNull();
  });

  it('shows the error with a retry button that fetches again', async () => {
    search.mockRejectedValueOnce(new Error('系统繁忙，请稍后再试')).mockResolvedValueOnce(paged([course(11, 'React 入门')]));
    renderWidgetBlock(widget);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('系统繁忙，请稍后再试');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('React 入门')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('calls data.refetch from the retry button, shows a skeleton while pending, and lays out as a list', () => {
    const refetch = vi.fn();
    const props = { ...widget.defaultProps, layout: 'list' as const };
    const { unmount } = renderWidgetAlone(CourseList, props, { status: 'error', data: undefined, error: new Error('boom'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    unmount();
    renderWidgetAlone(CourseList, props, { status: 'pending', data: undefined, error: null, refetch });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });

  it('speaks English when the page locale is en', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget, {}, { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'en' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /More/ })).toHaveAttribute('href', '/course');
  });
});
