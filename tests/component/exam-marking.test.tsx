// 阅卷 (/user/center/work/myExamMarking, issue 18 part E): a learner sees that it is for markers
// (without a call), a marker of other exams sees the server's refusal; a marker goes exam → question → one answer at a time, saves with Enter and gets the next, the
// quick buttons set the score, an empty score is not sent, a refusal shows the server's message,
// and a marked answer can be changed.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MarkingAnswer, MarkingQuestion } from '../../src/api/exam-marking';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import MarkingPage from '../../src/features/center/work/marking-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { fakeAdapter, noRoute, ok, type FakeCall } from './fake-api';
import { loadSettings, resetApp } from './render-shell';

const refusal = (code: number, errorCode: string, message: string) => ({ success: false, code, flag: -1, errorCode, message, data: null });

/** Signs in a user whose session holds the marker grant of exam 7. */
const signInAsMarker = () => useUserStore.getState().signIn(1001, { ...learnerSession, userInfo: { ...learnerSession.userInfo, roles: [{ role: 'marker', scopeType: 'exam', scopeId: 7 }] } });

/** The fake server: one exam, two short questions, answers of candidates 1 and 2 to the first. */
function markingServer(opts: { marker?: boolean; refuseSave?: string } = {}) {
  if (opts.marker) signInAsMarker();
  const questions: MarkingQuestion[] = [
    { questionId: 11, number: 1, stem: '简述有效反馈的要素。', passage: null, reference: '事实、影响、期望。', points: 10, total: 2, marked: 0 },
    { questionId: 12, number: 2, stem: '如何推动达成一致？', passage: null, reference: null, points: 20, total: 2, marked: 1 },
  ];
  const answers: MarkingAnswer[] = [1, 2].map((n) => ({
    attemptId: 100 + n, questionId: 11, candidate: { number: n, name: null }, answer: `第 ${n} 位考生的回答`, submittedAt: '2026-11-26T02:00:00.000Z',
    score: null, comment: null, markedAt: null, markedBy: null,
  }));
  const exam = () => ({
    examId: 7, title: '主观题练笔', blind: true, shortCount: 2, pendingAttempts: answers.filter((a) => a.score === null).length,
    pendingAnswers: answers.filter((a) => a.score === null).length, markedAnswers: answers.filter((a) => a.score !== null).length + 2, lastSubmittedAt: null,
  });
  const answer = (call: FakeCall) => {
    if (!opts.marker) return refusal(403, 'NOT_MARKER', '阅卷仅对阅卷老师开放：您还没有被指定为任何考试的阅卷老师，如需阅卷请联系管理员。');
    if (call.url === '/exam/api/marking/exams') return ok([exam()]);
    if (call.url === '/exam/api/marking/paper') return ok({ exam: exam(), questions });
    if (call.url === '/exam/api/marking/answers') {
      const q = questions.find((x) => x.questionId === Number(call.params.questionId))!;
      const mine = q.questionId === 11 ? answers : [];
      return ok({ question: q, items: mine.filter((a) => (call.params.state === 'marked') === (a.score !== null)) });
    }
    if (call.url === '/exam/api/marking/save') {
      if (opts.refuseSave) return refusal(400, 'SCORE_OUT_OF_RANGE', opts.refuseSave);
      const a = answers.find((x) => x.attemptId === call.body.attemptId)!;
      if (a.score === null) questions[0]!.marked += 1;
      Object.assign(a, { score: call.body.score, comment: call.body.comment ?? null, markedAt: '2026-11-26T03:00:00.000Z', markedBy: '王老师' });
      return ok({ attemptId: a.attemptId, questionId: 11, score: a.score, markingState: 'pending', attemptScore: null, passed: null });
    }
    return noRoute(call.url);
  };
  return { answer, answers };
}

let calls: FakeCall[];
const previousAdapter = apiClient.defaults.adapter;
beforeEach(() => {
  calls = [];
  resetApp();
  loadSettings(demoSetting());
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

function mount(server: ReturnType<typeof markingServer>, entry = '/user/center/work/myExamMarking') {
  apiClient.defaults.adapter = fakeAdapter(server.answer, calls);
  const router = createMemoryRouter([{ path: '/user/center/work/myExamMarking', element: <MarkingPage /> }], { initialEntries: [entry] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

const saves = () => calls.filter((c) => c.url === '/exam/api/marking/save');

describe('阅卷', () => {
  it('tells a learner that marking is for markers, without asking the server', async () => {
    mount(markingServer());
    const refused = await screen.findByTestId('marking-refused');
    expect(within(refused).getByText('阅卷仅对阅卷老师开放')).toBeInTheDocument();
    expect(within(refused).getByText(/联系管理员/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server\'s refusal to a marker of other exams', async () => {
    signInAsMarker();
    apiClient.defaults.adapter = fakeAdapter(() => refusal(403, 'NOT_MARKER', '您不是“主观题练笔”的阅卷老师，不能查看或批阅它的答卷。'), calls);
    const router = createMemoryRouter([{ path: '/user/center/work/myExamMarking', element: <MarkingPage /> }], { initialEntries: ['/user/center/work/myExamMarking?examId=7'] });
    render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
    const refused = await screen.findByTestId('marking-refused');
    expect(within(refused).getByText(/不能查看或批阅它的答卷/)).toBeInTheDocument();
  });

  it('goes from the exam list to the first question and marks one answer after another with Enter', async () => {
    const router = mount(markingServer({ marker: true }));
    const card = await screen.findByTestId('marking-exam');
    expect(within(card).getByText('待阅 2 份答案')).toBeInTheDocument();
    fireEvent.click(within(card).getByTestId('marking-exam-open'));
    // The first question with answers waiting goes into the address.
    await waitFor(() => expect(router.state.location.search).toBe('?examId=7&question=11'));

    const current = await screen.findByTestId('marking-current');
    expect(current).toHaveAttribute('data-attempt', '101');
    expect(within(current).getByTestId('mark-candidate')).toHaveTextContent('考生 1');
    expect(within(current).getByTestId('mark-answer')).toHaveTextContent('第 1 位考生的回答');
    expect(screen.getByTestId('marking-progress')).toHaveTextContent('已阅 0 / 2');
    // The model answer is folded away until asked for.
    fireEvent.click(screen.getByText('参考答案'));
    expect(await screen.findByTestId('marking-reference')).toHaveTextContent('事实、影响、期望。');

    fireEvent.click(within(current).getByTestId('mark-half'));
    expect(within(current).getByTestId('mark-score')).toHaveValue('5');
    const comment = within(current).getByTestId('mark-comment');
    fireEvent.change(comment, { target: { value: '要点齐全' } });
    fireEvent.keyDown(comment, { key: 'Enter' });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ attemptId: 101, questionId: 11, score: 5, comment: '要点齐全' });

    // The next answer comes, its form empty; Enter in the score saves too.
    await waitFor(() => expect(screen.getByTestId('marking-current')).toHaveAttribute('data-attempt', '102'));
    expect(screen.getByTestId('marking-progress')).toHaveTextContent('已阅 1 / 2');
    const next = screen.getByTestId('marking-current');
    expect(within(next).getByTestId('mark-score')).toHaveValue('');
    fireEvent.click(within(next).getByTestId('mark-full'));
    fireEvent.keyDown(within(next).getByTestId('mark-score'), { key: 'Enter' });
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({ attemptId: 102, score: 10 });
    // The question stays put once done (it used to jump to question 2) and offers the next one.
    const done = await screen.findByTestId('marking-question-done');
    expect(screen.getByTestId('marking-stem')).toHaveTextContent('简述有效反馈的要素。');
    expect(router.state.location.search).toBe('?examId=7&question=11');
    fireEvent.click(within(done).getByRole('button', { name: '下一道待阅的题' }));
    await waitFor(() => expect(screen.getByTestId('marking-stem')).toHaveTextContent('如何推动达成一致？'));
  });

  it('sends no mark without a score, and shows the server\'s refusal', async () => {
    mount(markingServer({ marker: true, refuseSave: '这道题满分 10 分，得分应在 0 到 10 分之间。' }), '/user/center/work/myExamMarking?examId=7');
    const current = await screen.findByTestId('marking-current');
    fireEvent.keyDown(within(current).getByTestId('mark-score'), { key: 'Enter' });
    expect(await within(current).findByTestId('mark-problem')).toHaveTextContent('请先填写得分。');
    expect(saves()).toHaveLength(0);
    fireEvent.click(within(current).getByTestId('mark-zero'));
    fireEvent.click(within(current).getByTestId('mark-save'));
    await waitFor(() => expect(within(current).getByTestId('mark-problem')).toHaveTextContent('这道题满分 10 分，得分应在 0 到 10 分之间。'));
    expect(saves()).toHaveLength(1);
  });

  it('changes a mark from the marked tab', async () => {
    const server = markingServer({ marker: true });
    server.answers[0]!.score = 3;
    server.answers[0]!.comment = '太简略';
    mount(server, '/user/center/work/myExamMarking?examId=7&question=11');
    await screen.findByTestId('marking-current');
    fireEvent.click(screen.getByText(/^已阅 \(/));
    const item = await screen.findByTestId('marked-item');
    expect(item).toHaveTextContent('太简略');
    fireEvent.click(within(item).getByTestId('marked-edit'));
    expect(within(item).getByTestId('mark-score')).toHaveValue('3');
    fireEvent.click(within(item).getByTestId('mark-full'));
    fireEvent.click(within(item).getByTestId('mark-save'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ attemptId: 101, score: 10, comment: '太简略' });
  });
});
