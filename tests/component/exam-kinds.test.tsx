// Question kinds of issue 18 (part B): QuestionView renders fill (one input per blank, inline where
// the stem has ____), short (a text box with a character count) and composite (the passage, then
// sub-questions numbered 3.1, 3.2 answered by their own ids); the result page says 待阅卷 with the
// machine part while short answers await marking, then the final score with each mark and comment;
// /exam/examHistory lists attempts with 待阅卷 or the score and a review link.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ExamResult, HistoryItem, PaperQuestion } from '../../src/api/exam';
import { QuestionView } from '../../src/components/question/question-view';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const previousAdapter = apiClient.defaults.adapter;
function serve(routes: Record<string, unknown>) {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = url in routes ? ok(routes[url]) : { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  apiClient.defaults.adapter = adapter;
}

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

/** QuestionView with its answers kept as the paper keeps them (by question id). */
function Harness({ question, log }: { question: PaperQuestion; log: Record<string, string[]> }) {
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const set = (id: number, v: string[]) => { log[String(id)] = v; setAnswers((a) => ({ ...a, [String(id)]: v })); };
  return (
    <QuestionView
      question={question} number={3} scored disabled={false} value={answers[String(question.id)] ?? []} answers={answers}
      onChange={(v) => set(question.id, v)} onAnswer={set}
    />
  );
}

describe('QuestionView: the new kinds', () => {
  it('fill: one input per blank, inline in the stem, each blank answered in its place', async () => {
    const log: Record<string, string[]> = {};
    render(<Harness log={log} question={{ id: 11, kind: 'fill', stem: '中华人民共和国成立于 ____ 年，首都是 ____。', options: [], score: 10, sort: 1, blanks: 2 }} />);
    const blanks = screen.getAllByTestId('question-blank');
    expect(blanks).toHaveLength(2);
    // Inline: the inputs sit inside the stem paragraph, between its words.
    const stem = blanks[0]!.closest('p')!;
    expect(stem).toHaveTextContent('中华人民共和国成立于');
    expect(stem).toContainElement(blanks[1]!);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '第 3 题第 2 空' }), '北京');
    expect(log['11']).toEqual(['', '北京']);
    await user.type(screen.getByRole('textbox', { name: '第 3 题第 1 空' }), '1949');
    expect(log['11']).toEqual(['1949', '北京']);
  });

  it('short: a text box with a character count of at most 1000', async () => {
    const log: Record<string, string[]> = {};
    render(<Harness log={log} question={{ id: 12, kind: 'short', stem: '请简述一个提高效率的方法。', options: [], score: 20, sort: 1 }} />);
    const box = screen.getByRole('textbox', { name: /请简述一个提高效率的方法/ });
    expect(box).toHaveAttribute('maxlength', '1000');
    await userEvent.setup().type(box, '番茄工作法');
    expect(log['12']).toEqual(['番茄工作法']);
    expect(screen.getByText('5 / 1000')).toBeInTheDocument();
  });

  it('composite: the passage, then its sub-questions numbered 3.1, 3.2, answered by their own ids', async () => {
    const log: Record<string, string[]> = {};
    render(<Harness log={log} question={{
      id: 20, kind: 'composite', stem: '阅读材料：团队落后两周……', options: [], score: 10, sort: 1,
      children: [
        { id: 21, kind: 'single', stem: '项目经理首先做的是？', options: [{ key: 'A', text: '加班' }, { key: 'B', text: '了解阻碍' }], score: 5, sort: 2 },
        { id: 22, kind: 'fill', stem: '每天 ____ 分钟站会。', options: [], score: 5, sort: 3, blanks: 1 },
      ],
    }} />);
    expect(screen.getByTestId('question-passage')).toHaveTextContent('阅读材料：团队落后两周');
    const subs = screen.getAllByTestId('exam-question').slice(1);
    expect(subs.map((s) => s.querySelector('.exam-question__kind')!.textContent)).toEqual(['3.1. [单选题]', '3.2. [填空题]']);
    const user = userEvent.setup();
    await user.click(within(subs[0]!).getByRole('radio', { name: /了解阻碍/ }));
    await user.type(within(subs[1]!).getByRole('textbox'), '10');
    expect(log).toEqual({ 21: ['B'], 22: ['10'] });
  });
});

function result(markingState: ExamResult['markingState']): ExamResult {
  const done = markingState === 'done';
  return {
    attemptId: 90, examId: 75, title: '综合能力测评（全题型）', type: 'exam', state: 'submitted', startedAt: '2026-11-20T01:00:00Z', submittedAt: '2026-11-20T01:20:00Z',
    score: done ? 43 : null, passed: done ? true : null, totalScore: 70, passScore: 42, markingState, objectiveScore: 27,
    questionCount: 3, answeredCount: 3, correctCount: 1,
    questions: [
      { id: 1, kind: 'fill', stem: '成立于 ____ 年，首都是 ____。', options: [], score: 10, sort: 1, blanks: 2, yourAnswer: ['1949', '北京'], correctAnswer: ['1949', '北京 / Beijing'], gained: 10, blankRight: [true, true] },
      {
        id: 2, kind: 'short', stem: '请简述一个提高效率的方法。', options: [], score: 20, sort: 2, yourAnswer: ['番茄工作法'], correctAnswer: null,
        gained: done ? 16 : null, mark: done ? { score: 16, comment: '方法清楚，理由充分。' } : null, reference: '方法明确；说明原理。',
      },
      {
        id: 3, kind: 'composite', stem: '阅读材料。', options: [], score: 10, sort: 3, yourAnswer: [], correctAnswer: null, gained: done ? 8 : null,
        children: [
          { id: 4, kind: 'short', stem: '关键是什么？', options: [], score: 10, sort: 4, yourAnswer: ['跟进'], correctAnswer: null, gained: done ? 8 : null, mark: done ? { score: 8, comment: null } : null },
        ],
      },
    ],
  };
}

describe('the result awaiting marking', () => {
  it('says 待阅卷 with the machine part and no score or pass while pending', async () => {
    serve({ '/exam/api/exam/result': result('pending') });
    renderRoutes('/exam/examResult?id=90&type=1');
    expect(await screen.findByTestId('exam-score')).toHaveTextContent('待阅卷');
    expect(screen.getByTestId('exam-awaiting-note')).toHaveTextContent('客观题得分：27 分');
    expect(screen.queryByTestId('exam-pass')).toBeNull();
    // The short answer, the composite holding one and its sub-question all say 待阅卷, not 0 points.
    expect(screen.getAllByTestId('exam-review-awaiting').map((e) => e.textContent)).toEqual(['待阅卷', '待阅卷', '待阅卷']);
    expect(screen.getAllByTestId('exam-review')[0]).toHaveTextContent('正确答案：(1) 1949 (2) 北京 / Beijing');
  });

  it('once marked shows the final score and each short answer\'s mark and comment', async () => {
    serve({ '/exam/api/exam/result': result('done') });
    renderRoutes('/exam/examResult?id=90&type=1');
    expect(await screen.findByTestId('exam-score')).toHaveTextContent('43');
    expect(screen.getByTestId('exam-pass')).toHaveTextContent('通过');
    expect(screen.getAllByTestId('exam-review-mark')[0]).toHaveTextContent('得 16 分 / 20 · 评语：方法清楚，理由充分。');
    expect(screen.queryByTestId('exam-review-awaiting')).toBeNull();
    // A finished exam's result leads to practising its wrong answers (issue 18 /exam/practice).
    expect(screen.getByTestId('practise-wrong')).toHaveAttribute('href', expect.stringMatching(/\/exam\/practice\?examId=75$/));
  });

  it('/exam/examHistory lists 待阅卷 with the machine part, the final score, and a review link', async () => {
    const item = (attemptId: number, markingState: HistoryItem['markingState']): HistoryItem => ({
      attemptId, examId: 75, title: '综合能力测评（全题型）', state: 'submitted', markingState, startedAt: '2026-11-20T01:00:00Z', submittedAt: '2026-11-20T01:20:00Z',
      timeUsedSeconds: 1205, score: markingState === 'pending' ? null : 43, objectiveScore: 27, passed: markingState === 'pending' ? null : true, totalScore: 70,
    });
    serve({ '/exam/api/exam/history': { list: [item(91, 'pending'), item(90, 'done')], total: 2, pageNo: 1, pageSize: 10 } });
    renderRoutes('/exam/examHistory');
    expect(await screen.findByTestId('history-awaiting')).toHaveTextContent('待阅卷');
    expect(screen.getByText('客观题 27 分')).toBeInTheDocument();
    expect(screen.getByTestId('history-score')).toHaveTextContent('43 / 70');
    expect(screen.getAllByText('20 分 5 秒')).toHaveLength(2);
    expect(screen.getAllByTestId('history-review').map((a) => a.getAttribute('href'))).toEqual(['/exam/examResult?id=91&type=1', '/exam/examResult?id=90&type=1']);
  });
});
