// Teachers' pages and the requirements hall (issue 19 part G; server/modules/um/teachers-*.ts): the
// seed, every call, the rules (rating once and editable, not oneself; requirement bounds, responses
// once and editable, who sees which response, accept and close by the owner only), the refusals
// (guest, another tenant's user) and row-level security on teacher_rating, requirement and
// requirement_response.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let teacher: { id: number; token: string };
let student: { id: number; token: string };
let acmeLearner: { id: number; token: string };

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number | boolean> = {}, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object) => call('POST', path, token, { tenantId: 1001, ...body });
const upload = (tenantId = 1001) => ({ name: '需求说明.pdf', url: `/uploads/u/${tenantId}/2026-11/${crypto.randomUUID()}.pdf`, size: 1234, contentType: 'application/pdf' });
const requirement = (extra: object = {}) => ({
  title: '需要一位演讲培训讲师', description: '<p>为销售团队安排两次公开演讲训练，每次两小时。</p>', category: 'lecture', budget: 1200.5,
  deadline: new Date(Date.now() + 5 * DAY).toISOString(), attachments: [], ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  student = await signIn(1001, 'student1', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
}, 120_000);

afterAll(async () => t?.close());

describe('the seed', () => {
  it('rates the first teachers on every tenant and leaves the first for the learner to rate', async () => {
    const page = await data('GET', q('/um/api/teacher/search', { pageSize: 4 }), learner.token);
    expect(page.list[0].ratingCount).toBeGreaterThan(0);
    const first = await data('GET', q('/um/api/teacher/detail', { id: page.list[0].id }), learner.token);
    expect(first.myRating).toBeNull();
    const second = await data('GET', q('/um/api/teacher/detail', { id: page.list[1].id }), learner.token);
    expect(second.myRating?.score).toBeGreaterThan(0);
    const acme = await data('GET', q('/um/api/teacher/ratings', { id: (await data('GET', q('/um/api/teacher/search', {}, 1002), undefined)).list[0].id }, 1002), undefined);
    expect(acme.list.length).toBeGreaterThan(0);
    expect(acme.list.some((r: { comment: string | null }) => r.comment && /[\u4e00-\u9fff]/.test(r.comment))).toBe(false);
  });

  it('gives demo requirements in every state, one answered by the learner', async () => {
    const all = await data('GET', q('/cm/api/requirement/search', { pageSize: 50 }), learner.token);
    const statuses = new Set(all.list.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['closed', 'expired', 'matched', 'open']);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const answered = await Promise.all(all.list.map((r: { id: number }) => data('GET', q('/cm/api/requirement/detail', { id: r.id }), learner.token)));
    expect(answered.some((d: { myResponse: unknown; isOwner: boolean }) => d.myResponse && !d.isOwner)).toBe(true);
    expect(answered.some((d: { isOwner: boolean; responses: unknown[] }) => d.isOwner && d.responses.length >= 2)).toBe(true);
  });
});

describe('teachers', () => {
  it('searches by name and sorts by score, rating or name', async () => {
    const byScore = await data('GET', q('/um/api/teacher/search', { pageSize: 50 }), undefined);
    const scores = byScore.list.map((x: { score: number }) => x.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byRating = await data('GET', q('/um/api/teacher/search', { pageSize: 50, sort: 'rating' }), undefined);
    const rated = byRating.list.map((x: { ratingAvg: number | null }) => x.ratingAvg ?? -1);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    const byName = await data('GET', q('/um/api/teacher/search', { pageSize: 50, sort: 'name' }), undefined);
    expect(byName.total).toBe(byScore.total);
    const one = byScore.list[0];
    const found = await data('GET', q('/um/api/teacher/search', { searchValue: one.name.slice(0, 2) }), undefined);
    expect(found.list.map((x: { id: number }) => x.id)).toContain(one.id);
    expect((await data('GET', q('/um/api/teacher/search', { searchValue: 'zz-nobody-zz' }), undefined)).total).toBe(0);
  });

  it('shows a profile with the courses and classes taught, and who may rate', async () => {
    const mine = await t.db.owner.selectFrom('teacher').select('id').where('tenant_id', '=', 1001).where('user_id', '=', teacher.id).executeTakeFirstOrThrow();
    const guest = await data('GET', q('/um/api/teacher/detail', { id: Number(mine.id) }), undefined);
    expect(guest.canRate).toBe(false);
    expect(guest.classes.length).toBe(guest.classCount);
    expect(guest.distribution).toHaveLength(5);
    expect((await data('GET', q('/um/api/teacher/detail', { id: Number(mine.id) }), teacher.token)).canRate).toBe(false);
    expect((await data('GET', q('/um/api/teacher/detail', { id: Number(mine.id) }), learner.token)).canRate).toBe(true);
    const refused = await post('/um/api/teacher/rate', teacher.token, { teacherId: Number(mine.id), score: 5 });
    expect(refused.errorCode).toBe('TEACHER_SELF_RATING');
    expect((await call('GET', q('/um/api/teacher/detail', { id: 987654321 }))).errorCode).toBe('TEACHER_NOT_FOUND');
  });

  it('rates once per learner and edits in place: the average and count follow', async () => {
    const [target] = (await data('GET', q('/um/api/teacher/search', { pageSize: 1 }), undefined)).list;
    await t.db.owner.deleteFrom('teacher_rating').where('tenant_id', '=', 1001).where('teacher_id', '=', target.id).where('user_id', '=', student.id).execute();
    const before = await data('GET', q('/um/api/teacher/detail', { id: target.id }), student.token);
    const first = await post('/um/api/teacher/rate', student.token, { teacherId: target.id, score: 1, comment: '  一般  ' });
    expect(first).toMatchObject({ success: true, message: '评分成功' });
    expect(first.data.ratingCount).toBe(before.ratingCount + 1);
    expect(first.data.myRating).toMatchObject({ score: 1, comment: '一般' });
    const edit = await post('/um/api/teacher/rate', student.token, { teacherId: target.id, score: 5, comment: '' });
    expect(edit).toMatchObject({ success: true, message: '评分已修改' });
    expect(edit.data.ratingCount).toBe(first.data.ratingCount);
    expect(edit.data.ratingAvg).toBeGreaterThan(first.data.ratingAvg);
    expect(edit.data.myRating.comment).toBeNull();
    const reviews = await data('GET', q('/um/api/teacher/ratings', { id: target.id }), student.token);
    expect(reviews.list[0]).toMatchObject({ userId: student.id, score: 5, mine: true });
    // The contribution score the teacher board orders by is not moved by ratings.
    expect((await data('GET', q('/um/api/teacher/detail', { id: target.id }), undefined)).score).toBe(target.score);
  });

  it('refuses a rating out of 1–5, a comment over 500, a guest and another tenant\'s user', async () => {
    const [target] = (await data('GET', q('/um/api/teacher/search', { pageSize: 1 }), undefined)).list;
    expect((await post('/um/api/teacher/rate', learner.token, { teacherId: target.id, score: 6 })).errorCode).toBe('VALIDATION');
    expect((await post('/um/api/teacher/rate', learner.token, { teacherId: target.id, score: 0 })).errorCode).toBe('VALIDATION');
    expect((await post('/um/api/teacher/rate', learner.token, { teacherId: target.id, score: 3, comment: '好'.repeat(501) })).errorCode).toBe('VALIDATION');
    expect((await post('/um/api/teacher/rate', undefined, { teacherId: target.id, score: 3 })).flag).toBe(401);
    expect((await post('/um/api/teacher/rate', acmeLearner.token, { teacherId: target.id, score: 3 })).flag).toBe(401);
  });

  it('counts a teacher\'s contribution: totals, twelve months and the learners taught', async () => {
    const mine = await t.db.owner.selectFrom('teacher').select('id').where('tenant_id', '=', 1001).where('user_id', '=', teacher.id).executeTakeFirstOrThrow();
    const c = await data('GET', q('/um/api/teacher/contribution', { id: Number(mine.id) }), undefined);
    expect(c.months).toHaveLength(12);
    expect(c.totals.classes).toBe(c.classes.length);
    expect(c.totals.classes).toBeGreaterThan(0);
    // Members of the teacher's classes are learners taught.
    const member = await t.db.owner.selectFrom('classes_member as m').innerJoin('training_class as k', (j) => j.onRef('k.tenant_id', '=', 'm.tenant_id').onRef('k.id', '=', 'm.classes_id'))
      .select('m.user_id').where('m.tenant_id', '=', 1001).where('k.teacher_id', '=', Number(mine.id)).where('m.state', '<>', 2).executeTakeFirst();
    if (member) expect(c.learners.map((l: { userId: number }) => l.userId)).toContain(Number(member.user_id));
    expect(c.totals.learners).toBeGreaterThanOrEqual(c.learners.length);
  });
});

describe('the requirements hall', () => {
  it('publishes with the bounds: title 2–60, text 10–5000, two decimals, future deadline, own uploads, sanitised', async () => {
    expect((await post('/cm/api/requirement/save', undefined, requirement())).flag).toBe(401);
    expect((await post('/cm/api/requirement/save', acmeLearner.token, requirement())).flag).toBe(401);
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ title: ' 需 ' }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ title: '需'.repeat(61) }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ description: '<p><b>太短了的描述</b></p>' }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ budget: 10.005 }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ budget: -1 }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ deadline: new Date(Date.now() - 60_000).toISOString() }))).errorCode).toBe('VALIDATION');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ attachments: [upload(1002)] }))).errorCode).toBe('FILE_NOT_UPLOADED');
    expect((await post('/cm/api/requirement/save', learner.token, requirement({ attachments: Array.from({ length: 10 }, () => upload()) }))).errorCode).toBe('VALIDATION');
    const saved = await data('POST', '/cm/api/requirement/save', learner.token, {
      tenantId: 1001, ...requirement({ description: '<p onclick="x()">为销售团队安排两次公开演讲训练<script>alert(1)</script></p>', budget: null, attachments: [upload()] }),
    });
    expect(saved).toMatchObject({ isOwner: true, canEdit: true, canRespond: false, status: 'open', budget: null, responseCount: 0 });
    expect(saved.description).not.toMatch(/script|onclick/);
    expect(saved.attachments).toHaveLength(1);
  });

  it('takes one response per user, editable while open; the owner cannot respond; others see only who responded', async () => {
    const q1 = await data('POST', '/cm/api/requirement/save', learner.token, { tenantId: 1001, ...requirement() });
    expect((await post('/cm/api/requirement/respond', learner.token, { requirementId: q1.id, content: '我来', quote: 1 })).errorCode).toBe('OWN_REQUIREMENT');
    expect((await post('/cm/api/requirement/respond', undefined, { requirementId: q1.id, content: '我来', quote: 1 })).flag).toBe(401);
    expect((await post('/cm/api/requirement/respond', teacher.token, { requirementId: q1.id, content: 'x'.repeat(2001), quote: 1 })).errorCode).toBe('VALIDATION');
    const first = await post('/cm/api/requirement/respond', teacher.token, { requirementId: q1.id, content: '可以安排', quote: 1000 });
    expect(first).toMatchObject({ success: true, message: '响应已提交' });
    const edited = await post('/cm/api/requirement/respond', teacher.token, { requirementId: q1.id, content: '可以安排两次', quote: null });
    expect(edited.message).toBe('响应已修改');
    expect(edited.data.responses).toHaveLength(1);
    expect(edited.data.myResponse).toMatchObject({ content: '可以安排两次', quote: null, hidden: false });
    await data('POST', '/cm/api/requirement/respond', student.token, { tenantId: 1001, requirementId: q1.id, content: '我也可以', quote: 800.25 });
    // The owner sees every offer; a third user sees who responded, not what.
    const owner = await data('GET', q('/cm/api/requirement/detail', { id: q1.id }), learner.token);
    expect(owner.responses.map((p: { hidden: boolean }) => p.hidden)).toEqual([false, false]);
    expect(owner.responses[1].quote).toBe(800.25);
    const other = await data('GET', q('/cm/api/requirement/detail', { id: q1.id }), teacher.token);
    const theirs = other.responses.find((p: { mine: boolean }) => !p.mine);
    expect(theirs).toMatchObject({ hidden: true, content: '', quote: null, attachments: [] });
    const guest = await data('GET', q('/cm/api/requirement/detail', { id: q1.id }), undefined);
    expect(guest.responses.every((p: { hidden: boolean }) => p.hidden)).toBe(true);
    expect(guest.canRespond).toBe(false);
  });

  it('lets only the owner accept one response: then matched, the accepted one public, no more responses or edits', async () => {
    const q1 = await data('POST', '/cm/api/requirement/save', learner.token, { tenantId: 1001, ...requirement() });
    const resp = await data('POST', '/cm/api/requirement/respond', teacher.token, { tenantId: 1001, requirementId: q1.id, content: '接单', quote: 99.9 });
    const responseId = resp.myResponse.id;
    expect((await post('/cm/api/requirement/accept', teacher.token, { responseId })).errorCode).toBe('NOT_OWNER');
    expect((await post('/cm/api/requirement/accept', acmeLearner.token, { responseId })).flag).toBe(401);
    const accepted = await data('POST', '/cm/api/requirement/accept', learner.token, { tenantId: 1001, responseId });
    expect(accepted).toMatchObject({ state: 'matched', status: 'matched', canEdit: false });
    const seen = await data('GET', q('/cm/api/requirement/detail', { id: q1.id }), student.token);
    expect(seen.responses[0]).toMatchObject({ accepted: true, hidden: false, content: '接单', quote: 99.9 });
    expect((await post('/cm/api/requirement/respond', student.token, { requirementId: q1.id, content: '晚了', quote: null })).errorCode).toBe('REQUIREMENT_NOT_OPEN');
    expect((await post('/cm/api/requirement/save', learner.token, { id: q1.id, ...requirement() })).errorCode).toBe('REQUIREMENT_NOT_OPEN');
    expect((await post('/cm/api/requirement/accept', learner.token, { responseId })).errorCode).toBe('REQUIREMENT_NOT_OPEN');
    expect((await post('/cm/api/requirement/close', learner.token, { id: q1.id })).errorCode).toBe('REQUIREMENT_NOT_OPEN');
  });

  it('edits my open requirement, closes it, and refuses anyone else', async () => {
    const q1 = await data('POST', '/cm/api/requirement/save', learner.token, { tenantId: 1001, ...requirement() });
    expect((await post('/cm/api/requirement/save', teacher.token, { id: q1.id, ...requirement() })).errorCode).toBe('NOT_OWNER');
    const edited = await data('POST', '/cm/api/requirement/save', learner.token, { tenantId: 1001, id: q1.id, ...requirement({ title: '改过的标题', category: 'course' }) });
    expect(edited).toMatchObject({ id: q1.id, title: '改过的标题', category: 'course' });
    expect((await post('/cm/api/requirement/close', teacher.token, { id: q1.id })).errorCode).toBe('NOT_OWNER');
    expect((await post('/cm/api/requirement/close', undefined, { id: q1.id })).flag).toBe(401);
    const closed = await data('POST', '/cm/api/requirement/close', learner.token, { tenantId: 1001, id: q1.id });
    expect(closed).toMatchObject({ state: 'closed', status: 'closed', canEdit: false });
    expect((await post('/cm/api/requirement/respond', teacher.token, { requirementId: q1.id, content: '可以', quote: null })).errorCode).toBe('REQUIREMENT_NOT_OPEN');
  });

  it('refuses responses past the deadline but lets the owner still accept', async () => {
    const q1 = await data('POST', '/cm/api/requirement/save', learner.token, { tenantId: 1001, ...requirement() });
    const resp = await data('POST', '/cm/api/requirement/respond', teacher.token, { tenantId: 1001, requirementId: q1.id, content: '接单', quote: null });
    await t.db.owner.updateTable('requirement').set({ deadline: new Date(Date.now() - 1000) }).where('tenant_id', '=', 1001).where('id', '=', q1.id).execute();
    const expired = await data('GET', q('/cm/api/requirement/detail', { id: q1.id }), student.token);
    expect(expired).toMatchObject({ status: 'expired', canRespond: false });
    expect((await post('/cm/api/requirement/respond', student.token, { requirementId: q1.id, content: '晚了', quote: null })).errorCode).toBe('REQUIREMENT_EXPIRED');
    expect((await data('POST', '/cm/api/requirement/accept', learner.token, { tenantId: 1001, responseId: resp.myResponse.id })).status).toBe('matched');
  });

  it('filters the hall by state, category, words and mine, newest or nearest deadline first', async () => {
    const open = await data('GET', q('/cm/api/requirement/search', { state: 'open', pageSize: 50 }), undefined);
    expect(open.list.every((r: { status: string }) => r.status === 'open')).toBe(true);
    const closed = await data('GET', q('/cm/api/requirement/search', { state: 'closed', pageSize: 50 }), undefined);
    expect(closed.list.every((r: { status: string }) => r.status !== 'open')).toBe(true);
    const consulting = await data('GET', q('/cm/api/requirement/search', { category: 'consulting', pageSize: 50 }), undefined);
    expect(consulting.total).toBeGreaterThan(0);
    expect(consulting.list.every((r: { category: string }) => r.category === 'consulting')).toBe(true);
    const byDeadline = await data('GET', q('/cm/api/requirement/search', { state: 'open', sort: 'deadline', pageSize: 50 }), undefined);
    const deadlines = byDeadline.list.map((r: { deadline: string }) => r.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    const newest = await data('GET', q('/cm/api/requirement/search', { pageSize: 50 }), undefined);
    const created = newest.list.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const words = await data('GET', q('/cm/api/requirement/search', { searchValue: 'Excel' }), undefined);
    expect(words.total).toBeGreaterThan(0);
    expect((await call('GET', q('/cm/api/requirement/search', { mine: true }))).flag).toBe(401);
    const mine = await data('GET', q('/cm/api/requirement/search', { mine: true, pageSize: 50 }), student.token);
    const owned = await t.db.owner.selectFrom('requirement').select(sql<string>`count(*)`.as('n')).where('tenant_id', '=', 1001).where('owner_id', '=', student.id).executeTakeFirstOrThrow();
    expect(mine.total).toBe(Number(owned.n));
  });
});

describe('isolation', () => {
  it('never shows one tenant another\'s requirements or ratings', async () => {
    const demo = await data('GET', q('/cm/api/requirement/search', { pageSize: 1 }), undefined);
    const id = demo.list[0].id;
    expect((await call('GET', q('/cm/api/requirement/detail', { id }, 1002), acmeLearner.token)).errorCode).toBe('REQUIREMENT_NOT_FOUND');
    expect((await call('POST', '/cm/api/requirement/respond', acmeLearner.token, { tenantId: 1002, requirementId: id, content: 'hi', quote: null })).errorCode).toBe('REQUIREMENT_NOT_FOUND');
    const demoTeacher = (await data('GET', q('/um/api/teacher/search', { pageSize: 1 }), undefined)).list[0].id;
    const acmeIds = (await data('GET', q('/um/api/teacher/search', { pageSize: 50 }, 1002), undefined)).list.map((x: { id: number }) => x.id);
    if (!acmeIds.includes(demoTeacher)) {
      expect((await call('GET', q('/um/api/teacher/detail', { id: demoTeacher }, 1002))).errorCode).toBe('TEACHER_NOT_FOUND');
      expect((await call('POST', '/um/api/teacher/rate', acmeLearner.token, { tenantId: 1002, teacherId: demoTeacher, score: 5 })).errorCode).toBe('TEACHER_NOT_FOUND');
    }
    for (const table of ['teacher_rating', 'requirement', 'requirement_response']) {
      const seen = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(seen.rows.map((r) => Number(r.tenant_id))).toEqual([1002]);
    }
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('requirement').values({
      tenant_id: 1001, owner_id: learner.id, title: '越权', description: 'x', category: 'other', budget: null, deadline: new Date(), attachments: '[]',
    }).execute())).rejects.toThrow();
  });
});
