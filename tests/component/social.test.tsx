// The social block of the detail pages (issue 7 item 5; docs/api.md "Favourites, comments and
// scores"): guests read and are sent to sign in; a learner favourites, likes, writes a scored
// comment whose text is filtered as it is typed, deletes their own after a confirmation, and pages.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { CommentItem } from '../../src/features/learning/api/social';
import { SocialPanel } from '../../src/features/learning/components/social-panel';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

type Answer = { body: unknown };
const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'ok', data } });

/** A fake server for one course: its comments, favourite and appraisal state, and every request made. */
function fakeServer() {
  const state = {
    comments: [] as CommentItem[],
    favorited: false,
    favoriteCount: 12,
    appraise: { likeCount: 3, dislikeCount: 1, mine: 0 as -1 | 0 | 1 },
    requests: [] as { method: string; url: string; params: Record<string, unknown>; body: Record<string, unknown> }[],
    nextId: 100,
  };
  const score = () => {
    const scored = state.comments.filter((c) => c.score !== null);
    const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<number, number>;
    for (const c of scored) distribution[c.score!]! += 1;
    const average = scored.length ? Math.round((scored.reduce((s, c) => s + c.score!, 0) / scored.length) * 10) / 10 : 0;
    return { average, count: scored.length, distribution };
  };
  const answer = (method: string, url: string, params: Record<string, unknown>, body: Record<string, unknown>): Answer => {
    switch (url) {
      case '/cm/api/favorite/get': return ok({ favorited: state.favorited, count: state.favoriteCount });
      case '/cm/api/favorite/add':
        if (!state.favorited) state.favoriteCount += 1;
        state.favorited = true;
        return ok({ favorited: true, count: state.favoriteCount });
      case '/cm/api/favorite/cancel':
        if (state.favorited) state.favoriteCount -= 1;
        state.favorited = false;
        return ok({ favorited: false, count: state.favoriteCount });
      case '/cm/api/appraise/query': return ok(state.appraise);
      case '/cm/api/appraise/save': {
        const value = body.value as -1 | 0 | 1;
        const a = state.appraise;
        if (a.mine === 1) a.likeCount -= 1;
        if (a.mine === -1) a.dislikeCount -= 1;
        if (value === 1) a.likeCount += 1;
        if (value === -1) a.dislikeCount += 1;
        a.mine = value;
        return ok(a);
      }
      case '/cm/api/commentScore/getScore': return ok(score());
      case '/cm/api/commentScore/queryComment': {
        const pageNo = Number(params.pageNo);
        const pageSize = Number(params.pageSize);
        return ok({ list: state.comments.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: state.comments.length, pageNo, pageSize });
      }
      case '/cm/api/commentScore/saveComment': {
        const comment: CommentItem = {
          id: state.nextId++, content: String(body.content), score: (body.score as number | null) ?? null,
          createTime: new Date().toISOString(), userName: '小李', avatar: null, mine: true,
        };
        state.comments.unshift(comment);
        return ok(comment);
      }
      case '/cm/api/commentScore/delComment':
        state.comments = state.comments.filter((c) => c.id !== body.id);
        return ok(true);
      default:
        return { body: { success: false, code: 404, flag: -1, message: `No route ${method} ${url}`, data: null } };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const params = (config.params ?? {}) as Record<string, unknown>;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Record<string, unknown>;
    const url = config.url ?? '';
    state.requests.push({ method, url, params, body });
    return { data: answer(method, url, params, body).body, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

const comment = (id: number, content: string, score: number | null, mine = false): CommentItem => ({
  id, content, score, createTime: '2026-11-20T08:00:00.000Z', userName: mine ? '小李' : `学员${id}`, avatar: null, mine,
});

const user = learnerSession;

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;

function mount() {
  const router = createMemoryRouter([
    { path: '/course/detail/:id', element: <SocialPanel targetType="course" targetId={42} /> },
    { path: '/login', element: <div data-testid="login-page" /> },
  ], { initialEntries: ['/course/detail/42?from=list'] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

const posts = (url: string) => server.state.requests.filter((r) => r.method === 'POST' && r.url === url);

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting());
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('social block', { timeout: 20_000 }, () => {
  it('shows a guest the comments, the rating and counts, and sends them to sign in to take part', async () => {
    server.state.comments = [comment(2, '<b>不是标签</b>', 4), comment(1, '很好', 5)];
    const router = mount();
    const rows = await screen.findAllByTestId('social-comment');
    // Text is text: the server's plain text is never parsed as HTML.
    expect(rows[0]).toHaveTextContent('<b>不是标签</b>');
    expect(rows[0]!.querySelector('b')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByRole('heading', { name: '评论（2）' })).toBeInTheDocument();
    expect(await screen.findByTestId('social-rating-average')).toHaveTextContent('4.5');
    expect(screen.getByText('2人评分')).toBeInTheDocument();
    expect(await screen.findByText('12人收藏')).toBeInTheDocument();
    expect(screen.queryByTestId('social-comment-form')).toBeNull();
    const login = screen.getByRole('link', { name: '登录后参与评论' });
    expect(login).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/course/detail/42?from=list')}`);

    fireEvent.click(screen.getByTestId('social-favorite'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/course/detail/42?from=list')}`);
    expect(posts('/cm/api/favorite/add')).toEqual([]);
  });

  it('names each bar of the rating distribution (axe: a course page had five progress bars without a name)', async () => {
    mount();
    await screen.findByTestId('social-rating-average');
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(5);
    for (const bar of bars) expect(bar).toHaveAccessibleName();
  });

  it('favourites and unfavourites, with the count', async () => {
    useUserStore.getState().signIn(1001, user);
    mount();
    const button = await screen.findByTestId('social-favorite');
    await waitFor(() => expect(button).not.toBeDisabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent('已收藏');
    expect(button).toHaveTextContent('13人收藏');
    expect(posts('/cm/api/favorite/add')[0]!.body).toEqual({ targetType: 'course', targetId: 42, tenantId: 1001 });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(button).toHaveTextContent('12人收藏');
    expect(posts('/cm/api/favorite/cancel')).toHaveLength(1);
  });

  it('likes, switches to dislike, and takes it back', async () => {
    useUserStore.getState().signIn(1001, user);
    mount();
    const like = await screen.findByRole('button', { name: /赞（3）/ });
    await waitFor(() => expect(like).not.toBeDisabled());
    fireEvent.click(like);
    expect(await screen.findByRole('button', { name: /赞（4）/ })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: /踩（1）/ }));
    expect(await screen.findByRole('button', { name: /踩（2）/ })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: /踩（2）/ }));
    expect(await screen.findByRole('button', { name: /踩（1）/ })).toHaveAttribute('aria-pressed', 'false');
    expect(posts('/cm/api/appraise/save').map((r) => r.body.value)).toEqual([1, -1, 0]);
  });

  it('filters the text as it is typed, with the notice, and posts it with the score', async () => {
    useUserStore.getState().signIn(1001, user);
    mount();
    const box = await screen.findByRole('textbox', { name: '评论' });
    fireEvent.change(box, { target: { value: '讲得好【推荐】😀<script>' } });
    expect(box).toHaveValue('讲得好推荐script');
    expect(await screen.findByText('暂不支持部分特殊符号')).toBeInTheDocument();
    expect(screen.getByTestId('social-comment-count')).toHaveTextContent('11/500');
    const form = screen.getByTestId('social-comment-form');
    fireEvent.click(within(form).getAllByRole('radio')[3]!);
    fireEvent.click(within(form).getByRole('button', { name: '发表评论' }));
    await waitFor(() => expect(posts('/cm/api/commentScore/saveComment')).toHaveLength(1));
    expect(posts('/cm/api/commentScore/saveComment')[0]!.body).toEqual({ targetType: 'course', targetId: 42, content: '讲得好推荐script', score: 4, tenantId: 1001 });
    const row = await screen.findByTestId('social-comment');
    expect(row).toHaveTextContent('讲得好推荐script');
    expect(row).toHaveTextContent('（我）');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByTestId('social-rating-average')).toHaveTextContent('4.0');
  });

  it('refuses an empty or too long comment before sending it', async () => {
    useUserStore.getState().signIn(1001, user);
    mount();
    const box = await screen.findByRole('textbox', { name: '评论' });
    const submit = within(screen.getByTestId('social-comment-form')).getByRole('button', { name: '发表评论' });
    expect(submit).toBeDisabled();
    fireEvent.change(box, { target: { value: '好'.repeat(501) } });
    expect(screen.getByTestId('social-comment-count')).toHaveTextContent('评论最多 500 字');
    expect(submit).toBeDisabled();
    fireEvent.change(box, { target: { value: '好'.repeat(500) } });
    expect(submit).not.toBeDisabled();
    expect(posts('/cm/api/commentScore/saveComment')).toEqual([]);
  });

  it('deletes my own comment after the confirmation', async () => {
    useUserStore.getState().signIn(1001, user);
    server.state.comments = [comment(9, '我的评论', 3, true), comment(8, '别人的评论', 5)];
    mount();
    const [mine, theirs] = await screen.findAllByTestId('social-comment');
    expect(within(theirs!).queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(within(mine!).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除这条评论吗？')).toBeInTheDocument();
    expect(posts('/cm/api/commentScore/delComment')).toEqual([]);
    // The confirmation's own 删除, outside the comment row.
    // antd spaces a two-character label on ordinary buttons (删 除).
    const confirm = screen.getAllByRole('button', { name: /^删\s?除$/ }).find((b) => !mine!.contains(b));
    fireEvent.click(confirm!);
    await waitFor(() => expect(posts('/cm/api/commentScore/delComment')).toHaveLength(1));
    expect(posts('/cm/api/commentScore/delComment')[0]!.body).toEqual({ id: 9, tenantId: 1001 });
    await waitFor(() => expect(screen.getAllByTestId('social-comment')).toHaveLength(1));
    expect(screen.getByTestId('social-comment')).toHaveTextContent('别人的评论');
  });

  it('pages the comments, ten to a page', async () => {
    server.state.comments = Array.from({ length: 12 }, (_, i) => comment(12 - i, `评论${12 - i}`, null));
    mount();
    await waitFor(() => expect(screen.getAllByTestId('social-comment')).toHaveLength(10));
    expect(screen.getAllByTestId('social-comment')[0]).toHaveTextContent('评论12');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getAllByTestId('social-comment')).toHaveLength(2));
    expect(screen.getAllByTestId('social-comment').map((r) => r.textContent)).toEqual([expect.stringContaining('评论2'), expect.stringContaining('评论1')]);
    const pages = server.state.requests.filter((r) => r.url === '/cm/api/commentScore/queryComment').map((r) => r.params.pageNo);
    expect(pages).toEqual([1, 2]);
  });
});
