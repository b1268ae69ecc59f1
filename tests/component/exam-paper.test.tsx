// The paper page (spec learning §2 "Exams": /exam/paper/{id}): answering marks the answer card and
// autosaves, the submit confirmation counts the unanswered questions, the hand-in shows the
// result, time-up hands the paper in by itself (fake timers), and a reload re-applies answers that
// were kept on the device but not saved yet. A survey (issue 13 point 4) says all of it in its own
// words and its result thanks instead of scoring.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ExamDetail, ExamResult, MemberExam, Paper } from '../../src/api/exam';
import { i18n } from '../../src/i18n/i18n';
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
  if (p.type === 'survey') {
    // As the server answers a survey: the answers given and nothing to score them by.
    return {
      attemptId: p.attemptId, examId: p.examId, title: p.title, type: 'survey', state, startedAt: p.startedAt, submittedAt: new Date().toISOString(),
      score: null, passed: null, totalScore: null, passScore: null, questionCount: p.questions.length, answeredCount: Object.keys(saved).length,
      markingState: 'none', objectiveScore: null,
      correctCount: null, questions: p.questions.map(({ children: _, ...q }) => ({ ...q, yourAnswer: saved[String(q.id)] ?? [], correctAnswer: null, gained: null })),
    };
  }
  const right: Record<string, string[]> = { 101: ['B'], 102: ['A', 'C'], 103: ['A'] };
  const questions = p.questions.map(({ children: _, ...q }) => {
    const mine = saved[String(q.id)] ?? [];
    const gained = JSON.stringify(mine) === JSON.stringify(right[q.id]) ? q.score : 0;
    return { ...q, yourAnswer: mine, correctAnswer: right[q.id]!, gained };
  });
  const score = questions.reduce((s, q) => s + q.gained, 0);
  return {
    attemptId: p.attemptId, examId: p.examId, title: p.title, type: 'exam', state, startedAt: p.startedAt, submittedAt: new Date().toISOString(),
    score, passed: score >= 20, totalScore: 30, passScore: 20, markingState: 'none', objectiveScore: null, questionCount: 3, answeredCount: Object.keys(saved).length,
    correctCount: questions.filter((q) => q.gained > 0).length, questions,
  };
}

/** A fake exam server: keeps the saved answers; past the deadline it refuses saves and ignores submitted answers. */
function fakeServer(paper: Paper, detail?: ExamDetail, startRefusal?: { message: string; errorCode: string }, mine: MemberExam[] = []) {
  const state = { saved: { ...paper.answers } as Record<string, string[]>, result: null as ExamResult | null, requests: [] as { url: string; body: Row }[] };
  const late = () => Date.now() > Date.parse(paper.deadline!);
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/exam/api/exam/detail': return detail ? ok(detail) : refused('考试或问卷不存在或已下线（编号 7）。', 'EXAM_NOT_FOUND');
      case '/exam/api/exam/start':
        if (startRefusal) return refused(startRefusal.message, startRefusal.errorCode);
        return ok({ ...paper, serverNow: new Date(Date.now()).toISOString(), answers: state.saved });
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
      case '/exam/api/exam/searchByMember': return ok({ list: mine, total: mine.length, pageNo: 1, pageSize: 10 });
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
    expect(screen.getByTestId('exam-save-status')).toHaveTextContent(/^已自动保存 \d\d:\d\d:\d\d$/);

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

/** A survey of a single, a multiple and an open question, open until `seconds` from `now`. */
function surveyAt(now: Date, seconds: number): Paper {
  return {
    attemptId: 61, examId: 8, title: '课程满意度调查', type: 'survey', startedAt: now.toISOString(),
    deadline: new Date(now.getTime() + seconds * 1000).toISOString(), serverNow: now.toISOString(), totalScore: null, passScore: null,
    questions: [
      { id: 101, kind: 'single', stem: '第一题题干', options: opts(3), score: 0, sort: 1 },
      { id: 102, kind: 'multiple', stem: '第二题题干', options: opts(4), score: 0, sort: 2 },
      { id: 103, kind: 'text', stem: '第三题题干', options: [], score: 0, sort: 3 },
    ],
    answers: {},
  };
}

/** The survey's detail as the server answers it, with the learner's one submission when `sent`. */
function surveyDetail(sent: boolean): ExamDetail {
  const now = new Date().toISOString();
  return {
    exam: {
      id: 8, title: '课程满意度调查', cover: null, summary: null, categoryId: null, categoryName: null, publishTime: now, type: 'survey',
      startTime: now, endTime: null, duration: 0, passScore: null, totalScore: null, questionCount: 3, joinCount: 12, windowState: 'open',
    } as ExamDetail['exam'],
    maxAttempts: 1, allowPreview: false, openAttemptId: null, bestScore: null, serverNow: now,
    attempts: sent ? [{ id: 61, state: 'submitted', startedAt: now, deadline: null, submittedAt: now, score: null, passed: null, markingState: 'none', objectiveScore: null }] : [],
    canStart: !sent, reasonCode: sent ? 'NO_ATTEMPTS_LEFT' : null, reason: sent ? '您已提交过这份问卷，每人只能填写一次。' : null,
  };
}

/** Words of an exam that a survey's page must not say (issue 13: 考试须知, 确认交卷, 返回考试详情 on a survey). */
const EXAM_WORDS = /考试|交卷|成绩|及格|正确答案|答题卡|\d+ ?分/;

describe('a survey reads as a survey, not an exam (issue 13 point 4)', { timeout: 30_000 }, () => {
  afterEach(async () => { await i18n.changeLanguage('zh'); });

  it('the paper says 提交问卷 and 确认提交问卷？ instead of 交卷, and the result thanks instead of scoring', async () => {
    server = fakeServer(surveyAt(new Date(), 30 * 60));
    apiClient.defaults.adapter = server.adapter;
    const user = userEvent.setup();
    renderRoutes('/exam/paper/8');
    const paper = await screen.findByTestId('exam-paper');
    await user.click(within(question(101)).getByRole('radio', { name: /选项2/ }));
    await waitFor(() => expect(server.state.saved).toEqual({ 101: ['B'] }));
    expect(paper).toHaveTextContent('距离截止');
    expect(screen.getByTestId('exam-answered')).toHaveTextContent('已填 1/3');
    expect(screen.getByTestId('exam-submit')).toHaveTextContent('提交问卷');
    expect(paper.textContent).not.toMatch(EXAM_WORDS);

    await user.click(screen.getByTestId('exam-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认提交问卷？');
    expect(screen.getByTestId('exam-confirm-text')).toHaveTextContent('还有 2 题未填写，提交后不能修改。');
    expect(within(dialog).getByRole('button', { name: '继续填写' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(EXAM_WORDS);
    await user.click(screen.getByTestId('exam-confirm-submit'));

    const result = await screen.findByTestId('exam-result');
    expect(result).toHaveAttribute('data-type', 'survey');
    expect(screen.getByTestId('survey-result')).toHaveTextContent('感谢您的参与');
    expect(screen.queryByTestId('exam-score')).toBeNull();
    expect(screen.queryByTestId('exam-pass')).toBeNull();
    expect(result).toHaveTextContent('我的回答');
    expect(result).toHaveTextContent('您的回答：未填写');
    expect(result.textContent).not.toMatch(EXAM_WORDS);
    expect(result.textContent).not.toMatch(/作答/);
    expect(screen.getByRole('link', { name: '返回问卷详情' })).toHaveAttribute('href', '/exam/detail/8');
    expect(screen.getByRole('link', { name: '我的问卷' })).toHaveAttribute('href', '/user/center/study/myNewSurvey');
    await waitFor(() => expect(document.title).toMatch(/问卷已提交$/));
  });

  it('a survey open for a month shows when it closes, not a 743-hour countdown', async () => {
    const now = new Date();
    const paper = surveyAt(now, 31 * 24 * 3600);
    server = fakeServer(paper);
    apiClient.defaults.adapter = server.adapter;
    renderRoutes('/exam/paper/8');
    await screen.findByTestId('exam-paper');
    const closes = new Date(paper.deadline!);
    const two = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByTestId('exam-clock')).toHaveTextContent(`${closes.getFullYear()}-${two(closes.getMonth() + 1)}-${two(closes.getDate())} ${two(closes.getHours())}:${two(closes.getMinutes())}`);
    expect(screen.getByTestId('exam-clock').previousElementSibling).toHaveTextContent('问卷截止时间');
  });

  it('the result page thanks in English too, with no score, when the address says type 3', async () => {
    await i18n.changeLanguage('en');
    const paper = surveyAt(new Date(), 30 * 60);
    server = fakeServer(paper);
    server.state.result = resultOf(paper, { 101: ['A'], 103: ['多一些案例'] }, 'submitted');
    apiClient.defaults.adapter = server.adapter;
    renderRoutes('/exam/examResult?id=61&type=3');
    const result = await screen.findByTestId('exam-result');
    expect(screen.getByTestId('survey-result')).toHaveTextContent('Thank you for taking part');
    expect(result).toHaveTextContent('Your answers');
    expect(result).toHaveTextContent('多一些案例');
    expect(result.textContent).not.toMatch(/exam|score|pass|correct answer|\d+ ?pts/i);
    expect(screen.getByRole('link', { name: 'Back to the survey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My surveys' })).toBeInTheDocument();
  });

  it('the detail page says 问卷说明 and 开始填写, and after the submission 我的提交 and 查看我的回答', async () => {
    server = fakeServer(surveyAt(new Date(), 30 * 60), surveyDetail(false));
    apiClient.defaults.adapter = server.adapter;
    const view = renderRoutes('/exam/detail/8');
    let detail = await screen.findByTestId('exam-detail');
    expect(detail).toHaveTextContent('问卷说明');
    expect(screen.getByTestId('exam-start')).toHaveTextContent('开始填写');
    expect(detail).toHaveTextContent('未填写');
    expect(detail.textContent).not.toMatch(EXAM_WORDS);
    await waitFor(() => expect(document.title).toMatch(/问卷详情$/));
    view.unmount();

    server = fakeServer(surveyAt(new Date(), 30 * 60), surveyDetail(true));
    apiClient.defaults.adapter = server.adapter;
    renderRoutes('/exam/detail/8');
    detail = await screen.findByTestId('exam-detail');
    const attempts = screen.getByTestId('exam-attempts');
    expect(attempts).toHaveTextContent('我的提交');
    expect(attempts).toHaveTextContent('提交时间');
    expect(attempts).toHaveTextContent('已提交');
    expect(screen.getByTestId('exam-attempt-result')).toHaveTextContent('查看我的回答');
    expect(detail.textContent).not.toMatch(/考试|交卷|成绩|及格|第 1 次|剩余次数/);
  });

  it('a survey that cannot open again offers 返回问卷详情, not 返回考试详情', async () => {
    server = fakeServer(surveyAt(new Date(), 30 * 60), surveyDetail(true), { message: '您已提交过这份问卷，每人只能填写一次。', errorCode: 'NO_ATTEMPTS_LEFT' });
    apiClient.defaults.adapter = server.adapter;
    renderRoutes('/exam/paper/8');
    const refused = await screen.findByTestId('exam-paper-refused');
    expect(await within(refused).findByRole('link', { name: '返回问卷详情' })).toHaveAttribute('href', '/exam/detail/8');
  });

  it('the personal center\'s 我的问卷 says 填写中 / 继续填写 and 查看我的回答, not 作答中 / 继续作答 / 查看结果', async () => {
    const row = (examId: number, lastState: MemberExam['lastState']): MemberExam => ({
      examId, title: `问卷 ${examId}`, cover: null, type: 'survey', windowState: 'open', endTime: null, totalScore: null, passScore: null,
      attemptCount: 1, lastAttemptId: examId * 10, lastState, lastMarkingState: 'none', lastTime: new Date().toISOString(), bestScore: null, passed: null,
    });
    server = fakeServer(surveyAt(new Date(), 30 * 60), undefined, undefined, [row(8, 'open'), row(9, 'submitted')]);
    apiClient.defaults.adapter = server.adapter;
    renderRoutes('/user/center/study/myNewSurvey');
    const list = await screen.findByTestId('my-exam-list');
    const [open, sent] = await within(list).findAllByTestId('my-exam-item');
    expect(open).toHaveTextContent('填写中');
    expect(within(open!).getByRole('link', { name: '继续填写' })).toHaveAttribute('href', '/exam/paper/8');
    expect(within(sent!).getByRole('link', { name: '查看我的回答' })).toHaveAttribute('href', '/exam/examResult?id=90&type=3');
    expect(list.textContent).not.toMatch(/作答|查看结果|考试|成绩|分/);
  });
});
