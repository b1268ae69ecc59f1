// Task pages (issue 19 part A): the task page (join, open a content through startTaskContent's
// route, finish only once the rule is met, the window's refusal shown, the team's progress, not
// found), myTask's filter and progress, and myMemberTask's overdue marks.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberTaskItem, MyTaskItem, TaskContentItem, TaskDetail, UserTaskInfo } from '../../schemas/api/tasks';
import TaskDetailPage from '../../src/features/tasks/routes/task-detail-page';
import MyTaskPage from '../../src/features/center/routes/my-task-page';
import MyMemberTaskPage from '../../src/features/center/routes/my-member-task-page';
import { calls, fail, mount, ok, paged, state, useClassesApiMock } from './classes-api-mock';

useClassesApiMock();

const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

function mine(over: Partial<UserTaskInfo> = {}): UserTaskInfo {
  return {
    id: 50, taskId: 7, state: 'joined', teamId: null, joinedAt: at(Date.now() - DAY), startedAt: null, finishedAt: null, pointsAwarded: 0,
    progress: { doneCount: 0, needCount: 2, needDone: 0, percentage: 0, ruleMet: false }, ...over,
  };
}

function task(over: Partial<TaskDetail> = {}): TaskDetail {
  return {
    id: 7, title: '新员工入职必修', cover: null, summary: '两项内容', categoryId: null, categoryName: null, publishTime: at(Date.now() - 3 * DAY),
    startTime: at(Date.now() - 3 * DAY), endTime: at(Date.now() + 30 * DAY), stepCount: 2, points: 20, joinCount: 3, windowState: 'open',
    body: '<p>欢迎<strong>加入</strong></p>', mode: 'personal', finishRule: 'all', finishMin: null, contentCount: 2, requiredCount: 2, isPublic: true,
    assigned: true, canJoin: true, joinBlocked: null, now: at(Date.now()), mine: null, team: null, ...over,
  };
}

function content(over: Partial<TaskContentItem> = {}): TaskContentItem {
  return {
    id: 81, kind: 'content', refId: 301, title: '入职安全须知', contentKind: 'video', duration: 40, required: true, sort: 1, done: false,
    percentage: 0, startedAt: null, finishedAt: null, ...over,
  };
}

const CONTENTS = [content(), content({ id: 82, refId: 302, title: '沟通礼仪速读', contentKind: 'article', duration: 0, sort: 2 })];
const open = (id = 7) => mount('/task/detail/:id', <TaskDetailPage />, `/task/detail/${id}`);

describe('the task page', { timeout: 20_000 }, () => {
  it('shows the task, its rule and contents, and joins it', async () => {
    let current = task();
    state.routes['get /task/api/userTask/detail'] = () => ok(current);
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS);
    state.routes['post /task/api/userTask/start'] = () => {
      current = task({ mine: mine(), canJoin: false, joinCount: 4 });
      return ok(current.mine);
    };
    open();
    expect(await screen.findByRole('heading', { name: '新员工入职必修' })).toBeInTheDocument();
    expect(await screen.findByText('加入')).toBeInTheDocument();
    expect(screen.getByText(/完成规则：完成全部 2 项必修内容/)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('task-content');
    expect(rows.map((r) => r.querySelector('.task-content__title')!.textContent)).toEqual(['入职安全须知 · 1 分钟', '沟通礼仪速读']);
    expect(within(rows[0]!).getByText('视频')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('文档')).toBeInTheDocument();
    // Not joined: nothing to open yet.
    expect(screen.queryByTestId('task-content-open')).toBeNull();
    fireEvent.click(screen.getByTestId('task-join'));
    await waitFor(() => expect(calls('/task/api/userTask/start')).toHaveLength(1));
    expect(calls('/task/api/userTask/start')[0]!.body).toEqual({ tenantId: 1001, taskId: 7 });
    expect(await screen.findByTestId('task-mine')).toHaveTextContent('已完成 0 / 2 项');
    expect(screen.getAllByTestId('task-content-open')).toHaveLength(2);
  });

  it('opens a content at the route startTaskContent answers, which carries my task', async () => {
    state.routes['get /task/api/userTask/detail'] = ok(task({ mine: mine(), canJoin: false }));
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS);
    state.routes['post /task/api/userTask/startTaskContent'] = ok({ route: '/knowledge/detail/301?userTaskId=50&taskContentId=81&taskId=7', content: CONTENTS[0] });
    const router = open();
    const [first] = await screen.findAllByTestId('task-content-open');
    fireEvent.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledge/detail/301'));
    expect(router.state.location.search).toBe('?userTaskId=50&taskContentId=81&taskId=7');
    expect(calls('/task/api/userTask/startTaskContent')[0]!.body).toEqual({ tenantId: 1001, userTaskId: 50, taskContentId: 81 });
  });

  it('shows progress made on a content\'s page when the learner comes back (the task page read its cached contents, issue 19 e2e)', async () => {
    state.routes['get /task/api/userTask/detail'] = ok(task({ mine: mine({ state: 'started' }), canJoin: false }));
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS);
    const router = open();
    await waitFor(() => expect(screen.getAllByTestId('task-content')[0]).toHaveAttribute('data-done', 'false'));
    await router.navigate('/knowledge/detail/301');
    await screen.findByTestId('elsewhere');
    state.routes['get /task/api/userTask/contentList'] = ok([content({ done: true, percentage: 100 }), CONTENTS[1]]);
    await router.navigate('/task/detail/7');
    await waitFor(() => expect(screen.getAllByTestId('task-content')[0]).toHaveAttribute('data-done', 'true'));
  });

  it('keeps finish disabled until the rule is met', async () => {
    state.routes['get /task/api/userTask/detail'] = ok(task({ mine: mine({ progress: { doneCount: 1, needCount: 2, needDone: 1, percentage: 50, ruleMet: false } }), canJoin: false }));
    state.routes['get /task/api/userTask/contentList'] = ok([content({ done: true, percentage: 100 }), CONTENTS[1]]);
    open();
    const finish = await screen.findByTestId('task-finish');
    expect(finish).toBeDisabled();
    expect(screen.getByText('学完要求的内容后即可完成任务')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('task-content')[0]!).getByText('已完成')).toBeInTheDocument();
    fireEvent.click(finish);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/task/api/userTask/finish')).toHaveLength(0);
  });

  it('finishes once the rule is met', async () => {
    let current = task({ canJoin: false, mine: mine({ state: 'started', progress: { doneCount: 2, needCount: 2, needDone: 2, percentage: 100, ruleMet: true } }) });
    state.routes['get /task/api/userTask/detail'] = () => ok(current);
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS.map((c) => ({ ...c, done: true, percentage: 100 })));
    state.routes['post /task/api/userTask/finish'] = () => {
      current = task({ canJoin: false, mine: mine({ state: 'finished', finishedAt: at(Date.now()), progress: { doneCount: 2, needCount: 2, needDone: 2, percentage: 100, ruleMet: true } }) });
      return ok({ mine: current.mine, points: 20, credentialIds: [] });
    };
    open();
    const ready = await screen.findByTestId('task-finish');
    expect(ready).not.toBeDisabled();
    fireEvent.click(ready);
    await waitFor(() => expect(calls('/task/api/userTask/finish')).toHaveLength(1));
    expect(calls('/task/api/userTask/finish')[0]!.body).toEqual({ tenantId: 1001, userTaskId: 50 });
    expect(await screen.findByTestId('task-finished')).toHaveTextContent('已于');
  });

  it('shows why I cannot join a closed or team task', async () => {
    state.routes['get /task/api/userTask/detail'] = ok(task({ windowState: 'closed', canJoin: false, joinBlocked: '任务已结束，不能再参加。' }));
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS);
    open();
    expect(await screen.findByTestId('task-join-blocked')).toHaveTextContent('任务已结束，不能再参加。');
    expect(screen.queryByTestId('task-join')).toBeNull();
  });

  it('shows my team with each member\'s progress, the leader first', async () => {
    state.routes['get /task/api/userTask/detail'] = ok(task({
      mode: 'team', mine: mine({ state: 'started' }), canJoin: false,
      team: {
        id: 3, name: '学习小组 A', taskId: 7, taskTitle: '新员工入职必修', windowState: 'open', endTime: null, memberCount: 2, finishedCount: 0,
        members: [
          { userId: 1, name: '李学员', role: 'leader', state: 'started', percentage: 50, me: true },
          { userId: 2, name: '王同学', role: 'member', state: 'none', percentage: 0, me: false },
        ],
      },
    }));
    state.routes['get /task/api/userTask/contentList'] = ok(CONTENTS);
    open();
    const team = await screen.findByTestId('task-team');
    expect(team).toHaveTextContent('我的团队：学习小组 A');
    expect(team).toHaveTextContent('已完成 0 / 2 人');
    const members = within(team).getAllByTestId('task-team-member');
    expect(members[0]).toHaveTextContent(/^李学员\s*组长\s*我\s*学习中\s*50%$/);
    expect(members[1]).toHaveTextContent(/^王同学\s*未参加\s*0%$/);
  });

  it('says a task does not exist', async () => {
    state.routes['get /task/api/userTask/detail'] = fail('任务不存在或已下线（编号 99）。', 'TASK_NOT_FOUND', 404);
    state.routes['get /task/api/userTask/contentList'] = fail('任务不存在或已下线（编号 99）。', 'TASK_NOT_FOUND', 404);
    open(99);
    expect(await screen.findByText('任务不存在或已下线')).toBeInTheDocument();
  });
});

function myTask(over: Partial<MyTaskItem> = {}): MyTaskItem {
  const { mine: m, ...rest } = task();
  void m;
  const { body: _b, mode: _m, finishRule: _r, finishMin: _f, contentCount: _c, requiredCount: _q, isPublic: _p, assigned: _a, canJoin: _j, joinBlocked: _x, now: _n, team: _t, ...card } = rest;
  return { ...card, mine: mine({ state: 'started', progress: { doneCount: 1, needCount: 2, needDone: 1, percentage: 50, ruleMet: false } }), ...over };
}

describe('my tasks', { timeout: 20_000 }, () => {
  it('lists my tasks in progress with a progress bar, and asks for the finished ones on the filter', async () => {
    state.routes['get /task/api/userTask/searchUser'] = (r) => (r.params.state === 'finished'
      ? paged([myTask({ id: 8, title: '已完成的任务', mine: mine({ state: 'finished', finishedAt: at(Date.now()), pointsAwarded: 20, progress: { doneCount: 2, needCount: 2, needDone: 2, percentage: 100, ruleMet: true } }) })])
      : paged([myTask()]));
    mount('/user/center/study/myTask', <MyTaskPage />, '/user/center/study/myTask');
    const item = await screen.findByTestId('my-task-item');
    expect(item).toHaveTextContent('完成 1 / 2 项');
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(calls('/task/api/userTask/searchUser')[0]!.params.state).toBe('doing');
    fireEvent.click(screen.getByText('已完成'));
    await waitFor(() => expect(screen.getByTestId('my-task-item')).toHaveAttribute('data-state', 'finished'));
    expect(screen.getByTestId('my-task-item')).toHaveTextContent('获得 20 积分');
  });
});

describe('my to-do tasks', { timeout: 20_000 }, () => {
  it('marks an overdue task and keeps the server\'s nearest-deadline order', async () => {
    const base = myTask();
    const { mine: _m, ...card } = base;
    const item = (over: Partial<MemberTaskItem>): MemberTaskItem => ({ ...card, via: 'direct', teamName: null, assignedAt: at(Date.now() - DAY), overdue: false, mine: null, ...over });
    state.routes['get /task/api/task/searchByMember'] = paged([
      item({ id: 1, title: '上月的任务', windowState: 'closed', endTime: at(Date.now() - 10 * DAY), overdue: true }),
      item({ id: 2, title: '两天后截止', endTime: at(Date.now() + 2 * DAY), via: 'team', teamName: '学习小组 A' }),
    ]);
    mount('/user/center/study/myMemberTask', <MyMemberTaskPage />, '/user/center/study/myMemberTask');
    const rows = await screen.findAllByTestId('my-member-task-item');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['1', '2']);
    expect(within(rows[0]!).getByTestId('my-member-task-overdue')).toHaveTextContent('已逾期');
    expect(within(rows[1]!).queryByTestId('my-member-task-overdue')).toBeNull();
    expect(rows[1]).toHaveTextContent('团队：学习小组 A');
    expect(calls('/task/api/task/searchByMember')[0]!.params.state).toBe('todo');
  });
});
