// The paper's heartbeat, warnings and offline autosave on the page (issue 18 part D): leaving the
// page sends a leave event at once and coming back a return; a force-submit learnt at a heartbeat
// takes the learner to the result with the invigilator's reason; the 5- and 1-minute warnings are
// announced (role alert); offline the answers wait on the device and go once when back online.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { Paper } from '../../src/api/exam';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: String.fromCharCode(65 + i), text: `选项${i + 1}` }));
function paperAt(now: number, seconds: number): Paper {
  return {
    attemptId: 51, examId: 7, title: '安全知识测评', type: 'exam', startedAt: new Date(now).toISOString(),
    deadline: new Date(now + seconds * 1000).toISOString(), serverNow: new Date(now).toISOString(), totalScore: 20, passScore: 10,
    questions: [
      { id: 101, kind: 'single', stem: '第一题题干', options: opts(4), score: 10, sort: 1 },
      { id: 102, kind: 'judge', stem: '第二题题干', options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], score: 10, sort: 2 },
    ],
    answers: {},
  };
}

/** The fake server: heartbeat answers open until `forced` is set; saves fail while `down`. */
function paperServer(paper: Paper) {
  const state = { forced: null as string | null, down: false, saved: {} as Record<string, string[]> };
  const answer = (call: FakeCall) => {
    switch (call.url) {
      case '/exam/api/exam/start': return ok({ ...paper, serverNow: new Date(Date.now()).toISOString() });
      case '/exam/api/paper/heartbeat':
        return ok({ serverNow: new Date(Date.now()).toISOString(), deadline: paper.deadline, state: state.forced ? 'submitted' : 'open', forced: state.forced !== null, reason: state.forced });
      case '/exam/api/exam/saveAnswer':
        if (state.down) throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' });
        for (const a of call.body.answers as { questionId: number; value: string[] }[]) state.saved[String(a.questionId)] = a.value;
        return ok({ saved: 1, savedAt: new Date().toISOString() });
      case '/exam/api/exam/result': return ok({
        attemptId: 51, examId: 7, title: paper.title, type: 'exam', state: 'submitted', startedAt: paper.startedAt, submittedAt: new Date().toISOString(),
        score: 0, passed: false, totalScore: 20, passScore: 10, questionCount: 2, answeredCount: 0, correctCount: 0, markingState: 'none', objectiveScore: null,
        questions: paper.questions.map((q) => ({ ...q, yourAnswer: [], correctAnswer: ['A'], gained: 0 })),
      });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return noRoute(call.url);
    }
  };
  return { state, answer };
}

let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;
const beats = () => calls.filter((c) => c.url === '/exam/api/paper/heartbeat');
const events = () => beats().flatMap((c) => c.body.events as { kind: string; detail?: string }[]);
const saves = () => calls.filter((c) => c.url === '/exam/api/exam/saveAnswer');
const setHidden = (hidden: boolean) => act(() => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
});

beforeEach(() => {
  calls = [];
  resetApp();
  window.localStorage.clear();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  apiClient.defaults.adapter = previousAdapter;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('the paper\'s heartbeat and warnings', { timeout: 30_000 }, () => {
  it('reports leaving and coming back at once, and goes to the result when the invigilator hands the paper in', async () => {
    const server = paperServer(paperAt(Date.now(), 30 * 60));
    apiClient.defaults.adapter = fakeAdapter(server.answer, calls);
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    await waitFor(() => expect(beats().length).toBeGreaterThanOrEqual(1)); // the first beat at once
    setHidden(true);
    await waitFor(() => expect(events().map((e) => e.kind)).toEqual(['leave']));
    expect(events()[0]!.detail).toBe('hidden');
    setHidden(false);
    await waitFor(() => expect(events().map((e) => e.kind)).toEqual(['leave', 'return']));

    server.state.forced = '考试中使用手机';
    setHidden(true); // the next beat learns of it
    expect(await screen.findByText('监考老师已收卷：考试中使用手机')).toBeInTheDocument();
    expect(await screen.findByTestId('exam-result-summary')).toBeInTheDocument();
  });

  it('warns at 5 minutes and at 1 minute, each announced as an alert', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const start = Date.now();
    let shift = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => start + shift);
    const server = paperServer(paperAt(start, 5 * 60 + 3));
    apiClient.defaults.adapter = fakeAdapter(server.answer, calls);
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    expect(screen.queryByTestId('exam-time-warning')).toBeNull();
    await act(async () => { shift += 4_000; await vi.advanceTimersByTimeAsync(4_000); });
    const five = await screen.findByTestId('exam-time-warning');
    expect(five).toHaveAttribute('role', 'alert');
    expect(five).toHaveTextContent('距离交卷还剩不到 5 分钟');
    await act(async () => { shift += 4 * 60_000; await vi.advanceTimersByTimeAsync(4 * 60_000); });
    expect(screen.getByTestId('exam-time-warning')).toHaveTextContent('距离交卷还剩不到 1 分钟');
  });

  it('offline: the answer waits on the device and is saved once when the connection is back', async () => {
    const user = userEvent.setup();
    const server = paperServer(paperAt(Date.now(), 30 * 60));
    apiClient.defaults.adapter = fakeAdapter(server.answer, calls);
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    online = false;
    act(() => { window.dispatchEvent(new Event('offline')); });
    const q2 = screen.getByText(/第二题题干/).closest('section')!;
    await user.click(within(q2).getByRole('radio', { name: '错误' }));
    await waitFor(() => expect(screen.getByTestId('exam-save-status')).toHaveTextContent('离线，答案已暂存在本机，恢复网络后自动保存'));
    expect(JSON.parse(window.localStorage.getItem('exam-pending:51')!)).toEqual([[102, ['B']]]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(saves()).toHaveLength(0);
    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => expect(server.state.saved).toEqual({ 102: ['B'] }));
    await waitFor(() => expect(screen.getByTestId('exam-save-status')).toHaveTextContent(/^已自动保存 \d\d:\d\d:\d\d$/));
    expect(saves()).toHaveLength(1);
    expect(window.localStorage.getItem('exam-pending:51')).toBeNull();
    expect(events().map((e) => e.kind)).toEqual(expect.arrayContaining(['offline', 'online']));
  });
});
