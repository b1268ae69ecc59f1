// The paper page (spec learning §2 "Exams": /exam/paper/{id}): answering marks the answer card and
// autosaves, the submit confirmation counts the unanswered questions, the hand-in shows the
// result, time-up hands the paper in by itself (fake timers), and a reload re-applies answers that
// were kept on the device but not saved yet.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/client';
import type { ExamResult, Paper } from '../../src/api/exam';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refused = (message: string, errorCode: string) => ({ success: false, code: 409, flag: -1, message, data: null, errorCode });

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: String.fromCharCode(65 + i), text: `选项${i + 1}` }));

/** A paper of three questions, opened at `now`, due `minutes` later. */
function paperAt(now: Date, seconds: number): Paper {
  return {
    attemptId: 51, examId: 7, title: '安全知识测评', type: 'exam', startedAt: now.toISOString(),
    deadline: new Date(now.getTime() + seconds * 1000).toISOString(), serverNow: now.toISOString(), totalScore: 30, passScore: 20,
    questions: [
      { id: 101, kind: 'single', stem: '第一题题干', options: opts(4), score: 10, sort: 1 },
      { id: 102, kind: 'multiple', stem: '第二题题干', options: opts(4), score: 10, sort: 2 },
      { id: 103, kind: 'judge', stem: '第三题题干', options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], score: 10, sort: 3 },
    ],
    answers: {},
  };
}

function resultOf(p: Paper, saved: Record<string, string[]>, state: 'submitted' | 'expired'): ExamResult {
  const right: Record<string, string[]> = { 101: ['B'], 102: ['A', 'C'], 103: ['A'] };
  const questions = p.questions.map((q) => {
    const mine = saved[String(q.id)] ?? [];
    const gained = JSON.stringify(mine) === JSON.stringify(right[q.id]) ? q.score : 0;
    return { ...q, yourAnswer: mine, correctAnswer: right[q.id]!, gained };
  });
  const score = questions.reduce((s, q) => s + q.gained, 0);
  return {
    attemptId: p.attemptId, examId: p.examId, title: p.title, type: 'exam', state, startedAt: p.startedAt, submittedAt: new Date().toISOString(),
    score, passed: score >= 20, totalScore: 30, passScore: 20, questionCount: 3, answeredCount: Object.keys(saved).length,
    correctCount: questions.filter((q) => q.gained > 0).length, questions,
  };
}

/** A fake exam server: keeps the saved answers; past the deadline it refuses saves and ignores submitted answers. */
function fakeServer(paper: Paper) {
  const state = { saved: { ...paper.answers } as Record<string, string[]>, result: null as ExamResult | null, requests: [] as { url: string; body: Row }[] };
  const late = () => Date.now() > Date.parse(paper.deadline!);
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/exam/api/exam/start': return ok({ ...paper, serverNow: new Date(Date.now()).toISOString(), answers: state.saved });
      case '/exam/api/exam/saveAnswer':
        if (state.result) return refused('这份答卷已经交卷，不能重复提交或修改答案。', 'ALREADY_SUBMITTED');
        if (late()) return refused('作答时间已到，答案没有保存；答卷将按截止前保存的答案交卷。', 'ATTEMPT_EXPIRED');
        for (const a of body.answers as { questionId: number; value: string[] }[]) state.saved[String(a.questionId)] = a.value;
        return ok({ saved: 1, savedAt: new Date().toISOString() });
      case '/exam/api/exam/submit':
        if (state.result) return refused('这份答卷已经交卷，不能重复提交或修改答案。', 'ALREADY_SUBMITTED');
        if (!late()) for (const a of (body.answers ?? []) as { questionId: number; value: string[] }[]) state.saved[String(a.questionId)] = a.value;
        state.result = resultOf(paper, state.saved, late() ? 'expired' : 'submitted');
        return ok(state.result);
      case '/exam/api/exam/result': return state.result ? ok(state.result) : refused('交卷后才能查看成绩和答案解析。', 'RESULT_HIDDEN');
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    state.requests.push({ url, body });
    return { data: answer(url, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter, calls: (url: string) => state.requests.filter((r) => r.url === url) };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const question = (id: number) => screen.getByText(new RegExp(`${['第一', '第二', '第三'][id - 101]}题题干`)).closest('section')!;

beforeEach(() => {
  resetApp();
  window.localStorage.clear();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('exam paper', { timeout: 30_000 }, () => {
  it('answers, autosaves, confirms with the unanswered count, submits and shows the score', async () => {
    server = fakeServer(paperAt(new Date(), 30 * 60));
    apiClient.defaults.adapter = server.adapter;
    const user = userEvent.setup();
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    expect(screen.getByTestId('exam-clock').textContent).toMatch(/^(29:5\d|30:00)$/);

    await user.click(within(question(101)).getByRole('radio', { name: /选项2/ }));
    await user.click(within(question(102)).getByRole('checkbox', { name: /选项1/ }));
    await user.click(within(question(102)).getByRole('checkbox', { name: /选项3/ }));
    expect(screen.getByTestId('exam-answered')).toHaveTextContent('已答 2/3');
    const nav = within(screen.getByTestId('exam-nav')).getAllByRole('button');
    expect(nav.map((b) => b.getAttribute('data-answered'))).toEqual(['true', 'true', 'false']);
    await waitFor(() => expect(server.state.saved).toEqual({ 101: ['B'], 102: ['A', 'C'] }));
    expect(screen.getByTestId('exam-save-status')).toHaveTextContent('已自动保存');

    await user.click(screen.getByTestId('exam-submit'));
    expect(await screen.findByTestId('exam-confirm-text')).toHaveTextContent('还有 1 题未作答，交卷后不能修改。');
    await user.click(screen.getByRole('button', { name: '继续作答' }));
    expect(server.calls('/exam/api/exam/submit')).toHaveLength(0);

    await user.click(screen.getByTestId('exam-submit'));
    await user.click(await screen.findByTestId('exam-confirm-submit'));
    expect(await screen.findByTestId('exam-score')).toHaveTextContent('20');
    expect(screen.getByTestId('exam-pass')).toHaveTextContent('通过');
    expect(server.calls('/exam/api/exam/submit')).toHaveLength(1);
    expect(screen.getAllByTestId('exam-review')).toHaveLength(3);
  });

  it('hands the paper in by itself when time is up, with the answers saved before the deadline', async () => {
    // The countdown's interval is fake and the clock moves only when the test says (Date.now is
    // what the page and the fake server read); the autosave's short delay runs for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const start = Date.now();
    let shift = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => start + shift);
    const pass = (ms: number) => act(async () => { shift += ms; await vi.advanceTimersByTimeAsync(ms); });
    server = fakeServer(paperAt(new Date(start), 20));
    apiClient.defaults.adapter = server.adapter;
    const user = userEvent.setup();
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    await user.click(within(question(103)).getByRole('radio', { name: '正确' }));
    await waitFor(() => expect(server.state.saved).toEqual({ 103: ['A'] }));
    expect(server.calls('/exam/api/exam/submit')).toHaveLength(0);

    await pass(15_000);
    expect(screen.getByTestId('exam-clock').textContent).toBe('00:05');
    expect(server.calls('/exam/api/exam/submit')).toHaveLength(0);
    // At the last second the page hands in by itself.
    await pass(3000);
    expect(server.calls('/exam/api/exam/submit')).toHaveLength(0);
    await pass(1000);
    await waitFor(() => expect(server.calls('/exam/api/exam/submit')).toHaveLength(1));
    expect(await screen.findByTestId('exam-score')).toHaveTextContent('10');
    expect(server.state.result?.state).toBe('submitted');
  });

  it('a reload resumes the attempt and saves the answers kept on the device', async () => {
    const paper = paperAt(new Date(), 30 * 60);
    server = fakeServer({ ...paper, answers: { 101: ['B'] } });
    apiClient.defaults.adapter = server.adapter;
    // Answered before the reload but never saved (the connection was lost).
    window.localStorage.setItem('exam-pending:51', JSON.stringify({ 103: ['B'] }));
    renderRoutes('/exam/paper/7');
    await screen.findByTestId('exam-paper');
    expect(within(question(101)).getByRole('radio', { name: /选项2/ })).toBeChecked();
    expect(within(question(103)).getByRole('radio', { name: '错误' })).toBeChecked();
    await waitFor(() => expect(server.state.saved).toEqual({ 101: ['B'], 103: ['B'] }));
    await waitFor(() => expect(window.localStorage.getItem('exam-pending:51')).toBeNull());
  });
});
