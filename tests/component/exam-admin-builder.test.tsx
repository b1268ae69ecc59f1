// The exam builder in the browser (issue 18 part A): a random paper's rules go to the server as
// drawn, the server's refusal keeps the rules on screen, and a paper someone has sat is locked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminExam, BankCategory } from '../../src/features/admin/api/bank';
import { renderRoutes } from './render-shell';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';

const categories: BankCategory[] = [{ id: 4, parentId: null, name: '网络', sort: 1, questionCount: 3 }];
let current: AdminExam;
const exam = (over: Partial<AdminExam> = {}): AdminExam => ({
  id: 5, title: '随机考试', type: 'exam', categoryId: null, cover: null, summary: null, startTime: '2026-11-01T00:00:00.000Z', endTime: null, duration: 30,
  passScore: 10, maxAttempts: null, allowPreview: false, allowPractice: true, audience: 'all', audienceClasses: [], blindMarking: true, published: false,
  paperMode: 'random', questions: [], drawRules: [{ categoryId: 4, kind: null, difficulty: null, count: 2, score: 5 }], questionCount: 2, totalScore: 10,
  attemptCount: 0, markers: [], invigilators: [], ...over,
});

function fakeServer() {
  const state = { requests: [] as FakeCall[], refuse: null as string | null };
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/exam/api/admin/exam': return ok(current);
      case '/exam/api/admin/bank/categories': return ok(categories);
      case '/exam/api/admin/exam/choices': return ok({ examCategories: [], classes: [] });
      case '/exam/api/admin/exam/paper/save':
        if (state.refuse) return { success: false, code: 400, flag: -1, message: state.refuse, data: null, errorCode: 'DRAW_POOL_TOO_SMALL' };
        return ok({ ...current, drawRules: body.drawRules });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  return { state, adapter: fakeAdapter((call) => answer(call.url, call.body), state.requests) };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});
const sent = () => server.state.requests.filter((r) => r.url === '/exam/api/admin/exam/paper/save');

describe('the exam builder', { timeout: 90_000 }, () => {
  it('sends the random rules as edited, and keeps them when the server refuses', async () => {
    current = exam();
    renderRoutes('/sub_admin/exams/5');
    const paper = await screen.findByTestId('exam-paper', {}, { timeout: 10_000 });
    expect(within(paper).getByText('共 2 题，总分 10')).toBeInTheDocument();
    const count = within(paper).getByLabelText('抽几道');
    fireEvent.change(count, { target: { value: '4' } });
    expect(within(paper).getByText('共 4 题，总分 20')).toBeInTheDocument();
    server.state.refuse = '分类「网络」只有 3 道符合条件的题目，不够抽 4 道。';
    fireEvent.click(screen.getByTestId('paper-save'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({ examId: 5, paperMode: 'random', questions: [], drawRules: [{ categoryId: 4, kind: null, difficulty: null, count: 4, score: 5 }] });
    await waitFor(() => expect(screen.getByTestId('paper-save')).not.toHaveClass('ant-btn-loading'));
    expect(within(screen.getByTestId('exam-paper')).getByLabelText('抽几道')).toHaveValue('4');
  });

  it('locks a paper someone has sat: says so and sends nothing', async () => {
    current = exam({ attemptCount: 2 });
    renderRoutes('/sub_admin/exams/5');
    const paper = await screen.findByTestId('exam-paper', {}, { timeout: 10_000 });
    expect(within(paper).getByText('已有 2 人次参加，试卷不能再修改。')).toBeInTheDocument();
    expect(screen.getByTestId('paper-save')).toBeDisabled();
    expect(within(paper).getByLabelText('抽几道')).toBeDisabled();
    expect(sent()).toHaveLength(0);
  });
});
