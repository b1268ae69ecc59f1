// Issue 19 part H: myArticle (write with the toolbar, publish, withdraw), myShare, myNotice (unread
// first, mark one, mark all, a class notice in a dialog), the topic page and the affair page with
// its read receipt; loading, empty, not-found and error states.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { AffairDetail, MyArticleItem, TopicDetail, UserNoticeItem } from '../../src/api/sharing';
import { wrapSelection } from '../../src/features/center/components/article-editor';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const failure = (message: string, errorCode?: string) => ({ success: false, code: 404, flag: -1, message, data: null, ...(errorCode ? { errorCode } : {}) });

const article = (id: number, state: 'draft' | 'published'): MyArticleItem => ({
  id, title: `文章${id}`, summary: `摘要${id}`, cover: null, state, viewCount: 7, favourCount: 2,
  publishTime: state === 'published' ? '2026-11-20T08:00:00.000Z' : null, updatedAt: '2026-11-21T08:00:00.000Z',
});
const notice = (id: number, source: UserNoticeItem['source'], read: boolean, extra: Partial<UserNoticeItem> = {}): UserNoticeItem => ({
  id, source, title: `通知${source}${id}`, summary: null, body: null, classesId: null, classesTitle: null, top: false, needConfirm: false,
  publishTime: '2026-11-20T08:00:00.000Z', read, ...extra,
});

let articles: MyArticleItem[];
let notices: UserNoticeItem[];
let topic: TopicDetail | null;
let affair: AffairDetail | null;
let failing: boolean;
let posts: { url: string; body: Row }[];

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Row;
  const url = config.url ?? '';
  let data: unknown;
  if (config.method === 'post') {
    const body = JSON.parse(typeof config.data === 'string' ? config.data : '{}') as Row;
    posts.push({ url, body });
    if (url === '/cm/api/article/save') data = ok({ ...article(99, body.publish ? 'published' : 'draft'), title: body.title, body: body.body });
    else if (url === '/cm/api/notice/read') {
      notices = notices.map((n) => (n.id === body.id && n.source === body.source ? { ...n, read: true } : n));
      data = ok({ marked: 1, unread: notices.filter((n) => !n.read).length });
    } else if (url === '/cm/api/notice/readAll') {
      notices = notices.map((n) => (n.source === 'affair' && n.needConfirm ? n : { ...n, read: true }));
      data = ok({ marked: 1, unread: notices.filter((n) => !n.read).length });
    } else if (url === '/cm/api/affair/confirm') {
      affair = { ...affair!, confirmedAt: '2026-11-22T09:30:00.000Z', confirmedCount: affair!.confirmedCount + 1 };
      data = ok(affair);
    } else data = ok(article(Number(body.id), url.endsWith('publish') ? 'published' : 'draft'));
  } else if (url === '/cm/api/article/searchByUser') {
    const list = articles.filter((a) => !params.state || a.state === params.state);
    data = failing ? failure('服务器开小差了') : ok({ list, total: list.length, pageNo: 1, pageSize: 10 });
  } else if (url === '/cm/api/notice/searchByUser') {
    const sorted = [...notices].sort((a, b) => Number(a.read) - Number(b.read)).filter((n) => !params.unread || !n.read);
    data = ok({ list: sorted, total: sorted.length, pageNo: 1, pageSize: 10, unread: notices.filter((n) => !n.read).length });
  } else if (url === '/cm/api/topic/detail') {
    data = topic ? ok(topic) : failure('专题不存在或已下线（编号 5）。', 'TOPIC_NOT_FOUND');
  } else if (url === '/cm/api/affair/detail') {
    data = affair ? ok(affair) : failure('公文不存在', 'AFFAIR_NOT_FOUND');
  } else if (url === '/um/api/message/getUserUnReadCount') {
    data = ok(0);
  } else {
    data = { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
  }
  return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

const previousAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, learnerSession);
  articles = [];
  notices = [];
  topic = null;
  affair = null;
  failing = false;
  posts = [];
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('the article editor toolbar', () => {
  it('wraps the selection, or a placeholder when nothing is selected', () => {
    expect(wrapSelection('abc def', 4, 7, 'bold', '加粗')).toEqual({ text: 'abc <strong>def</strong>', start: 12, end: 15 });
    expect(wrapSelection('x', 1, 1, 'heading', '小标题').text).toBe('x<h2>小标题</h2>');
  });
});

describe('myArticle and myShare', { timeout: 30_000 }, () => {
  it('writes an article with the toolbar and publishes it', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/study/myArticle');
    await screen.findByTestId('my-article-list-empty', {}, { timeout: 8000 });
    await user.click(screen.getByTestId('article-write'));
    await user.type(await screen.findByTestId('article-title'), '番茄钟学习法');
    const body = screen.getByTestId('article-body');
    fireEvent.change(body, { target: { value: '每天学习' } });
    (body as HTMLTextAreaElement).setSelectionRange(2, 4);
    await user.click(screen.getByTestId('article-tool-bold'));
    await waitFor(() => expect((screen.getByTestId('article-body') as HTMLTextAreaElement).value).toBe('每天<strong>学习</strong>'));
    await user.click(screen.getByTestId('article-publish'));
    await waitFor(() => expect(posts.find((p) => p.url === '/cm/api/article/save')?.body).toMatchObject({ title: '番茄钟学习法', body: '每天<strong>学习</strong>', publish: true }));
  });

  it('refuses to publish without a title or a text, before calling the server', async () => {
    const user = userEvent.setup();
    renderRoutes('/user/center/study/myArticle');
    await user.click(await screen.findByTestId('article-write'));
    await user.click(await screen.findByTestId('article-publish'));
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    await user.type(screen.getByTestId('article-title'), '只有标题');
    await user.click(screen.getByTestId('article-publish'));
    expect(await screen.findByText('正文是空的：写点内容再发布')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('lists drafts and published articles with their actions; publishing a draft calls publish', async () => {
    const user = userEvent.setup();
    articles = [article(1, 'published'), article(2, 'draft')];
    renderRoutes('/user/center/study/myArticle');
    const items = await screen.findAllByTestId('my-article-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['published', 'draft']);
    expect(within(items[0]!).getByRole('link', { name: '文章1' }).getAttribute('href')).toBe('/share/article/detail/1');
    expect(within(items[0]!).getByText(/阅读 7 · 收藏 2/)).toBeTruthy();
    await user.click(within(items[1]!).getByTestId('my-article-publish'));
    await waitFor(() => expect(posts).toEqual([{ url: '/cm/api/article/publish', body: expect.objectContaining({ id: 2 }) }]));
  });

  it('shows only published articles in myShare, and an error with a retry', async () => {
    articles = [article(1, 'published'), article(2, 'draft')];
    renderRoutes('/user/center/study/myShare');
    const items = await screen.findAllByTestId('my-share-item');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('文章1');
    cleanup();
    failing = true;
    renderRoutes('/user/center/study/myShare');
    expect((await screen.findByTestId('my-share-list-error')).textContent).toContain('服务器开小差了');
  });
});

describe('myNotice', { timeout: 30_000 }, () => {
  it('puts unread first, marks one read, opens a class notice in a dialog and marks all read', async () => {
    const user = userEvent.setup();
    notices = [
      notice(1, 'tenant', true), notice(2, 'tenant', false),
      notice(3, 'classes', false, { body: '<p>周五下午集中练习</p>', classesId: 8, classesTitle: '新员工班' }),
      notice(4, 'affair', false, { needConfirm: true }),
    ];
    renderRoutes('/user/center/study/myNotice');
    await waitFor(() => expect(screen.getByTestId('my-notice-unread').textContent).toBe('3 条未读'));
    const items = screen.getAllByTestId('my-notice-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'false', 'true']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/user/center/study/noticeDetail?id=2');
    expect(within(items[2]!).getByRole('link').getAttribute('href')).toBe('/affair/detail/4');

    await user.click(within(items[0]!).getByTestId('my-notice-mark-read'));
    await waitFor(() => expect(screen.getByTestId('my-notice-unread').textContent).toBe('2 条未读'));

    await user.click(screen.getByRole('button', { name: '通知classes3' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('周五下午集中练习')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '进入培训班' }).getAttribute('href')).toBe('/classes/detail/8');
    await waitFor(() => expect(posts.some((p) => p.url === '/cm/api/notice/read' && p.body.source === 'classes')).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));

    await user.click(screen.getByTestId('my-notice-read-all'));
    await waitFor(() => expect(screen.getByTestId('my-notice-unread').textContent).toBe('1 条未读'));
  });

  it('says so when there are no notices', async () => {
    renderRoutes('/user/center/study/myNotice');
    expect((await screen.findByTestId('my-notice-list-empty')).textContent).toContain('暂时没有通知');
    expect((screen.getByTestId('my-notice-read-all') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('topic and affair pages', { timeout: 30_000 }, () => {
  it('shows a topic\'s sections with links to their details, and a topic that is not there', async () => {
    topic = {
      id: 5, title: '学习月专题', subtitle: '一页学完', banner: null, intro: '<p>介绍<strong>重点</strong></p>', viewCount: 3, publishTime: '2026-11-01T00:00:00.000Z',
      sections: [{ id: 1, title: '推荐课程', items: [{ kind: 'course', id: 11, title: '安全课', cover: null, summary: null, path: '/course/detail/11' }] },
        { id: 2, title: '月末考试', items: [{ kind: 'exam', id: 12, title: '结业考试', cover: null, summary: '30 分钟', path: '/exam/detail/12' }] }],
    };
    renderRoutes('/topic/detail/5');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('学习月专题');
    expect(screen.getAllByTestId('topic-section')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /安全课/ }).getAttribute('href')).toBe('/course/detail/11');
    expect(screen.getByRole('link', { name: /结业考试/ }).getAttribute('href')).toBe('/exam/detail/12');
    cleanup();
    topic = null;
    renderRoutes('/topic/detail/5');
    expect((await screen.findByTestId('topic-not-found')).textContent).toContain('没有找到这个专题');
  });

  it('confirms an affair\'s read receipt, and asks a guest to sign in', async () => {
    const user = userEvent.setup();
    affair = {
      id: 4, title: '学习月通知', issuer: '培训中心', docNo: '培训〔2026〕12 号', body: '<p>请阅读</p>', attachments: [{ name: '安排.pdf', url: '/uploads/a.pdf', size: 0 }],
      needConfirm: true, confirmDeadline: '2099-01-01T00:00:00.000Z', publishTime: '2026-11-20T08:00:00.000Z', confirmedAt: null, confirmedCount: 3, signedIn: true,
    };
    renderRoutes('/affair/detail/4');
    expect((await screen.findByTestId('affair-detail')).textContent).toContain('培训〔2026〕12 号');
    expect(screen.getByRole('link', { name: '安排.pdf' }).getAttribute('href')).toBe('/uploads/a.pdf');
    await user.click(screen.getByTestId('affair-confirm'));
    expect((await screen.findByTestId('affair-confirmed')).textContent).toContain('已有 4 人确认');
    expect(posts).toEqual([{ url: '/cm/api/affair/confirm', body: expect.objectContaining({ id: 4 }) }]);

    cleanup();
    useUserStore.getState().signOut(false);
    affair = { ...affair!, confirmedAt: null, signedIn: false };
    renderRoutes('/affair/detail/4');
    expect((await screen.findByTestId('affair-sign-in')).getAttribute('href')).toMatch(/^\/login\?returnUrl=%2Faffair%2Fdetail%2F4/);
  });
});
