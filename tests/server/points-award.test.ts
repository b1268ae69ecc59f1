// The points kernel (server/lib/points.ts awardPoints, issue 19 part C): rule points × units, the
// day's cap per kind, idempotence per (user, kind, ref), rules off, the total kept equal to the
// ledger, concurrency on one learner, study time's units, and the seeded ledger matching totals.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { awardPoints, awardStudyTimePoints, type PointsEvent } from '../../server/lib/points';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

/** A fresh user of a tenant with no points yet. */
async function makeUser(tenantId: number, account: string): Promise<number> {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(user.id);
}

const award = (tenantId: number, event: PointsEvent) => withTenant(t.db.app, tenantId, (trx) => awardPoints(trx, event));

/** The learner's total and ledger sum, read under the tenant. */
async function totals(tenantId: number, userId: number) {
  return withTenant(t.db.app, tenantId, async (trx) => {
    const { rows: [r] } = await sql<{ total: number | null; ledger: number }>`
      select (select points from user_integral where user_id = ${userId}) as total,
        coalesce((select sum(points) from points_ledger where user_id = ${userId}), 0)::int as ledger`.execute(trx);
    return r!;
  });
}

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('awardPoints', () => {
  it('awards the rule points times units, once per ref, and keeps the total equal to the ledger', async () => {
    const user = await makeUser(1001, 'points-a');
    expect(await award(1001, { userId: user, kind: 'game_round', ref: 'round:1', units: 3, note: '第一关' })).toBe(6);
    expect(await award(1001, { userId: user, kind: 'game_round', ref: 'round:1', units: 3 })).toBe(0);
    expect(await award(1001, { userId: user, kind: 'task_finish', ref: 'task:9' })).toBe(30);
    expect(await totals(1001, user)).toEqual({ total: 36, ledger: 36 });
  });

  it('stops at the day cap of the kind, the last award cut to what is left', async () => {
    const user = await makeUser(1001, 'points-cap');
    const got = [];
    for (let i = 1; i <= 8; i++) got.push(await award(1001, { userId: user, kind: 'comment', ref: `comment:${i}` }));
    expect(got).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    // cap 60 with 20 a pass: three passes, then nothing; a cap raised to 70 leaves the fourth 10.
    expect(await award(1001, { userId: user, kind: 'exam_pass', ref: 'exam:1' })).toBe(20);
    expect(await award(1001, { userId: user, kind: 'exam_pass', ref: 'exam:2' })).toBe(20);
    expect(await award(1001, { userId: user, kind: 'exam_pass', ref: 'exam:3' })).toBe(20);
    expect(await award(1001, { userId: user, kind: 'exam_pass', ref: 'exam:4' })).toBe(0);
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ daily_cap: 70 }).where('tenant_id', '=', 1001).where('kind', '=', 'exam_pass').execute());
    expect(await award(1001, { userId: user, kind: 'exam_pass', ref: 'exam:4' })).toBe(10);
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ daily_cap: 60 }).where('tenant_id', '=', 1001).where('kind', '=', 'exam_pass').execute());
    expect(await totals(1001, user)).toEqual({ total: 75, ledger: 75 });
  });

  it('awards nothing under a rule turned off, and nothing for nonsense units', async () => {
    const user = await makeUser(1001, 'points-off');
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ enabled: false }).where('tenant_id', '=', 1001).where('kind', '=', 'autonomy_study').execute());
    expect(await award(1001, { userId: user, kind: 'autonomy_study', ref: 'a:1', units: 30 })).toBe(0);
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('points_rule').set({ enabled: true }).where('tenant_id', '=', 1001).where('kind', '=', 'autonomy_study').execute());
    expect(await award(1001, { userId: user, kind: 'game_round', ref: 'round:x', units: 0 })).toBe(0);
    expect(await award(1001, { userId: user, kind: 'game_round', ref: 'round:y', units: -2 })).toBe(0);
    expect(await award(1001, { userId: user, kind: 'autonomy_study', ref: 'a:1', units: 30 })).toBe(3);
  });

  it('counts units in whole steps of the rule: 30 minutes of self-directed study a step', async () => {
    const user = await makeUser(1001, 'points-step');
    expect(await award(1001, { userId: user, kind: 'autonomy_study', ref: 'a:short', units: 29 })).toBe(0);
    expect(await award(1001, { userId: user, kind: 'autonomy_study', ref: 'a:long', units: 65 })).toBe(6);
    expect(await award(1001, { userId: user, kind: 'autonomy_study', ref: 'a:longer', units: 300 })).toBe(9); // the cap of 15
  });

  it('lets ten awards at once on one learner pass the cap no further', async () => {
    const user = await makeUser(1001, 'points-race');
    const got = await Promise.all(Array.from({ length: 10 }, (_, i) => award(1001, { userId: user, kind: 'content_finish', ref: `content:${i}` })));
    expect(got.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await totals(1001, user)).toEqual({ total: 30, ledger: 30 });
  });

  it('uses the tenant of the transaction: the same kind earns acme its own rule', async () => {
    const user = await makeUser(1002, 'points-acme');
    await withTenant(t.db.owner, 1002, (trx) => trx.updateTable('points_rule').set({ points: 7 }).where('tenant_id', '=', 1002).where('kind', '=', 'task_finish').execute());
    expect(await award(1002, { userId: user, kind: 'task_finish', ref: 'task:1' })).toBe(7);
    const demoRows = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('points_ledger').select('id').where('user_id', '=', user).execute());
    expect(demoRows).toEqual([]);
  });

  it('awards study time per whole step of minutes studied today, each step once', async () => {
    const user = await makeUser(1001, 'points-study');
    const study = (seconds: number) => withTenant(t.db.app, 1001, async (trx) => {
      await sql`insert into study_day_delta (tenant_id, user_id, day, seconds)
        select 1001, ${user}, (now() at time zone time_zone)::date, ${seconds} from tenant where id = 1001`.execute(trx);
      return awardStudyTimePoints(trx, user);
    });
    expect(await study(9 * 60)).toBe(0);
    expect(await study(12 * 60)).toBe(4); // 21 minutes: two steps of 10
    expect(await study(60)).toBe(0);
    expect(await study(3 * 60 * 60)).toBe(16); // the cap of 20 a day
    expect(await totals(1001, user)).toEqual({ total: 20, ledger: 20 });
  });
});

describe('the seeded ledger', () => {
  it('sums to every learner total on every tenant, the demo learner not yet checked in today', async () => {
    const { rows } = await sql<{ tenant_id: number; user_id: number; points: number; ledger: number }>`
      select i.tenant_id, i.user_id, i.points, coalesce(sum(l.points), 0)::int as ledger
      from user_integral i left join points_ledger l on l.tenant_id = i.tenant_id and l.user_id = i.user_id
      group by i.tenant_id, i.user_id, i.points`.execute(t.db.owner);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((r) => r.points !== r.ledger)).toEqual([]);
    // The e2e journey checks in for the day: no seed may have done it already.
    const learner = await sql<{ points: number; signed: number }>`
      select i.points, (select count(*) from points_ledger l join tenant t on t.id = l.tenant_id
                        where l.tenant_id = i.tenant_id and l.user_id = i.user_id and l.kind = 'sign_in'
                          and l.day = (now() at time zone t.time_zone)::date)::int as signed
      from user_integral i join user_account u on u.tenant_id = i.tenant_id and u.id = i.user_id
      where i.tenant_id = 1001 and u.account = 'learner'`.execute(t.db.owner);
    expect(learner.rows[0]!.points).toBeGreaterThanOrEqual(1880);
    expect(learner.rows[0]!.signed).toBe(0);
  });
});
