// The back-office's task and certificate editors in the browser (issue 19 part J): the list shows
// window state and counts, and delete only while nobody joined; contents reorder with Up/Down and go
// to the server in that order with their required flag; a refused save shows the server's message;
// a learner who opens the address is told it is the back-office; a certificate rule is sent with its
// source, and an issued certificate is revoked with a reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCredentialRule, AdminTask, AdminTaskRow, IssuedCredential } from '../../src/features/admin/api/task-admin';
import { moveRow } from '../../src/features/admin/tasks/task-contents-card';
import { renderRoutes } from './render-shell';
import { fakeAdapter, ok, signedInDemoShell, type FakeCall, type Row } from './fake-api';

const row = (over: Partial<AdminTaskRow> = {}): AdminTaskRow => ({
  id: 5, title: '入职必修', cover: null, startTime: '2026-11-01T00:00:00.000Z', endTime: null, windowState: 'open', isPublic: false, mode: 'personal',
  contentCount: 2, joinedCount: 0, finishedCount: 0, ...over,
});
const task = (over: Partial<AdminTask> = {}): AdminTask => ({
  id: 5, title: '入职必修', cover: null, summary: null, body: null, startTime: '2026-11-01T00:00:00.000Z', endTime: null, isPublic: false, mode: 'personal',
  finishRule: 'all', finishMin: null, windowState: 'open', joinedCount: 3, finishedCount: 1,
  contents: [
    { id: 1, kind: 'content', refId: 11, title: '安全视频', required: true, startedCount: 3, finishedCount: 2 },
    { id: 2, kind: 'exam', refId: 22, title: '安全考试', required: true, startedCount: 1, finishedCount: 1 },
  ],
  assignees: [{ userId: 57, name: '学员', account: 'learner' }], teams: [], pointsRule: { points: 20, dailyCap: 100, enabled: true }, ...over,
});
const rule = (over: Partial<AdminCredentialRule> = {}): AdminCredentialRule => ({
  id: 9, sourceKind: 'task', sourceId: 5, sourceTitle: '入职必修', title: '入职证书', issuer: '演示学院', body: '', validMonths: null, enabled: true,
  issuedCount: 1, revokedCount: 0, updatedAt: '2026-11-01T00:00:00.000Z', ...over,
});
const issued: IssuedCredential = {
  id: 31, userId: 57, holderName: '学员', account: 'learner', code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-02T00:00:00.000Z', expiresAt: null, revokedAt: null, revokeReason: null, state: 'valid',
};

let current: { rows: AdminTaskRow[]; task: AdminTask; refuse: boolean; refuseSave: boolean };
function fakeServer() {
  const requests: FakeCall[] = [];
  const answer = (url: string, body: Row) => {
    switch (url) {
      case '/task/api/admin/tasks':
        if (current.refuse) return { success: false, code: 403, flag: -1, message: '您没有管理后台的权限，请联系租户管理员开通。', data: null, errorCode: 'NO_ADMIN_AUTH' };
        return ok({ list: current.rows, total: current.rows.length, pageNo: 1, pageSize: 20 });
      case '/task/api/admin/task': return ok(current.task);
      case '/task/api/admin/task/contents/save':
        if (current.refuseSave) return { success: false, code: 400, flag: -1, message: '完成规则是“至少完成 3 项”，任务至少要有 3 项内容；请先改完成规则。', data: null, errorCode: 'TASK_FINISH_MIN_TOO_HIGH' };
        return ok(current.task);
      case '/task/api/admin/pick': return ok([{ id: 77, title: '沟通课' }]);
      case '/exam/api/admin/users': return ok([{ userId: 58, account: 'student1', name: '王同学' }]);
      case '/task/api/admin/task/team/save': return ok(current.task);
      case '/um/api/admin/credentialRules': return ok([rule()]);
      case '/um/api/admin/credentialRule/sources': return ok([{ id: 5, title: '入职必修' }]);
      case '/um/api/admin/credentialRule/save': return ok(rule({ id: 10, ...(body.rule as Row) }));
      case '/um/api/admin/credentials': return ok({ list: [issued], total: 1, pageNo: 1, pageSize: 20 });
      case '/um/api/admin/credential/revoke': return ok(null);
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

describe('moveRow', () => {
  it('moves one item and keeps the rest in order; out of range leaves them as they are', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the task list', { timeout: 90_000 }, () => {
  it('shows window state and counts; delete is offered only while nobody joined', async () => {
    current = { rows: [row(), row({ id: 6, title: '季度复训', joinedCount: 4, finishedCount: 2, windowState: 'closed' })], task: task(), refuse: false, refuseSave: false };
    renderRoutes('/sub_admin/tasks');
    const list = await screen.findByTestId('task-admin-list', {}, { timeout: 10_000 });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('进行中')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: '删除' })).toBeEnabled();
    expect(within(rows[0]!).getByRole('button', { name: '提前结束' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('已结束')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: '删除' })).toBeDisabled();
    expect(within(rows[1]!).queryByRole('button', { name: '提前结束' })).toBeNull();
  });

  it('tells a learner who opens the address that this is the back-office', async () => {
    current = { rows: [], task: task(), refuse: true, refuseSave: false };
    renderRoutes('/sub_admin/tasks');
    const refusal = await screen.findByTestId('task-admin-forbidden', {}, { timeout: 10_000 });
    expect(within(refusal).getByText('这里是管理后台')).toBeInTheDocument();
    expect(within(refusal).getByText(/学习任务和证书规则只对本租户的管理员开放/)).toBeInTheDocument();
  });
});

describe('the task editor', { timeout: 90_000 }, () => {
  it('reorders contents with Up/Down and sends them in that order with their required flag', async () => {
    current = { rows: [], task: task(), refuse: false, refuseSave: false };
    renderRoutes('/sub_admin/tasks/5');
    const card = await screen.findByTestId('task-contents', {}, { timeout: 10_000 });
    expect(screen.getByTestId('task-points')).toHaveTextContent('完成任务得 20 分，每天最多 100 分');
    expect(within(card).getByText(/不会撤销他们已完成的任务/)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: '下移「安全视频」' }));
    fireEvent.click(within(card).getByRole('checkbox', { name: '「安全视频」必修' }));
    const names = within(card).getAllByTestId('task-content-row').map((r) => r.textContent);
    expect(names[0]).toContain('安全考试');
    fireEvent.click(within(card).getByTestId('task-contents-save'));
    await waitFor(() => expect(sent('/task/api/admin/task/contents/save')).toHaveLength(1));
    expect(sent('/task/api/admin/task/contents/save')[0]!.body).toMatchObject({
      taskId: 5, contents: [{ kind: 'exam', refId: 22, required: true }, { kind: 'content', refId: 11, required: false }],
    });
  });

  it('shows the server\'s message when a change is refused', async () => {
    current = { rows: [], task: task(), refuse: false, refuseSave: true };
    renderRoutes('/sub_admin/tasks/5');
    const card = await screen.findByTestId('task-contents', {}, { timeout: 10_000 });
    fireEvent.click(within(card).getByRole('button', { name: '移除「安全考试」' }));
    fireEvent.click(within(card).getByTestId('task-contents-save'));
    expect(await within(card).findByText(/任务至少要有 3 项内容/)).toBeInTheDocument();
  });
});

describe('teams', { timeout: 90_000 }, () => {
  it('a new team\'s first member found by name becomes its leader, and the team goes to the server so', async () => {
    current = { rows: [], task: task({ mode: 'team' }), refuse: false, refuseSave: false };
    renderRoutes('/sub_admin/tasks/5');
    fireEvent.click(await screen.findByTestId('task-team-new', {}, { timeout: 10_000 }));
    const dialog = (await screen.findByText('新建小组', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('小组名称'), { target: { value: '先锋组' } });
    const search = within(dialog).getByRole('combobox', { name: '添加组员' });
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: '王' } });
    fireEvent.click(await screen.findByTitle('王同学 (student1)', {}, { timeout: 5_000 }));
    expect(within(within(dialog).getByTestId('team-members')).getByRole('radio', { name: /王同学/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent('/task/api/admin/task/team/save')).toHaveLength(1));
    expect(sent('/task/api/admin/task/team/save')[0]!.body).toMatchObject({ taskId: 5, name: '先锋组', leaderId: 58, memberIds: [] });
  });
});

describe('certificate rules', { timeout: 90_000 }, () => {
  it('sends a new rule with its picked source, and refuses one without a title in words', async () => {
    current = { rows: [], task: task(), refuse: false, refuseSave: false };
    renderRoutes('/sub_admin/credentials');
    fireEvent.click(await screen.findByTestId('rule-new', {}, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '来源类型' }));
    fireEvent.click(await screen.findByTitle('完成任务'));
    const source = within(dialog).getByRole('combobox', { name: '选择任务' });
    fireEvent.mouseDown(source);
    fireEvent.click(await screen.findByTitle('入职必修'));
    fireEvent.click(within(dialog).getByTestId('rule-save'));
    expect(await within(dialog).findByText('请填写证书名称。')).toBeInTheDocument();
    expect(sent('/um/api/admin/credentialRule/save')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('证书名称'), { target: { value: '入职结业证书' } });
    fireEvent.change(within(dialog).getByLabelText('发证机构'), { target: { value: '演示学院' } });
    fireEvent.change(within(dialog).getByLabelText('有效期（月）'), { target: { value: '24' } });
    fireEvent.click(within(dialog).getByTestId('rule-save'));
    await waitFor(() => expect(sent('/um/api/admin/credentialRule/save')).toHaveLength(1));
    expect(sent('/um/api/admin/credentialRule/save')[0]!.body).toMatchObject({
      rule: { sourceKind: 'task', sourceId: 5, title: '入职结业证书', issuer: '演示学院', validMonths: 24, enabled: true },
    });
  });

  it('revokes an issued certificate only with a reason', async () => {
    current = { rows: [], task: task(), refuse: false, refuseSave: false };
    renderRoutes('/sub_admin/credentials');
    fireEvent.click(await screen.findByTestId('rule-issued', {}, { timeout: 10_000 }));
    const list = await screen.findByTestId('issued-list');
    fireEvent.click(within(list).getByRole('button', { name: '撤销 学员' }));
    const dialog = (await screen.findByText('撤销 学员 的证书')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    expect(await within(dialog).findByText('请填写撤销原因。')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('撤销原因（持证人会看到）'), { target: { value: '信息有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(sent('/um/api/admin/credential/revoke')).toHaveLength(1));
    expect(sent('/um/api/admin/credential/revoke')[0]!.body).toMatchObject({ id: 31, reason: '信息有误' });
  });
});
