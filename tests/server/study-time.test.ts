// Study time per day (issue 7 item 6, myStudyRecord; docs/api.md "Study time per day"): every raise
// of a study record's play time is added to the learner's day in the tenant's time zone, once, and
// GET /um/api/userIntegrate/dailyStudyHours reads it back as a full range of days.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { shiftDate } from '../../server/modules/um/study-time-repository';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
let contents: number[];

const DAY = 86_400_000;
const save = (token: string, body: object) => data('POST', '/cm/api/hist/save', token, { tenantId: 1001, progress: 1, duration: 600, state: 1, ...body });
const hours = (token: string, query = '', tenantId = 1001) => data('GET', `/um/api/userIntegrate/dailyStudyHours?tenantId=${tenantId}${query}`, token);
const dayRows = (tenantId: number, userId: number) => withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('study_day')
  .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'seconds']).where('user_id', '=', userId).orderBy('day').execute());

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const rows = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).orderBy('id', 'desc').limit(4).execute();
  contents = rows.map((r) => Number(r.id));
});
afterAll(() => t.close());

describe('study time per day', () => {
  it('adds each raise of play time to the day once, whatever order the saves come in', async () => {
    const before = await hours(learner.token);
    const now = Date.now();
    await save(learner.token, { contentId: contents[0], playTime: 40, savedAt: now - 3000 });
    await save(learner.token, { contentId: contents[0], playTime: 40, savedAt: now - 3000 }); // a re-send
    await save(learner.token, { contentId: contents[0], playTime: 25, savedAt: now - 5000 }); // late and lower
    await save(learner.token, { contentId: contents[0], playTime: 100, savedAt: now });
    await save(learner.token, { contentId: contents[0], partId: 2, playTime: 30, savedAt: now }); // another part
    const after = await hours(learner.token);
    expect(after.todaySeconds - before.todaySeconds).toBe(130);
    expect(after.totalSeconds - before.totalSeconds).toBe(130);
    expect(after.days.at(-1)).toEqual({ date: after.today, seconds: after.todaySeconds });
    expect(after.rangeSeconds).toBe(after.days.reduce((s: number, d: { seconds: number }) => s + d.seconds, 0));
  });

  it('counts concurrent saves of one record exactly once, and concurrent reads fold it once', async () => {
    const before = await hours(learner.token);
    const now = Date.now();
    await Promise.all([10, 20, 30, 40, 50, 60].map((playTime, i) => save(learner.token, { contentId: contents[1], playTime, savedAt: now + i })));
    // Two reads at once both fold the appended time into the day: it is moved once.
    const [a, b] = await Promise.all([hours(learner.token), hours(learner.token)]);
    expect(a.todaySeconds - before.todaySeconds).toBe(60);
    expect(b.todaySeconds).toBe(a.todaySeconds);
    expect((await hours(learner.token)).todaySeconds - before.todaySeconds).toBe(60);
  });

  it('books a save kept offline on the day it was studied, and a save from a wrong clock on today', async () => {
    const before = await hours(learner.token, '&days=3');
    const yesterday = before.days[1].date as string;
    await save(learner.token, { contentId: contents[2], playTime: 70, savedAt: Date.now() - DAY });
    await save(learner.token, { contentId: contents[2], playTime: 90, savedAt: Date.now() + 10 * DAY });
    const after = await hours(learner.token, '&days=3');
    expect(after.days.map((d: { date: string }) => d.date)).toEqual(before.days.map((d: { date: string }) => d.date));
    expect(after.days[1]).toEqual({ date: yesterday, seconds: before.days[1].seconds + 70 });
    expect(after.todaySeconds - before.todaySeconds).toBe(20);
  });

  it('lists every day of a range, zeros included, and counts the days studied', async () => {
    const res = await hours(learner.token, '&days=30');
    expect(res.days).toHaveLength(30);
    expect(res.days[0].date).toBe(shiftDate(res.today, -29));
    expect(res.endDate).toBe(res.today);
    expect(res.days.filter((d: { seconds: number }) => d.seconds === 0).length).toBeGreaterThan(0);
    expect(res.studyDays).toBe((await dayRows(1001, learner.id)).filter((d) => d.seconds > 0).length);
    const explicit = await hours(learner.token, `&startDate=${res.days[3].date}&endDate=${res.days[9].date}`);
    expect(explicit.days).toEqual(res.days.slice(3, 10));
  });

  it('keeps a day at or under 24 hours', async () => {
    await save(learner.token, { contentId: contents[3], playTime: 90_000, duration: 100_000, progress: 10, savedAt: Date.now() });
    const res = await hours(learner.token);
    expect(res.todaySeconds).toBe(86_400);
  });

  it('is the caller\'s own time, counted in the caller\'s tenant zone', async () => {
    expect((await hours(admin.token)).totalSeconds).toBe(0);
    const res = await hours(acme.token, '', 1002);
    expect(res.timeZone).toBe('Europe/London');
    // acme's learner has only their own (seeded: seed-archives.ts) time, none of demo's learner's.
    expect(res.totalSeconds).toBe((await dayRows(1002, acme.id)).reduce((sum, d) => sum + d.seconds, 0));
    expect(res.totalSeconds).toBeLessThan((await hours(learner.token)).totalSeconds);
    expect((await hours(learner.token)).timeZone).toBe('Asia/Shanghai');
    expect((await call('GET', '/um/api/userIntegrate/dailyStudyHours?tenantId=1001')).flag).toBe(401);
    expect((await call('GET', '/um/api/userIntegrate/dailyStudyHours?tenantId=1001', acme.token)).flag).toBe(401);
  });

  it('refuses ranges it cannot answer, with a message that says why', async () => {
    const cases: Array<[string, RegExp]> = [
      ['&startDate=2026-05-01', /both startDate and endDate/],
      ['&startDate=2026-02-30&endDate=2026-03-02', /real days/],
      ['&startDate=2026-05-02&endDate=2026-05-01', /after endDate/],
      ['&startDate=2025-01-01&endDate=2026-05-01', /at most 366/],
      ['&days=0', /days/],
      ['&startDate=May&endDate=June', /startDate/],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/um/api/userIntegrate/dailyStudyHours?tenantId=1001${query}`, learner.token);
      expect(res.success, query).toBe(false);
      expect(res.message, query).toMatch(message);
    }
  });

  it('refuses a time zone the database does not know', async () => {
    await expect(t.db.owner.updateTable('tenant').set({ time_zone: 'Mars/Olympus' }).where('id', '=', 1002).execute()).rejects.toThrow(/time zone/);
  });
});
