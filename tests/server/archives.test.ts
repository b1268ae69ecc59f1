// Archives: the learner's learning file (issue 19 part D; server/modules/um/archives-*.ts): the
// seeded file of the demo learner, every call's answer for a fresh learner who studies, sits an
// exam and logs self-directed study, the self-directed rules (title, minutes per entry and per day,
// no future day, uploads of this tenant only, only one's own entries), the refusals (guest, another
// tenant's user) and row-level security on autonomy_study.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acme: { id: number; token: string };
let today = '';

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number> = {}, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const save = (token: string, body: object, tenantId = 1001) => call('POST', '/um/api/autonomyStudy/save', token, { tenantId, kind: 'book', note: '', ...body });
const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

/** A new user of a tenant with a token. */
async function makeUser(account: string, tenantId = 1001) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(tenantId);
  await t.db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const { rows } = await sql<{ today: string }>`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from tenant where id = 1001`.execute(t.db.owner);
  today = rows[0]!.today;
});
afterAll(() => t.close());

describe('archives: access', () => {
  const gets = ['/um/api/userStatistics/get', '/um/api/userStudy/search', '/cm/api/contentRecord/searchUser', '/um/api/autonomyStudy/search'];
  it('needs a token of the call\'s tenant (flag 401): guests and another tenant\'s learner are refused', async () => {
    for (const path of [...gets, `/dataapi/study/LearningProcess?type=autonomy&id=1&`, '/um/api/userStatistics/studyTime?unit=day&']) {
      const url = path.endsWith('&') ? `${path}tenantId=1001` : q(path);
      expect((await call('GET', url)).flag, path).toBe(401);
      expect((await call('GET', url, acme.token)).flag, path).toBe(401);
    }
    for (const path of ['/um/api/autonomyStudy/save', '/um/api/autonomyStudy/delete']) {
      const body = { tenantId: 1001, id: 1, title: '读一本书', kind: 'book', studyDate: today, minutes: 10 };
      expect((await call('POST', path, undefined, body)).flag, path).toBe(401);
      expect((await call('POST', path, acme.token, body)).flag, path).toBe(401);
    }
  });
});

describe('archives: the seeded learner', () => {
  it('has a summary with the seeded course, classes and self-directed study, and study time that adds up', async () => {
    const s = await data('GET', q('/um/api/userStatistics/get'), learner.token);
    expect(s.coursesStudied).toBeGreaterThanOrEqual(1);
    expect(s.contentsFinished).toBeGreaterThanOrEqual(1);
    expect(s.classesJoined).toBeGreaterThanOrEqual(1);
    expect(s.autonomyCount).toBeGreaterThanOrEqual(4);
    expect(s.autonomySeconds).toBeGreaterThanOrEqual((45 + 90 + 60 + 30) * 60);
    expect(s.totalSeconds).toBe(s.onlineSeconds + s.autonomySeconds);
    expect(s.onlineSeconds).toBeGreaterThanOrEqual(32 * 60);
    expect(s.today).toBe(today);
  });

  it('lists the seeded course with its process: one lesson finished, one begun', async () => {
    const page = await data('GET', q('/um/api/userStudy/search', { kind: 'course', pageSize: 50 }), learner.token);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const course = page.list.at(-1);
    expect(course).toMatchObject({ kind: 'course', state: 1, passed: null });
    expect(course.percentage).toBeGreaterThan(0);
    expect(course.percentage).toBeLessThan(100);
    const process = await data('GET', q('/dataapi/study/LearningProcess', { type: 'course', id: course.id }), learner.token);
    expect(process.entry).toEqual(course);
    const states = process.steps.map((s: { state: number }) => s.state);
    expect(states).toContain(2);
    expect(states).toContain(1);
    expect(process.steps.every((s: { kind: string }) => s.kind === 'lesson')).toBe(true);
  });
});

describe('archives: a learner who studies', () => {
  let user: { id: number; token: string };
  let course: { id: number; contents: number[] };
  let loose: number;

  beforeAll(async () => {
    user = await makeUser(`archive-${Date.now()}`);
    const { rows } = await sql<{ course_id: string; ids: string[] }>`
      select l.course_id, array_agg(distinct l.content_id order by l.content_id) as ids from course_phase_content l join course c on c.tenant_id = l.tenant_id and c.id = l.course_id
      where l.tenant_id = 1001 and l.content_id is not null and c.state = 1 group by l.course_id having count(distinct l.content_id) >= 2 order by l.course_id limit 1`.execute(t.db.owner);
    course = { id: Number(rows[0]!.course_id), contents: rows[0]!.ids.map(Number) };
    const other = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).where('state', '=', 1)
      .where('id', 'not in', course.contents).orderBy('id').executeTakeFirstOrThrow();
    loose = Number(other.id);
    const now = Date.now();
    // As the player writes them (the triggers of migration 0006 add the time to today): the course's
    // first lesson finished, then a content outside any course begun.
    await t.db.owner.insertInto('study_record').values({
      tenant_id: 1001, user_id: user.id, content_id: course.contents[0]!, course_id: course.id, progress: 100, max_progress: 100, duration: 100,
      state: 2, percentage: 100, play_time: 300, saved_at: now - 2000, finished_at: new Date(now - 2000),
    }).execute();
    await t.db.owner.insertInto('study_record').values({
      tenant_id: 1001, user_id: user.id, content_id: loose, progress: 30, max_progress: 30, duration: 120, state: 1, percentage: 25, play_time: 200, saved_at: now,
    }).execute();
  });

  it('logs self-directed study within the rules, and awards its points once per entry', async () => {
    const before = await data('GET', q('/um/api/userStatistics/get'), user.token);
    expect(before.autonomyCount).toBe(0);
    const first = await save(user.token, { title: '  阅读《论语》  ', studyDate: dayBefore(1), minutes: 40, note: '学而时习之' });
    expect(first, first.message).toMatchObject({ success: true });
    expect(first.data.entry).toMatchObject({ title: '阅读《论语》', kind: 'book', studyDate: dayBefore(1), minutes: 40, note: '学而时习之', attachment: null });
    expect(first.data.dayMinutes).toBe(40);
    const rule = await t.db.owner.selectFrom('points_rule').select(['points', 'enabled', 'daily_cap']).where('tenant_id', '=', 1001).where('kind', '=', 'autonomy_study').executeTakeFirst();
    if (rule?.enabled && rule.points > 0) expect(first.data.points).toBeGreaterThan(0);
    const again = await save(user.token, { id: first.data.entry.id, title: '阅读《论语》学而篇', studyDate: dayBefore(1), minutes: 50 });
    expect(again.data.entry).toMatchObject({ id: first.data.entry.id, title: '阅读《论语》学而篇', minutes: 50 });
    expect(again.data.points).toBe(0);
    const after = await data('GET', q('/um/api/userStatistics/get'), user.token);
    expect(after).toMatchObject({ autonomyCount: 1, autonomySeconds: 50 * 60 });
    expect(after.points - before.points).toBe(first.data.points);
  });

  it('awards nothing when an entry is edited, even one whose first save earned nothing (too few minutes for a step)', async () => {
    const rule = await t.db.owner.selectFrom('points_rule').select(['points', 'step', 'enabled']).where('tenant_id', '=', 1001).where('kind', '=', 'autonomy_study').executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ enabled: true, step: 30 });
    const editor = await makeUser(`archive-edit-${Date.now()}`);
    const first = await save(editor.token, { title: '读一章短篇', studyDate: dayBefore(2), minutes: 20 });
    expect(first, first.message).toMatchObject({ success: true, data: { points: 0 } });
    const edited = await save(editor.token, { id: first.data.entry.id, title: '读一章短篇', studyDate: dayBefore(2), minutes: 90 });
    expect(edited, edited.message).toMatchObject({ success: true, data: { points: 0, entry: { minutes: 90 } } });
    const ledger = await t.db.owner.selectFrom('points_ledger').select('points').where('tenant_id', '=', 1001).where('user_id', '=', editor.id)
      .where('kind', '=', 'autonomy_study').execute();
    expect(ledger).toEqual([]);
  });

  it('refuses a short title, a future day, minutes out of 1–720, and a day past 720 minutes in total', async () => {
    expect((await save(user.token, { title: ' 书 ', studyDate: today, minutes: 10 })).errorCode).toBe('VALIDATION');
    expect((await save(user.token, { title: 'x'.repeat(61), studyDate: today, minutes: 10 })).errorCode).toBe('VALIDATION');
    const future = await save(user.token, { title: '明天的学习', studyDate: new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10), minutes: 10 });
    expect(future.errorCode).toBe('AUTONOMY_FUTURE_DATE');
    expect(future.message).toContain(today);
    expect((await save(user.token, { title: '不存在的日子', studyDate: '2026-02-30', minutes: 10 })).errorCode).toBe('VALIDATION');
    expect((await save(user.token, { title: '零分钟', studyDate: today, minutes: 0 })).errorCode).toBe('VALIDATION');
    expect((await save(user.token, { title: '太久了', studyDate: today, minutes: 721 })).errorCode).toBe('VALIDATION');
    const day = dayBefore(2);
    const big = await save(user.token, { title: '整天读书', studyDate: day, minutes: 700 });
    expect(big.success, big.message).toBe(true);
    const over = await save(user.token, { title: '再读一会', studyDate: day, minutes: 30 });
    expect(over.errorCode).toBe('AUTONOMY_DAY_LIMIT');
    expect(over.message).toContain('20 分钟');
    expect((await save(user.token, { title: '再读一会', studyDate: day, minutes: 20 })).success).toBe(true);
    // Editing an entry counts the day without its old minutes.
    expect((await save(user.token, { id: big.data.entry.id, title: '整天读书', studyDate: day, minutes: 700 })).success).toBe(true);
    expect((await save(user.token, { id: big.data.entry.id, title: '整天读书', studyDate: day, minutes: 701 })).errorCode).toBe('AUTONOMY_DAY_LIMIT');
  });

  it('takes an attachment only from this tenant\'s uploads', async () => {
    const file = (tenantId: number) => ({ name: '笔记.pdf', url: `/uploads/u/${tenantId}/2026-11/${crypto.randomUUID()}.pdf`, size: 10, contentType: 'application/pdf' });
    const mine = await save(user.token, { title: '带附件的记录', studyDate: today, minutes: 5, attachment: file(1001) });
    expect(mine.data.entry.attachment).toMatchObject({ name: '笔记.pdf' });
    expect((await save(user.token, { title: '别人的附件', studyDate: today, minutes: 5, attachment: file(1002) })).errorCode).toBe('FILE_NOT_UPLOADED');
    expect((await save(user.token, { title: '外链附件', studyDate: today, minutes: 5, attachment: { ...file(1001), url: 'https://evil.example/x.pdf' } })).errorCode).toBe('FILE_NOT_UPLOADED');
  });

  it('lets nobody else edit, delete or read an entry', async () => {
    const entry = (await save(user.token, { title: '我自己的记录', studyDate: today, minutes: 5 })).data.entry;
    expect((await save(learner.token, { id: entry.id, title: '改别人的', studyDate: today, minutes: 5 })).errorCode).toBe('AUTONOMY_NOT_FOUND');
    expect((await call('POST', '/um/api/autonomyStudy/delete', learner.token, { tenantId: 1001, id: entry.id })).errorCode).toBe('AUTONOMY_NOT_FOUND');
    expect((await call('GET', q('/dataapi/study/LearningProcess', { type: 'autonomy', id: entry.id }), learner.token)).errorCode).toBe('ARCHIVE_ENTRY_NOT_FOUND');
    const mine = await data('GET', q('/dataapi/study/LearningProcess', { type: 'autonomy', id: entry.id }), user.token);
    expect(mine.entry).toMatchObject({ kind: 'autonomy', title: '我自己的记录', seconds: 300, state: 2 });
    expect(await data('POST', '/um/api/autonomyStudy/delete', user.token, { tenantId: 1001, id: entry.id })).toEqual({ id: entry.id });
    expect((await call('POST', '/um/api/autonomyStudy/delete', user.token, { tenantId: 1001, id: entry.id })).errorCode).toBe('AUTONOMY_NOT_FOUND');
  });

  it('lists the self-directed entries by kind and period with the minutes they add up to', async () => {
    await save(user.token, { title: '线下讲座', kind: 'offline', studyDate: dayBefore(5), minutes: 15 });
    const all = await data('GET', q('/um/api/autonomyStudy/search', { pageSize: 50 }), user.token);
    expect(all.totalMinutes).toBe(all.list.reduce((s: number, e: { minutes: number }) => s + e.minutes, 0));
    const dates = all.list.map((e: { studyDate: string }) => e.studyDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const offline = await data('GET', q('/um/api/autonomyStudy/search', { kind: 'offline' }), user.token);
    expect(offline).toMatchObject({ total: 1, totalMinutes: 15 });
    const recent = await data('GET', q('/um/api/autonomyStudy/search', { startDate: dayBefore(1), endDate: today }), user.token);
    for (const e of recent.list) expect(e.studyDate >= dayBefore(1)).toBe(true);
    expect((await call('GET', q('/um/api/autonomyStudy/search', { startDate: today, endDate: dayBefore(1) }), user.token)).errorCode).toBe('VALIDATION');
  });

  it('lists every entry newest first, filtered by kind, state and period, and paged', async () => {
    const all = await data('GET', q('/um/api/userStudy/search', { pageSize: 50 }), user.token);
    const kinds = new Set(all.list.map((e: { kind: string }) => e.kind));
    expect([...kinds].sort()).toEqual(['autonomy', 'content', 'course']);
    const times = all.list.map((e: { lastStudyTime: string }) => Date.parse(e.lastStudyTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const courses = await data('GET', q('/um/api/userStudy/search', { kind: 'course' }), user.token);
    expect(courses.list).toEqual([expect.objectContaining({ kind: 'course', id: course.id, seconds: 300, state: 1 })]);
    expect(courses.list[0].percentage).toBe(Math.min(99, Math.floor(100 / course.contents.length)));
    const contents = await data('GET', q('/um/api/userStudy/search', { kind: 'content' }), user.token);
    expect(contents.list).toEqual([expect.objectContaining({ kind: 'content', id: loose, state: 1, percentage: 25, seconds: 200 })]);
    const finished = await data('GET', q('/um/api/userStudy/search', { state: 2, pageSize: 50 }), user.token);
    expect(finished.list.every((e: { state: number }) => e.state === 2)).toBe(true);
    expect(finished.list.map((e: { kind: string }) => e.kind)).not.toContain('course');
    const old = await data('GET', q('/um/api/userStudy/search', { endDate: dayBefore(3) }), user.token);
    expect(old.list.map((e: { title: string }) => e.title)).toEqual(['线下讲座']);
    const second = await data('GET', q('/um/api/userStudy/search', { pageNo: 2, pageSize: 2 }), user.token);
    expect(second).toMatchObject({ total: all.total, pageNo: 2, pageSize: 2 });
    expect(second.list).toEqual(all.list.slice(2, 4));
    expect((await data('GET', q('/um/api/userStudy/search', { pageNo: 99, pageSize: 2 }), user.token))).toMatchObject({ list: [], total: all.total });
  });

  it('shows a course\'s process lesson by lesson and refuses an entry that is not in the file', async () => {
    const process = await data('GET', q('/dataapi/study/LearningProcess', { type: 'course', id: course.id }), user.token);
    expect(process.steps.length).toBeGreaterThanOrEqual(course.contents.length);
    expect(process.steps.filter((s: { state: number }) => s.state === 2).length).toBeGreaterThanOrEqual(1);
    const content = await data('GET', q('/dataapi/study/LearningProcess', { type: 'content', id: loose }), user.token);
    expect(content.steps[0]).toMatchObject({ kind: 'content', state: 1, percentage: 25, seconds: 200 });
    const missing = await call('GET', q('/dataapi/study/LearningProcess', { type: 'exam', id: 999_999 }), user.token);
    expect(missing).toMatchObject({ errorCode: 'ARCHIVE_ENTRY_NOT_FOUND', code: 404 });
  });

  it('lists the content records newest first', async () => {
    const page = await data('GET', q('/cm/api/contentRecord/searchUser'), user.token);
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({ contentId: loose, courseId: null, state: 1, percentage: 25, playTime: 200, maxProgress: 30 });
    expect(page.list[1]).toMatchObject({ contentId: course.contents[0], courseId: course.id, state: 2, percentage: 100 });
  });

  it('adds up study time by day, week and month, online and self-directed', async () => {
    const days = await data('GET', q('/um/api/userStatistics/studyTime', { unit: 'day', count: 7 }), user.token);
    expect(days.buckets).toHaveLength(7);
    expect(days.buckets.at(-1)).toMatchObject({ start: today, end: today });
    const autonomy = await data('GET', q('/um/api/autonomyStudy/search', { startDate: dayBefore(6), endDate: today, pageSize: 50 }), user.token);
    expect(days.autonomySeconds).toBe(autonomy.totalMinutes * 60);
    const yesterday = days.buckets.find((b: { start: string }) => b.start === dayBefore(1));
    expect(yesterday.autonomySeconds).toBe(50 * 60);
    expect(days.onlineSeconds).toBe(500);
    const weeks = await data('GET', q('/um/api/userStatistics/studyTime', { unit: 'week', count: 4 }), user.token);
    expect(weeks.buckets).toHaveLength(4);
    for (const b of weeks.buckets) expect(new Date(`${b.start}T00:00:00Z`).getUTCDay()).toBe(1);
    const months = await data('GET', q('/um/api/userStatistics/studyTime', { unit: 'month', count: 3 }), user.token);
    expect(months.buckets.at(-1).start).toBe(`${today.slice(0, 7)}-01`);
    const total = (r: { onlineSeconds: number; autonomySeconds: number }) => r.onlineSeconds + r.autonomySeconds;
    expect(total(months)).toBeGreaterThanOrEqual(total(weeks.buckets.at(-1)));
    expect((await call('GET', q('/um/api/userStatistics/studyTime', { unit: 'month', count: 30 }), user.token)).errorCode).toBe('VALIDATION');
  });
});

describe('archives: isolation', () => {
  it('keeps each tenant\'s self-directed study to itself (row-level security)', async () => {
    const theirs = await save(acme.token, { title: 'Read a book on safety', studyDate: dayBefore(1), minutes: 20 }, 1002);
    expect(theirs.success, theirs.message).toBe(true);
    const seen = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('autonomy_study').select(['tenant_id', 'id']).execute());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => Number(r.tenant_id) === 1001)).toBe(true);
    expect(seen.map((r) => Number(r.id))).not.toContain(theirs.data.entry.id);
    // A demo learner naming acme's entry finds nothing; acme's learner with demo's tenant id is refused.
    expect((await call('GET', q('/dataapi/study/LearningProcess', { type: 'autonomy', id: theirs.data.entry.id }), learner.token)).errorCode).toBe('ARCHIVE_ENTRY_NOT_FOUND');
    const acmeList = await data('GET', q('/um/api/autonomyStudy/search', {}, 1002), acme.token);
    expect(acmeList.list.map((e: { title: string }) => e.title)).toContain('Read a book on safety');
    expect(acmeList.list.every((e: { title: string }) => !/[\u4e00-\u9fff]/.test(e.title))).toBe(true);
    const demoList = await data('GET', q('/um/api/userStudy/search', { kind: 'autonomy', pageSize: 50 }), learner.token);
    expect(demoList.list.map((e: { id: number }) => e.id)).not.toContain(theirs.data.entry.id);
  });
});
