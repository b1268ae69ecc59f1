import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { ExamItem, WindowState } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import ExamCards from './exam-cards';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const exam = (id: number, title: string, windowState: WindowState, type: 'exam' | 'survey' = 'exam'): ExamItem => ({
  ...card(id, title), type, startTime: '2026-01-01T00:00:00.000Z', endTime: null, duration: type === 'exam' ? 60 : 0,
  passScore: type === 'exam' ? 60 : null, totalScore: type === 'exam' ? 100 : null, questionCount: 20, joinCount: 15, windowState,
});

afterEach(() => vi.clearAllMocks());

describe('exam-cards', () => {
  it('renders its defaults through the runtime: exams with window badges', async () => {
    search.mockResolvedValue(paged([exam(1, '安全考试', 'open'), exam(2, '年度考核', 'upcoming'), exam(3, '入职测验', 'closed')]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('安全考试')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '考试中心' })).toBeInTheDocument();
    expect(screen.getByText('进行中')).toHaveAttribute('data-tone', 'open');
    expect(screen.getByText('未开始')).toHaveAttribute('data-tone', 'upcoming');
    expect(screen.getByText('已结束')).toHaveAttribute('data-tone', 'muted');
    expect(screen.getAllByText('20题 · 60分钟 · 及格60分')).toHaveLength(3);
    expect(search).toHaveBeenCalledWith(
      '/exam/api/exam/search', { type: 'exam', windowState: undefined, categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  it('links exams to /exam/detail/{id} and "more" to /examList with the category', async () => {
    search.mockResolvedValue(paged([exam(1, '安全考试', 'open')]));
    renderWidgetBlock(widget, { categoryId: 5 });
    expect((await screen.findByText('安全考试')).closest('a')).toHaveAttribute('href', '/exam/detail/1');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/examList?categoryId=5');
  });

  it('lists surveys with type survey, linking to /exam/detail/{id} and "more" to /surveyList', async () => {
    search.mockResolvedValue(paged([exam(7, '满意度调查', 'open', 'survey')]));
    renderWidgetBlock(widget, { type: 'survey', title: '问卷调查', windowState: 'open' });
    expect((await screen.findByText('满意度调查')).closest('a')).toHaveAttribute('href', '/exam/detail/7');
    expect(screen.getByText('问卷 · 20题 · 15人参与')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/surveyList');
    expect(search.mock.calls[0]?.[1]).toMatchObject({ type: 'survey', windowState: 'open' });
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([exam(1, '安全考试', 'open')]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('安全考试')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(ExamCards, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
