// The personal center's study sections (spec learning §2 "Personal center": myCourse,
// myKnowledge/{type}, myFavorites, myComment; docs/api.md "Personal center: study"): the lists
// with progress, their empty states with a way out, errors with a retry, removing a favourite,
// deleting a comment after a confirmation, and the spec's pager.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { FavoriteItem, MyCommentItem, StudiedContent, StudiedCourse } from '../../src/features/center/api/my-study';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const failure = (message: string) => ({ success: false, code: 500, flag: -1, message, data: null });

const course = (id: number, finishedCount: number, lessonCount: number, percentage = lessonCount > 0 ? Math.floor((finishedCount * 100) / lessonCount) : 0): StudiedCourse => ({
  id, title: `课程${id}`, cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z', teacherName: '王老师', chapterCount: 2, lessonCount, finishedCount, percentage,
  duration: 0, studyCount: 0, favourCount: 0, score: 0, labels: [],
  lastStudyTime: '2026-11-20T08:00:00.000Z',
});
const content = (id: number, purpose: number, percentage: number, state: 1 | 2): StudiedContent => ({
  id, title: `内容${id}`, cover: null, summary: null, categoryId: null, categoryName: null, publishTime: '2026-11-01T00:00:00.000Z', purpose, kind: 'video', author: null, duration: 100, maxProgress: percentage, state, percentage,
  mediaUrl: null, partCount: 0, viewCount: 0, favourCount: 0, labels: [],
  lastStudyTime: '2026-11-21T08:00:00.000Z',
});
const favorite = (targetType: FavoriteItem['targetType'], targetId: number): FavoriteItem => ({
  targetType, targetId, title: `收藏${targetId}`, cover: null, summary: '简介', favoriteTime: '2026-11-22T08:00:00.000Z',
});
const myComment = (id: number, targetTitle: string | null): MyCommentItem => ({
  id, content: `评论内容${id}`, score: 4, createTime: '2026-11-23T08:00:00.000Z', targetType: 'course', targetId: 50 + id, targetTitle,
});

/** A fake server for the center's calls; every request is recorded. Other calls fail. */
function fakeServer() {
  const state = {
    courses: [] as StudiedCourse[],
    contents: [] as StudiedContent[],
    favorites: [] as FavoriteItem[],
    comments: [] as MyCommentItem[],
    /** URLs that answer with a failure. */
    failing: new Set<string>(),
    requests: [] as { method: string; url: string; params: Row; body: Row }[],
  };
  const page = <T,>(rows: T[], params: Row) => {
    const pageNo = Number(params.pageNo ?? 1);
    const pageSize = Number(params.pageSize ?? 10);
    return ok({ list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length, pageNo, pageSize });
  };
  const answer = (url: string, params: Row, body: Row) => {
    if (state.failing.has(url)) return failure('服务器开小差了');
    switch (url) {
      case '/cm/api/course/searchByUser': return page(state.courses, params);
      case '/cm/api/content/searchByUser': return page(state.contents.filter((c) => c.purpose === Number(params.purpose)), params);
      case '/cm/api/favorite/searchByUser': return page(state.favorites.filter((f) => f.targetType === params.type), params);
      case '/cm/api/favorite/cancel':
        state.favorites = state.favorites.filter((f) => !(f.targetType === body.targetType && f.targetId === body.targetId));
        return ok({ favorited: false, count: 0 });
      case '/cm/api/commentScore/userComment': return page(state.comments, params);
      case '/cm/api/commentScore/delComment':
        state.comments = state.comments.filter((c) => c.id !== body.id);
        return ok(true);
      // The navbar's bell.
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = config.url ?? '';
    state.requests.push({ method, url, params, body });
    return { data: answer(url, params, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

const user = learnerSession;

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const requestsTo = (url: string) => server.state.requests.filter((r) => r.url === url);

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, user);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('personal center: study', { timeout: 20_000 }, () => {
  it('lists my courses with their progress and links, and the study group in the side menu', async () => {
    server.state.courses = [course(1, 3, 4), course(2, 5, 5), course(3, 0, 0)];
    renderRoutes('/user/center/study/myCourse');
    const items = await screen.findAllByTestId('my-course-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: '课程1' })).toHaveAttribute('href', '/course/detail/1');
    expect(items[0]).toHaveTextContent('已学 3/4 课时');
    expect(within(items[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(within(items[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // A course without lessons has nothing to show but 0 %, never NaN.
    expect(within(items[2]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    const menu = screen.getByRole('navigation', { name: '个人中心' });
    for (const name of ['我的课程', '我的微课', '我的知识', '我的收藏', '我的评论', '个人信息', '账号安全', '消息中心']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: '我的课程' }).className).toContain('portal-center__link--active');
  });

  // issue 13 point 2: three lessons begun in one course showed 0 % (finished lessons only); the bar
  // shows the server's progress, where a lesson begun counts its share.
  it('shows a course\'s real progress: lessons begun count, not only finished ones', async () => {
    server.state.courses = [course(4, 0, 10, 7)];
    renderRoutes('/user/center/study/myCourse');
    const [item] = await screen.findAllByTestId('my-course-item');
    expect(item).toHaveTextContent('已学 0/10 课时');
    expect(within(item!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '7');
  });

  it('shows the empty state with a way to the course list', async () => {
    renderRoutes('/user/center/study/myCourse');
    const empty = await screen.findByTestId('my-course-list-empty');
    expect(empty).toHaveTextContent('还没有学过课程');
    expect(within(empty).getByRole('link', { name: '去课程中心看看' })).toHaveAttribute('href', '/course');
  });

  it('shows the error with a retry that reads again', async () => {
    server.state.failing.add('/cm/api/course/searchByUser');
    renderRoutes('/user/center/study/myCourse');
    const error = await screen.findByTestId('my-course-list-error');
    expect(error).toHaveTextContent('服务器开小差了');
    server.state.failing.clear();
    server.state.courses = [course(1, 1, 2)];
    await userEvent.setup().click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findAllByTestId('my-course-item')).toHaveLength(1);
  });

  it('pages with the spec\'s page sizes and asks the server for the page', async () => {
    server.state.courses = Array.from({ length: 23 }, (_, i) => course(i + 1, 0, 2));
    renderRoutes('/user/center/study/myCourse');
    expect(await screen.findAllByTestId('my-course-item')).toHaveLength(10);
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByTitle('3'));
    await waitFor(() => expect(screen.getAllByTestId('my-course-item')).toHaveLength(3));
    expect(requestsTo('/cm/api/course/searchByUser').at(-1)!.params).toMatchObject({ pageNo: 3, pageSize: 10 });
    // The size changer offers 5, 6, 10, 15 and 20.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent ?? o.getAttribute('aria-label'));
    expect(sizes.map((text) => Number.parseInt(text ?? '', 10))).toEqual([5, 6, 10, 15, 20]);
    fireEvent.click(screen.getAllByTitle(/^20/).at(-1)!);
    await waitFor(() => expect(requestsTo('/cm/api/course/searchByUser').at(-1)!.params).toMatchObject({ pageNo: 1, pageSize: 20 }));
    await waitFor(() => expect(screen.getAllByTestId('my-course-item')).toHaveLength(20));
  });

  it('lists the micro-lessons or the knowledge I studied by the route\'s type, with progress and state', async () => {
    server.state.contents = [content(11, 1, 40, 1), content(12, 2, 100, 2)];
    const { router } = renderRoutes('/user/center/study/myKnowledge/1');
    const [micro] = await screen.findAllByTestId('my-knowledge-item');
    expect(within(micro!).getByRole('link', { name: '内容11' })).toHaveAttribute('href', '/knowledge/detail/11?purpose=1');
    expect(within(micro!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(micro).toHaveTextContent('学习中');
    expect(requestsTo('/cm/api/content/searchByUser').at(-1)!.params).toMatchObject({ purpose: 1 });

    await userEvent.setup().click(screen.getByRole('tab', { name: '我的知识' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/center/study/myKnowledge/2'));
    await waitFor(() => expect(screen.getAllByTestId('my-knowledge-item')[0]).toHaveTextContent('内容12'));
    expect(screen.getByTestId('my-knowledge-item')).toHaveTextContent('已学完');
  });

  it('says so for an unknown type, and shows the empty state of a type with a way to its list', async () => {
    renderRoutes('/user/center/study/myKnowledge/9');
    expect(await screen.findByText(/没有这个分类/)).toBeInTheDocument();
    expect(requestsTo('/cm/api/content/searchByUser')).toHaveLength(0);
    cleanup();
    renderRoutes('/user/center/study/myKnowledge/2');
    const empty = await screen.findByTestId('my-knowledge-list-empty');
    expect(within(empty).getByRole('link', { name: '去知识库看看' })).toHaveAttribute('href', '/knowledge');
  });

  it('lists my favourites by type with links, and removes one', async () => {
    server.state.favorites = [favorite('course', 5), favorite('course', 6), favorite('subject', 7), favorite('content', 8)];
    renderRoutes('/user/center/study/myFavorites');
    const items = await screen.findAllByTestId('my-favorite-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: '收藏5' })).toHaveAttribute('href', '/course/detail/5');

    const u = userEvent.setup();
    await u.click(within(items[0]!).getByTestId('my-favorite-cancel'));
    await waitFor(() => expect(screen.getAllByTestId('my-favorite-item')).toHaveLength(1));
    expect(requestsTo('/cm/api/favorite/cancel')[0]!.body).toMatchObject({ targetType: 'course', targetId: 5 });
    expect(screen.getByTestId('my-favorite-item')).toHaveTextContent('收藏6');

    await u.click(screen.getByRole('tab', { name: '专题' }));
    await waitFor(() => expect(screen.getByTestId('my-favorite-item')).toHaveTextContent('收藏7'));
    expect(within(screen.getByTestId('my-favorite-item')).getByRole('link', { name: '收藏7' })).toHaveAttribute('href', '/subject/detail/7');
    await u.click(screen.getByRole('tab', { name: '内容' }));
    await waitFor(() => expect(screen.getByTestId('my-favorite-item')).toHaveTextContent('收藏8'));
    expect(within(screen.getByTestId('my-favorite-item')).getByRole('link', { name: '收藏8' })).toHaveAttribute('href', '/sub_cm/content/detail?id=8');

    // The last one removed: the empty state, with a way to the list.
    await u.click(screen.getByTestId('my-favorite-cancel'));
    const empty = await screen.findByTestId('my-favorites-list-empty');
    expect(within(empty).getByRole('link', { name: '去资源中心看看' })).toHaveAttribute('href', '/content');
  });

  it('lists my comments with what they are about, and deletes one only after the confirmation', async () => {
    server.state.comments = [myComment(1, '安全生产第一课'), myComment(2, null)];
    renderRoutes('/user/center/study/myComment');
    const items = await screen.findAllByTestId('my-comment-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: '安全生产第一课' })).toHaveAttribute('href', '/course/detail/51');
    expect(items[0]).toHaveTextContent('评论内容1');
    expect(items[1]).toHaveTextContent('（已下架）');
    expect(within(items[1]!).queryByRole('link')).toBeNull();

    const u = userEvent.setup();
    await u.click(within(items[0]!).getByTestId('my-comment-delete'));
    expect(await screen.findByText('确定删除这条评论吗？删除后不能恢复。')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(requestsTo('/cm/api/commentScore/delComment')).toHaveLength(0);

    await u.click(within(screen.getAllByTestId('my-comment-item')[0]!).getByTestId('my-comment-delete'));
    const confirm = await screen.findAllByRole('button', { name: /删\s*除/ });
    await u.click(confirm.find((b) => b.closest('.ant-popconfirm') && !b.closest('.ant-popover-hidden'))!);
    await waitFor(() => expect(screen.getAllByTestId('my-comment-item')).toHaveLength(1));
    expect(requestsTo('/cm/api/commentScore/delComment')[0]!.body).toMatchObject({ id: 1 });
  });

  it('shows the comments\' empty state', async () => {
    renderRoutes('/user/center/study/myComment');
    const empty = await screen.findByTestId('my-comment-list-empty');
    expect(empty).toHaveTextContent('还没有发表过评论');
  });
});
