// Points calls (issue 19 part C; server/modules/um/points-routes.ts): the rules and levels, the
// board by period and organisation with the caller's place, userScore, userLog, the daily check-in;
// refusals (guest, another tenant's session) and row-level security on the points tables.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { finishedContent } from '../../server/lib/study-finish';
import { apiOf } from './api';
import { afterConcurrentWrite } from './lock-wait';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acmeLearner: { id: number; token: string };

const get = (path: string, token?: string) => data('GET', path, token);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
});
afterAll(async () => { await t.close(); });

describe('rules and levels', () => {
  it('lists the rules learners earn by, paused ones only in listRule', async () => {
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ enabled: false }).where('tenant_id', '=', 1001).where('kind', '=', 'match_place').execute());
    const front = await get('/cfg/cfgIntegrateType/listByTenantFront?tenantId=1001');
    const all = await get('/cfg/api/integrate/listRule?tenantId=1001');
    expect(all).toHaveLength(10);
    expect(front.map((r: { kind: string }) => r.kind)).not.toContain('match_place');
    expect(front).toHaveLength(9);
    expect(all.find((r: { kind: string }) => r.kind === 'sign_in')).toMatchObject({ name: '每日签到', points: 5, dailyCap: 5, enabled: true });
    expect(all.find((r: { kind: string }) => r.kind === 'study_time')).toMatchObject({ step: 10, points: 2, dailyCap: 20 });
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ enabled: true }).where('tenant_id', '=', 1001).where('kind', '=', 'match_place').execute());
  });

  it('gives each level its range, the top one open-ended, in the tenant language', async () => {
    const levels = await get('/cfg/api/integrate/listLevel?tenantId=1001');
    expect(levels[0]).toMatchObject({ name: '新手', minPoints: 0, maxPoints: 99 });
    expect(levels.at(-1)).toMatchObject({ minPoints: 5000, maxPoints: null });
    const acme = await get('/cfg/api/integrate/listLevel?tenantId=1002');
    expect(acme[0].name).toBe('Newcomer');
  });
});

describe('the board', () => {
  it('keeps its all-time answer: every learner with a total, most first, ties sharing a rank, no account names', async () => {
    const board = await get('/um/api/userIntegrate/rank?tenantId=1001&pageSize=50');
    const points = board.list.map((r: { points: number }) => r.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    board.list.forEach((row: { rank: number; points: number }) => expect(row.rank).toBe(points.indexOf(row.points) + 1));
    expect(board.list.find((r: { userId: number }) => r.userId === learner.id)).toMatchObject({ name: '小李' });
    for (const row of board.list) expect(row.name).not.toMatch(/^member\d+$|^learner$/);
    expect(board.me).toBeUndefined();
  });

  it('ranks this week and month by the ledger of the period only', async () => {
    const { rows } = await withTenant(t.db.app, 1001, (trx) => sql<{ user_id: number; points: number }>`
      select user_id, sum(points)::int as points from points_ledger
      where day >= date_trunc('month', (now() at time zone 'Asia/Shanghai')::date) group by user_id order by 2 desc, 1`.execute(trx));
    const month = await get('/um/api/userIntegrate/rank?tenantId=1001&pageSize=50&period=month');
    expect(month.total).toBe(rows.length);
    expect(month.list.map((r: { userId: number; points: number }) => [r.userId, r.points])).toEqual(rows.map((r) => [Number(r.user_id), r.points]));
    const week = await get('/um/api/userIntegrate/rank?tenantId=1001&pageSize=50&period=week');
    for (const row of week.list) expect(row.points).toBeLessThanOrEqual(month.list.find((m: { userId: number }) => m.userId === row.userId)?.points ?? Infinity);
  });

  it('filters by organisation, ranking within it', async () => {
    const orgs = await get('/um/api/userIntegrate/orgList?tenantId=1001');
    expect(orgs).toContain('研发中心');
    const board = await get(`/um/api/userIntegrate/rank?tenantId=1001&pageSize=50&orgName=${encodeURIComponent('研发中心')}`);
    expect(board.total).toBeGreaterThan(0);
    expect(board.list[0].rank).toBe(1);
    const names = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('user_account').select('id').where('org_name', '=', '研发中心').execute());
    const ids = new Set(names.map((n) => Number(n.id)));
    for (const row of board.list) expect(ids.has(row.userId)).toBe(true);
  });

  it('shows a signed-in caller their own place even past the page, and no place without points in the period', async () => {
    const board = await get('/um/api/userIntegrate/rank?tenantId=1001&pageSize=1', learner.token);
    expect(board.list).toHaveLength(1);
    const score = await get('/um/api/userIntegrate/userScore?tenantId=1001', learner.token);
    expect(board.me).toMatchObject({ userId: learner.id, points: score.total, name: '小李', rank: score.rank });
    expect(board.me.rank).toBeGreaterThan(1);
    // Another tenant's session gets no place on this board.
    const foreign = await get('/um/api/userIntegrate/rank?tenantId=1001&pageSize=1', acmeLearner.token);
    expect(foreign.me).toBeUndefined();
    const fresh = await makeUser('points-nobody');
    const none = await get('/um/api/userIntegrate/rank?tenantId=1001&period=week', fresh.token);
    expect(none.me).toMatchObject({ rank: null, points: 0 });
  });

  it('gives a learner whose all-time total is 0 no place on the all-time board', async () => {
    const zero = await makeUser(`points-zero-total-${Date.now()}`);
    await withTenant(t.db.app, 1001, (trx) => trx.insertInto('user_integral').values({ tenant_id: 1001, user_id: zero.id, points: 0 }).execute());
    const all = await get('/um/api/userIntegrate/rank?tenantId=1001&period=all&pageSize=50', zero.token);
    expect(all.me).toMatchObject({ userId: zero.id, rank: null, points: 0 });
    expect(all.list.map((r: { userId: number }) => r.userId)).not.toContain(zero.id);
    expect(all.list.every((r: { points: number }) => r.points > 0)).toBe(true);
  });
});

/** A signed-in user of the demo tenant with no points. */
async function makeUser(account: string) {
  const { hashToken, newToken } = await import('../../server/plugins/auth');
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  return { id: Number(user.id), token };
}

describe('the study boards', () => {
  it('rank by seconds studied and by contents finished in the period, with the caller\'s place', async () => {
    const time = await get('/um/api/userIntegrate/studyRank?tenantId=1001&by=time&period=all&pageSize=50', learner.token);
    const values = time.list.map((r: { value: number }) => r.value);
    expect(values.length).toBeGreaterThan(0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const { rows: [mine] } = await withTenant(t.db.app, 1001, (trx) => sql<{ s: number }>`
      select coalesce(sum(seconds), 0)::int as s from (select seconds from study_day where user_id = ${learner.id}
        union all select seconds from study_day_delta where user_id = ${learner.id}) d`.execute(trx));
    expect(time.me).toMatchObject({ userId: learner.id, value: mine!.s });
    const finish = await get('/um/api/userIntegrate/studyRank?tenantId=1001&by=finish&period=all&pageSize=50', learner.token);
    // Contents finished by the archive's rule, each once.
    const { rows: [done] } = await withTenant(t.db.app, 1001, (trx) => sql<{ n: number }>`
      select count(*)::int as n from (select distinct content_id from study_record where user_id = ${learner.id} and state = 2 and finished_at is not null) r
      where ${finishedContent(learner.id, sql.ref('r.content_id'))}`.execute(trx));
    expect(finish.me.value).toBe(done!.n);
    const week = await get('/um/api/userIntegrate/studyRank?tenantId=1001&by=finish&period=week&pageSize=50');
    for (const row of week.list) expect(row.value).toBeLessThanOrEqual(finish.list.find((r: { userId: number }) => r.userId === row.userId)?.value ?? Infinity);
    expect(week.me).toBeUndefined();
    expect((await call('GET', '/um/api/userIntegrate/studyRank?tenantId=1001&by=likes')).success).toBe(false);
  });
});

describe('the completion board', () => {
  it('counts contents finished, not parts: a content of parts once all are done, dated by its last part', async () => {
    const user = await makeUser(`points-finisher-${Date.now()}`);
    const now = Date.now();
    const [whole, parted, begun] = await withTenant(t.db.owner, 1001, async (trx) => {
      const contents = await trx.insertInto('content').values(['整篇', '分章', '未完'].map((title) => ({
        tenant_id: 1001, category_id: null, title: `完成榜 ${title}`, cover: null, summary: null, purpose: 2, kind: 'article' as const,
        author: null, duration: 0, media_url: null, labels: [],
      }))).returning('id').execute();
      return contents.map((c) => Number(c.id));
    });
    await withTenant(t.db.owner, 1001, async (trx) => {
      const parts = await trx.insertInto('content_part').values([parted, parted, begun, begun].map((contentId, i) => ({
        tenant_id: 1001, content_id: contentId!, title: `第 ${i + 1} 章`, kind: 'article' as const, media_url: null, sort: i,
      }))).returning(['id', 'content_id']).execute();
      const [p1, p2, b1] = parts.map((p) => Number(p.id));
      const finished = (contentId: number, partId: number, daysAgo: number) => ({
        tenant_id: 1001, user_id: user.id, content_id: contentId, part_id: partId, progress: 100, max_progress: 100, duration: 100,
        state: 2, percentage: 100, saved_at: now, finished_at: new Date(now - daysAgo * 86_400_000),
      });
      // A whole content finished 40 days ago; a content of two parts, the first 40 days ago and the
      // last now; one part of two of another content.
      await trx.insertInto('study_record').values([finished(whole!, 0, 40), finished(parted!, p1!, 40), finished(parted!, p2!, 0), finished(begun!, b1!, 0)]).execute();
    });
    const all = await get('/um/api/userIntegrate/studyRank?tenantId=1001&by=finish&period=all', user.token);
    expect(all.me).toMatchObject({ userId: user.id, value: 2 });
    const week = await get('/um/api/userIntegrate/studyRank?tenantId=1001&by=finish&period=week', user.token);
    expect(week.me).toMatchObject({ userId: user.id, value: 1 });
  });
});

describe('my points', () => {
  it('places a total in its level with the way to the next', async () => {
    const user = await makeUser('points-level');
    await withTenant(t.db.app, 1001, async (trx) => {
      await trx.insertInto('points_ledger').values({ tenant_id: 1001, user_id: user.id, kind: 'course_finish', ref: 'x', points: 1880, day: '2026-01-05' }).execute();
      await trx.insertInto('user_integral').values({ tenant_id: 1001, user_id: user.id, points: 1880 }).execute();
    });
    const score = await get('/um/api/userIntegrate/userScore?tenantId=1001', user.token);
    expect(score).toMatchObject({
      total: 1880, level: { name: '达人', minPoints: 1000 }, nextLevel: { name: '学霸', minPoints: 2000 }, toNextLevel: 120, levelProgress: 88,
      todayPoints: 0, signedInToday: false,
    });
    const top = await makeUser('points-top');
    await withTenant(t.db.app, 1001, (trx) => trx.insertInto('user_integral').values({ tenant_id: 1001, user_id: top.id, points: 9000 }).execute());
    expect(await get('/um/api/userIntegrate/userScore?tenantId=1001', top.token)).toMatchObject({ level: { name: '大师' }, nextLevel: null, toNextLevel: null, levelProgress: 100, rank: 1 });
    const none = await get('/um/api/userIntegrate/userScore?tenantId=1001', (await makeUser('points-zero')).token);
    expect(none).toMatchObject({ total: 0, level: { name: '新手' }, rank: null });
  });

  it('checks in once a day: points, total, the ledger row, today against the cap, and a second check-in refused', async () => {
    const before = await get('/um/api/userIntegrate/userScore?tenantId=1001', learner.token);
    expect(before).toMatchObject({ signedInToday: false });
    expect(before.rank).toBeGreaterThan(0);
    const done = await data('POST', '/um/api/userIntegrate/signIn', learner.token, { tenantId: 1001 });
    expect(done).toMatchObject({ points: 5, total: before.total + 5, today: before.today });
    const again = await call('POST', '/um/api/userIntegrate/signIn', learner.token, { tenantId: 1001 });
    expect(again).toMatchObject({ success: false, errorCode: 'ALREADY_SIGNED_IN' });
    expect(again.message).toContain('今天已经签到');
    const after = await get('/um/api/userIntegrate/userScore?tenantId=1001', learner.token);
    expect(after).toMatchObject({ total: before.total + 5, signedInToday: true, todayPoints: before.todayPoints + 5 });
    expect(after.todayByKind.find((k: { kind: string }) => k.kind === 'sign_in')).toEqual({ kind: 'sign_in', name: '每日签到', points: 5, dailyCap: 5 });
    const log = await get('/um/api/userIntegrate/userLog?tenantId=1001&pageSize=5', learner.token);
    expect(log.list[0]).toMatchObject({ kind: 'sign_in', kindName: '每日签到', points: 5, day: before.today });
  });

  it('answers a check-in that meets another at the same moment with ALREADY_SIGNED_IN, not SIGN_IN_OFF', async () => {
    const user = await makeUser(`points-two-taps-${Date.now()}`);
    const { today } = await get('/um/api/userIntegrate/userScore?tenantId=1001', user.token);
    // The other check-in writes today's row (and the total) while this one is under way.
    const second = await afterConcurrentWrite(t.db.owner, 1001, async (trx) => {
      await trx.insertInto('user_integral').values({ tenant_id: 1001, user_id: user.id, points: 5 }).execute();
      await trx.insertInto('points_ledger').values({ tenant_id: 1001, user_id: user.id, kind: 'sign_in', ref: today, points: 5, day: today }).execute();
    }, () => call('POST', '/um/api/userIntegrate/signIn', user.token, { tenantId: 1001 }));
    expect(second).toMatchObject({ success: false, errorCode: 'ALREADY_SIGNED_IN' });
    expect(await get('/um/api/userIntegrate/userScore?tenantId=1001', user.token)).toMatchObject({ total: 5, signedInToday: true });
  });

  it('pages the ledger by kind and period, the sum of every page being the total', async () => {
    const all = await get('/um/api/userIntegrate/userLog?tenantId=1001&pageSize=50', learner.token);
    let sum = 0;
    for (let page = 1; page <= Math.ceil(all.total / 50); page++) {
      const p = await get(`/um/api/userIntegrate/userLog?tenantId=1001&pageSize=50&pageNo=${page}`, learner.token);
      sum += p.list.reduce((s: number, r: { points: number }) => s + r.points, 0);
    }
    const score = await get('/um/api/userIntegrate/userScore?tenantId=1001', learner.token);
    expect(sum).toBe(score.total);
    const exams = await get('/um/api/userIntegrate/userLog?tenantId=1001&pageSize=50&kind=exam_pass', learner.token);
    expect(exams.total).toBeGreaterThan(0);
    for (const row of exams.list) expect(row.kind).toBe('exam_pass');
    const week = await get('/um/api/userIntegrate/userLog?tenantId=1001&pageSize=50&period=week', learner.token);
    expect(week.list.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(score.weekPoints);
  });

  it('refuses a guest and another tenant\'s session on every signed-in call', async () => {
    for (const [method, path, body] of [
      ['GET', '/um/api/userIntegrate/userScore?tenantId=1001'],
      ['GET', '/um/api/userIntegrate/userLog?tenantId=1001'],
      ['POST', '/um/api/userIntegrate/signIn', { tenantId: 1001 }],
    ] as const) {
      for (const token of [undefined, acmeLearner.token]) {
        expect(await call(method, path, token, body)).toMatchObject({ success: false, flag: 401 });
      }
    }
  });

  it('refuses an unknown kind or period with a message', async () => {
    const res = await call('GET', '/um/api/userIntegrate/userLog?tenantId=1001&kind=robbery', learner.token);
    expect(res.success).toBe(false);
  });
});

describe('the back-office', () => {
  it('lets an admin edit a rule and the levels, refusing bad levels, learners and another tenant', async () => {
    const admin = await signIn(1001, 'admin', 'Admin@2026');
    const rule = { tenantId: 1001, kind: 'comment', name: ' 评论互动 ', points: 2, step: 1, dailyCap: null, enabled: true, description: '每条评论 2 分' };
    const rules = await data('POST', '/cfg/api/integrate/saveRule', admin.token, rule);
    expect(rules.find((r: { kind: string }) => r.kind === 'comment')).toMatchObject({ name: '评论互动', points: 2, dailyCap: null, description: '每条评论 2 分' });
    expect((await get('/cfg/cfgIntegrateType/listByTenantFront?tenantId=1001')).find((r: { kind: string }) => r.kind === 'comment')).toMatchObject({ points: 2 });
    expect(await call('POST', '/cfg/api/integrate/saveRule', learner.token, rule)).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('POST', '/cfg/api/integrate/saveRule', undefined, rule)).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', '/cfg/api/integrate/saveRule', admin.token, { ...rule, tenantId: 1002 })).toMatchObject({ success: false, flag: 401 });
    expect((await get('/cfg/api/integrate/listRule?tenantId=1002')).find((r: { kind: string }) => r.kind === 'comment')).toMatchObject({ points: 1 });

    const levels = [{ name: '青铜', minPoints: 0 }, { name: '黄金', minPoints: 3000 }, { name: '白银', minPoints: 800 }];
    expect(await data('POST', '/cfg/api/integrate/saveLevels', admin.token, { tenantId: 1001, levels })).toEqual([
      expect.objectContaining({ name: '青铜', minPoints: 0, maxPoints: 799 }), expect.objectContaining({ name: '白银', minPoints: 800, maxPoints: 2999 }),
      expect.objectContaining({ name: '黄金', minPoints: 3000, maxPoints: null }),
    ]);
    expect(await call('POST', '/cfg/api/integrate/saveLevels', admin.token, { tenantId: 1001, levels: [{ name: 'a', minPoints: 10 }] })).toMatchObject({ success: false, errorCode: 'LEVELS_INVALID' });
    expect(await call('POST', '/cfg/api/integrate/saveLevels', admin.token, { tenantId: 1001, levels: [{ name: 'a', minPoints: 0 }, { name: 'b', minPoints: 0 }] })).toMatchObject({ success: false, errorCode: 'LEVELS_INVALID' });
    expect(await call('POST', '/cfg/api/integrate/saveLevels', learner.token, { tenantId: 1001, levels })).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect((await get('/cfg/api/integrate/listLevel?tenantId=1002'))[0].name).toBe('Newcomer');
  });
});

describe('isolation', () => {
  it('shows a tenant only its own rules, levels and ledger rows', async () => {
    for (const table of ['points_rule', 'points_level', 'points_ledger'] as const) {
      const rows = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(rows.rows.map((r) => Number(r.tenant_id)), table).toEqual([1002]);
    }
    const acme = await get('/um/api/userIntegrate/userLog?tenantId=1002&pageSize=50', acmeLearner.token);
    const demoIds = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('points_ledger').select('id').execute());
    const demo = new Set(demoIds.map((r) => Number(r.id)));
    for (const row of acme.list) expect(demo.has(row.id)).toBe(false);
  });
});
