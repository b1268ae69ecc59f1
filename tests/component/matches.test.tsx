// Matches pages (issue 19 part F): the list (status tabs and search in the address, empty and error
// states), a competition's page (enrol, withdraw, the submission form with its checks, an exam
// round's link, the scoreboard, the judging tab only for judges, a missing match) and myMatch.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JudgeRow, MatchDetail, MatchItem, MatchStage, MyMatchItem, Scoreboard } from '../../schemas/api/matches';
import MatchListPage from '../../src/features/matches/routes/match-list-page';
import MatchDetailPage from '../../src/features/matches/routes/match-detail-page';
import MyMatchPage from '../../src/features/center/routes/my-match-page';
import { htmlToText, textToHtml } from '../../src/features/matches/components/submission-form';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function item(over: Partial<MatchItem> = {}): MatchItem {
  return {
    id: 7, title: '学习心得征文比赛', summary: '写下你的学习故事', coverImg: null, status: 'in_progress', enrollStart: at(-20), enrollEnd: at(5),
    startTime: at(-10), endTime: at(20), entrantLimit: null, entrantCount: 4, stageCount: 2, enrollOpen: true, enrolled: false, ...over,
  };
}

function stage(over: Partial<MatchStage> = {}): MatchStage {
  return {
    id: 71, sort: 1, title: '初赛：征文提交', description: '写一篇文章', kind: 'submission', startTime: at(-10), endTime: at(10), state: 'open',
    maxScore: 100, examId: null, examTitle: null, canSubmit: false, mine: null, myExamScore: null, ...over,
  };
}

function detail(over: Partial<MatchDetail> = {}): MatchDetail {
  return {
    ...item(), rules: '<p>参赛<strong>须知</strong></p>', now: at(0),
    stages: [stage(), stage({ id: 72, sort: 2, title: '复赛：在线笔试', kind: 'exam', state: 'upcoming', maxScore: 100, examId: 15, examTitle: '综合测验', startTime: at(10), endTime: at(18) })],
    canEnroll: true, canWithdraw: false, isJudge: false, finalised: false, myPlace: null, myPlacePoints: null, ...over,
  };
}

const enrolledDetail = (over: Partial<MatchDetail> = {}) =>
  detail({ enrolled: true, canEnroll: false, canWithdraw: true, entrantCount: 5, stages: [stage({ canSubmit: true }), detail().stages[1]!], ...over });

const board: Scoreboard = {
  matchId: 7, final: false, stages: [{ id: 71, title: '初赛：征文提交' }, { id: 72, title: '复赛：在线笔试' }],
  rows: [
    { place: 1, userId: 2, userName: '小李', total: 91, stageScores: [91, null], lastAt: at(-1), me: true },
    { place: 2, userId: 3, userName: '小王', total: 86, stageScores: [86, null], lastAt: at(-2), me: false },
    { place: null, userId: 4, userName: '小张', total: 0, stageScores: [null, null], lastAt: null, me: false },
  ],
};

const openDetail = (id: string | number = 7, query = '') => mount('/match/detail/:id', <MatchDetailPage />, `/match/detail/${id}${query}`);

describe('the competition list', { timeout: 20_000 }, () => {
  it('shows the cards and keeps the status tab and the search in the address', async () => {
    state.routes['get /task/api/match/search'] = (r) => paged(r.params.keyword === '无此' ? [] : [item(), item({ id: 8, title: '青年创新创意大赛', status: 'enrolling', enrolled: true })]);
    const router = mount('/match', <MatchListPage />, '/match');
    const cards = await screen.findAllByTestId('match-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('已报名')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: '学习心得征文比赛' })).toHaveAttribute('href', '/match/detail/7');
    expect(cards[0]).toHaveTextContent('4 人报名');
    fireEvent.click(screen.getByRole('tab', { name: '报名中' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=enrolling'));
    await waitFor(() => expect(calls('/task/api/match/search').at(-1)!.params).toMatchObject({ status: 'enrolling' }));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索竞赛名称或简介' }), { target: { value: '无此' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '搜索竞赛名称或简介' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有找到与“无此”相关的竞赛')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    state.routes['get /task/api/match/search'] = fail('系统繁忙');
    mount('/match', <MatchListPage />, '/match');
    expect(await screen.findByText('竞赛加载失败')).toBeInTheDocument();
    state.routes['get /task/api/match/search'] = paged([item()]);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('match-card')).toBeInTheDocument();
  });
});

describe('a competition\'s page', { timeout: 20_000 }, () => {
  it('enrols, then submits an entry to the open stage, sent as escaped paragraphs', async () => {
    let current = detail();
    state.routes['get /task/api/match/detail'] = () => ok(current);
    state.routes['post /task/api/match/enroll'] = () => { current = enrolledDetail(); return ok(current); };
    state.routes['post /task/api/match/submit'] = (r) => {
      current = enrolledDetail({
        canWithdraw: false,
        stages: [stage({ canSubmit: true, mine: { id: 1, title: String(r.body.title), content: String(r.body.content), attachments: [], submittedAt: at(0), revision: 1, score: null, judgeComment: null, judgedAt: null } }), detail().stages[1]!],
      });
      return ok(current);
    };
    openDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '学习心得征文比赛' })).toBeInTheDocument();
    expect(screen.getByText('报名后才能提交作品。')).toBeInTheDocument();
    expect(screen.getByTestId('match-exam-link')).toHaveAttribute('href', '/exam/detail/15');
    fireEvent.click(screen.getByTestId('match-enroll'));
    await waitFor(() => expect(calls('/task/api/match/enroll')).toHaveLength(1));
    expect(calls('/task/api/match/enroll')[0]!.body).toEqual({ tenantId: 1001, matchId: 7 });
    expect(await screen.findByTestId('match-enrolled')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('match-work-title'), { target: { value: '我' } });
    fireEvent.click(screen.getByTestId('match-work-submit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/task/api/match/submit')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('match-work-title'), { target: { value: '  我的学习方法 ' } });
    fireEvent.change(screen.getByTestId('match-work-text'), { target: { value: '第一段 <b>\n\n第二段' } });
    fireEvent.click(screen.getByTestId('match-work-submit'));
    await waitFor(() => expect(calls('/task/api/match/submit')).toHaveLength(1));
    expect(calls('/task/api/match/submit')[0]!.body).toEqual({
      tenantId: 1001, stageId: 71, title: '我的学习方法', content: '<p>第一段 &lt;b&gt;</p><p>第二段</p>', attachments: [],
    });
    expect(await screen.findByTestId('my-work')).toHaveTextContent('我的作品：我的学习方法');
    expect(screen.getByText('等待评委评分，评分前可以修改。')).toBeInTheDocument();
    expect(screen.queryByTestId('match-withdraw')).toBeNull();
  });

  it('withdraws after confirming', async () => {
    let current = enrolledDetail();
    state.routes['get /task/api/match/detail'] = () => ok(current);
    state.routes['post /task/api/match/cancelEnroll'] = () => { current = detail(); return ok(current); };
    openDetail();
    fireEvent.click(await screen.findByTestId('match-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/task/api/match/cancelEnroll')).toHaveLength(1));
    expect(await screen.findByTestId('match-enroll')).toBeInTheDocument();
  });

  it('shows my score and the judge\'s comment, and the scoreboard with my row marked', async () => {
    state.routes['get /task/api/match/detail'] = ok(enrolledDetail({
      canWithdraw: false,
      stages: [stage({ canSubmit: false, mine: { id: 1, title: '我的学习方法', content: '<p>正文</p>', attachments: [], submittedAt: at(-1), revision: 2, score: 91, judgeComment: '很好', judgedAt: at(0) } })],
    }));
    state.routes['get /task/api/match/scoreboard'] = ok(board);
    openDetail(7, '?tab=board');
    const table = await screen.findByTestId('match-scoreboard');
    expect(within(table).getByText('比赛进行中，排名随评分实时变化。')).toBeInTheDocument();
    const rows = within(table).getAllByTestId('scoreboard-row');
    expect(rows[0]).toHaveAttribute('data-me', 'true');
    expect(rows[0]).toHaveTextContent('小李');
    expect(rows[2]).toHaveTextContent('未计分');
    fireEvent.click(screen.getByRole('tab', { name: '赛程与规则' }));
    expect(await screen.findByTestId('my-work-score')).toHaveTextContent('91 / 100 分');
    expect(screen.getByText('很好')).toBeInTheDocument();
    expect(screen.queryByTestId('match-work-submit')).toBeNull();
    expect(screen.queryByRole('tab', { name: '评审' })).toBeNull();
  });

  it('gives judges the judging tab, which saves a score in range', async () => {
    const row: JudgeRow = {
      id: 31, stageId: 71, stageTitle: '初赛：征文提交', maxScore: 100, userId: 2, userName: '小李', title: '我的学习方法', content: '<p>正文</p>',
      attachments: [], submittedAt: at(-1), revision: 1, score: null, judgeComment: null, judgeName: null, judgedAt: null,
    };
    state.routes['get /task/api/match/detail'] = ok(detail({ isJudge: true, canEnroll: false }));
    state.routes['get /task/api/match/judgeList'] = ok([row]);
    state.routes['post /task/api/match/score'] = (r) => ok({ ...row, score: r.body.score as number, judgeComment: (r.body.comment as string) ?? null, judgeName: '王老师' });
    openDetail(7, '?tab=judge');
    const item1 = await screen.findByTestId('judge-item');
    expect(item1).toHaveTextContent('未评分');
    fireEvent.change(within(item1).getByLabelText('评分（0–100）'), { target: { value: '91' } });
    fireEvent.change(within(item1).getByLabelText('点评（选填）'), { target: { value: ' 很好 ' } });
    fireEvent.click(within(item1).getByTestId('judge-save'));
    await waitFor(() => expect(calls('/task/api/match/score')).toHaveLength(1));
    expect(calls('/task/api/match/score')[0]!.body).toEqual({ tenantId: 1001, submissionId: 31, score: 91, comment: '很好' });
  });

  it('says so when the competition does not exist, and when the id is not a number', async () => {
    state.routes['get /task/api/match/detail'] = fail('竞赛不存在或已下线（编号 99）。', 'MATCH_NOT_FOUND', 404);
    openDetail(99);
    expect(await screen.findByText('竞赛不存在或已下线')).toBeInTheDocument();
  });

  it('refuses a bad id without calling the server', async () => {
    openDetail('abc');
    expect(await screen.findByText('竞赛编号无效')).toBeInTheDocument();
    expect(calls('/task/api/match/detail')).toHaveLength(0);
  });
});

describe('myMatch', { timeout: 20_000 }, () => {
  it('lists my competitions with total, place and points, and filters by status', async () => {
    const mine: MyMatchItem = {
      ...item({ id: 9, title: '秋季知识分享大赛', status: 'ended', enrolled: true }), myState: 'enrolled', enrolledAt: at(-45), total: 172, place: 2,
      placePoints: 150, submittedStages: 2, scoredStages: 2,
    };
    state.routes['get /task/api/match/searchByUser'] = paged([mine]);
    mount('/user/center/study/myMatch', <MyMatchPage />, '/user/center/study/myMatch');
    const row = await screen.findByTestId('my-match-item');
    expect(row).toHaveTextContent('总分 172');
    expect(row).toHaveTextContent('最终第 2 名');
    expect(row).toHaveTextContent('获得 150 积分');
    fireEvent.click(screen.getByRole('radio', { name: '已结束' }));
    await waitFor(() => expect(calls('/task/api/match/searchByUser').at(-1)!.params).toMatchObject({ status: 'ended' }));
  });

  it('shows the empty state with a link to the list', async () => {
    state.routes['get /task/api/match/searchByUser'] = paged([]);
    mount('/user/center/study/myMatch', <MyMatchPage />, '/user/center/study/myMatch');
    expect(await screen.findByRole('link', { name: '浏览竞赛' })).toHaveAttribute('href', '/match');
  });
});

describe('entry text', () => {
  it('turns lines into escaped paragraphs and back', () => {
    expect(textToHtml('a < b\n\n  c & d ')).toBe('<p>a &lt; b</p><p>c &amp; d</p>');
    expect(htmlToText('<p>a &lt; b</p><p>c &amp; d</p>')).toBe('a < b\nc & d');
  });
});
