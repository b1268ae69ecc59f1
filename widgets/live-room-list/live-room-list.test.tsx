import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { LiveState, RoomItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import LiveRoomList from './live-room-list';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const room = (id: number, title: string, liveState: LiveState): RoomItem => ({
  ...card(id, title), teacherId: 1, teacherName: '孙老师', teacherAvatar: null, startTime: '2026-01-01T00:00:00.000Z', endTime: null,
  liveState, enrolCount: 30, audienceCount: 256,
});

afterEach(() => vi.clearAllMocks());

describe('live-room-list', () => {
  it('renders its defaults through the runtime with a live badge, sorted by schedule', async () => {
    search.mockResolvedValue(paged([room(1, '产品发布会', 'live'), room(2, '答疑直播', 'upcoming')]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('产品发布会')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '直播课堂' })).toBeInTheDocument();
    expect(screen.getByText('直播中')).toHaveAttribute('data-tone', 'live');
    expect(screen.getByText('未开始')).toBeInTheDocument();
    expect(screen.getByText('孙老师 · 256人观看')).toBeInTheDocument();
    expect(screen.getByText('孙老师 · 30人报名')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /更多/ })).toBeNull();
    expect(search).toHaveBeenCalledWith(
      '/train/api/room/search', { liveState: undefined, categoryId: undefined, sort: 'schedule', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal),
    );
  });

  // Issue 13 point 9: the red 直播中 badge sat at the cover's top left, over the cover's own
  // "Live" label (seeded covers draw their kind there), so both were unreadable.
  it('puts the 直播中 badge at the top right of the cover, clear of the cover\'s own label at the top left', async () => {
    search.mockResolvedValue(paged([room(1, '产品发布会', 'live')]));
    renderWidgetBlock(widget);
    const badge = await screen.findByText('直播中');
    expect(badge).toHaveClass('w-card-badge');
    expect(badge.parentElement).toHaveClass('w-card-cover');
    // Its place is the card stylesheet's (jsdom applies no stylesheet; the e2e english-tenant test
    // measures it in Chromium).
    const cardCss = readFileSync(join(process.cwd(), 'src/components/card-grid.css'), 'utf8');
    const rule = /\.w-card-badge \{([^}]*)\}/.exec(cardCss)?.[1] ?? '';
    expect(rule).toMatch(/position: absolute;/);
    expect(rule).toMatch(/top: 6px;/);
    expect(rule).toMatch(/right: 6px;/);
    expect(rule).not.toMatch(/left:/);
  });

  it('links cards to /chatRoom/detail/{id}', async () => {
    search.mockResolvedValue(paged([room(9, '产品发布会', 'ended')]));
    renderWidgetBlock(widget, { liveState: 'ended', sort: 'popular' });
    expect((await screen.findByText('产品发布会')).closest('a')).toHaveAttribute('href', '/chatRoom/detail/9');
    expect(screen.getByText('已结束')).toBeInTheDocument();
    expect(search.mock.calls[0]?.[1]).toMatchObject({ liveState: 'ended', sort: 'popular' });
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([room(1, '产品发布会', 'live')]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('产品发布会')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(LiveRoomList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
