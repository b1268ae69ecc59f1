// The back-office's competition and game editors in the browser (issue 19 part I): a new match goes
// to the server with its stage as edited; a stage with entries cannot be removed nor change type;
// a learner who opens the address is told it is the back-office; a played game's rounds stay put,
// a question's answer is chosen by its option; the roles page grants a marker over a competition.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGame, AdminMatch } from '../../src/features/admin/api/growth';
import { renderRoutes } from './render-shell';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';

const match = (over: Partial<AdminMatch> = {}): AdminMatch => ({
  id: 7, title: '演讲比赛', state: 'published', status: 'in_progress', enrollStart: '2026-11-01T00:00:00.000Z', enrollEnd: '2026-11-20T00:00:00.000Z',
  startTime: '2026-11-10T00:00:00.000Z', endTime: '2026-12-10T00:00:00.000Z', entrantLimit: null, entrantCount: 3, everEnrolled: 3, stageCount: 2,
  summary: '', rules: '<p>规则</p>', coverImg: null, judges: [{ userId: 9, account: 'teacher', name: '王老师' }],
  stages: [
    { id: 1, title: '初赛', description: '', kind: 'submission', startTime: '2026-11-10T00:00:00.000Z', endTime: '2026-11-20T00:00:00.000Z', maxScore: 100, examId: null, examTitle: null, submissionCount: 2 },
    { id: 2, title: '复赛', description: '', kind: 'submission', startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-12-01T00:00:00.000Z', maxScore: 100, examId: null, examTitle: null, submissionCount: 0 },
  ],
  ...over,
});
const game = (over: Partial<AdminGame> = {}): AdminGame => ({
  id: 3, title: '安全闯关', published: true, roundCount: 2, playerCount: 4, publishTime: '2026-11-01T00:00:00.000Z', cover: null, summary: '', played: true,
  rounds: [1, 2].map((n) => ({
    id: n, sort: n, title: `第${n}关`, content: '材料', timeLimit: 120, passScore: 60, attemptCount: 5,
    questions: [{ id: 10 + n, kind: 'single' as const, stem: '题目', options: [{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }], answer: ['A'], explanation: null, score: 1 }],
  })),
  ...over,
});

let current: { match: AdminMatch; game: AdminGame; refuse: boolean };
function fakeServer() {
  const requests: FakeCall[] = [];
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/task/api/admin/match': return ok(current.match);
      case '/task/api/admin/match/choices': return ok({ exams: [{ id: 40, title: '结业考试', published: true }] });
      case '/task/api/admin/match/save': return ok({ ...current.match, id: 8, ...(body.match as Row) });
      case '/task/api/admin/matches':
        if (current.refuse) return { success: false, code: 403, flag: -1, message: '您没有管理后台的权限，请联系租户管理员开通。', data: null, errorCode: 'NO_ADMIN_AUTH' };
        return ok({ list: [], total: 0, pageNo: 1, pageSize: 20 });
      case '/task/api/admin/game': return ok(current.game);
      case '/task/api/admin/game/save': return ok(current.game);
      case '/exam/api/admin/roles': return ok([]);
      case '/exam/api/admin/exams': return ok({ list: [], total: 0, pageNo: 1, pageSize: 200 });
      case '/exam/api/admin/exam/choices': return ok({ examCategories: [], classes: [], rooms: [{ id: 5, title: '周五直播' }], matches: [{ id: 7, title: '演讲比赛' }] });
      case '/exam/api/admin/users': return ok([{ userId: 9, account: 'teacher', name: '王老师' }]);
      case '/exam/api/admin/role/grant': return ok([]);
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  return { requests, adapter: fakeAdapter((call) => answer(call.url, call.body), requests) };
}

let server: ReturnType<typeof fakeServer>;
signedInDemoShell(() => {
  server = fakeServer();
  return server.adapter;
});
const sent = (url: string) => server.requests.filter((r) => r.url === url);

describe('the competition editor', { timeout: 90_000 }, () => {
  it('sends a new match with its stage as edited', async () => {
    current = { match: match(), game: game(), refuse: false };
    renderRoutes('/sub_admin/matches/new');
    const form = await screen.findByTestId('match-form', {}, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '辩论赛' } });
    fireEvent.click(screen.getByTestId('stage-add'));
    fireEvent.change(await screen.findByLabelText('阶段名称'), { target: { value: '立论稿' } });
    fireEvent.change(screen.getByLabelText('满分'), { target: { value: '50' } });
    expect(screen.getByText('先保存竞赛，再设置评委。')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('match-save'));
    await waitFor(() => expect(sent('/task/api/admin/match/save')).toHaveLength(1));
    const body = sent('/task/api/admin/match/save')[0]!.body as { match: Row & { stages: Row[] } };
    expect(body.match).toMatchObject({ title: '辩论赛', state: 'published', entrantLimit: null });
    expect(body.match.id).toBeUndefined();
    expect(body.match.stages).toEqual([expect.objectContaining({ title: '立论稿', kind: 'submission', maxScore: 50, examId: null, startTime: body.match.startTime, endTime: body.match.endTime })]);
  });

  it('keeps a stage with entries: no remove, no type change; the stage without may go', async () => {
    current = { match: match(), game: game(), refuse: false };
    renderRoutes('/sub_admin/matches/7');
    const cards = await screen.findAllByTestId('stage-card', {}, { timeout: 10_000 });
    expect(within(cards[0]!).getByText('2 份作品')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: '移除 第 1 阶段' })).toBeDisabled();
    expect(within(cards[0]!).getByRole('radio', { name: '考试' })).toBeDisabled();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: '移除 第 2 阶段' }));
    expect(screen.getAllByTestId('stage-card')).toHaveLength(1);
    expect(within(screen.getByTestId('judge-list')).getByText('王老师 (teacher)')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('match-save'));
    await waitFor(() => expect(sent('/task/api/admin/match/save')).toHaveLength(1));
    expect((sent('/task/api/admin/match/save')[0]!.body as { match: { id: number; stages: Row[] } }).match).toMatchObject({ id: 7, stages: [{ id: 1, title: '初赛' }] });
  });

  it('tells a learner who opens the list that it is the back-office', async () => {
    current = { match: match(), game: game(), refuse: true };
    renderRoutes('/sub_admin/matches');
    expect(await screen.findByText('这里是管理后台', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/竞赛和闯关游戏的管理只对本租户的管理员开放/)).toBeInTheDocument();
  });
});

describe('the game editor', { timeout: 90_000 }, () => {
  it('keeps a played game\'s rounds; a new question\'s answer is its chosen option', async () => {
    current = { match: match(), game: game(), refuse: false };
    renderRoutes('/sub_admin/games/3');
    const rounds = await screen.findAllByTestId('round-card', {}, { timeout: 10_000 });
    expect(screen.getByText('已有 4 人玩过：原有关卡不能删除或调整顺序。')).toBeInTheDocument();
    for (const r of rounds) expect(within(r).getByRole('button', { name: /^移除 第 \d 关$/ })).toBeDisabled();
    fireEvent.click(screen.getByTestId('round-add'));
    const added = screen.getAllByTestId('round-card')[2]!;
    expect(within(added).getByRole('button', { name: '移除 第 3 关' })).toBeEnabled();
    fireEvent.change(within(added).getByLabelText('关卡名称'), { target: { value: '第三关' } });
    fireEvent.click(within(added).getByTestId('question-add'));
    const q = within(added).getByTestId('question-card');
    fireEvent.change(within(q).getByLabelText('题干'), { target: { value: '二加二？' } });
    fireEvent.change(within(q).getByLabelText('选项 A'), { target: { value: '3' } });
    fireEvent.change(within(q).getByLabelText('选项 B'), { target: { value: '4' } });
    fireEvent.click(within(q).getByLabelText('答案 B'));
    fireEvent.click(screen.getByTestId('game-save'));
    await waitFor(() => expect(sent('/task/api/admin/game/save')).toHaveLength(1));
    const body = sent('/task/api/admin/game/save')[0]!.body as { game: { rounds: Array<Row & { questions: Row[] }> } };
    expect(body.game.rounds.map((r) => r.id)).toEqual([1, 2, undefined]);
    expect(body.game.rounds[2]!.questions[0]).toMatchObject({ kind: 'single', stem: '二加二？', answer: ['B'], options: [{ key: 'A', text: '3' }, { key: 'B', text: '4' }, { key: 'C', text: '' }, { key: 'D', text: '' }] });
  });
});

describe('the roles page', { timeout: 90_000 }, () => {
  it('offers a competition as a marker\'s scope and sends it', async () => {
    current = { match: match(), game: game(), refuse: false };
    renderRoutes('/sub_admin/roles');
    await screen.findByTestId('role-grants', {}, { timeout: 10_000 });
    // antd's Select: open it with mouseDown on its selector, then pick the option by its text.
    const pick = async (id: string, text: string) => {
      fireEvent.mouseDown(document.getElementById(id)!.closest('.ant-select')!.querySelector('.ant-select-selector') ?? document.getElementById(id)!);
      fireEvent.click(await screen.findByTitle(text));
    };
    await pick('grant-role', '阅卷人');
    await pick('grant-scope', '某场竞赛');
    await pick('grant-match', '演讲比赛');
    const user = document.getElementById('grant-user')!;
    fireEvent.change(user, { target: { value: 'tea' } });
    await pick('grant-user', '王老师 (teacher)');
    fireEvent.click(screen.getByRole('button', { name: /^授\s?权$/ }));
    await waitFor(() => expect(sent('/exam/api/admin/role/grant')).toHaveLength(1));
    expect(sent('/exam/api/admin/role/grant')[0]!.body).toMatchObject({ userId: 9, role: 'marker', scopeType: 'match', scopeId: 7 });
  });
});
