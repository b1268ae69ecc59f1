import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { card, paged, renderWidgetAlone, renderWidgetBlock } from '../../tests/component/widget-harness';
import type { GameItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import GameList from './game-list';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));
const search = vi.mocked(apiRequest);

const game = (id: number, title: string): GameItem => ({ ...card(id, title), roundCount: 5, playerCount: 120 });

afterEach(() => vi.clearAllMocks());

describe('game-list', () => {
  it('renders its defaults through the runtime with rounds and players', async () => {
    search.mockResolvedValue(paged([game(1, '安全知识闯关')]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('安全知识闯关')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '闯关游戏' })).toBeInTheDocument();
    expect(screen.getByText('5关 · 120人挑战')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith('/task/api/game/search', { categoryId: undefined, sort: 'newest', pageNo: 1, pageSize: 8 }, expect.any(AbortSignal));
  });

  it('links cards to /game/detail/{id} and "more" to /game with the category', async () => {
    search.mockResolvedValue(paged([game(4, '安全知识闯关')]));
    renderWidgetBlock(widget, { categoryId: 6, columns: 3, sort: 'popular' });
    expect((await screen.findByText('安全知识闯关')).closest('a')).toHaveAttribute('href', '/game/detail/4');
    expect(screen.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/game?categoryId=6');
    expect(search.mock.calls[0]?.[1]).toMatchObject({ categoryId: 6, sort: 'popular' });
  });

  it('shows 暂无数据 for an empty list', async () => {
    search.mockResolvedValue(paged([]));
    renderWidgetBlock(widget);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error and retries through refetch', async () => {
    search.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce(paged([game(1, '安全知识闯关')]));
    renderWidgetBlock(widget);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('安全知识闯关')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(2);
    const refetch = vi.fn();
    renderWidgetAlone(GameList, widget.defaultProps, { status: 'error', data: undefined, error: new Error('x'), refetch });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
