// Issue 20 part U: the reading platform's pages against a fake server: a book's page (author link,
// state, chapters into the reader, the shelf toggle, not found), an author's page (follow, and no
// follow button on your own pen name), the text platform (four lists, "more"), and the center's
// myFollow (unfollow after a confirm) and myComment (delete after a confirm).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthorDetail, BookCard, BookComment, BookDetail, FollowItem } from '../../src/api/reading-platform';
import { renderRoutes } from './render-shell';
import { fakeAdapter, noRoute, ok, signedInDemoShell, type FakeCall } from './fake-api';

const card = (id: number, over: Partial<BookCard> = {}): BookCard => ({
  id, title: `作品${id}`, cover: null, summary: '一段简介', purpose: 7, categoryId: 3, categoryName: '都市', author: { id: 7, penName: '北辰', avatar: null },
  authorName: '北辰', serialState: 'serialising', wordCount: 12345, chapterCount: 2, viewCount: 10, updatedAt: '2026-11-20T08:00:00.000Z', ...over,
});
const book = (over: Partial<BookDetail> = {}): BookDetail => ({
  ...card(11), kind: 'article', publishTime: '2026-10-01T08:00:00.000Z', onShelf: false,
  chapters: [{ id: 101, index: 1, title: '第一章 出港', free: true, locked: false }, { id: 102, index: 2, title: '第二章 航标', free: true, locked: false }], ...over,
});
const author = (over: Partial<AuthorDetail> = {}): AuthorDetail => ({
  id: 7, penName: '北辰', avatar: null, intro: '写长篇。', workCount: 2, wordCount: 30000, fans: 5, following: false, mine: false, ...over,
});
const page = <T,>(list: T[]) => ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
const notFound = (errorCode: string) => ({ success: false, code: 404, flag: -1, message: '不存在', errorCode, data: null });

function fakeServer() {
  const state = {
    book: book() as BookDetail | null, author: author(),
    follows: [{ id: 7, penName: '北辰', avatar: null, intro: '', workCount: 2, fans: 5, followedAt: '2026-11-01T08:00:00.000Z' }] as FollowItem[],
    comments: [{ id: 501, content: '好看', score: 5, createTime: '2026-11-02T08:00:00.000Z', bookId: 11, bookTitle: '作品11', cover: null, authorName: '北辰' }] as BookComment[],
    requests: [] as FakeCall[],
  };
  const adapter = fakeAdapter((call) => {
    switch (call.url) {
      case '/cm/api/book/info': return state.book ? ok(state.book) : notFound('BOOK_NOT_FOUND');
      case '/cm/api/book/shelf':
        state.book = { ...state.book!, onShelf: Boolean(call.body.onShelf) };
        return ok({ contentId: call.body.contentId, onShelf: call.body.onShelf });
      case '/cm/api/author/info': return ok(state.author);
      case '/cm/api/author/works': return page([card(11), card(12, { serialState: 'finished' })]);
      case '/um/api/userFollow/fans': return page([]);
      case '/um/api/userFollow/save':
        state.author = { ...state.author, following: Boolean(call.body.follow), fans: state.author.fans + (call.body.follow ? 1 : -1) };
        if (!call.body.follow) state.follows = state.follows.filter((f) => f.id !== call.body.authorId);
        return ok({ authorId: call.body.authorId, following: call.body.follow, fans: state.author.fans });
      case '/um/api/userFollow/followList': return page(state.follows);
      case '/cm/api/textPlatform/home':
        return ok({ category: null, categories: [{ id: 3, name: '都市', count: 2 }], recent: [card(11)], new: [card(12)], finished: [], popular: [card(11)] });
      case '/cm/api/textPlatform/list': return page([card(11), card(12)]);
      case '/cm/api/commentScore/getScore': return ok({ average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
      case '/cm/api/commentScore/queryComment': return page([]);
      case '/cmu/api/articleComment/searchByUser': return page(state.comments);
      case '/cmu/api/articleComment/delComment':
        state.comments = state.comments.filter((c) => c.id !== call.body.id);
        return ok(true);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return noRoute(call.url);
    }
  }, state.requests);
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

describe('a book\'s page', { timeout: 20_000 }, () => {
  it('shows the work with its author linked, its state and chapters that open the reader', async () => {
    renderRoutes('/content/noval/detail/11');
    const detail = await screen.findByTestId('book-detail', undefined, { timeout: 10_000 });
    expect(within(detail).getByRole('heading', { level: 1 })).toHaveTextContent('作品11');
    expect(screen.getByTestId('book-author')).toHaveAttribute('href', '/content/author/7');
    expect(within(detail).getAllByTestId('book-state')[0]).toHaveTextContent('连载中');
    expect(within(detail).getByText('12,345 字')).toBeInTheDocument();
    const chapters = screen.getAllByTestId('book-chapter');
    expect(chapters.map((c) => c.getAttribute('href'))).toEqual(['/content/noval/11?chapter=1', '/content/noval/11?chapter=2']);
  });

  it('puts the book on the shelf and takes it off, the button saying which', async () => {
    renderRoutes('/content/noval/detail/11');
    await userEvent.click(await screen.findByRole('button', { name: '加入书架' }, { timeout: 10_000 }));
    await screen.findByRole('button', { name: '移出书架' });
    expect(server.state.requests.find((r) => r.url === '/cm/api/book/shelf')?.body).toMatchObject({ contentId: 11, onShelf: true });
    await userEvent.click(screen.getByRole('button', { name: '移出书架' }));
    await screen.findByRole('button', { name: '加入书架' });
  });

  it('says a missing work does not exist', async () => {
    server.state.book = null;
    renderRoutes('/content/noval/detail/99');
    expect(await screen.findByText('作品不存在', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('an author\'s page', { timeout: 20_000 }, () => {
  it('follows the author: the button turns to 取消关注 and the followers count grows', async () => {
    renderRoutes('/content/author/7');
    // antd spaces a two-character label (关 注).
    await userEvent.click(await screen.findByRole('button', { name: /^关\s*注$/ }, { timeout: 10_000 }));
    await screen.findByRole('button', { name: '取消关注' });
    expect(server.state.requests.find((r) => r.url === '/um/api/userFollow/save')?.body).toMatchObject({ authorId: 7, follow: true });
    expect(screen.getAllByTestId('book-row')).toHaveLength(2);
  });

  it('offers no follow button on your own pen name', async () => {
    server.state.author = author({ mine: true });
    renderRoutes('/content/author/7');
    expect(await screen.findByTestId('author-mine', undefined, { timeout: 10_000 })).toHaveTextContent('这是你的笔名');
    expect(screen.queryByTestId('author-follow')).toBeNull();
  });
});

describe('the text platform', { timeout: 20_000 }, () => {
  it('shows four lists and pages a whole list from 更多', async () => {
    const { router } = renderRoutes('/content/textPlatform');
    await screen.findByTestId('platform-recent-list', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('platform-finished-list-empty')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: /更多: 最近更新/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?list=recent'));
    expect(await screen.findByTestId('platform-whole-list')).toBeInTheDocument();
    expect(server.state.requests.some((r) => r.url === '/cm/api/textPlatform/list' && r.params.list === 'recent')).toBe(true);
  });
});

describe('the center\'s content section', { timeout: 20_000 }, () => {
  it('myFollow unfollows an author after a confirm', async () => {
    renderRoutes('/user/center/content/myFollow');
    const item = await screen.findByTestId('my-follow-item', undefined, { timeout: 10_000 });
    await userEvent.click(within(item).getByTestId('my-follow-unfollow'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByTestId('my-follow-item')).toBeNull());
    expect(server.state.requests.find((r) => r.url === '/um/api/userFollow/save')?.body).toMatchObject({ authorId: 7, follow: false });
  });

  it('myComment deletes a review after a confirm', async () => {
    renderRoutes('/user/center/content/myComment');
    const item = await screen.findByTestId('content-comment-item', undefined, { timeout: 10_000 });
    expect(within(item).getByRole('link', { name: '作品11' })).toHaveAttribute('href', '/content/noval/detail/11');
    await userEvent.click(within(item).getByTestId('content-comment-delete'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByTestId('content-comment-item')).toBeNull());
    expect(server.state.requests.find((r) => r.url === '/cmu/api/articleComment/delComment')?.body).toMatchObject({ id: 501 });
  });
});
