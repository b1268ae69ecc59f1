// spec shell §2 /user/center/study/myNews, §7 "Messages": the list by type, the detail page that
// marks a message read, "mark all as read", and the bell that follows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMessage } from '../../src/api/user';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const messages: UserMessage[] = [
  { id: 1, type: 3, title: '成绩已发布', content: '新员工入职考试成绩已发布。', state: 0, createTime: '2026-11-23T09:00:00.000Z' },
  { id: 2, type: 1, title: '欢迎加入学习平台', content: '欢迎您！', state: 1, createTime: '2026-11-03T09:00:00.000Z' },
];

const api = vi.hoisted(() => ({
  queryMessageTypes: vi.fn(),
  searchMessages: vi.fn(),
  readMessage: vi.fn(),
  updateMessageBatch: vi.fn(),
  getUnreadCount: vi.fn(),
}));
vi.mock('../../src/api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/user')>()), ...api }));

const user = learnerSession;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, user);
  api.queryMessageTypes.mockResolvedValue([{ type: 1, name: '系统通知', unread: 0 }, { type: 3, name: '考试通知', unread: 1 }]);
  api.searchMessages.mockImplementation(async (q: { state?: number }) => {
    const list = q.state === 0 ? messages.filter((m) => m.state === 0) : messages;
    return { list, total: list.length, pageNo: 1, pageSize: 10 };
  });
  api.readMessage.mockImplementation(async (id: number) => ({ ...messages.find((m) => m.id === id)!, state: 1 }));
  api.updateMessageBatch.mockResolvedValue(1);
  api.getUnreadCount.mockResolvedValue(1);
});

afterEach(() => vi.clearAllMocks());

describe('message center', () => {
  it('lists messages with the unread ones marked and the type tabs with counts', async () => {
    renderRoutes('/user/center/study/myNews');
    const items = await screen.findAllByTestId('news-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.className).toContain('portal-news__item--unread');
    expect(items[1]!.className).not.toContain('--unread');
    expect(screen.getByRole('tab', { name: '考试通知 (1)' })).toBeInTheDocument();
  });

  it('keeps the filters out of the tab list (axe aria-required-children: the tablist held a radio group and a button)', async () => {
    renderRoutes('/user/center/study/myNews');
    await screen.findAllByTestId('news-item');
    const tablist = screen.getByRole('tablist');
    expect(within(tablist).queryByTestId('news-mark-all')).toBeNull();
    expect(screen.getByTestId('news-mark-all')).toBeInTheDocument();
  });

  it('opens a message on its detail page, which marks it read and refreshes the bell', async () => {
    const { router } = renderRoutes('/user/center/study/myNews');
    await screen.findAllByTestId('news-item');
    await waitFor(() => expect(useUserStore.getState().unreadCount).toBe(1));
    api.getUnreadCount.mockResolvedValue(0);
    await userEvent.setup().click(within((await screen.findAllByTestId('news-item'))[0]!).getByText('成绩已发布'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/user/center/study/news/detail?id=1'));
    expect(await screen.findByTestId('news-detail')).toHaveTextContent('新员工入职考试成绩已发布。');
    expect(api.readMessage).toHaveBeenCalledWith(1);
    await waitFor(() => expect(useUserStore.getState().unreadCount).toBe(0));
  });

  it('marks every unread message read', async () => {
    renderRoutes('/user/center/study/myNews');
    await screen.findAllByTestId('news-item');
    api.searchMessages.mockImplementationOnce(async () => ({ list: [messages[0]!], total: 1, pageNo: 1, pageSize: 50 })).mockImplementationOnce(async () => ({ list: [], total: 0, pageNo: 1, pageSize: 50 }));
    await userEvent.setup().click(screen.getByTestId('news-mark-all'));
    await waitFor(() => expect(api.updateMessageBatch).toHaveBeenCalledWith([1], 1));
  });

  it('says so for a message that does not exist', async () => {
    renderRoutes('/user/center/study/news/detail?id=abc');
    expect(await screen.findByText('该消息不存在或已被删除')).toBeInTheDocument();
    expect(api.readMessage).not.toHaveBeenCalled();
  });
});
