// Practice pages (issue 18 part C): the category picker sends the category and count, the runner
// checks one question at a time and shows the feedback (a short answer's reference and the learner's
// own verdict), says when the bank had fewer than asked, ends on a summary; /exam/practice says why
// there is nothing to practise; myTest lists sessions in the reader's words and the wrong-answer book.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEnglish } from '../../src/i18n/i18n';
import type { PracticeCategory, PracticeQuestion, PracticeSession, WrongAnswerItem } from '../../src/api/practice';
import PaperPage from '../../src/features/practice/routes/paper-page';
import ExamPracticePage from '../../src/features/practice/routes/exam-practice-page';
import MyTestPage from '../../src/features/center/routes/my-test-page';
import { calls, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const single: PracticeQuestion = {
  index: 0, kind: 'single', stem: 'TypeScript 增加了什么？', options: [{ key: 'A', text: '静态类型' }, { key: 'B', text: '新运行时' }], blanks: 0, children: [], feedback: null,
};
const short: PracticeQuestion = { index: 1, kind: 'short', stem: '简述组件的好处', options: [], blanks: 0, children: [], feedback: null };

function session(over: Partial<PracticeSession> = {}): PracticeSession {
  return {
    id: 5, title: '前端开发', source: 'category', examId: null, requested: null, startedAt: '2026-11-20T08:00:00.000Z', finishedAt: null,
    questionCount: 2, answeredCount: 0, correctCount: 0, accuracy: null, questions: [single, short], ...over,
  };
}

const categories: PracticeCategory[] = [
  { id: 1, parentId: null, name: '数字技术', count: 3 },
  { id: 2, parentId: 1, name: '前端开发', count: 3 },
  { id: 3, parentId: 1, name: '空的分类', count: 0 },
];

describe('/paper', { timeout: 20_000 }, () => {
  it('starts a practice of the chosen category and count, and says when the bank had fewer', async () => {
    state.routes['get /exam/api/practice/categories'] = ok(categories);
    state.routes['post /exam/api/practice/start'] = ok(session({ requested: 10 }));
    mount('/paper', <PaperPage />, '/paper');
    expect(await screen.findByText('前端开发（3 题）')).toBeInTheDocument();
    expect(screen.getByTestId('practice-start')).toBeDisabled();
    fireEvent.click(screen.getByText('前端开发（3 题）'));
    expect(screen.getByTestId('practice-chosen')).toHaveTextContent('已选：前端开发，共 3 道题可练');
    fireEvent.click(screen.getByTestId('practice-start'));
    await waitFor(() => expect(calls('/exam/api/practice/start')).toHaveLength(1));
    expect(calls('/exam/api/practice/start')[0]!.body).toMatchObject({ source: 'category', categoryId: 2, count: 10 });
    expect(await screen.findByTestId('practice-fewer')).toHaveTextContent('题库中只有 2 道题，本次练习 2 道（你选择了 10 道）');
    expect(screen.getByTestId('practice-title')).toHaveTextContent('前端开发 · 随机练习');
  });

  it('checks one answer at a time: wrong with the right answer and explanation, a short answer judged by the learner, then the summary', async () => {
    state.routes['get /exam/api/practice/session'] = ok(session());
    state.routes['post /exam/api/practice/answer'] = (req) => (req.body.index === 0
      ? ok({ index: 0, answeredCount: 1, correctCount: 0, accuracy: 0, feedback: { correct: false, yourAnswer: ['B'], correctAnswer: ['A'], explanation: '加了静态类型检查。', reference: null } })
      : ok({ index: 1, answeredCount: 2, correctCount: 0, accuracy: 0, feedback: { correct: null, yourAnswer: ['复用'], correctAnswer: null, explanation: null, reference: '复用与隔离' } }));
    state.routes['post /exam/api/practice/assess'] = ok({ index: 1, answeredCount: 2, correctCount: 1, accuracy: 50, feedback: { correct: true, yourAnswer: ['复用'], correctAnswer: null, explanation: null, reference: '复用与隔离' } });
    state.routes['post /exam/api/practice/finish'] = ok(session({ finishedAt: '2026-11-20T08:05:00.000Z', answeredCount: 2, correctCount: 1, accuracy: 50 }));
    mount('/paper', <PaperPage />, '/paper?session=5');

    expect(await screen.findByTestId('practice-progress')).toHaveTextContent('第 1 / 2 题');
    // Nothing to check before an answer.
    expect(screen.getByTestId('practice-check')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('B. 新运行时'));
    fireEvent.click(screen.getByTestId('practice-check'));
    const feedback = await screen.findByTestId('practice-feedback');
    expect(feedback).toHaveAttribute('data-correct', 'false');
    expect(feedback).toHaveTextContent('回答错误');
    expect(feedback).toHaveTextContent('正确答案：A. 静态类型');
    expect(feedback).toHaveTextContent('解析：加了静态类型检查。');
    expect(calls('/exam/api/practice/answer')[0]!.body).toMatchObject({ sessionId: 5, index: 0, value: ['B'] });
    expect(screen.queryByTestId('practice-check')).toBeNull();

    fireEvent.click(screen.getByTestId('practice-next'));
    expect(await screen.findByTestId('practice-progress')).toHaveTextContent('第 2 / 2 题');
    fireEvent.change(screen.getByTestId('question-written'), { target: { value: '复用' } });
    fireEvent.click(screen.getByTestId('practice-check'));
    expect(await screen.findByText('对照参考答案，你答对了吗？')).toBeInTheDocument();
    expect(screen.getByTestId('practice-feedback')).toHaveTextContent('参考答案：复用与隔离');
    fireEvent.click(screen.getByTestId('practice-got-it'));
    await waitFor(() => expect(screen.getByTestId('practice-feedback')).toHaveAttribute('data-correct', 'true'));
    expect(calls('/exam/api/practice/assess')[0]!.body).toMatchObject({ sessionId: 5, index: 1, correct: true });

    fireEvent.click(screen.getByTestId('practice-finish'));
    const summary = await screen.findByTestId('practice-summary');
    expect(summary).toHaveTextContent('共 2 题 · 已答 2 题 · 答对 1 题');
    expect(summary).toHaveTextContent('正确率：50%');
    expect(within(summary).getByTestId('practice-wrong-again')).toHaveTextContent('练习我的错题');
  });

  it("shows the server's refusal of an answer", async () => {
    state.routes['get /exam/api/practice/session'] = ok(session());
    state.routes['post /exam/api/practice/answer'] = { fail: '第 1 题已经作答过，每道题只能提交一次。', errorCode: 'ALREADY_ANSWERED', code: 409 };
    mount('/paper', <PaperPage />, '/paper?session=5');
    fireEvent.click(await screen.findByLabelText('A. 静态类型'));
    fireEvent.click(screen.getByTestId('practice-check'));
    expect(await screen.findByTestId('practice-refused')).toHaveTextContent('第 1 题已经作答过，每道题只能提交一次。');
  });
});

describe('/paper in English', { timeout: 20_000 }, () => {
  afterEach(async () => { await i18n.changeLanguage('zh'); });

  it('labels the feedback in English, blanks and colons included', async () => {
    await act(async () => { await loadEnglish(); await i18n.changeLanguage('en'); });
    const fill: PracticeQuestion = { index: 0, kind: 'fill', stem: 'The capital is ____, founded in ____', options: [], blanks: 2, children: [], feedback: null };
    state.routes['get /exam/api/practice/session'] = ok(session({ title: 'Web', questions: [fill], questionCount: 1 }));
    state.routes['post /exam/api/practice/answer'] = ok({ index: 0, answeredCount: 1, correctCount: 0, accuracy: 0, feedback: { correct: false, yourAnswer: ['Paris', '1949'], correctAnswer: [['Beijing'], ['1949']], explanation: 'Beijing, 1949.', reference: null } });
    mount('/paper', <PaperPage />, '/paper?session=5');
    const blanks = await screen.findAllByTestId('question-blank');
    fireEvent.change(blanks[0]!, { target: { value: 'Paris' } });
    fireEvent.change(blanks[1]!, { target: { value: '1949' } });
    fireEvent.click(screen.getByTestId('practice-check'));
    const feedback = await screen.findByTestId('practice-feedback');
    expect(screen.getByTestId('practice-title')).toHaveTextContent('Web · Random practice');
    expect(feedback).toHaveTextContent('Not correct');
    expect(feedback).toHaveTextContent('Your answer: Paris; 1949');
    expect(feedback).toHaveTextContent('Correct answer: Beijing; 1949');
    expect(feedback.textContent).not.toMatch(/[\u3000-\u303f\uff00-\uffef\u4e00-\u9fff]/);
  });
});

describe('/exam/practice', { timeout: 20_000 }, () => {
  it('says plainly when the exam does not allow practice', async () => {
    state.routes['get /exam/api/practice/examWrong'] = ok({ examId: 8, title: '安全考试', allowPractice: false, attemptId: 3, wrongCount: 0 });
    mount('/exam/practice', <ExamPracticePage />, '/exam/practice?examId=8');
    expect(await screen.findByTestId('exam-practice-none')).toHaveTextContent('这场考试未开放错题练习。');
    expect(screen.queryByTestId('exam-practice-start')).toBeNull();
  });

  it('offers the wrong answers of the latest attempt', async () => {
    state.routes['get /exam/api/practice/examWrong'] = ok({ examId: 8, title: '安全考试', allowPractice: true, attemptId: 3, wrongCount: 4 });
    state.routes['post /exam/api/practice/start'] = ok(session({ source: 'wrong', examId: 8, title: '安全考试' }));
    mount('/exam/practice', <ExamPracticePage />, '/exam/practice?examId=8');
    expect(await screen.findByTestId('exam-practice-ready')).toHaveTextContent('这场考试最近一次作答有 4 道错题');
    fireEvent.click(screen.getByTestId('exam-practice-start'));
    await waitFor(() => expect(calls('/exam/api/practice/start')[0]?.body).toMatchObject({ source: 'wrong', examId: 8 }));
  });

  it('asks for an exam when none is given', async () => {
    mount('/exam/practice', <ExamPracticePage />, '/exam/practice');
    expect(await screen.findByTestId('exam-practice-none')).toHaveTextContent('缺少考试编号');
  });
});

describe('myTest', { timeout: 20_000 }, () => {
  it('names each session in the reader\'s words, the wrong-answer book\'s included', async () => {
    state.routes['get /exam/api/practice/history'] = paged([
      { id: 1, title: 'wrong-answer book', source: 'wrong', examId: null, startedAt: '2026-11-20T08:00:00.000Z', finishedAt: null, questionCount: 3, answeredCount: 1, correctCount: 1, accuracy: 100 },
      { id: 2, title: '前端开发', source: 'category', examId: null, startedAt: '2026-11-19T08:00:00.000Z', finishedAt: '2026-11-19T08:10:00.000Z', questionCount: 5, answeredCount: 5, correctCount: 4, accuracy: 80 },
    ]);
    mount('/user/center/study/myTest', <MyTestPage />, '/user/center/study/myTest');
    const rows = await screen.findAllByTestId('my-test-session');
    expect(rows[0]).toHaveTextContent('错题本练习');
    expect(rows[0]).not.toHaveTextContent('wrong-answer book');
    expect(rows[0]).toHaveTextContent('继续练习');
    expect(rows[1]).toHaveTextContent('前端开发 · 随机练习');
    expect(rows[1]).toHaveTextContent('正确率 80%');
    expect(rows[1]).toHaveTextContent('查看解析');
  });

  it('lists the wrong-answer book, practises it and removes an entry', async () => {
    const entry: WrongAnswerItem = {
      source: 'exam', questionId: 44, examId: 8, examTitle: '安全考试', kind: 'single', stem: '灭火器的使用顺序', lastAnswer: ['B'], wrongCount: 2,
      lastWrongAt: '2026-11-20T08:00:00.000Z', masteredAt: null,
    };
    state.routes['get /exam/api/practice/wrongBook'] = (req) => (req.params.mastered ? paged([]) : paged([entry]));
    state.routes['post /exam/api/practice/wrongBook/remove'] = ok({ removed: true });
    state.routes['post /exam/api/practice/start'] = ok(session({ source: 'wrong', title: 'wrong-answer book' }));
    const router = mount('/user/center/study/myTest', <MyTestPage />, '/user/center/study/myTest?tab=wrong');
    const item = await screen.findByTestId('my-test-wrong-item');
    expect(item).toHaveTextContent('错 2 次');
    expect(item).toHaveTextContent('来自考试：安全考试');
    expect(within(item).getByRole('link', { name: '练习这场考试的错题' })).toHaveAttribute('href', '/exam/practice?examId=8');
    fireEvent.click(within(item).getByRole('button', { name: /移除/ }));
    fireEvent.click(await screen.findByRole('button', { name: '移 除' }));
    await waitFor(() => expect(calls('/exam/api/practice/wrongBook/remove')[0]?.body).toMatchObject({ source: 'exam', questionId: 44 }));
    fireEvent.click(screen.getByTestId('my-test-practise'));
    await waitFor(() => expect(calls('/exam/api/practice/start')[0]?.body).toMatchObject({ source: 'wrong' }));
    await waitFor(() => expect(router.state.location.search).toBe('?session=5'));
  });
});
