// The course detail keeps the learner's records current while it is open (course-detail.test.tsx
// has the page itself): after the floating player pauses or plays a lesson of this course, when
// the window regains focus, and with a retry when reading them fails.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SYNC_AUDIO_EVENT } from '../../src/lib/audio-handoff';
import { toMusicItem, useMusicStore } from '../../src/stores/music-store';
import { boom, calls, fake, mount, nextButton, ready, rec, row, server, stateOf, useCourseDetailServer } from './course-detail-harness';

useCourseDetailServer();

describe('course detail records', { timeout: 20_000 }, () => {
  it('reads the records again after the floating player pauses a lesson of this course', async () => {
    mount('/course/detail/11');
    await ready();
    expect(stateOf(1005)).toBe('未开始');
    const before = calls('/cm/api/hist/getCourseRecord').length;
    const item = toMusicItem({ id: 302, partId: 0, title: '2.2 听讲二', mediaUrl: 'media:audio/demo-2.wav', courseId: 11 });
    act(() => useMusicStore.setState({ songList: [item], currentIndex: 0, playStatus: 'playing' }));
    expect(within(row(1005)).getByText('正在播放')).toBeInTheDocument();
    // The player saved on pause.
    fake.records = [...fake.records, rec(302, { percentage: 50, savedAt: 6000 })];
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
      fake.records = [...fake.records, rec(302, { percentage: 30, savedAt: 6000 })];
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
      fake.records = [...fake.records, rec(302, { percentage: 20, savedAt: 7000 })];
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
    fake.records = fake.records.map((r) => (r.contentId === 202 ? { ...r, maxState: 2, state: 2, percentage: 100 } : r));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(stateOf(1002)).toBe('已完成'));
    expect(screen.getByTestId('course-detail-progress-text')).toHaveTextContent('已学 2/5 课时');
  });

  it('keeps the course when the records fail, with a retry', async () => {
    let recordsFail = true;
    fake.answer = (url, params) => (url === '/cm/api/hist/getCourseRecord' && recordsFail ? boom : server(url, params));
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
});
