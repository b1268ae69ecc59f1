// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// issue 7 item 5; docs/api.md "Favourites, comments and scores"): sign-in for writes and my lists,
// public reads for guests, idempotent favourites, own-only deletes, the score math, paging, the
// text filter and limits, the rate limit, and tenant isolation.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterUserText } from '../../server/lib/text-filter';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
/** Published targets of tenant 1001, several of each type so tests do not share rows. */
let courses: { id: number; title: string }[];
let subjects: { id: number; title: string }[];
let contents: { id: number; title: string }[];
/** A published course of tenant 1002. */
let acmeCourse: number;

const { call, data, signIn } = apiOf(() => t.app);

async function published(table: 'course' | 'subject' | 'content', tenantId: number, n: number) {
  const rows = await t.db.owner.selectFrom(table).select(['id', 'title']).where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').limit(n).execute();
  expect(rows.length, `the seed needs ${n} published ${table} rows in ${tenantId}`).toBe(n);
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

const comment = (token: string, targetType: string, targetId: number, content: string, score?: number | null) =>
  call('POST', '/cm/api/commentScore/saveComment', token, { tenantId: 1001, targetType, targetId, content, ...(score === undefined ? {} : { score }) });
const scoreOf = (targetType: string, targetId: number) => data('GET', `/cm/api/commentScore/getScore?tenantId=1001&targetType=${targetType}&targetId=${targetId}`, undefined);
/** Moves a user's comments out of the rate-limit window, so a test starts with a full minute's allowance. */
const ageComments = (userId: number) => t.db.owner.updateTable('comment').set({ created_at: new Date(Date.now() - 120_000) }).where('user_id', '=', userId).execute();

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  courses = await published('course', 1001, 6);
  subjects = await published('subject', 1001, 2);
  contents = await published('content', 1001, 3);
  acmeCourse = (await published('course', 1002, 1))[0]!.id;
});
afterAll(() => t.close());

describe('social: access', () => {
  it('needs a token of the call\'s tenant for writes and my lists', async () => {
    const target = { tenantId: 1001, targetType: 'course', targetId: courses[0]!.id };
    const writes: [string, object][] = [
      ['/cm/api/favorite/add', target], ['/cm/api/favorite/cancel', target],
      ['/cm/api/commentScore/saveComment', { ...target, content: '好课', score: 5 }], ['/cm/api/commentScore/saveScore', { ...target, score: 5 }],
      ['/cm/api/commentScore/delComment', { tenantId: 1001, id: 1 }], ['/cm/api/appraise/save', { ...target, value: 1 }],
    ];
    for (const [url, body] of writes) {
      expect((await call('POST', url, undefined, body)).flag, url).toBe(401);
      expect((await call('POST', url, acme.token, body)).flag, url).toBe(401);
    }
    for (const url of ['/cm/api/commentScore/userComment?tenantId=1001', '/cm/api/favorite/searchByUser?tenantId=1001&type=course', '/cm/api/course/searchFavor?tenantId=1001']) {
      expect((await call('GET', url)).flag, url).toBe(401);
      expect((await call('GET', url, acme.token)).flag, url).toBe(401);
    }
  });

  it('lets guests read comments, the score, appraisal counts and the favourite count', async () => {
    const q = `tenantId=1001&targetType=course&targetId=${courses[0]!.id}`;
    expect(await data('GET', `/cm/api/commentScore/queryComment?${q}`, undefined)).toMatchObject({ list: [], total: 0, pageNo: 1, pageSize: 10 });
    expect(await data('GET', `/cm/api/commentScore/getScore?${q}`, undefined)).toEqual({ average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(await data('GET', `/cm/api/appraise/query?${q}`, undefined)).toEqual({ likeCount: 0, dislikeCount: 0, mine: 0 });
    expect(await data('GET', `/cm/api/favorite/get?${q}`, undefined)).toEqual({ favorited: false, count: expect.any(Number) });
  });

  it('names a target that does not exist or is off shelf', async () => {
    const res = await call('GET', '/cm/api/commentScore/queryComment?tenantId=1001&targetType=content&targetId=999999');
    expect(res).toMatchObject({ success: false, code: 404, errorCode: 'TARGET_NOT_FOUND', message: '内容不存在或已下线（编号 999999）。' });
    const hidden = courses[5]!.id;
    await t.db.owner.updateTable('course').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', hidden).execute();
    const add = await call('POST', '/cm/api/favorite/add', learner.token, { tenantId: 1001, targetType: 'course', targetId: hidden });
    expect(add).toMatchObject({ success: false, errorCode: 'TARGET_NOT_FOUND' });
    await t.db.owner.updateTable('course').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', hidden).execute();
    expect((await call('GET', '/cm/api/appraise/query?tenantId=1001&targetType=book&targetId=1')).errorCode).toBe('VALIDATION');
  });
});

describe('social: favourites', () => {
  it('adds and cancels idempotently, moving the count once', async () => {
    const target = { tenantId: 1001, targetType: 'content', targetId: contents[0]!.id };
    const q = `tenantId=1001&targetType=content&targetId=${target.targetId}`;
    const before = (await data('GET', `/cm/api/favorite/get?${q}`, learner.token)) as { favorited: boolean; count: number };
    expect(before.favorited).toBe(false);
    expect(await data('POST', '/cm/api/favorite/add', learner.token, target)).toEqual({ favorited: true, count: before.count + 1 });
    expect(await data('POST', '/cm/api/favorite/add', learner.token, target)).toEqual({ favorited: true, count: before.count + 1 });
    expect(await data('GET', `/cm/api/favorite/get?${q}`, learner.token)).toEqual({ favorited: true, count: before.count + 1 });
    // Someone else's view: the count, not the flag.
    expect(await data('GET', `/cm/api/favorite/get?${q}`, admin.token)).toEqual({ favorited: false, count: before.count + 1 });
    // The card shows the same count.
    expect((await data('GET', `/cm/api/content/info?tenantId=1001&id=${target.targetId}`, undefined)).favourCount).toBe(before.count + 1);
    expect(await data('POST', '/cm/api/favorite/cancel', learner.token, target)).toEqual({ favorited: false, count: before.count });
    expect(await data('POST', '/cm/api/favorite/cancel', learner.token, target)).toEqual({ favorited: false, count: before.count });
  });

  it('lists my favourites of one type, newest first, with titles and covers', async () => {
    for (const c of [courses[1]!, courses[2]!]) {
      await data('POST', '/cm/api/favorite/add', learner.token, { tenantId: 1001, targetType: 'course', targetId: c.id });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await data('POST', '/cm/api/favorite/add', learner.token, { tenantId: 1001, targetType: 'subject', targetId: subjects[0]!.id });
    const page = await data('GET', '/cm/api/favorite/searchByUser?tenantId=1001&type=course&pageSize=1', learner.token);
    expect(page).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(page.list).toEqual([{ targetType: 'course', targetId: courses[2]!.id, title: courses[2]!.title, cover: expect.any(String), summary: expect.anything(), favoriteTime: expect.any(String) }]);
    const second = await data('GET', '/cm/api/favorite/searchByUser?tenantId=1001&type=course&pageNo=2&pageSize=1', learner.token);
    expect(second.list.map((f: { targetId: number }) => f.targetId)).toEqual([courses[1]!.id]);
    const viaCourse = await data('GET', '/cm/api/course/searchFavor?tenantId=1001', learner.token);
    expect(viaCourse.list.map((f: { targetId: number }) => f.targetId)).toEqual([courses[2]!.id, courses[1]!.id]);
    const viaSubject = await data('GET', '/cm/api/subject/searchFavor?tenantId=1001', learner.token);
    expect(viaSubject.list).toEqual([expect.objectContaining({ targetType: 'subject', targetId: subjects[0]!.id, title: subjects[0]!.title })]);
    expect((await data('GET', '/cm/api/content/searchFavor?tenantId=1001', learner.token)).total).toBe(0);
    // Another user's list is their own.
    expect((await data('GET', '/cm/api/favorite/searchByUser?tenantId=1001&type=course', admin.token)).total).toBe(0);
  });
});

describe('social: comments and scores', () => {
  it('writes a comment with a score and lists it with the author\'s display name, newest first', async () => {
    const target = courses[0]!.id;
    const first = await comment(learner.token, 'course', target, '  讲得很清楚，推荐！  ', 5);
    expect(first).toMatchObject({ success: true, message: '评论成功' });
    expect(first.data).toMatchObject({ content: '讲得很清楚，推荐！', score: 5, userName: '小李', mine: true });
    expect((await comment(admin.token, 'course', target, '还可以', null)).data).toMatchObject({ score: null, userName: '管理员' });

    const asLearner = await data('GET', `/cm/api/commentScore/queryComment?tenantId=1001&targetType=course&targetId=${target}`, learner.token);
    expect(asLearner.total).toBe(2);
    expect(asLearner.list.map((c: { content: string; mine: boolean }) => [c.content, c.mine])).toEqual([['还可以', false], ['讲得很清楚，推荐！', true]]);
    const asGuest = await data('GET', `/cm/api/commentScore/queryComment?tenantId=1001&targetType=course&targetId=${target}`, undefined);
    expect(asGuest.list.map((c: { mine: boolean }) => c.mine)).toEqual([false, false]);
    // Never the account or the mobile.
    expect(JSON.stringify(asGuest)).not.toMatch(/13800000001|"account"|"mobile"/);
  });

  it('pages the comments', async () => {
    const target = courses[3]!.id;
    await ageComments(learner.id);
    for (let i = 1; i <= 7; i++) expect((await comment(learner.token, 'course', target, `第${i}条`)).success).toBe(true);
    const url = (pageNo: number) => `/cm/api/commentScore/queryComment?tenantId=1001&targetType=course&targetId=${target}&pageNo=${pageNo}&pageSize=5`;
    const one = await data('GET', url(1), undefined);
    expect(one).toMatchObject({ total: 7, pageNo: 1, pageSize: 5 });
    expect(one.list.map((c: { content: string }) => c.content)).toEqual(['第7条', '第6条', '第5条', '第4条', '第3条']);
    expect((await data('GET', url(2), undefined)).list.map((c: { content: string }) => c.content)).toEqual(['第2条', '第1条']);
  });

  it('lets only the author delete a comment', async () => {
    await ageComments(learner.id);
    const target = courses[4]!.id;
    const mine = (await comment(learner.token, 'course', target, '要删掉的评论', 2)).data as { id: number };
    const other = await call('POST', '/cm/api/commentScore/delComment', admin.token, { tenantId: 1001, id: mine.id });
    expect(other).toMatchObject({ success: false, code: 403, errorCode: 'NOT_COMMENT_AUTHOR', message: '只能删除自己发表的评论。' });
    expect(await data('POST', '/cm/api/commentScore/delComment', learner.token, { tenantId: 1001, id: mine.id })).toBe(true);
    // Deleting it again is harmless; a comment that never was is named.
    expect(await data('POST', '/cm/api/commentScore/delComment', learner.token, { tenantId: 1001, id: mine.id })).toBe(true);
    expect(await call('POST', '/cm/api/commentScore/delComment', learner.token, { tenantId: 1001, id: 999999 })).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
    expect((await data('GET', `/cm/api/commentScore/queryComment?tenantId=1001&targetType=course&targetId=${target}`, undefined)).total).toBe(0);
    expect(await scoreOf('course', target)).toMatchObject({ count: 0, average: 0 });
  });

  it('averages each user\'s newest score once, to one decimal', async () => {
    await ageComments(learner.id);
    await ageComments(admin.id);
    const target = contents[1]!.id;
    await comment(learner.token, 'content', target, '第一次', 5);
    const second = (await comment(learner.token, 'content', target, '第二次', 3)).data as { id: number };
    await comment(learner.token, 'content', target, '没有打分');
    await comment(admin.token, 'content', target, '管理员打分', 4);
    expect(await scoreOf('content', target)).toEqual({ average: 3.5, count: 2, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 0 } });
    // Deleting the newest scored comment brings the one before back.
    await data('POST', '/cm/api/commentScore/delComment', learner.token, { tenantId: 1001, id: second.id });
    expect(await scoreOf('content', target)).toEqual({ average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    // saveScore scores the newest comment: now 2 for the learner.
    expect(await data('POST', '/cm/api/commentScore/saveScore', learner.token, { tenantId: 1001, targetType: 'content', targetId: target, score: 2 }))
      .toEqual({ average: 3, count: 2, distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 } });
    await comment(admin.token, 'content', target, '再打一次', 1);
    // (2 + 1) / 2 = 1.5; and a third rater: (2 + 1 + 2) / 3 = 1.666… → 1.7.
    expect((await scoreOf('content', target)).average).toBe(1.5);
    const third = await signInThird();
    await comment(third, 'content', target, '第三位', 2);
    expect(await scoreOf('content', target)).toMatchObject({ average: 1.7, count: 3 });
    // Without a comment there is nothing to score.
    expect(await call('POST', '/cm/api/commentScore/saveScore', learner.token, { tenantId: 1001, targetType: 'content', targetId: contents[2]!.id, score: 4 }))
      .toMatchObject({ success: false, errorCode: 'NO_COMMENT' });
    expect(await call('POST', '/cm/api/commentScore/saveComment', learner.token, { tenantId: 1001, targetType: 'content', targetId: target, content: '好', score: 6 }))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('stores plain filtered text: no markup, no emoji, trimmed, at most 500 characters', async () => {
    await ageComments(learner.id);
    const target = subjects[1]!.id;
    const saved = await comment(learner.token, 'subject', target, ' <b>好课</b><script>alert(1)</script> 👍🏻【推荐】 ');
    expect(saved.data.content).toBe('b好课/bscriptalert1/script 推荐');
    expect(await comment(learner.token, 'subject', target, ' 【】()😀 ')).toMatchObject({ success: false, errorCode: 'VALIDATION', message: '评论内容不能为空（特殊符号、括号和表情会被去掉）。' });
    expect(await comment(learner.token, 'subject', target, '   ')).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await comment(learner.token, 'subject', target, '好'.repeat(500))).success).toBe(true);
    expect(await comment(learner.token, 'subject', target, '好'.repeat(501))).toMatchObject({ success: false, errorCode: 'VALIDATION', message: '评论最多 500 字，当前 501 字；请删减后再发表。' });
    // Removed symbols do not count: 500 characters plus brackets is fine.
    expect((await comment(learner.token, 'subject', target, `【${'好'.repeat(500)}】`)).success).toBe(true);
  });

  it('filters by the same rule as the client (src/lib/text-filter.ts)', async () => {
    const literal = (source: string) => /const NOT_ALLOWED =\s*(\/.+\/gu);/.exec(source)?.[1];
    const client = literal(await readFile('src/lib/text-filter.ts', 'utf8'));
    const server = literal(await readFile('server/lib/text-filter.ts', 'utf8'));
    expect(client).toBeDefined();
    expect(server).toBe(client);
    expect(filterUserText('C++ 50% a@b.com，你好！“引号”…—·')).toBe('C++ 50% a@b.com，你好！“引号”…—·');
    expect(filterUserText('(x)[y]{z}<w>（一）【二】《三》`~^*=|\\$￥©™°①½')).toBe('xyzw一二三');
    expect(filterUserText('家👨‍👩‍👧1️⃣❤️')).toBe('家1');
  });

  it('lists my comments with their targets\' titles', async () => {
    const mine = await data('GET', '/cm/api/commentScore/userComment?tenantId=1001&pageSize=50', learner.token);
    const byTarget = new Set(mine.list.map((c: { targetType: string; targetId: number }) => `${c.targetType}:${c.targetId}`));
    expect(byTarget).toContain(`course:${courses[0]!.id}`);
    expect(byTarget).toContain(`subject:${subjects[1]!.id}`);
    expect(mine.list.find((c: { targetId: number; targetType: string }) => c.targetType === 'course' && c.targetId === courses[0]!.id))
      .toMatchObject({ content: '讲得很清楚，推荐！', score: 5, targetTitle: courses[0]!.title });
    // Deleted comments are gone from the list.
    expect(mine.list.map((c: { content: string }) => c.content)).not.toContain('要删掉的评论');
    const times = mine.list.map((c: { createTime: string }) => Date.parse(c.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const adminList = await data('GET', '/cm/api/commentScore/userComment?tenantId=1001', admin.token);
    expect(adminList.list.every((c: { content: string }) => c.content !== '讲得很清楚，推荐！')).toBe(true);
  });

  it('allows 10 comments a minute per user', async () => {
    await ageComments(admin.id);
    const target = courses[1]!.id;
    for (let i = 1; i <= 10; i++) expect((await comment(admin.token, 'course', target, `快速评论${i}`)).success, `comment ${i}`).toBe(true);
    expect(await comment(admin.token, 'course', target, '第十一条')).toMatchObject({ success: false, code: 429, errorCode: 'RATE_LIMITED', message: '评论太频繁了：每分钟最多 10 条，请稍后再试。' });
    // Deleting does not buy another.
    const latest = (await data('GET', '/cm/api/commentScore/userComment?tenantId=1001&pageSize=1', admin.token)).list[0] as { id: number };
    await data('POST', '/cm/api/commentScore/delComment', admin.token, { tenantId: 1001, id: latest.id });
    expect((await comment(admin.token, 'course', target, '第十一条')).errorCode).toBe('RATE_LIMITED');
    // Other users are not held back.
    await ageComments(learner.id);
    expect((await comment(learner.token, 'course', target, '我还能评论')).success).toBe(true);
  });
});

describe('social: appraise', () => {
  it('likes, switches to dislike and takes it back', async () => {
    const target = { tenantId: 1001, targetType: 'subject', targetId: subjects[0]!.id };
    const q = `tenantId=1001&targetType=subject&targetId=${target.targetId}`;
    expect(await data('POST', '/cm/api/appraise/save', learner.token, { ...target, value: 1 })).toEqual({ likeCount: 1, dislikeCount: 0, mine: 1 });
    expect(await data('POST', '/cm/api/appraise/save', learner.token, { ...target, value: 1 })).toEqual({ likeCount: 1, dislikeCount: 0, mine: 1 });
    expect(await data('POST', '/cm/api/appraise/save', admin.token, { ...target, value: -1 })).toEqual({ likeCount: 1, dislikeCount: 1, mine: -1 });
    expect(await data('POST', '/cm/api/appraise/save', learner.token, { ...target, value: -1 })).toEqual({ likeCount: 0, dislikeCount: 2, mine: -1 });
    expect(await data('GET', `/cm/api/appraise/query?${q}`, undefined)).toEqual({ likeCount: 0, dislikeCount: 2, mine: 0 });
    expect(await data('POST', '/cm/api/appraise/save', learner.token, { ...target, value: 0 })).toEqual({ likeCount: 0, dislikeCount: 1, mine: 0 });
    expect(await data('GET', `/cm/api/appraise/query?${q}`, admin.token)).toEqual({ likeCount: 0, dislikeCount: 1, mine: -1 });
    expect((await call('POST', '/cm/api/appraise/save', learner.token, { ...target, value: 2 })).errorCode).toBe('VALIDATION');
  });
});

describe('social: tenant isolation', () => {
  it('keeps tenant 1002 away from 1001\'s targets and 1001 away from 1002\'s', async () => {
    const theirs = courses[0]!.id;
    for (const url of [
      `/cm/api/commentScore/queryComment?tenantId=1002&targetType=course&targetId=${theirs}`,
      `/cm/api/commentScore/getScore?tenantId=1002&targetType=course&targetId=${theirs}`,
      `/cm/api/appraise/query?tenantId=1002&targetType=course&targetId=${theirs}`,
      `/cm/api/favorite/get?tenantId=1002&targetType=course&targetId=${theirs}`,
    ]) {
      // 1001's course id may exist in 1002 too; only one that does not is "not found".
      const res = await call('GET', url, acme.token);
      if (res.success) expect(JSON.stringify(res.data), url).not.toContain('讲得很清楚');
      else expect(res.errorCode, url).toBe('TARGET_NOT_FOUND');
    }
    const onlyInDemo = (await t.db.owner.selectFrom('course').select('id').where('tenant_id', '=', 1001).where('state', '=', 1)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('course as o').select('o.id').where('o.tenant_id', '=', 1002).whereRef('o.id', '=', 'course.id'))))
      .orderBy('id').executeTakeFirst())?.id;
    expect(onlyInDemo, 'ids are unique across tenants, so demo has courses acme lacks').toBeDefined();
    const target = { tenantId: 1002, targetType: 'course', targetId: Number(onlyInDemo) };
    expect(await call('POST', '/cm/api/favorite/add', acme.token, target)).toMatchObject({ success: false, errorCode: 'TARGET_NOT_FOUND' });
    expect(await call('POST', '/cm/api/commentScore/saveComment', acme.token, { ...target, content: '跨租户' })).toMatchObject({ success: false, errorCode: 'TARGET_NOT_FOUND' });
    expect(await call('POST', '/cm/api/appraise/save', acme.token, { ...target, value: 1 })).toMatchObject({ success: false, errorCode: 'TARGET_NOT_FOUND' });
    // A 1001 comment cannot be deleted through 1002, nor 1002's by 1001.
    const demoComment = (await data('GET', '/cm/api/commentScore/userComment?tenantId=1001&pageSize=1', learner.token)).list[0] as { id: number };
    expect(await call('POST', '/cm/api/commentScore/delComment', acme.token, { tenantId: 1002, id: demoComment.id })).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
    const acmeComment = (await data('POST', '/cm/api/commentScore/saveComment', acme.token, { tenantId: 1002, targetType: 'course', targetId: acmeCourse, content: 'Great course', score: 4 })) as { id: number; userName: string };
    expect(await call('POST', '/cm/api/commentScore/delComment', learner.token, { tenantId: 1001, id: acmeComment.id })).toMatchObject({ success: false });
    expect((await data('GET', `/cm/api/commentScore/queryComment?tenantId=1002&targetType=course&targetId=${acmeCourse}`, undefined)).total).toBe(1);
    expect(await data('GET', '/cm/api/favorite/searchByUser?tenantId=1002&type=course', acme.token)).toMatchObject({ total: 0 });
    expect((await data('GET', '/cm/api/commentScore/userComment?tenantId=1002', acme.token)).list.map((c: { content: string }) => c.content)).toEqual(['Great course']);
  });
});

/** A third learner of 1001, created for the average that needs three raters. */
async function signInThird(): Promise<string> {
  const [row] = await t.db.owner.selectFrom('user_account').select(['password_hash', 'password_salt']).where('tenant_id', '=', 1001).where('account', '=', 'learner').execute();
  await t.db.owner.insertInto('user_account').values({ tenant_id: 1001, id: 990_001, account: 'learner3', password_hash: row!.password_hash, password_salt: row!.password_salt, real_name: '赵三', nick_name: null })
    .onConflict((oc) => oc.doNothing()).execute();
  return (await signIn(1001, 'learner3', 'Study@2026')).token;
}
