// The back-office's learning tasks (issue 19 part J; docs/api.md "Back-office: tasks and
// certificates"): every call, validation messages, refusals (guest, learner, another tenant's
// admin), isolation, and that learners' progress survives the editor (a finished task stays
// finished when a content is removed; a joined task cannot be deleted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const DEMO = 1001;
const ACME = 1002;
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let acmeAdmin: { id: number; token: string };
let contentIds: number[] = [];
let courseId: number;
let examId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  // acme has no back-office in the demo; here it gets one, with an admin, to try another tenant's admin.
  await t.db.owner.updateTable('tenant').set({ tenant_type: 1 } as never).where('id', '=', ACME).execute();
  await t.db.owner.updateTable('user_account').set({ admin_auth: true }).where('tenant_id', '=', ACME).where('account', '=', 'learner').execute();
  acmeAdmin = await signIn(ACME, 'learner', 'Study@2026');
  const contents = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', DEMO).where('state', '=', 1)
    .where('audit_state', '=', 'approved').where('kind', 'in', ['video', 'pdf', 'article']).orderBy('id').limit(3).execute();
  contentIds = contents.map((c) => Number(c.id));
  courseId = Number((await t.db.owner.selectFrom('course').select('id').where('tenant_id', '=', DEMO).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id);
  examId = Number((await t.db.owner.selectFrom('exam').select('id').where('tenant_id', '=', DEMO).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id);
}, 120_000);
afterAll(async () => t?.close());

const get = (path: string, token = admin.token, tenantId = DEMO) => call('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`, token);
const post = (path: string, body: object, token = admin.token, tenantId = DEMO) => call('POST', path, token, { tenantId, ...body });
const okPost = async (path: string, body: object) => {
  const res = await post(path, body);
  expect(res, res.message).toMatchObject({ success: true });
  return res.data;
};
const fields = (over: object = {}) => ({
  title: '新员工安全培训', cover: null, summary: '入职第一周完成', body: '<p>请按顺序学习。</p><script>alert(1)</script>', startTime: new Date(Date.now() - 3600_000).toISOString(),
  endTime: new Date(Date.now() + 7 * 86400_000).toISOString(), isPublic: false, mode: 'personal', finishRule: 'all', finishMin: null, ...over,
});

describe('who may call', () => {
  const calls: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/task/api/admin/tasks'], ['GET', '/task/api/admin/task?id=1'], ['POST', '/task/api/admin/task/save', { task: fields() }],
    ['POST', '/task/api/admin/task/contents/save', { taskId: 1, contents: [] }], ['POST', '/task/api/admin/task/assignees/add', { taskId: 1, userIds: [1] }],
    ['POST', '/task/api/admin/task/assignees/remove', { taskId: 1, userId: 1 }], ['POST', '/task/api/admin/task/team/save', { taskId: 1, name: 'x', leaderId: 1, memberIds: [] }],
    ['POST', '/task/api/admin/task/team/delete', { taskId: 1, id: 1 }], ['POST', '/task/api/admin/task/close', { id: 1 }], ['POST', '/task/api/admin/task/delete', { id: 1 }],
    ['GET', '/task/api/admin/pick?kind=course'],
  ];
  const send = (method: 'GET' | 'POST', url: string, token: string | undefined, body?: object) =>
    (method === 'GET' ? call('GET', `${url}${url.includes('?') ? '&' : '?'}tenantId=${DEMO}`, token) : call('POST', url, token, { tenantId: DEMO, ...body }));

  it('refuses a guest with the sign-in flag on every call', async () => {
    for (const [method, url, body] of calls) expect(await send(method, url, undefined, body), url).toMatchObject({ success: false, flag: 401 });
  });

  it('refuses a learner on every call (403 NO_ADMIN_AUTH, a Chinese message)', async () => {
    for (const [method, url, body] of calls) {
      const res = await send(method, url, learner.token, body);
      expect(res, url).toMatchObject({ success: false, code: 403, errorCode: 'NO_ADMIN_AUTH' });
      expect(res.message).toContain('没有管理后台的权限');
    }
  });

  it('refuses another tenant\'s admin here (their token is not signed in on this tenant)', async () => {
    expect(await get('/task/api/admin/tasks', acmeAdmin.token)).toMatchObject({ success: false, flag: 401 });
  });
});

describe('a task from creation to its learners', () => {
  let taskId: number;

  it('creates a task with the body sanitised, and refuses bad fields with clear messages', async () => {
    expect(await post('/task/api/admin/task/save', { task: fields({ title: '  ' }) })).toMatchObject({ success: false, errorCode: 'TASK_TITLE_REQUIRED', message: '请填写任务名称。' });
    expect(await post('/task/api/admin/task/save', { task: fields({ endTime: new Date(Date.now() - 86400_000 * 2).toISOString() }) }))
      .toMatchObject({ success: false, errorCode: 'TASK_WINDOW_INVALID' });
    expect(await post('/task/api/admin/task/save', { task: fields({ finishRule: 'at_least', finishMin: null }) })).toMatchObject({ success: false, errorCode: 'TASK_FINISH_MIN_REQUIRED' });
    expect(await post('/task/api/admin/task/save', { task: fields({ cover: 'javascript:alert(1)' }) })).toMatchObject({ success: false, errorCode: 'TASK_COVER_INVALID' });
    const task = await okPost('/task/api/admin/task/save', { task: fields() });
    taskId = task.id;
    expect(task).toMatchObject({ title: '新员工安全培训', windowState: 'open', isPublic: false, joinedCount: 0, contents: [], assignees: [] });
    expect(task.body).toContain('<p>请按顺序学习。</p>');
    expect(task.body).not.toContain('script');
    expect(task.pointsRule).toMatchObject({ points: expect.any(Number) });
  });

  it('saves contents in order with their required flag, refuses duplicates and rows not found', async () => {
    expect(await post('/task/api/admin/task/contents/save', { taskId, contents: [{ kind: 'course', refId: courseId, required: true }, { kind: 'course', refId: courseId, required: false }] }))
      .toMatchObject({ success: false, errorCode: 'TASK_CONTENT_DUPLICATE' });
    expect(await post('/task/api/admin/task/contents/save', { taskId, contents: [{ kind: 'exam', refId: 987654, required: true }] }))
      .toMatchObject({ success: false, errorCode: 'TASK_CONTENT_NOT_FOUND', message: expect.stringContaining('987654') });
    const task = await okPost('/task/api/admin/task/contents/save', {
      taskId, contents: [{ kind: 'content', refId: contentIds[0], required: true }, { kind: 'content', refId: contentIds[1], required: true }, { kind: 'exam', refId: examId, required: false }],
    });
    expect(task.contents.map((c: { kind: string; refId: number; required: boolean }) => [c.kind, c.refId, c.required]))
      .toEqual([['content', contentIds[0], true], ['content', contentIds[1], true], ['exam', examId, false]]);
    // Reordering keeps the rows (their ids), so learners' progress on them stays.
    const reordered = await okPost('/task/api/admin/task/contents/save', {
      taskId, contents: [{ kind: 'content', refId: contentIds[1], required: true }, { kind: 'content', refId: contentIds[0], required: true }, { kind: 'exam', refId: examId, required: false }],
    });
    expect(reordered.contents.map((c: { id: number }) => c.id)).toEqual([task.contents[1].id, task.contents[0].id, task.contents[2].id]);
    const stored = await t.db.owner.selectFrom('task').select('step_count').where('tenant_id', '=', DEMO).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(stored.step_count).toBe(3);
  });

  it('refuses an "at least" rule above the number of contents, either way round', async () => {
    expect(await post('/task/api/admin/task/save', { id: taskId, task: fields({ finishRule: 'at_least', finishMin: 4 }) })).toMatchObject({ success: false, errorCode: 'TASK_FINISH_MIN_TOO_HIGH' });
    await okPost('/task/api/admin/task/save', { id: taskId, task: fields({ finishRule: 'at_least', finishMin: 3 }) });
    expect(await post('/task/api/admin/task/contents/save', { taskId, contents: [{ kind: 'exam', refId: examId, required: true }] }))
      .toMatchObject({ success: false, errorCode: 'TASK_FINISH_MIN_TOO_HIGH' });
    await okPost('/task/api/admin/task/save', { id: taskId, task: fields() });
  });

  it('assigns the learner, who then finds it in myMemberTask; unassigning takes it off the list', async () => {
    const task = await okPost('/task/api/admin/task/assignees/add', { taskId, userIds: [learner.id] });
    expect(task.assignees).toEqual([expect.objectContaining({ userId: learner.id, account: 'learner' })]);
    const mine = await data('GET', `/task/api/task/searchByMember?tenantId=${DEMO}&pageNo=1&pageSize=50&state=all`, learner.token);
    expect(mine.list.map((r: { id: number }) => r.id)).toContain(taskId);
    const removed = await okPost('/task/api/admin/task/assignees/remove', { taskId, userId: learner.id });
    expect(removed.assignees).toEqual([]);
    const after = await data('GET', `/task/api/task/searchByMember?tenantId=${DEMO}&pageNo=1&pageSize=50&state=all`, learner.token);
    expect(after.list.map((r: { id: number }) => r.id)).not.toContain(taskId);
    await okPost('/task/api/admin/task/assignees/add', { taskId, userIds: [learner.id] });
    expect(await post('/task/api/admin/task/assignees/add', { taskId, userIds: [987654] })).toMatchObject({ success: false, errorCode: 'USER_NOT_FOUND' });
    expect(await post('/task/api/admin/task/assignees/add', { taskId })).toMatchObject({ success: false, errorCode: 'ASSIGNEES_EMPTY' });
  });

  it('assigns every current member of a class', async () => {
    const cls = await t.db.owner.selectFrom('classes_member').select(['classes_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenant_id', '=', DEMO).where('state', '=', 1).groupBy('classes_id').orderBy('classes_id').executeTakeFirstOrThrow();
    const res = await post('/task/api/admin/task/assignees/add', { taskId, classesId: Number(cls.classes_id) });
    expect(res, res.message).toMatchObject({ success: true, message: expect.stringMatching(/^已分配给 \d+ 人$/) });
    const members = await t.db.owner.selectFrom('classes_member').select('user_id').where('tenant_id', '=', DEMO).where('classes_id', '=', cls.classes_id).where('state', '=', 1).execute();
    const assigned = new Set(res.data.assignees.map((a: { userId: number }) => a.userId));
    for (const m of members) expect(assigned.has(Number(m.user_id))).toBe(true);
    expect(await post('/task/api/admin/task/assignees/add', { taskId, classesId: 987654 })).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
  });

  it('removing a content a learner finished keeps their finished task finished, and a joined task cannot be deleted or change mode', async () => {
    const joined = await data('POST', '/task/api/userTask/start', learner.token, { tenantId: DEMO, taskId });
    const userTaskId = Number(joined.id);
    await t.db.owner.updateTable('user_task').set({ state: 'finished', started_at: new Date(), finished_at: new Date() })
      .where('tenant_id', '=', DEMO).where('id', '=', userTaskId).execute();
    const task = await okPost('/task/api/admin/task/contents/save', { taskId, contents: [{ kind: 'content', refId: contentIds[2], required: true }] });
    expect(task).toMatchObject({ joinedCount: 1, finishedCount: 1 });
    const row = await t.db.owner.selectFrom('user_task').select('state').where('tenant_id', '=', DEMO).where('id', '=', userTaskId).executeTakeFirstOrThrow();
    expect(row.state).toBe('finished');
    const list = await data('GET', `/task/api/admin/tasks?tenantId=${DEMO}&text=${encodeURIComponent('安全培训')}`, admin.token);
    expect(list.list).toEqual([expect.objectContaining({ id: taskId, joinedCount: 1, finishedCount: 1, contentCount: 1, windowState: 'open' })]);
    expect(await post('/task/api/admin/task/delete', { id: taskId })).toMatchObject({ success: false, code: 409, errorCode: 'TASK_HAS_LEARNERS', message: expect.stringContaining('提前结束') });
    expect(await post('/task/api/admin/task/save', { id: taskId, task: fields({ mode: 'team' }) })).toMatchObject({ success: false, errorCode: 'TASK_MODE_LOCKED' });
  });

  it('closes a task early (then it is closed, and closing again is refused)', async () => {
    const closed = await okPost('/task/api/admin/task/close', { id: taskId });
    expect(closed.endTime).not.toBeNull();
    const again = await get(`/task/api/admin/task?id=${taskId}`);
    expect(again.data.windowState).toBe('closed');
    expect(await post('/task/api/admin/task/close', { id: taskId })).toMatchObject({ success: false, errorCode: 'TASK_ALREADY_CLOSED' });
    const list = await data('GET', `/task/api/admin/tasks?tenantId=${DEMO}&windowState=closed&pageSize=100`, admin.token);
    expect(list.list.map((r: { id: number }) => r.id)).toContain(taskId);
  });
});

describe('teams and deleting', () => {
  it('keeps teams to team tasks, one team per person, unique names; deletes a task nobody joined', async () => {
    const personal = await okPost('/task/api/admin/task/save', { task: fields({ title: '个人任务' }) });
    expect(await post('/task/api/admin/task/team/save', { taskId: personal.id, name: '一组', leaderId: learner.id, memberIds: [] })).toMatchObject({ success: false, errorCode: 'TASK_NOT_TEAM' });
    const team = await okPost('/task/api/admin/task/save', { task: fields({ title: '小组任务', mode: 'team' }) });
    const student1 = await t.db.owner.selectFrom('user_account').select('id').where('tenant_id', '=', DEMO).where('account', '=', 'student1').executeTakeFirstOrThrow();
    const withTeam = await okPost('/task/api/admin/task/team/save', { taskId: team.id, name: '一组', leaderId: learner.id, memberIds: [Number(student1.id)] });
    expect(withTeam.teams).toEqual([expect.objectContaining({ name: '一组', leaderId: learner.id, members: [expect.objectContaining({ userId: learner.id, role: 'leader' }), expect.objectContaining({ userId: Number(student1.id), role: 'member' })] })]);
    expect(await post('/task/api/admin/task/team/save', { taskId: team.id, name: '二组', leaderId: Number(student1.id), memberIds: [] }))
      .toMatchObject({ success: false, errorCode: 'TEAM_MEMBER_TAKEN', message: expect.stringContaining('一组') });
    expect(await post('/task/api/admin/task/team/save', { taskId: team.id, name: '一组', leaderId: admin.id, memberIds: [] })).toMatchObject({ success: false, errorCode: 'TEAM_NAME_TAKEN' });
    const teamId = withTeam.teams[0].id;
    const renamed = await okPost('/task/api/admin/task/team/save', { taskId: team.id, id: teamId, name: '先锋组', leaderId: Number(student1.id), memberIds: [] });
    expect(renamed.teams).toEqual([expect.objectContaining({ name: '先锋组', leaderId: Number(student1.id), members: [expect.objectContaining({ userId: Number(student1.id) })] })]);
    const noTeams = await okPost('/task/api/admin/task/team/delete', { taskId: team.id, id: teamId });
    expect(noTeams.teams).toEqual([]);
    expect(await okPost('/task/api/admin/task/delete', { id: personal.id })).toBeNull();
    expect(await get(`/task/api/admin/task?id=${personal.id}`)).toMatchObject({ success: false, code: 404, errorCode: 'TASK_NOT_FOUND' });
  });

  it('picks the tenant\'s own rows by title', async () => {
    const courses = await data('GET', `/task/api/admin/pick?tenantId=${DEMO}&kind=course`, admin.token);
    expect(courses.length).toBeGreaterThan(0);
    const title = courses[0].title as string;
    const found = await data('GET', `/task/api/admin/pick?tenantId=${DEMO}&kind=course&text=${encodeURIComponent(title)}`, admin.token);
    expect(found.map((r: { id: number }) => r.id)).toContain(courses[0].id);
    const classes = await data('GET', `/task/api/admin/pick?tenantId=${DEMO}&kind=classes`, admin.token);
    expect(classes.length).toBeGreaterThan(0);
  });
});

describe('isolation', () => {
  it('another tenant\'s admin sees none of this tenant\'s tasks nor its rows in the pickers, and cannot open or change one', async () => {
    const demoTask = await okPost('/task/api/admin/task/save', { task: fields({ title: 'DEMO 专属任务' }) });
    const acmeList = await call('GET', `/task/api/admin/tasks?tenantId=${ACME}&pageSize=200`, acmeAdmin.token);
    expect(acmeList.success, acmeList.message).toBe(true);
    expect(acmeList.data.list.map((r: { id: number }) => r.id)).not.toContain(demoTask.id);
    expect(await get(`/task/api/admin/task?id=${demoTask.id}`, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'TASK_NOT_FOUND' });
    expect(await post('/task/api/admin/task/close', { id: demoTask.id }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'TASK_NOT_FOUND' });
    const acmeTask = (await post('/task/api/admin/task/save', { task: fields({ title: 'Acme task' }) }, acmeAdmin.token, ACME)).data;
    expect(await post('/task/api/admin/task/contents/save', { taskId: acmeTask.id, contents: [{ kind: 'course', refId: courseId, required: true }] }, acmeAdmin.token, ACME))
      .toMatchObject({ success: false, errorCode: 'TASK_CONTENT_NOT_FOUND' });
    expect(await post('/task/api/admin/task/assignees/add', { taskId: acmeTask.id, userIds: [learner.id] }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'USER_NOT_FOUND' });
    const picks = (await get('/task/api/admin/pick?kind=course', acmeAdmin.token, ACME)).data as Array<{ id: number }>;
    expect(picks.map((p) => p.id)).not.toContain(courseId);
  });
});
