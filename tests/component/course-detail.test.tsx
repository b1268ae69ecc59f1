// The course detail (/course/detail/{id}, /sub_cm/course/detail?id=): the course, its chapters and
// lessons from course/info and course/phaseContent, each lesson's state and the course's progress
// from hist/getCourseRecord; "continue" opens the unfinished lesson saved last; audio lessons go to
// the floating player as lessons of the course (courseId set), the others to their content's page;
// a missing course is "not found", a failed call an error with retry. The records kept current
// while the course is open: course-detail-records.test.tsx.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { gobackTarget } from '../../src/lib/goback';
import { useUserStore } from '../../src/stores/user-store';
import { adapter, boom, calls, COURSE, fake, listenForPlay, mount, nextButton, ready, rec, row, server, stateOf, useCourseDetailServer } from './course-detail-harness';

useCourseDetailServer();

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
    fake.records = [rec(202, { percentage: 40, savedAt: 9000 }), rec(301, { percentage: 60, savedAt: 5000 })];
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
    fake.records = [];
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveTextContent(/开\s?始\s?学\s?习/);
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1001');
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 0/5 课时');
    cleanup();

    // Finished, but nothing saved since: the first unfinished lesson in order.
    fake.records = [rec(201, { maxState: 2, state: 2, percentage: 100, savedAt: 3000 })];
    mount('/course/detail/11');
    await ready();
    expect(nextButton()).toHaveAttribute('data-lesson-id', '1002');
    cleanup();

    fake.records = [201, 202, 301, 302].map((contentId) => rec(contentId, { maxState: 2, state: 2, percentage: 100, savedAt: contentId }));
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

    fake.score = { average: 4, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } };
    fake.requests = [];
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
    fake.requests = [];
    mount('/sub_cm/course/detail?id=abc');
    expect(await screen.findByText('没有找到这门课程')).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });

  it('shows the error with a retry that loads the course once the server answers', async () => {
    let failing = true;
    fake.answer = (url, params) => (failing ? boom : server(url, params));
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
