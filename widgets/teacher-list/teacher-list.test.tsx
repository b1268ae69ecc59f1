import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { TeacherRankItem } from '../../src/api/community';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import TeacherList from './teacher-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const teacher = (id: number, name: string, rank: number): TeacherRankItem => ({
  rank, id, name, title: '项目管理专家', avatar: `/uploads/t-${id}.svg`, intro: '授课风格清晰务实。', score: 3000, courseCount: 2,
});

afterEach(() => vi.clearAllMocks());

describe('teacher-list', () => {
  it('renders with its defaults through PageRenderer: avatar, name, title, course count, intro', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([teacher(30, '杨帆', 1), teacher(36, '孙悦', 2)]));
    renderPage([widget], [{ id: 't', type: 'teacher-list', version: 1, props: {} }]);
    await screen.findByText('杨帆');
    expect(apiRequest).toHaveBeenCalledWith('/um/api/teacher/rank', { pageNo: 1, pageSize: 8 }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { name: '名师风采' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '杨帆' })).toHaveAttribute('src', '/uploads/t-30.svg');
    expect(screen.getAllByText('2门课程')).toHaveLength(2);
    expect(screen.getAllByText('授课风格清晰务实。')).toHaveLength(2);
    const link = screen.getByRole('link', { name: /杨帆/ });
    expect(link).toHaveAttribute('href', '/teacherList/teacherDetail?id=30');
  });

  it('shows 暂无数据 when there are no teachers', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 't', type: 'teacher-list', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([teacher(1, '王老师', 1)]));
    renderPage([widget], [{ id: 't', type: 'teacher-list', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('王老师')).toBeInTheDocument();
  });

  it('shows a skeleton while pending and hides intros when asked', () => {
    const { unmount } = renderWidget(TeacherList, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderWidget(TeacherList, { props: { ...widget.defaultProps, showIntro: false }, data: fakeData('success', paged([teacher(1, '王老师', 1)])) });
    expect(screen.queryByText('授课风格清晰务实。')).toBeNull();
  });
});
