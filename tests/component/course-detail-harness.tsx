// The course detail's test harness (tests/component/course-detail*.test.tsx): one course with its
// chapters and lessons, the learner's records, a fake server in front of the transport, and the
// helpers that read the page. `fake` holds what a test may change: the records, the rating summary,
// the answer function and the requests seen.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { CourseRecord, ProgressResponse } from '../../src/api/hist';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { CourseDetail, CourseLesson, CoursePhase } from '../../src/features/learning/api/course-detail';
import CourseDetailPage from '../../src/features/learning/routes/course-detail-page';
import { onPlayAudio, type PlayAudioDetail } from '../../src/lib/audio-handoff';
import { useMusicStore } from '../../src/stores/music-store';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

type Answer = { status?: number; body: unknown };

/** What a test may change or read: reset before each test by useCourseDetailServer. */
export const fake = {
  records: [] as ProgressResponse[],
  score: { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } } as { average: number; count: number; distribution: Record<1 | 2 | 3 | 4 | 5, number> },
  requests: [] as { url: string; params: Record<string, unknown> }[],
  answer: (() => ({ body: null })) as (url: string, params: Record<string, unknown>) => Answer,
};

export const COURSE: CourseDetail = {
  ...card(11, '安全生产入门'), summary: '从零开始的安全课', labels: ['入门', '必修'],
  teacher: { id: 3, name: '李老师', title: '高级讲师', avatar: null, intro: '十年安全生产培训经验。' },
  studyCount: 88, favourCount: 5, score: 4.6, chapterCount: 3, lessonCount: 6, duration: 3723,
};
const lesson = (id: number, title: string, kind: string, contentId: number | null, over: Partial<CourseLesson> = {}): CourseLesson => ({
  id, contentId, title, kind, duration: 600, mediaUrl: null, purpose: contentId === null ? null : 3, ...over,
});
export const PHASES: CoursePhase[] = [
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

export const rec = (contentId: number, over: Partial<ProgressResponse> = {}): ProgressResponse => ({
  contentId, partId: 0, maxProgress: 0, maxDuration: 100, maxState: 1, progress: 0, duration: 100, state: 1,
  playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...over,
});
/** Finished the video, 40% of the manual long ago, 60% of the first audio lesson last. */
export const RECORDS = [
  rec(201, { maxState: 2, state: 2, percentage: 100, savedAt: 2000, finishedAt: '2026-01-01T00:00:00.000Z' }),
  rec(202, { percentage: 40, savedAt: 1000 }),
  rec(301, { percentage: 60, savedAt: 5000 }),
];
/** As the server measures it: five lessons weigh the same, a finished one 100, one begun its share. */
const progressOf = (list: readonly ProgressResponse[]) => {
  const finished = list.filter((r) => r.maxState === 2).length;
  const shares = list.reduce((sum, r) => sum + (r.maxState === 2 ? 100 : r.percentage), 0);
  return finished === 5 ? 100 : Math.min(99, Math.floor(shares / 5));
};
const courseRecord = (): CourseRecord => ({
  courseId: 11, subjectId: null, logKey: 'k', lessonCount: 5,
  finishedCount: fake.records.filter((r) => r.maxState === 2).length, percentage: progressOf(fake.records), records: fake.records,
});
/** The rating box's summary of the course (commentScore/getScore). */


export const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'ok', data } });
export const notFound = (id: unknown): Answer => ({ body: { success: false, code: 404, flag: -1, message: `No published course has the id ${String(id)} in this tenant.`, data: null, errorCode: 'COURSE_NOT_FOUND' } });
export const boom: Answer = { status: 500, body: { success: false, code: 500, flag: -1, message: 'boom', data: null } };

/** The server: one course, its chapters and the learner's records. */
export function server(url: string, params: Record<string, unknown>): Answer {
  const known = Number(params.id ?? params.courseId) === COURSE.id;
  if (url === '/cm/api/course/info') return known ? ok(COURSE) : notFound(params.id);
  if (url === '/cm/api/course/phaseContent') return known ? ok(PHASES) : notFound(params.id);
  if (url === '/cm/api/hist/getCourseRecord') return known ? ok(courseRecord()) : notFound(params.courseId);
  if (url === '/cm/api/commentScore/getScore') return ok(fake.score);
  return { status: 404, body: { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null } };
}

const previousAdapter = apiClient.defaults.adapter;
export const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const url = config.url ?? '';
  fake.requests.push({ url, params });
  const { status = 200, body } = fake.answer(url, params);
  if (status >= 400) {
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, { data: body, status, statusText: 'Error', headers: {}, config });
  }
  return { data: body, status, statusText: 'OK', headers: {}, config, request: {} };
};

export function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/course/detail/:id', element: <CourseDetailPage /> },
    { path: '/sub_cm/course/detail', element: <CourseDetailPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

/** Collects the play requests the floating player would get. */
export function listenForPlay() {
  const heard: PlayAudioDetail[] = [];
  const stop = onPlayAudio((detail) => heard.push(detail));
  return { heard, stop };
}

export const calls = (url: string) => fake.requests.filter((r) => r.url === url);
export const row = (lessonId: number) => screen.getAllByTestId('course-lesson').find((li) => li.dataset.lessonId === String(lessonId))!;
export const stateOf = (lessonId: number) => within(row(lessonId)).queryByTestId('course-lesson-state')?.textContent ?? null;
export const nextButton = () => screen.getByTestId('course-detail-next');
/** Waits until the records are in (the button stops loading and names what it does). */
export const ready = async () => {
  await screen.findByTestId('course-detail-progress-text');
  await waitFor(() => expect(nextButton()).not.toHaveClass('ant-btn-loading'));
};

const initialMusic = useMusicStore.getState();

/** Installs the fake server and the signed-in learner before each test, and undoes it after. */
export function useCourseDetailServer(): void {
  beforeEach(() => {
    fake.requests = [];
    fake.records = RECORDS.map((r) => ({ ...r }));
    fake.answer = server;
    sessionStorage.clear();
    fake.score = { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
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
}
