import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { NoticeItem } from '../../src/api/community';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import NoticeList from './notice-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const notice = (id: number, title: string, top = false): NoticeItem => ({
  id, title, top, summary: null, categoryId: 105, categoryName: '通知公告', viewCount: 10, publishTime: '2026-09-26T11:09:15.389Z',
});

afterEach(() => vi.clearAllMocks());

describe('notice-list', () => {
  it('renders with its defaults through PageRenderer, asking for 6 notices, pinned first with a badge', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([notice(1, '普通通知'), notice(2, '置顶通知', true)]));
    renderPage([widget], [{ id: 'n', type: 'notice-list', version: 1, props: {} }]);
    await screen.findByText('普通通知');
    expect(apiRequest).toHaveBeenCalledWith('/cm/api/notice/searchAuth', { pageNo: 1, pageSize: 6, categoryId: undefined }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { name: '通知公告' })).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-notice-id', '2');
    expect(within(rows[0]!).getByText('置顶')).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('data-notice-id', '1');
    expect(screen.getByRole('link', { name: '置顶通知' })).toHaveAttribute('href', '/user/center/study/noticeDetail?id=2');
    expect(screen.getAllByText('2026-09-26')).toHaveLength(2);
  });

  it('shows 暂无数据 when there are no notices', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 'n', type: 'notice-list', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([notice(3, '重试后的通知')]));
    renderPage([widget], [{ id: 'n', type: 'notice-list', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('重试后的通知')).toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledTimes(2);
  });

  it('shows a skeleton while pending', () => {
    renderWidget(NoticeList, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });

  it('caps the rows at count and hides dates when asked', () => {
    const list = Array.from({ length: 5 }, (_, i) => notice(i + 1, `通知${i + 1}`));
    renderWidget(NoticeList, { props: { ...widget.defaultProps, count: 3, showDate: false }, data: fakeData('success', paged(list)) });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('2026-09-26')).toBeNull();
  });

  it('does not cut a long notice title at font size 22: the title wraps, with no ellipsis', () => {
    const long = '关于2026年秋季学期期末考试安排及线上监考系统使用说明的通知（请全体学员务必在考试前完成设备检测）';
    renderWidget(NoticeList, { props: widget.defaultProps, data: fakeData('success', paged([notice(1, long)])) });
    const title = screen.getByRole('link', { name: long });
    expect(title).toHaveTextContent(long);
    expect(title.style.whiteSpace).not.toBe('nowrap');
    expect(title.style.textOverflow).not.toBe('ellipsis');
    expect(title.style.overflow).not.toBe('hidden');
  });
});
