// The course detail (/course/detail/{id}, /sub_cm/course/detail?id=): the course, its chapters and
// lessons from course/info and course/phaseContent, each lesson's state and the course's progress
// from hist/getCourseRecord; "continue" opens the unfinished lesson saved last; audio lessons go to
// the floating player as lessons of the course (courseId set), the others to their content's page;
// a missing course is "not found", a failed call an error with retry.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { CourseRecord, ProgressResponse } from '../../src/api/hist';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { CourseDetail, CourseLesson, CoursePhase } from '../../src/features/learning/api/course-detail';
import CourseDetailPage from '../../src/features/learning/routes/course-detail-page';
import { onPlayAudio, SYNC_AUDIO_EVENT, type PlayAudioDetail } from '../../src/lib/audio-handoff';
import { gobackTarget } from '../../src/lib/goback';
import { toMusicItem, useMusicStore } from '../../src/stores/music-store';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

const COURSE: CourseDetail = {
  ...card(11, '安全生产入门'), summary: '从零开始的安全课', labels: ['入门', '必修'],
  teacher: { id: 3, name: '李老师', title: '高级讲师', avatar: null, intro: '十年安全生产培训经验。' },
  studyCount: 88, favourCount: 5, score: 4.6, chapterCount: 3, lessonCount: 6, duration: 3723,
};
const lesson = (id: number, title: string, kind: string, contentId: number | null, over: Partial<CourseLesson> = {}): CourseLesson => ({
  id, contentId, title, kind, duration: 600, mediaUrl: null, purpose: contentId === null ? null : 3, ...over,
});
const PHASES: CoursePhase[] = [
  { id: 100, title: '第1章 基础', sort: 0, contents: [
    lesson(1001, '1.1 认识风险', 'video', 201, { purpose: 1 }),
    lesson(1002, '1.2 安全手册', 'pdf', 202),
    lesson(1003, '1.3 待上线', 'article', null),
    // Its content was taken down: the server sends no purpose or media.
    lesson(1007, '1.4 已下线', 'video', 204, { purpose: null }),
  ] },
  { id: 101, title: '第2章 音频精讲', sort: 1, contents: [
    lesson(1004, '2.1 听讲一', 'audio', 301, { mediaUrl: 'media:audio/demo-1.wav', duration: 30 }),
    lesson(1005, '2.2 听讲二', 'audio', 302, { mediaUrl: 'media:audio/demo-2.wav', duration: 45 }),
    lesson(1006, '2.3 未录制', 'audio', 303),
  ] },
  { id: 102, title: '第3章 预告', sort: 2, contents: [] },
];

const rec = (contentId: number, over: Partial<ProgressResponse> = {}): ProgressResponse => ({
  contentId, partId: 0, maxProgress: 0, maxDuration: 100, maxState: 1, progress: 0, duration: 100, state: 1,
  playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...over,
});
/** Finished the video, 40% of the manual long ago, 60% of the first audio lesson last. */
const RECORDS = [
  rec(201, { maxState: 2, state: 2, percentage: 100, savedAt: 2000, finishedAt: '2026-01-01T00:00:00.000Z' }),
  rec(202, { percentage: 40, savedAt: 1000 }),
  rec(301, { percentage: 60, savedAt: 5000 }),
];
let records: ProgressResponse[];
/** As the server measures it: five lessons weigh the same, a finished one 100, one begun its share. */
const progressOf = (list: readonly ProgressResponse[]) => {
  const finished = list.filter((r) => r.maxState === 2).length;
  const shares = list.reduce((sum, r) => sum + (r.maxState === 2 ? 100 : r.percentage), 0);
  return finished === 5 ? 100 : Math.min(99, Math.floor(shares / 5));
};
const courseRecord = (): CourseRecord => ({
  courseId: 11, subjectId: null, logKey: 'k', lessonCount: 5,
  finishedCount: records.filter((r) => r.maxState === 2).length, percentage: progressOf(records), records,
});
/** The rating box's summary of the course (commentScore/getScore). */
let score: { average: number; count: number; distribution: Record<1 | 2 | 3 | 4 | 5, number> };

type Answer = { status?: number; body: unknown };
let requests: { url: string; params: Record<string, unknown> }[];
let answer: (url: string, params: Record<string, unknown>) => Answer;

const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'ok', data } });
const notFound = (id: unknown): Answer => ({ body: { success: false, code: 404, flag: -1, message: `No published course has the id ${String(id)} in this tenant.`, data: null, errorCode: 'COURSE_NOT_FOUND' } });
const boom: Answer = { status: 500, body: { success: false, code: 500, flag: -1, message: 'boom', data: null } };

/** The server: one course, its chapters and the learner's records. */
function server(url: string, params: Record<string, unknown>): Answer {
  const known = Number(params.id ?? params.courseId) === COURSE.id;
  if (url === '/cm/api/course/info') return known ? ok(COURSE) : notFound(params.id);
  if (url === '/cm/api/course/phaseContent') return known ? ok(PHASES) : notFound(params.id);
  if (url === '/cm/api/hist/getCourseRecord') return known ? ok(courseRecord()) : notFound(params.courseId);
  if (url === '/cm/api/commentScore/getScore') return ok(score);
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

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/course/detail/:id', element: <CourseDetailPage /> },
    { path: '/sub_cm/course/detail', element: <CourseDetailPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

/** Collects the play requests the floating player would get. */
function listenForPlay() {
  const heard: PlayAudioDetail[] = [];
  const stop = onPlayAudio((detail) => heard.push(detail));
  return { heard, stop };
}

const calls = (url: string) => requests.filter((r) => r.url === url);
const row = (lessonId: number) => screen.getAllByTestId('course-lesson').find((li) => li.dataset.lessonId === String(lessonId))!;
const stateOf = (lessonId: number) => within(row(lessonId)).queryByTestId('course-lesson-state')?.textContent ?? null;
const nextButton = () => screen.getByTestId('course-detail-next');
/** Waits until the records are in (the button stops loading and names what it does). */
const ready = async () => {
  await screen.findByTestId('course-detail-progress-text');
  await waitFor(() => expect(nextButton()).not.toHaveClass('ant-btn-loading'));
};

const initialMusic = useMusicStore.getState();

beforeEach(() => {
  requests = [];
  records = RECORDS.map((r) => ({ ...r }));
  answer = server;
  sessionStorage.clear();
  score = { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useMusicStore.setState(initialMusic, true);
  vi.restoreAllMocks();
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('course detail', { timeout: 20_000 }, () => {
  it('shows the course, its chapters and lessons with each lesson\'s state, and the course progress', async () => {
    mount('/course/detail/11');
    expect(await screen.findByRole('heading', { level: 1, name: '安全生产入门' })).toBeInTheDocument();
    expect(calls('/cm/api/course/info')).toEqual([{ url: '/cm/api/course/info', params: { id: 11, tenantId: 1001 } }]);
    expect(calls('/cm/api/course/phaseContent')).toEqual([{ url: '/cm/api/course/phaseContent', params: { id: 11, tenantId: 1001 } }]);
    expect(calls('/cm/api/hist/getCourseRecord')[0]).toEqual({ url: '/cm/api/hist/getCourseRecord', params: { courseId: 11, tenantId: 1001 } });
    expect(screen.getByTestId('course-detail-teacher')).toHaveTextContent('讲师：李老师（高级讲师）');
    expect(screen.getByTestId('course-detail-lessons')).toHaveTextContent('6课时');
    expect(screen.getByTestId('course-detail-learners')).toHaveTextContent('88人学习');
    expect(screen.getByTestId('course-detail-duration')).toHaveTextContent('1:02:03总时长');
    expect(screen.getByText('必修')).toBeInTheDocument();
    expect(screen.getAllByText('从零开始的安全课').length).toBeGreaterThan(0);
    // Beside the catalogue: the teacher's card with their intro, and the course's facts.
    expect(screen.getByTestId('course-detail-teacher-card')).toHaveTextContent('十年安全生产培训经验。');

    await ready();
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 1/5 课时');
    // Real progress: 100 + 40 + 60 over five lessons, not only the one finished.
    expect(screen.getByTestId('course-detail-progress').querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '40');

    expect(screen.getAllByTestId('course-chapter').map((c) => within(c).getByRole('heading', { level: 3 }).textContent))
      .toEqual(['第1章 基础', '第2章 音频精讲', '第3章 预告']);
    expect(screen.getAllByTestId('course-lesson').map((li) => li.dataset.lessonId)).toEqual(['1001', '1002', '1003', '1007', '1004', '1005', '1006']);
    expect(stateOf(1001)).toBe('已完成');
    expect(stateOf(1002)).toBe('已学 40%');
    expect(stateOf(1004)).toBe('已学 60%');
    expect(stateOf(1005)).toBe('未开始');
    // Kinds and lengths.
    expect(within(row(1002)).getByText('文档')).toBeInTheDocument();
    expect(within(row(1004)).getByText('音频')).toBeInTheDocument();
    expect(within(row(1004)).getByText('0:30')).toBeInTheDocument();
    // A lesson without a content is listed but cannot be opened; nor can audio not recorded yet.
    expect(within(row(1003)).getByText('暂未开放')).toBeInTheDocument();
    expect(within(row(1003)).queryByRole('link')).toBeNull();
    expect(within(row(1003)).queryByRole('button')).toBeNull();
    expect(row(1006)).toHaveAttribute('data-openable', 'false');
    expect(row(1007)).toHaveAttribute('data-openable', 'false');
    expect(within(row(1007)).queryByRole('link')).toBeNull();
    expect(within(row(1006)).queryByRole('button')).toBeNull();
    expect(screen.getByText('本章暂无课时')).toBeInTheDocument();
  });

  it('continues with the unfinished lesson saved last: an audio lesson plays in the floating player as a lesson of the course', async () => {
    const { heard, stop } = listenForPlay();
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveTextContent(/继\s?续\s?学\s?习/);
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1004');
    expect(screen.getByTestId('course-detail-next-title')).toHaveTextContent('上次学到：2.1 听讲一');
    fireEvent.click(nextButton());
    const track = (contentId: number, title: string, n: number, duration: number) => ({
      id: contentId, partId: 0, title, mediaUrl: `media:audio/demo-${n}.wav`, cover: COURSE.cover, author: '李老师', duration, purpose: 3,
      courseId: 11, pageUrl: '/course/detail/11', pageQuery: null, permissionFlag: 1,
    });
    // The queue is every playable audio lesson of the course; the unrecorded one is left out.
    expect(heard).toEqual([{ items: [track(301, '2.1 听讲一', 1, 30), track(302, '2.2 听讲二', 2, 45)], index: 0 }]);

    fireEvent.click(within(row(1005)).getByRole('button', { name: '播放《2.2 听讲二》' }));
    expect(heard[1]).toMatchObject({ index: 1, items: [{ id: 301, courseId: 11 }, { id: 302, courseId: 11 }] });
    stop();
  });

  it('continues with a document lesson saved last by opening its content page, whose back action returns to the course', async () => {
    records = [rec(202, { percentage: 40, savedAt: 9000 }), rec(301, { percentage: 60, savedAt: 5000 })];
    const router = mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1002');
    fireEvent.click(nextButton());
    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname).toBe('/sub_cm/content/detail');
    expect(router.state.location.search).toBe('?id=202&purpose=3&courseId=11');
    expect(gobackTarget('content', '/content')).toBe('/course/detail/11');
  });

  it('starts at the first lesson without records, skips finished ones, and offers to study again when all are finished', async () => {
    records = [];
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveTextContent(/开\s?始\s?学\s?习/);
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1001');
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 0/5 课时');
    cleanup();

    // Finished, but nothing saved since: the first unfinished lesson in order.
    records = [rec(201, { maxState: 2, state: 2, percentage: 100, savedAt: 3000 })];
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1002');
    cleanup();

    records = [201, 202, 301, 302].map((contentId) => rec(contentId, { maxState: 2, state: 2, percentage: 100, savedAt: contentId }));
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveTextContent(/再次学习/);
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1001');
  });

  it('links other lessons to their content\'s detail page by purpose, naming the course they are studied in', async () => {
    mount('/sub_cm/course/detail?id=11');
    await ready();
    expect(within(row(1001)).getByRole('link', { name: '学习《1.1 认识风险》' })).toHaveAttribute('href', '/sub_cm/content/detail?id=201&purpose=1&courseId=11');
    expect(within(row(1002)).getByRole('link')).toHaveAttribute('href', '/sub_cm/content/detail?id=202&purpose=3&courseId=11');
    fireEvent.click(within(row(1002)).getByRole('link'));
    await screen.findByTestId('elsewhere');
    expect(gobackTarget('content', '/content')).toBe('/sub_cm/course/detail?id=11');
  });

  it('reads the records again after the floating player pauses a lesson of this course', async () => {
    mount('/course/detail/11');
    await ready();
    expect(stateOf(1005)).toBe('未开始');
    const before = calls('/cm/api/hist/getCourseRecord').length;
    const item = toMusicItem({ id: 302, partId: 0, title: '2.2 听讲二', mediaUrl: 'media:audio/demo-2.wav', courseId: 11 });
    act(() => useMusicStore.setState({ songList: [item], currentIndex: 0, playStatus: 'playing' }));
    expect(within(row(1005)).getByText('正在播放')).toBeInTheDocument();
    // The player saved on pause.
    records = [...records, rec(302, { percentage: 50, savedAt: 6000 })];
    act(() => useMusicStore.setState({ playStatus: 'paused' }));
    await waitFor(() => expect(stateOf(1005)).toBe('已学 50%'), { timeout: 4000 });
    expect(calls('/cm/api/hist/getCourseRecord').length).toBeGreaterThan(before);
    // Now the lesson saved last.
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1005');
  });

  it('reads the records every 10 s while the floating player plays a lesson of this course, and not for another course', async () => {
    mount('/course/detail/11');
    await ready();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const count = () => calls('/cm/api/hist/getCourseRecord').length;
      const other = toMusicItem({ id: 999, partId: 0, title: '别的课', mediaUrl: 'media:audio/demo-3.wav', courseId: 12 });
      act(() => useMusicStore.setState({ songList: [other], currentIndex: 0, playStatus: 'playing' }));
      const idle = count();
      await act(async () => { await vi.advanceTimersByTimeAsync(25_000); });
      expect(count()).toBe(idle);

      const item = toMusicItem({ id: 302, partId: 0, title: '2.2 听讲二', mediaUrl: 'media:audio/demo-2.wav', courseId: 11 });
      act(() => useMusicStore.setState({ songList: [item], currentIndex: 0, playStatus: 'playing' }));
      await act(async () => { await vi.advanceTimersByTimeAsync(2_000); });
      const started = count();
      records = [...records, rec(302, { percentage: 30, savedAt: 6000 })];
      await act(async () => { await vi.advanceTimersByTimeAsync(10_500); });
      expect(count()).toBeGreaterThan(started);
      expect(stateOf(1005)).toBe('已学 30%');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the player to save when opened while it holds a lesson of this course, and not for another course', async () => {
    let syncs = 0;
    const count = () => { syncs += 1; };
    window.addEventListener(SYNC_AUDIO_EVENT, count);
    try {
      const other = toMusicItem({ id: 999, partId: 0, title: '别的课', mediaUrl: 'media:audio/demo-3.wav', courseId: 12 });
      useMusicStore.setState({ songList: [other], currentIndex: 0, playStatus: 'paused' });
      mount('/course/detail/11');
      await ready();
      expect(syncs).toBe(0);
      cleanup();

      const item = toMusicItem({ id: 302, partId: 0, title: '2.2 听讲二', mediaUrl: 'media:audio/demo-2.wav', courseId: 11 });
      useMusicStore.setState({ songList: [item], currentIndex: 0, playStatus: 'paused' });
      records = [...records, rec(302, { percentage: 20, savedAt: 7000 })];
      mount('/course/detail/11');
      await ready();
      expect(syncs).toBe(1);
      expect(stateOf(1005)).toBe('已学 20%');
    } finally {
      window.removeEventListener(SYNC_AUDIO_EVENT, count);
    }
  });

  it('reads the records again when the window regains focus (a lesson finished in another tab)', async () => {
    mount('/course/detail/11');
    await ready();
    expect(stateOf(1002)).toBe('已学 40%');
    records = records.map((r) => (r.contentId === 202 ? { ...r, maxState: 2, state: 2, percentage: 100 } : r));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(stateOf(1002)).toBe('已完成'));
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 2/5 课时');
  });

  it('keeps the course when the records fail, with a retry', async () => {
    let recordsFail = true;
    answer = (url, params) => (url === '/cm/api/hist/getCourseRecord' && recordsFail ? boom : server(url, params));
    mount('/course/detail/11');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('学习进度加载失败。');
    expect(screen.getByRole('heading', { level: 1, name: '安全生产入门' })).toBeInTheDocument();
    expect(stateOf(1001)).toBe('未开始');
    recordsFail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button'));
    });
    await waitFor(() => expect(stateOf(1001)).toBe('已完成'));
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 1/5 课时');
  });

  // issue 13 point 3: the header said 4.1 分 (a number stored on the course) while the rating box
  // said 暂无评分, then 4.0 1人评分. Both now read the box's one summary.
  it('shows the rating box\'s own summary in the header: no rating when nobody rated, else its average and count', async () => {
    mount('/course/detail/11');
    await ready();
    const header = screen.getByTestId('course-detail-rating');
    await waitFor(() => expect(header).toHaveTextContent('暂无评分'));
    expect(header).not.toHaveTextContent('4.6');
    expect(screen.getByTestId('social-rating')).toHaveTextContent('暂无评分');
    cleanup();

    score = { average: 4, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } };
    requests = [];
    mount('/course/detail/11');
    await ready();
    await waitFor(() => expect(screen.getByTestId('course-detail-rating')).toHaveTextContent('4.0 1人评分'));
    expect(screen.getByTestId('social-rating-average')).toHaveTextContent('4.0');
    // One request serves both.
    expect(calls('/cm/api/commentScore/getScore')).toHaveLength(1);
  });

  it('asks a guest on the public address to sign in, and reads no records for them', async () => {
    useUserStore.getState().signOut(false);
    const router = mount('/sub_cm/course/detail?id=11');
    const login = await screen.findByTestId('course-detail-login');
    expect(login).toHaveTextContent('登录后学习');
    expect(screen.queryByTestId('course-detail-next')).toBeNull();
    expect(calls('/cm/api/hist/getCourseRecord')).toEqual([]);
    fireEvent.click(login);
    await screen.findByTestId('elsewhere');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/login?returnUrl=${encodeURIComponent('/sub_cm/course/detail?id=11')}`);
  });

  it('shows "not found" for an unknown course and for an id that cannot be one, without the error alert', async () => {
    mount('/course/detail/404');
    expect(await screen.findByText('没有找到这门课程')).toBeInTheDocument();
    expect(screen.getByText('编号为 404 的课程不存在或已下线。')).toBeInTheDocument();
    expect(screen.queryByTestId('course-detail')).toBeNull();
    cleanup();
    requests = [];
    mount('/sub_cm/course/detail?id=abc');
    expect(await screen.findByText('没有找到这门课程')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows the error with a retry that loads the course once the server answers', async () => {
    let failing = true;
    answer = (url, params) => (failing ? boom : server(url, params));
    mount('/course/detail/11');
    expect(await screen.findByText('课程加载失败')).toBeInTheDocument();
    expect(screen.queryByTestId('course-detail')).toBeNull();
    failing = false;
    await act(async () => {
      // antd spaces a two-character label: "重 试".
      fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: '安全生产入门' })).toBeInTheDocument();
  });

  it('shows the skeleton while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    apiClient.defaults.adapter = async (config) => {
      await gate;
      return adapter(config);
    };
    mount('/course/detail/11');
    expect(await screen.findByTestId('course-detail-loading')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: '安全生产入门' })).toBeInTheDocument();
  });
});
