// Homework pages (issue 18): the assignment page (instructions, countdown on the server's clock,
// submit, the mark and comment, a returned submission opening the editor again, a refusal shown as
// 403), myHomework's states, and the teachers' myZuoye and myWork (403 for a learner, the queue,
// marking and returning with a comment).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HomeworkDetail, HomeworkQueue, HomeworkSubmission, MyHomeworkItem, TeachingHomeworkItem } from '../../schemas/api/homework';
import HomeworkDetailPage, { timeLeft } from '../../src/features/homework/routes/homework-detail-page';
import MyHomeworkPage from '../../src/features/center/routes/my-homework-page';
import HomeworkAssignmentsPage, { htmlToText, textToHtml } from '../../src/features/center/work/homework-assignments-page';
import HomeworkMarkingPage, { nextWaiting } from '../../src/features/center/work/homework-marking-page';
import { useUserStore } from '../../src/stores/user-store';
import { textsIn, defineTexts } from '../../src/i18n/texts';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

function detail(over: Partial<HomeworkDetail> = {}): HomeworkDetail {
  return {
    id: 9, classesId: 5, classesTitle: '安全管理专项培训班', title: '学习心得', deadline: at(Date.now() + 2 * DAY + 3 * 3_600_000 + 60_000), totalScore: 100,
    allowLate: false, state: 'published', createdAt: at(Date.now() - DAY), instructions: '<p>写下<strong>三点</strong>收获</p>',
    attachments: [{ name: '要求.pdf', url: '/uploads/u/1001/2026-11/x.pdf', size: 2048, contentType: 'application/pdf' }],
    now: at(Date.now()), isTeacher: false, isMember: true, canSubmit: true, overdue: false, mine: null, ...over,
  };
}

function submission(over: Partial<HomeworkSubmission> = {}): HomeworkSubmission {
  return {
    id: 31, homeworkId: 9, userId: 7, userName: '小李', content: '我的作答', files: [], state: 'submitted', score: null, comment: null,
    markerName: null, markedAt: null, submittedAt: at(Date.now() - 3_600_000), late: false, revision: 1, ...over,
  };
}

const openDetail = (id = 9) => mount('/homeWork/detail', <HomeworkDetailPage />, `/homeWork/detail?id=${id}`);

const asTeacher = () => {
  const info = useUserStore.getState().userInfo!;
  useUserStore.getState().setUserInfo({ ...info, roles: [{ role: 'teacher', scopeType: 'classes', scopeId: 5 }] });
};

describe('the assignment page', { timeout: 20_000 }, () => {
  it('shows the instructions, attachments and the countdown, and submits my answer', async () => {
    let current = detail();
    state.routes['get /train/api/homework/detail'] = () => ok(current);
    state.routes['post /train/api/homework/submit'] = (r) => {
      current = detail({ canSubmit: false, mine: submission({ content: String(r.body.content) }) });
      return ok(current);
    };
    openDetail();
    expect(await screen.findByText('学习心得')).toBeInTheDocument();
    expect(await screen.findByText('三点')).toBeInTheDocument();
    expect(screen.getByTestId('homework-attachments')).toHaveTextContent('要求.pdf');
    expect(screen.getByTestId('homework-countdown')).toHaveTextContent('剩余 2 天 3 小时');
    fireEvent.change(screen.getByTestId('homework-answer'), { target: { value: '  我的作答  ' } });
    fireEvent.click(screen.getByTestId('homework-submit'));
    await waitFor(() => expect(calls('/train/api/homework/submit')).toHaveLength(1));
    expect(calls('/train/api/homework/submit')[0]!.body).toEqual({ tenantId: 1001, homeworkId: 9, content: '我的作答', files: [] });
    expect(await screen.findByTestId('my-content')).toHaveTextContent('我的作答');
    expect(screen.getByTestId('my-submission-status')).toHaveTextContent('已提交');
    expect(screen.queryByTestId('homework-submit')).toBeNull();
  });

  it('does not send an empty submission', async () => {
    state.routes['get /train/api/homework/detail'] = ok(detail());
    openDetail();
    fireEvent.click(await screen.findByTestId('homework-submit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/train/api/homework/submit')).toHaveLength(0);
  });

  it('counts down on the server\'s clock, not the browser\'s', async () => {
    // The server is a day behind this browser: a deadline a day after the server's now is still open.
    const serverNow = Date.now() - DAY;
    state.routes['get /train/api/homework/detail'] = ok(detail({ now: at(serverNow), deadline: at(serverNow + DAY + 3_600_000 + 60_000) }));
    openDetail();
    expect(await screen.findByTestId('homework-countdown')).toHaveTextContent('剩余 1 天 1 小时');
  });

  it('shows the mark and comment of a marked submission, with no editor', async () => {
    state.routes['get /train/api/homework/detail'] = ok(detail({ canSubmit: false, mine: submission({ state: 'marked', score: 88, comment: '分析清楚' }) }));
    openDetail();
    expect(await screen.findByTestId('my-score')).toHaveTextContent('88 / 100 分');
    expect(screen.getByTestId('my-comment')).toHaveTextContent('分析清楚');
    expect(screen.queryByTestId('homework-submit')).toBeNull();
  });

  it('opens the editor again, with what was sent, when the teacher returned it', async () => {
    state.routes['get /train/api/homework/detail'] = ok(detail({ mine: submission({ state: 'returned', comment: '请补充第二部分', content: '第一版' }) }));
    openDetail();
    expect(await screen.findByTestId('my-comment')).toHaveTextContent('请补充第二部分');
    expect(screen.getByTestId('homework-answer')).toHaveValue('第一版');
    expect(screen.getByTestId('homework-submit')).toHaveTextContent('重新提交');
  });

  it('says plainly why a non-member cannot see it (the server\'s message)', async () => {
    state.routes['get /train/api/homework/detail'] = fail('这份作业只对“安全管理专项培训班”的学员和老师开放；报名该培训班后才能查看。', 'NOT_MEMBER', 403);
    openDetail();
    expect(await screen.findByText('无法查看这份作业')).toBeInTheDocument();
    expect(screen.getByText(/报名该培训班后才能查看/)).toBeInTheDocument();
  });

  it('refuses a link without an id without calling the server', async () => {
    mount('/homeWork/detail', <HomeworkDetailPage />, '/homeWork/detail');
    expect(await screen.findByText('作业编号无效')).toBeInTheDocument();
    expect(calls('/train/api/homework/detail')).toHaveLength(0);
  });

  it('writes the time left in whole units', () => {
    const t = textsIn(defineTexts('homework-probe', { zh: { lessThanMinute: '不到 1 分钟', days: '{{n}} 天', hours: '{{n}} 小时', minutes: '{{n}} 分钟', left: '' }, en: { lessThanMinute: '', days: '', hours: '', minutes: '', left: '' } }), 'zh');
    expect(timeLeft(30_000, t as never)).toBe('不到 1 分钟');
    expect(timeLeft(2 * 3_600_000 + 5 * 60_000, t as never)).toBe('2 小时 5 分钟');
    expect(timeLeft(3 * DAY + 60_000, t as never)).toBe('3 天');
  });
});

describe('my homework', { timeout: 20_000 }, () => {
  const item = (over: Partial<MyHomeworkItem>): MyHomeworkItem => ({
    id: 1, classesId: 5, classesTitle: '安全管理专项培训班', title: '作业', deadline: null, totalScore: 100, allowLate: false, state: 'published',
    createdAt: at(Date.now()), status: 'todo', score: null, overdue: false, late: false, submittedAt: null, ...over,
  });

  it('lists each assignment with its status, score and overdue mark, and filters by status', async () => {
    state.routes['get /train/api/homework/my'] = (r) => (r.params.status === 'marked'
      ? paged([item({ id: 2, title: '案例分析', status: 'marked', score: 88 })])
      : paged([item({ id: 1, title: '学习心得', status: 'todo', overdue: true }), item({ id: 2, title: '案例分析', status: 'marked', score: 88 })]));
    mount('/user/center/study/myHomework', <MyHomeworkPage />, '/user/center/study/myHomework');
    const rows = await screen.findAllByTestId('my-homework-item');
    expect(rows[0]).toHaveTextContent('未提交');
    expect(rows[0]).toHaveTextContent('已逾期');
    expect(rows[1]).toHaveTextContent('88 / 100 分');
    expect(within(rows[0]!).getByText('学习心得').closest('a')).toHaveAttribute('href', '/homeWork/detail?id=1');
    // the first 已批改 is the filter's (the rows' tags come after it)
    fireEvent.click(screen.getAllByText('已批改')[0]!);
    await waitFor(() => expect(calls('/train/api/homework/my').at(-1)!.params.status).toBe('marked'));
    await waitFor(() => expect(screen.getAllByTestId('my-homework-item')).toHaveLength(1));
  });

  it('shows an empty state', async () => {
    state.routes['get /train/api/homework/my'] = paged([]);
    mount('/user/center/study/myHomework', <MyHomeworkPage />, '/user/center/study/myHomework');
    expect(await screen.findByTestId('my-homework-list-empty')).toHaveTextContent('暂时没有作业');
  });
});

const assignment = (over: Partial<TeachingHomeworkItem> = {}): TeachingHomeworkItem => ({
  id: 9, classesId: 5, classesTitle: '安全管理专项培训班', title: '学习心得', deadline: null, totalScore: 100, allowLate: false, state: 'published',
  createdAt: at(Date.now()), instructions: '<p>写</p>', attachments: [], memberCount: 4, submittedCount: 2, returnedCount: 0, markedCount: 1, ...over,
});

describe('the teachers\' pages', { timeout: 20_000 }, () => {
  it('tell a learner they are for teachers, without calling the server', async () => {
    mount('/user/center/work/myZuoye', <HomeworkAssignmentsPage />, '/user/center/work/myZuoye');
    expect(await screen.findByTestId('teachers-only')).toHaveTextContent('此页面仅对老师开放');
    expect(calls('/train/api/homework/teaching')).toHaveLength(0);
  });

  it('show the server\'s refusal as a 403 too', async () => {
    asTeacher();
    state.routes['get /train/api/homework/teaching'] = fail('该功能仅对老师开放：你还不是任何培训班的老师。', 'TEACHER_ONLY', 403);
    mount('/user/center/work/myWork', <HomeworkMarkingPage />, '/user/center/work/myWork');
    expect(await screen.findByTestId('teachers-only')).toHaveTextContent('你还不是任何培训班的老师');
  });

  it('myZuoye lists assignments with their counts and creates one in the drawer', async () => {
    asTeacher();
    state.routes['get /train/api/homework/teaching'] = paged([assignment()]);
    state.routes['get /train/api/homework/teachingClasses'] = ok([{ id: 5, title: '安全管理专项培训班', memberCount: 4 }]);
    state.routes['post /train/api/homework/save'] = (r) => ok(assignment({ id: 10, title: String(r.body.title) }));
    mount('/user/center/work/myZuoye', <HomeworkAssignmentsPage />, '/user/center/work/myZuoye');
    expect(await screen.findByTestId('my-zuoye-counts')).toHaveTextContent('已交 3 / 4 人 · 待批改 2 · 已退回 0 · 已批改 1');
    fireEvent.click(screen.getByTestId('homework-new'));
    const drawer = await screen.findByTestId('homework-drawer');
    fireEvent.mouseDown(within(drawer).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('安全管理专项培训班'));
    fireEvent.change(within(drawer).getByTestId('homework-title'), { target: { value: '新作业' } });
    fireEvent.change(within(drawer).getByTestId('homework-instructions'), { target: { value: '第一段 <b>\n\n第二段' } });
    fireEvent.click(screen.getByTestId('homework-save'));
    await waitFor(() => expect(calls('/train/api/homework/save')).toHaveLength(1));
    expect(calls('/train/api/homework/save')[0]!.body).toMatchObject({
      classesId: 5, title: '新作业', instructions: '<p>第一段 &lt;b&gt;</p><p>第二段</p>', attachments: [], totalScore: 100, allowLate: false,
    });
  });

  it('myWork opens a submission from the queue, refuses a return without a reason, and marks it', async () => {
    asTeacher();
    const queue: HomeworkQueue = {
      homework: assignment(),
      rows: [
        { userId: 7, userName: '小李', submissionId: 31, status: 'submitted', score: null, submittedAt: at(Date.now()), late: true, revision: 1 },
        { userId: 8, userName: '小王', submissionId: null, status: 'todo', score: null, submittedAt: null, late: false, revision: 0 },
      ],
    };
    state.routes['get /train/api/homework/teaching'] = paged([assignment()]);
    state.routes['get /train/api/homework/submissions'] = ok(queue);
    state.routes['get /train/api/homework/submission'] = ok(submission({ content: '我的作答内容', files: [{ name: '报告.pdf', url: '/uploads/u/1001/2026-11/y.pdf', size: 10, contentType: 'application/pdf' }] }));
    state.routes['post /train/api/homework/mark'] = (r) => ok(submission({ state: 'marked', score: Number(r.body.score), comment: String(r.body.comment) }));
    mount('/user/center/work/myWork', <HomeworkMarkingPage />, '/user/center/work/myWork?homeworkId=9');
    const rows = await screen.findAllByTestId('queue-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['submitted', 'todo']);
    expect(rows[0]).toHaveTextContent('迟交');
    fireEvent.click(within(rows[0]!).getByTestId('queue-open'));
    expect(await screen.findByTestId('submission-content')).toHaveTextContent('我的作答内容');
    expect(screen.getByTestId('submission-files')).toHaveTextContent('报告.pdf');
    fireEvent.click(screen.getByTestId('mark-return'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/train/api/homework/mark')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('mark-score').querySelector('input') ?? screen.getByTestId('mark-score'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('mark-comment'), { target: { value: '很好' } });
    fireEvent.click(screen.getByTestId('mark-save'));
    await waitFor(() => expect(calls('/train/api/homework/mark')).toHaveLength(1));
    expect(calls('/train/api/homework/mark')[0]!.body).toEqual({ tenantId: 1001, submissionId: 31, action: 'mark', score: 90, comment: '很好' });
  });
});

describe('helpers', () => {
  it('turns the instructions between text and HTML', () => {
    expect(textToHtml('a & b\nc\n\n\nd')).toBe('<p>a &amp; b<br>c</p><p>d</p>');
    expect(htmlToText('<p>写下<strong>三点</strong></p><ul><li>一</li><li>二</li></ul>')).toBe('写下三点\n\n一\n\n二');
  });

  it('finds the next submission waiting', () => {
    const row = (submissionId: number | null, status: 'submitted' | 'marked' | 'todo') => ({ userId: submissionId ?? 0, userName: '', submissionId, status, score: null, submittedAt: null, late: false, revision: 1 });
    const rows = [row(1, 'submitted'), row(2, 'marked'), row(3, 'submitted'), row(null, 'todo')];
    expect(nextWaiting(rows, 1)).toBe(3);
    expect(nextWaiting(rows, 3)).toBe(1);
    expect(nextWaiting(rows, 2)).toBe(1);
    expect(nextWaiting([row(1, 'submitted')], 1)).toBeNull();
  });
});
