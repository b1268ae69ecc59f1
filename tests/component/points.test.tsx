// Points pages (issue 19 part C): the board (top three marked, my place past the page, period and
// department in the address, empty and error states), the study boards' tabs, and my points
// (summary, level progress, today's caps, the check-in once, the ledger's filters, the rules).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PointsRankPage, UserLogItem, UserScore } from '../../schemas/api/points';
import PointDetailPage from '../../src/features/points/routes/point-detail-page';
import PointsRankPageView from '../../src/features/points/routes/points-rank-page';
import StudyRankPage from '../../src/features/points/routes/study-rank-page';
import PointsRulesPage from '../../src/features/admin/points/points-rules-page';
import { useUserStore } from '../../src/stores/user-store';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const row = (rank: number, userId: number, points: number, name = `学员${userId}`) => ({ rank, userId, name, avatar: null, points });

function board(over: Partial<PointsRankPage> = {}): PointsRankPage {
  return { list: [row(1, 501, 4800), row(2, 502, 3900), row(3, 503, 3000), row(4, 504, 2500)], total: 40, pageNo: 1, pageSize: 20, me: row(18, 57, 1880, '小李'), ...over };
}

function score(over: Partial<UserScore> = {}): UserScore {
  return {
    total: 1880, level: { id: 4, name: '达人', minPoints: 1000, maxPoints: 1999 }, nextLevel: { id: 5, name: '学霸', minPoints: 2000, maxPoints: 4999 },
    toNextLevel: 120, levelProgress: 88, today: '2026-11-27', todayPoints: 0, weekPoints: 40, monthPoints: 300,
    todayByKind: [{ kind: 'sign_in', name: '每日签到', points: 0, dailyCap: 5 }, { kind: 'match_place', name: '竞赛名次', points: 0, dailyCap: null }],
    signedInToday: false, rank: 18, ...over,
  };
}

const LOG: UserLogItem[] = [
  { id: 9, kind: 'exam_pass', kindName: '通过考试', points: 20, note: '消防安全考试', day: '2026-11-26', createdAt: '2026-11-26T02:00:00.000Z' },
  { id: 8, kind: 'content_finish', kindName: '学完内容', points: 5, note: null, day: '2026-11-25', createdAt: '2026-11-25T02:00:00.000Z' },
];
const RULES = [
  { kind: 'sign_in', name: '每日签到', points: 5, step: 1, dailyCap: 5, enabled: true, description: '每天签到一次得 5 分', sort: 0 },
  { kind: 'study_time', name: '学习时长', points: 2, step: 10, dailyCap: 20, enabled: true, description: '', sort: 1 },
];
const LEVELS = [{ id: 1, name: '新手', minPoints: 0, maxPoints: 99 }, { id: 6, name: '大师', minPoints: 5000, maxPoints: null }];

describe('the points board', { timeout: 20_000 }, () => {
  it('marks the top three, shows my place past the page, and keeps period and department in the address', async () => {
    state.routes['get /um/api/userIntegrate/rank'] = ok(board());
    state.routes['get /um/api/userIntegrate/orgList'] = ok(['研发中心', '市场部']);
    state.routes['get /um/api/userIntegrate/userScore'] = ok(score());
    const router = mount('/integral/rank', <PointsRankPageView />, '/integral/rank');
    const rows = await screen.findAllByTestId('points-board-row');
    expect(rows.map((r) => r.getAttribute('data-top'))).toEqual(['1', '2', '3', null]);
    expect(screen.getByTestId('points-me')).toHaveTextContent('第 18 名');
    expect(screen.getByTestId('points-me')).toHaveTextContent('1880 分');
    expect(calls('/um/api/userIntegrate/rank')[0]!.params).toMatchObject({ period: 'all', pageNo: 1, pageSize: 20 });
    fireEvent.click(screen.getByText('周榜'));
    await waitFor(() => expect(router.state.location.search).toContain('period=week'));
    await waitFor(() => expect(calls('/um/api/userIntegrate/rank').at(-1)!.params).toMatchObject({ period: 'week' }));
  });

  it('says so when nobody is on the board, my place then unranked', async () => {
    state.routes['get /um/api/userIntegrate/rank'] = ok(board({ list: [], total: 0, me: { rank: null, userId: 57, name: '小李', avatar: null, points: 0 } }));
    state.routes['get /um/api/userIntegrate/orgList'] = ok([]);
    state.routes['get /um/api/userIntegrate/userScore'] = ok(score());
    mount('/integral/rank', <PointsRankPageView />, '/integral/rank?period=week');
    expect(await screen.findByText('这个周期还没有人上榜')).toBeInTheDocument();
    expect(screen.getByTestId('points-me')).toHaveTextContent('未上榜');
  });

  it('shows the server\'s failure with a retry', async () => {
    state.routes['get /um/api/userIntegrate/rank'] = fail('服务暂时不可用');
    state.routes['get /um/api/userIntegrate/orgList'] = ok([]);
    state.routes['get /um/api/userIntegrate/userScore'] = ok(score());
    mount('/integral/rank', <PointsRankPageView />, '/integral/rank');
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    state.routes['get /um/api/userIntegrate/rank'] = ok(board());
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findAllByTestId('points-board-row')).toHaveLength(4);
  });

  it('asks a guest to sign in for their place and offers no check-in', async () => {
    useUserStore.getState().signOut(false);
    state.routes['get /um/api/userIntegrate/rank'] = ok(board({ me: undefined }));
    state.routes['get /um/api/userIntegrate/orgList'] = ok([]);
    mount('/scoreboard', <PointsRankPageView />, '/scoreboard');
    expect(await screen.findByTestId('points-me-guest')).toHaveTextContent('登录后可以看到自己的排名');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('积分榜');
    expect(screen.queryByTestId('points-check-in')).toBeNull();
    expect(calls('/um/api/userIntegrate/userScore')).toHaveLength(0);
  });
});

describe('the study boards', { timeout: 20_000 }, () => {
  it('switches between study time and completions', async () => {
    state.routes['get /um/api/userIntegrate/studyRank'] = (req) => ok({
      list: [{ rank: 1, userId: 501, name: '学员501', avatar: null, value: req.params.by === 'time' ? 7500 : 12 }], total: 1, pageNo: 1, pageSize: 20,
      me: { rank: null, userId: 57, name: '小李', avatar: null, value: 0 },
    });
    const router = mount('/rank', <StudyRankPage />, '/rank');
    const first = await screen.findByTestId('study-board-time');
    expect(first).toHaveTextContent('2 小时 5 分');
    expect(calls('/um/api/userIntegrate/studyRank')[0]!.params).toMatchObject({ by: 'time', period: 'week' });
    fireEvent.click(screen.getByRole('tab', { name: '完成榜' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=finish'));
    expect(await screen.findByTestId('study-board-finish')).toHaveTextContent('12 个');
  });
});

describe('my points', { timeout: 20_000 }, () => {
  it('shows the total, level and today\'s caps; checks in once and refreshes', async () => {
    let checkedIn = false;
    state.routes['get /um/api/userIntegrate/userScore'] = () => ok(checkedIn
      ? score({ total: 1885, todayPoints: 5, signedInToday: true, todayByKind: [{ kind: 'sign_in', name: '每日签到', points: 5, dailyCap: 5 }] })
      : score());
    state.routes['get /um/api/userIntegrate/userLog'] = (req) => paged(req.params.kind === 'exam_pass' ? [LOG[0]!] : LOG, req.params.kind === 'exam_pass' ? 1 : 2);
    state.routes['get /cfg/cfgIntegrateType/listByTenantFront'] = ok(RULES);
    state.routes['get /cfg/api/integrate/listLevel'] = ok(LEVELS);
    state.routes['post /um/api/userIntegrate/signIn'] = () => { checkedIn = true; return ok({ points: 5, total: 1885, today: '2026-11-27' }); };
    const router = mount('/archives/pointDetail', <PointDetailPage />, '/archives/pointDetail');
    expect(await screen.findByTestId('points-total')).toHaveTextContent('1880');
    expect(screen.getByTestId('points-level')).toHaveTextContent('达人');
    expect(screen.getByText('距“学霸”还差 120 分')).toBeInTheDocument();
    const caps = screen.getByTestId('points-caps');
    expect(within(caps).getByText('0 / 5 分')).toBeInTheDocument();
    expect(within(caps).getByText('0 分（不限）')).toBeInTheDocument();
    const rules = await screen.findByTestId('points-rules');
    expect(within(rules).getByText('每 10 分钟 +2 分')).toBeInTheDocument();
    expect(within(await screen.findByTestId('points-levels')).getByText('5000 分以上')).toBeInTheDocument();
    expect(await screen.findByText('消防安全考试')).toBeInTheDocument();

    const button = screen.getByTestId('points-check-in');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('points-total')).toHaveTextContent('1885'));
    expect(screen.getByTestId('points-check-in')).toBeDisabled();
    expect(screen.getByTestId('points-check-in')).toHaveTextContent('今日已签到');
    expect(calls('/um/api/userIntegrate/signIn', 'post')).toHaveLength(1);

    router.navigate('/archives/pointDetail?kind=exam_pass');
    await waitFor(() => expect(calls('/um/api/userIntegrate/userLog').at(-1)!.params).toMatchObject({ kind: 'exam_pass', period: 'all' }));
  });

  it('says when there are no points yet', async () => {
    state.routes['get /um/api/userIntegrate/userScore'] = ok(score({ total: 0, level: LEVELS[0]!, rank: null }));
    state.routes['get /um/api/userIntegrate/userLog'] = paged([]);
    state.routes['get /cfg/cfgIntegrateType/listByTenantFront'] = ok(RULES);
    state.routes['get /cfg/api/integrate/listLevel'] = ok(LEVELS);
    mount('/archives/pointDetail', <PointDetailPage />, '/archives/pointDetail');
    expect(await screen.findByText('还没有积分记录')).toBeInTheDocument();
  });
});

describe('the back-office points rules', { timeout: 20_000 }, () => {
  it('saves one rule with its edits, and the levels', async () => {
    state.routes['get /cfg/api/integrate/listRule'] = ok(RULES);
    state.routes['get /cfg/api/integrate/listLevel'] = ok(LEVELS);
    state.routes['post /cfg/api/integrate/saveRule'] = (req) => ok(RULES.map((r) => (r.kind === req.body.kind ? { ...r, ...req.body } : r)));
    state.routes['post /cfg/api/integrate/saveLevels'] = (req) => ok(req.body.levels);
    mount('/sub_admin/points', <PointsRulesPage />, '/sub_admin/points');
    const row = (await screen.findAllByTestId('points-rule-row')).find((r) => r.getAttribute('data-kind') === 'sign_in')!;
    fireEvent.change(within(row).getByLabelText('每份积分 sign_in'), { target: { value: '8' } });
    fireEvent.change(within(row).getByLabelText('每日上限 sign_in'), { target: { value: '' } });
    fireEvent.click(within(row).getByTestId('points-rule-save'));
    await waitFor(() => expect(calls('/cfg/api/integrate/saveRule', 'post')).toHaveLength(1));
    expect(calls('/cfg/api/integrate/saveRule', 'post')[0]!.body).toMatchObject({ kind: 'sign_in', points: 8, dailyCap: null, enabled: true, name: '每日签到' });
    fireEvent.click(screen.getByTestId('points-levels-save'));
    await waitFor(() => expect(calls('/cfg/api/integrate/saveLevels', 'post')).toHaveLength(1));
    expect(calls('/cfg/api/integrate/saveLevels', 'post')[0]!.body.levels).toEqual([{ name: '新手', minPoints: 0 }, { name: '大师', minPoints: 5000 }]);
  });

  it('says plainly when the server refuses a learner', async () => {
    state.routes['get /cfg/api/integrate/listRule'] = ok(RULES);
    state.routes['get /cfg/api/integrate/listLevel'] = ok(LEVELS);
    state.routes['post /cfg/api/integrate/saveRule'] = fail('您没有管理后台的权限，请联系租户管理员开通。', 'NO_ADMIN_AUTH', 403);
    mount('/sub_admin/points', <PointsRulesPage />, '/sub_admin/points');
    const row = (await screen.findAllByTestId('points-rule-row'))[0]!;
    fireEvent.click(within(row).getByTestId('points-rule-save'));
    await waitFor(() => expect(state.alerts.map((a) => JSON.stringify(a))).toEqual([expect.stringContaining('您没有管理后台的权限')]));
  });
});
