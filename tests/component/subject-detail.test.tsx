// The subject (topic) detail (/subject/detail/{id}, /sub_cm/subject/detail?id=): the subject and its
// courses and contents in order from subject/info and subject/content; for a signed-in learner the
// progress (已学 n/m) and each content's state from hist/getCourseRecord with subjectId, for a guest a
// way to sign in and no records call; a course links to its page, an audio content plays in the
// floating player as a content of the subject (subjectId set), another content links to its page;
// a missing subject is "not found", a failed call an error with retry.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { CourseRecord, ProgressResponse } from '../../src/api/hist';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { SubjectDetail, SubjectEntry } from '../../src/features/learning/api/subject-detail';
import { subjectAudioQueue } from '../../src/features/learning/components/subject-detail-study';
import SubjectDetailPage from '../../src/features/learning/routes/subject-detail-page';
import { onPlayAudio, type PlayAudioDetail } from '../../src/lib/audio-handoff';
import { gobackTarget } from '../../src/lib/goback';
import { toMusicItem, useMusicStore } from '../../src/stores/music-store';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const SUBJECT: SubjectDetail = {
  ...card(21, '新员工入职专题'), summary: '入职第一周的学习路径', labels: ['必修'],
  studyCount: 120, favourCount: 9, itemCount: 5, courseCount: 2, contentCount: 3, duration: 5400,
};
const entry = (id: number, title: string, over: Partial<SubjectEntry>): SubjectEntry => ({
  id, kind: 'content', courseId: null, contentId: null, title, cover: null, duration: 600, contentKind: null, mediaUrl: null, purpose: null, ...over,
});
const ITEMS: SubjectEntry[] = [
  entry(1, '公司文化', { kind: 'course', courseId: 11, duration: 3600 }),
  entry(2, '入职须知', { contentId: 201, contentKind: 'pdf', purpose: 3 }),
  entry(3, '欢迎辞', { contentId: 301, contentKind: 'audio', purpose: 1, mediaUrl: 'media:audio/demo-1.wav', duration: 30 }),
  entry(4, '安全规范', { kind: 'course', courseId: 12, duration: 1200 }),
  entry(5, '知识卡片', { contentId: 202, contentKind: 'article', purpose: 2 }),
  // An audio content not recorded yet cannot play.
  entry(6, '待录制', { contentId: 302, contentKind: 'audio', purpose: 1 }),
];

const rec = (contentId: number, over: Partial<ProgressResponse> = {}): ProgressResponse => ({
  contentId, partId: 0, maxProgress: 0, maxDuration: 100, maxState: 1, progress: 0, duration: 100, state: 1,
  playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...over,
});
let records: ProgressResponse[];
/** The subject holds 8 contents in all (its own 4 and its courses' lessons). */
const subjectRecord = (): CourseRecord => ({
  courseId: null, subjectId: 21, logKey: 'k', lessonCount: 8, finishedCount: records.filter((r) => r.maxState === 2).length, percentage: 0, records,
});

type Answer = { status?: number; body: unknown };
let requests: { url: string; params: Record<string, unknown> }[];
let answer: (url: string, params: Record<string, unknown>) => Answer;

const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'ok', data } });
const notFound = (id: unknown): Answer => ({ body: { success: false, code: 404, flag: -1, message: `No published subject has the id ${String(id)} in this tenant.`, data: null, errorCode: 'SUBJECT_NOT_FOUND' } });
const boom: Answer = { status: 500, body: { success: false, code: 500, flag: -1, message: 'boom', data: null } };

/** The server: one subject, its items and the learner's records. */
function server(url: string, params: Record<string, unknown>): Answer {
  const known = Number(params.id ?? params.subjectId) === SUBJECT.id;
  if (url === '/cm/api/subject/info') return known ? ok(SUBJECT) : notFound(params.id);
  if (url === '/cm/api/subject/content') return known ? ok(ITEMS) : notFound(params.id);
  if (url === '/cm/api/hist/getCourseRecord') return known ? ok(subjectRecord()) : notFound(params.subjectId);
  return { status: 404, body: { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null } };
}

const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const url = config.url ?? '';
  requests.push({ url, params });
  const { status = 200, body } = answer(url, params);
  if (status >= 400) {
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, { data: body, status, statusText: 'Error', headers: {}, config });
  }
  return { data: body, status, statusText: 'OK', headers: {}, config, request: {} };
};

const user = learnerSession;

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/subject/detail/:id', element: <SubjectDetailPage /> },
    { path: '/sub_cm/subject/detail', element: <SubjectDetailPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

const calls = (url: string) => requests.filter((r) => r.url === url);
const row = (itemId: number) => screen.getAllByTestId('subject-item').find((li) => li.dataset.itemId === String(itemId))!;
const stateOf = (itemId: number) => within(row(itemId)).queryByTestId('subject-item-state')?.textContent ?? null;
const heading = () => screen.findByRole('heading', { level: 1, name: '新员工入职专题' });

const initialMusic = useMusicStore.getState();

beforeEach(() => {
  requests = [];
  records = [
    rec(201, { maxState: 2, state: 2, percentage: 100, savedAt: 2000 }),
    rec(301, { percentage: 60, savedAt: 5000 }),
  ];
  answer = server;
  sessionStorage.clear();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, user);
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useMusicStore.setState(initialMusic, true);
  useUserStore.getState().signOut(false);
  vi.restoreAllMocks();
  resetApp();
});

describe('subject detail', { timeout: 20_000 }, () => {
  it('shows the subject, its items in order with each content\'s state, and the progress across the subject', async () => {
    mount('/subject/detail/21');
    expect(await heading()).toBeInTheDocument();
    expect(calls('/cm/api/subject/info')).toEqual([{ url: '/cm/api/subject/info', params: { id: 21, tenantId: 1001 } }]);
    expect(calls('/cm/api/subject/content')).toEqual([{ url: '/cm/api/subject/content', params: { id: 21, tenantId: 1001 } }]);
    expect(screen.getByTestId('subject-detail-meta')).toHaveTextContent('2 门课程 · 3 个内容 · 总时长 1:30:00 · 120人学习');
    expect(screen.getByText('入职第一周的学习路径')).toBeInTheDocument();
    expect(screen.getByText('必修')).toBeInTheDocument();

    expect(await screen.findByTestId('subject-detail-progress-text')).toHaveTextContent('已学 1/8');
    expect(calls('/cm/api/hist/getCourseRecord')[0]).toEqual({ url: '/cm/api/hist/getCourseRecord', params: { subjectId: 21, tenantId: 1001 } });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');

    expect(screen.getAllByTestId('subject-item').map((li) => li.dataset.itemId)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(stateOf(2)).toBe('已完成');
    expect(stateOf(3)).toBe('已学 60%');
    expect(stateOf(5)).toBe('未开始');
    // A course shows no content state; kinds and lengths show.
    expect(stateOf(1)).toBeNull();
    expect(within(row(1)).getByText('课程')).toBeInTheDocument();
    expect(within(row(2)).getByText('文档')).toBeInTheDocument();
    expect(within(row(3)).getByText('0:30')).toBeInTheDocument();
    // Audio not recorded yet is listed but cannot play.
    expect(row(6)).toHaveAttribute('data-openable', 'false');
    expect(within(row(6)).queryByRole('button')).toBeNull();
    expect(within(row(6)).getByText('暂未开放')).toBeInTheDocument();
    expect(screen.getByTestId('social-panel')).toBeInTheDocument();
  });

  it('links a course to its page and a content to its page by purpose; their back action returns to the subject', async () => {
    mount('/subject/detail/21');
    await heading();
    expect(within(row(1)).getByRole('link', { name: '进入课程《公司文化》' })).toHaveAttribute('href', '/course/detail/11');
    expect(within(row(2)).getByRole('link', { name: '学习《入职须知》' })).toHaveAttribute('href', '/sub_cm/content/detail?id=201&purpose=3');
    expect(within(row(5)).getByRole('link')).toHaveAttribute('href', '/knowledge/detail/202');
    fireEvent.click(within(row(1)).getByRole('link'));
    await screen.findByTestId('elsewhere');
    expect(gobackTarget('course', '/course')).toBe('/subject/detail/21');
    cleanup();

    mount('/sub_cm/subject/detail?id=21');
    await heading();
    fireEvent.click(within(row(2)).getByRole('link'));
    await screen.findByTestId('elsewhere');
    expect(gobackTarget('content', '/content')).toBe('/sub_cm/subject/detail?id=21');
  });

  it('plays an audio content in the floating player as a content of the subject', async () => {
    const heard: PlayAudioDetail[] = [];
    const stop = onPlayAudio((detail) => heard.push(detail));
    try {
      mount('/subject/detail/21');
      await heading();
      fireEvent.click(within(row(3)).getByRole('button', { name: '播放《欢迎辞》' }));
      expect(heard).toEqual([{
        items: [{
          id: 301, partId: 0, title: '欢迎辞', mediaUrl: 'media:audio/demo-1.wav', cover: SUBJECT.cover, author: null, duration: 30, purpose: 1,
          subjectId: 21, pageUrl: '/subject/detail/21', pageQuery: null, permissionFlag: 1,
        }],
        index: 0,
      }]);
    } finally {
      stop();
    }
  });

  it('reads the records again after the floating player pauses a content of this subject', async () => {
    mount('/subject/detail/21');
    await screen.findByTestId('subject-detail-progress-text');
    await waitFor(() => expect(stateOf(5)).toBe('未开始'));
    const before = calls('/cm/api/hist/getCourseRecord').length;
    const item = toMusicItem({ ...subjectAudioQueue(SUBJECT, ITEMS).tracks[0]! });
    act(() => useMusicStore.setState({ songList: [item], currentIndex: 0, playStatus: 'playing' }));
    expect(within(row(3)).getByText('正在播放')).toBeInTheDocument();
    records = records.map((r) => (r.contentId === 301 ? { ...r, maxState: 2, state: 2, percentage: 100 } : r));
    act(() => useMusicStore.setState({ playStatus: 'paused' }));
    await waitFor(() => expect(stateOf(3)).toBe('已完成'), { timeout: 4000 });
    expect(calls('/cm/api/hist/getCourseRecord').length).toBeGreaterThan(before);
    expect(screen.getByTestId('subject-detail-progress-text')).toHaveTextContent('已学 2/8');
  });

  it('shows a guest the subject and a way to sign in, without asking for records', async () => {
    useUserStore.getState().signOut(false);
    mount('/subject/detail/21');
    await heading();
    await screen.findAllByTestId('subject-item');
    expect(screen.getByText('登录后记录学习进度')).toBeInTheDocument();
    expect(screen.getByTestId('subject-detail-sign-in')).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/subject/detail/21')}`);
    expect(screen.queryByTestId('subject-detail-progress-text')).toBeNull();
    expect(screen.queryAllByTestId('subject-item-state')).toEqual([]);
    expect(calls('/cm/api/hist/getCourseRecord')).toEqual([]);
    // Items still open.
    expect(within(row(1)).getByRole('link')).toHaveAttribute('href', '/course/detail/11');
  });

  it('is a public route: a guest reaches /subject/detail/{id} and /sub_cm/subject/detail?id= of the route table, titled 专题详情', async () => {
    useUserStore.getState().signOut(false);
    const first = renderRoutes('/subject/detail/21');
    expect(await heading()).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/subject/detail/21');
    await waitFor(() => expect(document.title).toContain('专题详情'));
    cleanup();
    const second = renderRoutes('/sub_cm/subject/detail?id=21');
    expect(await heading()).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/sub_cm/subject/detail');
  });

  it('keeps the subject when the records fail, with a retry', async () => {
    let recordsFail = true;
    answer = (url, params) => (url === '/cm/api/hist/getCourseRecord' && recordsFail ? boom : server(url, params));
    mount('/subject/detail/21');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('学习进度加载失败。');
    expect(screen.getByRole('heading', { level: 1, name: '新员工入职专题' })).toBeInTheDocument();
    recordsFail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button'));
    });
    expect(await screen.findByTestId('subject-detail-progress-text')).toHaveTextContent('已学 1/8');
  });

  it('shows "not found" for an unknown subject and for an id that cannot be one', async () => {
    mount('/subject/detail/404');
    expect(await screen.findByText('没有找到这个专题')).toBeInTheDocument();
    expect(screen.getByText('编号为 404 的专题不存在或已下线。')).toBeInTheDocument();
    expect(screen.queryByTestId('subject-detail')).toBeNull();
    cleanup();
    requests = [];
    mount('/sub_cm/subject/detail?id=abc');
    expect(await screen.findByText('没有找到这个专题')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows the error with a retry that loads the subject once the server answers', async () => {
    let failing = true;
    answer = (url, params) => (failing ? boom : server(url, params));
    mount('/subject/detail/21');
    expect(await screen.findByText('专题加载失败')).toBeInTheDocument();
    failing = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    });
    expect(await heading()).toBeInTheDocument();
  });

  it('shows the skeleton while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    apiClient.defaults.adapter = async (config) => {
      await gate;
      return adapter(config);
    };
    mount('/subject/detail/21');
    expect(await screen.findByTestId('subject-detail-loading')).toBeInTheDocument();
    await act(async () => release());
    expect(await heading()).toBeInTheDocument();
  });
});
