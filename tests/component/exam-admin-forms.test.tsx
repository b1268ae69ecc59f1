// The back-office's question bank in the browser (issue 18 part A): the @rjsf question form sends
// what the server saves (keys lettered by position, the answer of the kind), its own checks keep a
// half-filled form from being sent, the import dialog shows the server's per-row report as a table,
// and a refused reader sees that the page is the back-office (403) with the server's message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BankCategory, BankQuestion } from '../../src/features/admin/api/bank';
import { emptyForm, fromForm, toForm, type FormWords } from '../../src/features/admin/bank/question-schema';
import { renderRoutes } from './render-shell';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';

const categories: BankCategory[] = [
  { id: 1, parentId: null, name: '数字技术', sort: 1, questionCount: 0 },
  { id: 2, parentId: 1, name: '前端开发', sort: 1, questionCount: 1 },
];
const question: BankQuestion = {
  id: 7, categoryId: 2, categoryName: '前端开发', kind: 'single', stem: 'React 的状态放在？', options: [{ key: 'A', text: 'props' }, { key: 'B', text: 'state' }],
  answer: ['B'], reference: null, explanation: null, difficulty: 2, score: 2, state: 'active', usedBy: 0, updatedAt: '2026-11-01T00:00:00.000Z', children: [],
};

function fakeServer() {
  const state = { requests: [] as FakeCall[], refuse: null as string | null, importAnswer: null as unknown };
  const answer = (url: string, body: Row) => {
    if (state.refuse && url.startsWith('/exam/api/admin/')) return { success: false, code: 403, flag: -1, message: state.refuse, data: null, errorCode: 'NO_ADMIN_AUTH' };
    switch (url) {
      case '/exam/api/admin/bank/categories': return ok(categories);
      case '/exam/api/admin/bank/questions': return ok({ list: [question], total: 1, pageNo: 1, pageSize: 10 });
      case '/exam/api/admin/bank/question/save': return ok({ ...question, ...(body.question as object), id: 8 });
      case '/exam/api/admin/bank/import': return ok(state.importAnswer);
      case '/exam/api/admin/practiceSets': return ok([]);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  return { state, adapter: fakeAdapter((call) => answer(call.url, call.body), state.requests) };
}

let server: ReturnType<typeof fakeServer>;
const sent = (url: string) => server.state.requests.filter((r) => r.url === url);
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});

const words = { trueText: '正确', falseText: '错误' } as FormWords;

describe('question form data', () => {
  it('letters options by position and keeps each kind\'s answer shape', () => {
    expect(fromForm('multiple', 2, { stem: 'q', options: ['a', 'b', 'c'], answers: ['C', 'A'], difficulty: 2, score: 4 }, words))
      .toMatchObject({ kind: 'multiple', options: [{ key: 'A', text: 'a' }, { key: 'B', text: 'b' }, { key: 'C', text: 'c' }], answer: ['A', 'C'] });
    expect(fromForm('fill', 2, { stem: '____ 与 ____', blanks: ['北京; Beijing', '1949'], difficulty: 1, score: 3 }, words).answer).toEqual([['北京', 'Beijing'], ['1949']]);
    expect(fromForm('judge', 2, { stem: 'q', answer: 'B', difficulty: 1, score: 2 }, words)).toMatchObject({ options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], answer: ['B'] });
    expect(fromForm('short', 2, { stem: 'q', reference: ' 要点 ', difficulty: 1, score: 10 }, words)).toMatchObject({ answer: null, reference: '要点' });
    const composite = fromForm('composite', 2, { stem: '材料', difficulty: 3, score: 0, children: [
      { kind: 'fill', stem: '____', options: [], answer: 'a;b|c', score: 2, difficulty: 2 },
      { kind: 'multiple', stem: 'm', options: ['x', 'y', 'z', ''], answer: 'a c', score: 3, difficulty: 2 },
    ] }, words);
    expect(composite.children).toMatchObject([{ kind: 'fill', answer: [['a', 'b'], ['c']] }, { kind: 'multiple', options: [{ key: 'A' }, { key: 'B' }, { key: 'C' }], answer: ['A', 'C'] }]);
  });

  it('reads a saved composite back into the same form data', () => {
    const saved: BankQuestion = { ...question, kind: 'composite', options: [], answer: null, children: [
      { id: 9, kind: 'fill', stem: '____', options: [], answer: [['a', 'b'], ['c']], reference: null, explanation: null, difficulty: 2, score: 2 },
      { id: 10, kind: 'short', stem: 's', options: [], answer: null, reference: '参考', explanation: null, difficulty: 2, score: 5 },
    ] };
    const form = toForm(saved);
    expect(form.children!.map((c) => c.answer)).toEqual(['a;b|c', '参考']);
    expect(fromForm('composite', 2, form, words).children).toMatchObject([{ answer: [['a', 'b'], ['c']] }, { reference: '参考', answer: null }]);
    expect(emptyForm('judge', words).answer).toBe('A');
  });
});

describe('the question bank page', { timeout: 90_000 }, () => {
  it('creates a single-choice question from the @rjsf form with the options lettered and the picked answer', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/questions');
    await user.click(await screen.findByText('前端开发 (1)', {}, { timeout: 10_000 }));
    await user.click(screen.getByTestId('bank-add'));
    const form = await screen.findByTestId('question-form');
    const boxes = within(form).getAllByRole('textbox');
    // fireEvent, not user.type: typing key by key through @rjsf is slow in jsdom.
    fireEvent.change(boxes[0]!, { target: { value: 'TypeScript 增加了什么？' } });
    // boxes 1–4: the four empty options.
    for (const [i, text] of ['静态类型', '新运行时', '自动部署', '驱动'].entries()) fireEvent.change(within(form).getAllByRole('textbox')[1 + i]!, { target: { value: text } });
    fireEvent.click(within(form).getByLabelText('A'));
    fireEvent.click(screen.getByText('保 存').closest('button')!);
    await waitFor(() => expect(sent('/exam/api/admin/bank/question/save')).toHaveLength(1));
    expect(sent('/exam/api/admin/bank/question/save')[0]!.body.question).toMatchObject({
      categoryId: 2, kind: 'single', stem: 'TypeScript 增加了什么？', answer: ['A'],
      options: [{ key: 'A', text: '静态类型' }, { key: 'B', text: '新运行时' }, { key: 'C', text: '自动部署' }, { key: 'D', text: '驱动' }],
    });
  });

  it('does not send a form without a stem or an answer', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/questions');
    await user.click(await screen.findByTestId('bank-add', {}, { timeout: 10_000 }));
    await screen.findByTestId('question-form');
    fireEvent.click(screen.getByText('保 存').closest('button')!);
    expect(await screen.findAllByText(/must have required property|必填|required/i)).not.toHaveLength(0);
    expect(sent('/exam/api/admin/bank/question/save')).toHaveLength(0);
  });

  it('shows the import\'s per-row report as a table, and what was written once the file is right', async () => {
    const user = userEvent.setup();
    renderRoutes('/sub_admin/questions');
    await user.click(await screen.findByTestId('bank-import', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('import-template')).toHaveAttribute('href', '/exam/api/admin/bank/template?tenantId=1001');
    server.state.importAnswer = { imported: 0, createdCategories: [], errors: [
      { row: 3, column: 'K 答案', reason: '答案须是已有选项的字母（A、B）。' },
      { row: 5, column: 'A 题型', reason: '题型「问答」不认识' },
    ] };
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'bank.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('有 2 处错误，没有导入任何题目。改好后重新上传：')).toBeInTheDocument();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'K 答案', '答案须是已有选项的字母（A、B）。'], ['5', 'A 题型', '题型「问答」不认识'],
    ]);
    expect(sent('/exam/api/admin/bank/import')[0]!.body).toMatchObject({ fileName: 'bank.xlsx', data: 'UEsDBA==' });
    server.state.importAnswer = { imported: 5, createdCategories: ['导入/网络'], errors: [] };
    // rc-upload replaces its input after each pick.
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
    expect(await screen.findByTestId('import-done')).toHaveTextContent('已导入 5 道题');
    expect(screen.queryByTestId('import-report')).toBeNull();
  });

  it('tells a reader without the back-office right that this is the back-office, with the server\'s message', async () => {
    server.state.refuse = '您没有管理后台的权限，请联系租户管理员开通。';
    renderRoutes('/sub_admin/questions');
    const result = await screen.findByTestId('bank-forbidden');
    expect(result).toHaveTextContent('这里是管理后台');
    expect(result).toHaveTextContent('您没有管理后台的权限');
  });
});
