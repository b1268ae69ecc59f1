// Tasks (issue 19 part A; server/modules/task/tasks-*.ts, docs/growth.md "Tasks"): the seeded tasks,
// the public list's window filter, the detail for guests and learners, the whole journey (join,
// open a content, study it through the player's save with logType task and userTaskId, finish),
// the window and rule refusals, team tasks, to-do tasks, the refusals (guest, another tenant's
// user, another learner's task) and row-level security on the new tables.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { progressOf } from '../../server/modules/task/tasks-repository';
import { TASK_LOG_TYPE } from '../../schemas/api/tasks';
import { apiOf } from './api';
import { afterConcurrentWrite } from './lock-wait';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acmeLearner: { id: number; token: string };
const DAY = 86_400_000;
const OPEN = '新员工入职必修：安全与沟通';
const q = (path: string, params: Record<string, string | number> = {}, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object) => call('POST', path, token, { tenantId: 1001, ...body });

/** A new user of the demo tenant with a token. */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

/** The demo task with this title. */
async function taskId(title: string): Promise<number> {
  const row = await t.db.owner.selectFrom('task').select('id').where('tenant_id', '=', 1001).where('title', '=', title).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A new open public task of the demo tenant with the given contents; its id. */
async function makeTask(contentIds: number[], extra: Record<string, unknown> = {}): Promise<number> {
  const task = await t.db.owner.insertInto('task').values({
    tenant_id: 1001, category_id: null, title: `任务 ${Math.random()}`, cover: null, summary: null, start_time: new Date(Date.now() - DAY),
    end_time: new Date(Date.now() + DAY), ...extra,
  }).returning('id').executeTakeFirstOrThrow();
  if (contentIds.length) {
    await t.db.owner.insertInto('task_content').values(contentIds.map((id, i) => ({ tenant_id: 1001, task_id: Number(task.id), kind: 'content' as const, content_id: id, sort: i }))).execute();
  }
  return Number(task.id);
}

/** Demo contents no test has studied: fresh rows copying a published article. */
async function freshContents(n: number): Promise<number[]> {
  const rows = await t.db.owner.insertInto('content').values(Array.from({ length: n }, (_, i) => ({
    tenant_id: 1001, category_id: null, title: `任务内容 ${i} ${Math.random()}`, cover: null, summary: null, purpose: 2, kind: 'article' as const,
    author: null, duration: 0, media_url: null, labels: [],
  }))).returning('id').execute();
  return rows.map((r) => Number(r.id));
}

/** The player's save of a whole content, finished, inside a task. */
const finishInTask = (token: string, contentId: number, userTaskId: number) =>
  post('/cm/api/hist/save', token, { contentId, duration: 60, progress: 60, state: 2, logType: TASK_LOG_TYPE, userTaskId });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
}, 120_000);

afterAll(async () => t?.close());

describe('the seeded tasks', () => {
  it('give the demo learner an open task of exactly a video and a document, assigned to them, and every window state', async () => {
    const id = await taskId(OPEN);
    const detail = await data('GET', q('/task/api/userTask/detail', { taskId: id }), learner.token);
    expect(detail).toMatchObject({ windowState: 'open', assigned: true, canJoin: true, mine: null, contentCount: 2, requiredCount: 2 });
    const contents = await data('GET', q('/task/api/userTask/contentList', { taskId: id }), learner.token);
    expect(contents.map((c: { contentKind: string }) => c.contentKind)).toEqual(['video', 'article']);
    expect(contents.every((c: { done: boolean }) => !c.done)).toBe(true);

    const todo = await data('GET', q('/task/api/task/searchByMember', { pageSize: 50, state: 'all' }), learner.token);
    const states = new Set(todo.list.map((x: { windowState: string }) => x.windowState));
    expect([...states].sort()).toEqual(['closed', 'open', 'upcoming']);
    // Nearest deadline first (open-ended last); the closed one, not finished, is overdue.
    const ends = todo.list.map((x: { endTime: string | null }) => (x.endTime ? Date.parse(x.endTime) : Infinity));
    expect(ends).toEqual([...ends].sort((a: number, b: number) => a - b));
    for (const x of todo.list) expect(x.overdue).toBe(x.windowState === 'closed' && x.mine?.state !== 'finished');
    expect(todo.list.some((x: { via: string; teamName: string | null }) => x.via === 'team' && x.teamName === '学习小组 A')).toBe(true);
  });

  it('give acme its tasks in English', async () => {
    const list = await data('GET', q('/task/api/task/searchAuth', { pageSize: 50, searchValue: 'New starter essentials' }, 1002), undefined);
    expect(list.total).toBe(1);
  });

  it('give every catalogue task contents to study', async () => {
    const { rows } = await withTenant(t.db.app, 1001, (trx) => sql<{ n: number }>`
      select count(*)::int as n from task where not exists (select 1 from task_content c where c.task_id = task.id)`.execute(trx));
    expect(rows[0]!.n).toBe(0);
  });
});

describe('GET /task/api/task/searchAuth', () => {
  it('filters by window state and still lists public tasks without one', async () => {
    const all = await data('GET', q('/task/api/task/searchAuth', { pageSize: 50 }), undefined);
    expect(all.total).toBeGreaterThan(3);
    for (const state of ['upcoming', 'open', 'closed'] as const) {
      const page = await data('GET', q('/task/api/task/searchAuth', { pageSize: 50, windowState: state }), undefined);
      expect(page.total, state).toBeGreaterThan(0);
      expect(page.list.every((x: { windowState: string }) => x.windowState === state), state).toBe(true);
    }
  });
});

describe('a guest', () => {
  it('reads a task and its contents without progress, and cannot join', async () => {
    const id = await taskId(OPEN);
    const detail = await data('GET', q('/task/api/userTask/detail', { taskId: id }), undefined);
    expect(detail).toMatchObject({ canJoin: false, mine: null, team: null });
    expect(detail.joinBlocked).toContain('登录');
    const contents = await data('GET', q('/task/api/userTask/contentList', { taskId: id }), undefined);
    expect(contents).toHaveLength(2);
  });

  it('is refused every call about "mine" with flag 401', async () => {
    const id = await taskId(OPEN);
    for (const [method, path, body] of [
      ['POST', '/task/api/userTask/start', { taskId: id }], ['POST', '/task/api/userTask/finish', { userTaskId: 1 }],
      ['POST', '/task/api/userTask/startTaskContent', { userTaskId: 1, taskContentId: 1 }], ['POST', '/task/api/userTask/saveTaskContent', { userTaskId: 1, taskContentId: 1 }],
    ] as const) {
      expect((await post(path, undefined, body)).flag, path).toBe(401);
      void method;
    }
    for (const path of ['/task/api/userTask/searchUser', '/task/api/task/searchByMember', '/task/api/taskTeam/searchByMember']) {
      expect((await call('GET', q(path), undefined)).flag, path).toBe(401);
    }
  });
});

describe('a learner doing a task', () => {
  it('joins, opens each content from the task, studies it in the player, and finishes once the rule is met', async () => {
    const user = await makeUser(`tasker_${Date.now()}`);
    const contentIds = await freshContents(2);
    const id = await makeTask(contentIds);
    const mine = await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: id });
    expect(mine).toMatchObject({ taskId: id, state: 'joined', progress: { doneCount: 0, needCount: 2, percentage: 0, ruleMet: false } });
    // Joining twice is the same task.
    expect((await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: id })).id).toBe(mine.id);
    expect(Number((await t.db.owner.selectFrom('task').select('join_count').where('tenant_id', '=', 1001).where('id', '=', id).executeTakeFirstOrThrow()).join_count)).toBe(1);

    const refused = await post('/task/api/userTask/finish', user.token, { userTaskId: mine.id });
    expect(refused).toMatchObject({ success: false, errorCode: 'TASK_RULE_NOT_MET' });
    expect(refused.message).toContain('完成全部 2 项必修内容');

    const contents = await data('GET', q('/task/api/userTask/contentList', { taskId: id }), user.token);
    for (const c of contents) {
      const opened = await data('POST', '/task/api/userTask/startTaskContent', user.token, { tenantId: 1001, userTaskId: mine.id, taskContentId: c.id });
      expect(opened.route).toBe(`/knowledge/detail/${c.refId}?userTaskId=${mine.id}&taskContentId=${c.id}&taskId=${id}`);
      expect(opened.content.startedAt).not.toBeNull();
      await data('POST', '/cm/api/hist/save', user.token, { tenantId: 1001, contentId: c.refId, duration: 60, progress: 60, state: 2, logType: TASK_LOG_TYPE, userTaskId: mine.id });
      const saved = await data('POST', '/task/api/userTask/saveTaskContent', user.token, { tenantId: 1001, userTaskId: mine.id, taskContentId: c.id });
      expect(saved).toMatchObject({ done: true, percentage: 100 });
      expect(saved.finishedAt).not.toBeNull();
    }
    // The study record carries the task (spec learning §3 logType, userTaskId).
    const records = await t.db.owner.selectFrom('study_record').select(['log_type', 'user_task_id']).where('tenant_id', '=', 1001)
      .where('user_id', '=', user.id).where('content_id', 'in', contentIds).execute();
    expect(records).toEqual([{ log_type: TASK_LOG_TYPE, user_task_id: mine.id }, { log_type: TASK_LOG_TYPE, user_task_id: mine.id }]);

    // The tenant grants a certificate for this task (part E's rules); its points rule is part C's.
    await t.db.owner.insertInto('credential_rule').values({ tenant_id: 1001, source_kind: 'task', source_id: id, title: '任务证书', issuer: '演示学堂' }).execute();
    const rule = await t.db.owner.selectFrom('points_rule').select(['points', 'enabled']).where('tenant_id', '=', 1001).where('kind', '=', 'task_finish').executeTakeFirstOrThrow();
    const finished = await data('POST', '/task/api/userTask/finish', user.token, { tenantId: 1001, userTaskId: mine.id });
    expect(finished.mine).toMatchObject({ state: 'finished', progress: { percentage: 100, ruleMet: true } });
    // Finishing awards task_finish once by the tenant's rule, and the task's credential.
    expect(finished.points).toBe(rule.enabled ? rule.points : 0);
    expect(finished.points).toBeGreaterThan(0);
    expect(finished.mine.pointsAwarded).toBe(finished.points);
    expect(finished.credentialIds).toHaveLength(1);
    expect(finished.mine.finishedAt).not.toBeNull();
    // Finishing again awards nothing more and keeps the first finish.
    const again = await data('POST', '/task/api/userTask/finish', user.token, { tenantId: 1001, userTaskId: mine.id });
    expect(again).toMatchObject({ points: 0, credentialIds: [], mine: { finishedAt: finished.mine.finishedAt } });

    const listed = await data('GET', q('/task/api/userTask/searchUser', { state: 'finished' }), user.token);
    expect(listed.list.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await data('GET', q('/task/api/userTask/searchUser', { state: 'doing' }), user.token)).total).toBe(0);
  });

  it('counts a content finished before joining: progress comes from the study record', async () => {
    const user = await makeUser(`early_${Date.now()}`);
    const [a, b] = await freshContents(2);
    await data('POST', '/cm/api/hist/save', user.token, { tenantId: 1001, contentId: a, duration: 30, progress: 30, state: 2 });
    const id = await makeTask([a!, b!]);
    const mine = await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: id });
    expect(mine.progress).toMatchObject({ doneCount: 1, needDone: 1, percentage: 50 });
  });

  it('finishes an "at least N" task with N contents done, required or not', async () => {
    const user = await makeUser(`atleast_${Date.now()}`);
    const ids = await freshContents(3);
    const id = await makeTask(ids, { finish_rule: 'at_least', finish_min: 2 });
    const mine = await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: id });
    await finishInTask(user.token, ids[2]!, mine.id);
    expect((await post('/task/api/userTask/finish', user.token, { userTaskId: mine.id })).message).toContain('至少完成 2 项内容');
    await finishInTask(user.token, ids[0]!, mine.id);
    expect((await data('POST', '/task/api/userTask/finish', user.token, { tenantId: 1001, userTaskId: mine.id })).mine.state).toBe('finished');
  });

  it('answers a finish that meets another at the same moment with the first finish, not TASK_ALREADY_FINISHED', async () => {
    const user = await makeUser(`twice_${Date.now()}`);
    const ids = await freshContents(1);
    const id = await makeTask(ids);
    const mine = await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: id });
    await finishInTask(user.token, ids[0]!, mine.id);
    // The other finish (a retry, a second tab) marks the task finished while this one is under way.
    const finished = await afterConcurrentWrite(t.db.owner, 1001,
      (trx) => trx.updateTable('user_task').set({ state: 'finished', finished_at: sql<Date>`now()`, started_at: sql<Date>`coalesce(started_at, now())` }).where('id', '=', mine.id).execute(),
      () => post('/task/api/userTask/finish', user.token, { userTaskId: mine.id }));
    expect(finished, finished.message).toMatchObject({ success: true, data: { points: 0, credentialIds: [], mine: { id: mine.id, state: 'finished' } } });
    expect(finished.data.mine.finishedAt).not.toBeNull();
  });

  it('cannot join, open or finish a task outside its window', async () => {
    const user = await makeUser(`window_${Date.now()}`);
    const ids = await freshContents(1);
    const upcoming = await makeTask(ids, { start_time: new Date(Date.now() + DAY), end_time: null });
    expect(await post('/task/api/userTask/start', user.token, { taskId: upcoming })).toMatchObject({ success: false, errorCode: 'TASK_NOT_STARTED' });
    const closed = await makeTask(ids, { start_time: new Date(Date.now() - 3 * DAY), end_time: new Date(Date.now() - DAY) });
    expect(await post('/task/api/userTask/start', user.token, { taskId: closed })).toMatchObject({ success: false, errorCode: 'TASK_CLOSED' });

    // Joined while open, then the window closed: neither opening a content nor finishing.
    const open = await makeTask(ids);
    const mine = await data('POST', '/task/api/userTask/start', user.token, { tenantId: 1001, taskId: open });
    await finishInTask(user.token, ids[0]!, mine.id);
    await t.db.owner.updateTable('task').set({ end_time: new Date(Date.now() - 1000) }).where('tenant_id', '=', 1001).where('id', '=', open).execute();
    const [content] = await data('GET', q('/task/api/userTask/contentList', { taskId: open }), user.token);
    const opened = await post('/task/api/userTask/startTaskContent', user.token, { userTaskId: mine.id, taskContentId: content.id });
    expect(opened).toMatchObject({ success: false, errorCode: 'TASK_CLOSED' });
    const finish = await post('/task/api/userTask/finish', user.token, { userTaskId: mine.id });
    expect(finish).toMatchObject({ success: false, errorCode: 'TASK_CLOSED' });
    expect(finish.message).toContain('结束');
  });

  it('cannot use another learner\'s task, and a save naming it stores no task', async () => {
    const owner = await makeUser(`owner_${Date.now()}`);
    const other = await makeUser(`other_${Date.now()}`);
    const ids = await freshContents(1);
    const id = await makeTask(ids);
    const mine = await data('POST', '/task/api/userTask/start', owner.token, { tenantId: 1001, taskId: id });
    expect(await post('/task/api/userTask/finish', other.token, { userTaskId: mine.id })).toMatchObject({ success: false, errorCode: 'USER_TASK_NOT_FOUND' });
    expect(await post('/task/api/userTask/saveTaskContent', other.token, { userTaskId: mine.id, taskContentId: 1 })).toMatchObject({ success: false, errorCode: 'USER_TASK_NOT_FOUND' });
    await finishInTask(other.token, ids[0]!, mine.id);
    const record = await t.db.owner.selectFrom('study_record').select('user_task_id').where('tenant_id', '=', 1001).where('user_id', '=', other.id).where('content_id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(record.user_task_id).toBeNull();
  });
});

describe('team tasks', () => {
  it('show the learner their team with each member\'s progress, and refuse anyone outside the team', async () => {
    const id = await taskId('学习小组挑战：团队协作');
    const detail = await data('GET', q('/task/api/userTask/detail', { taskId: id }), learner.token);
    expect(detail.mode).toBe('team');
    expect(detail.mine).toMatchObject({ state: 'started' });
    expect(detail.team).toMatchObject({ name: '学习小组 A', memberCount: 2 });
    expect(detail.team.members.map((m: { role: string; me: boolean }) => [m.role, m.me])).toEqual([['leader', true], ['member', false]]);
    const teams = await data('GET', q('/task/api/taskTeam/searchByMember', { taskId: id }), learner.token);
    expect(teams.map((x: { taskId: number }) => x.taskId)).toEqual([id]);

    const outsider = await makeUser(`outsider_${Date.now()}`);
    const view = await data('GET', q('/task/api/userTask/detail', { taskId: id }), outsider.token);
    expect(view).toMatchObject({ canJoin: false, assigned: false });
    expect(view.joinBlocked).toContain('团队任务');
    expect(await post('/task/api/userTask/start', outsider.token, { taskId: id })).toMatchObject({ success: false, errorCode: 'TASK_NOT_ALLOWED' });
    expect(await data('GET', q('/task/api/taskTeam/searchByMember'), outsider.token)).toEqual([]);
  });
});

describe('tenants', () => {
  it('refuse another tenant\'s user and never show one tenant\'s task to another', async () => {
    const id = await taskId(OPEN);
    expect((await post('/task/api/userTask/start', acmeLearner.token, { taskId: id })).flag).toBe(401);
    expect((await call('GET', q('/task/api/userTask/searchUser'), acmeLearner.token)).flag).toBe(401);
    const onAcme = await call('GET', q('/task/api/userTask/detail', { taskId: id }, 1002), acmeLearner.token);
    expect(onAcme).toMatchObject({ success: false, errorCode: 'TASK_NOT_FOUND' });
    const acmeStart = await call('POST', '/task/api/userTask/start', acmeLearner.token, { tenantId: 1002, taskId: id });
    expect(acmeStart).toMatchObject({ success: false, errorCode: 'TASK_NOT_FOUND' });
  });

  it('keep every task table under row-level security', async () => {
    for (const table of ['task_content', 'task_assignee', 'task_team', 'task_team_member', 'user_task', 'user_task_content']) {
      const { rows } = await withTenant(t.db.app, 1002, (trx) => sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = 1001`.execute(trx));
      expect(rows[0]!.n, table).toBe(0);
      const { rows: own } = await withTenant(t.db.app, 1001, (trx) => sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(trx));
      if (table !== 'user_task_content') expect(own[0]!.n, table).toBeGreaterThan(0);
    }
  });
});

describe('progressOf (the completion rule)', () => {
  const c = (done: boolean, required = true) => ({ done, required });
  it('needs every required content under all, and every content when none is marked required', () => {
    expect(progressOf({ finish_rule: 'all', finish_min: null }, [c(true), c(false), c(false, false)], false)).toMatchObject({ needCount: 2, needDone: 1, percentage: 50, ruleMet: false });
    expect(progressOf({ finish_rule: 'all', finish_min: null }, [c(true), c(true), c(false, false)], false)).toMatchObject({ ruleMet: true, percentage: 100 });
    expect(progressOf({ finish_rule: 'all', finish_min: null }, [c(true, false), c(false, false)], false)).toMatchObject({ needCount: 2, ruleMet: false });
  });
  it('needs N contents under at_least, and never more than the task has', () => {
    expect(progressOf({ finish_rule: 'at_least', finish_min: 2 }, [c(false), c(true, false), c(false)], false)).toMatchObject({ needCount: 2, needDone: 1, ruleMet: false });
    expect(progressOf({ finish_rule: 'at_least', finish_min: 5 }, [c(true), c(true)], false)).toMatchObject({ needCount: 2, ruleMet: true });
  });
  it('is not met by a task without contents', () => {
    expect(progressOf({ finish_rule: 'all', finish_min: null }, [], false)).toMatchObject({ needCount: 0, ruleMet: false, percentage: 0 });
  });
});
