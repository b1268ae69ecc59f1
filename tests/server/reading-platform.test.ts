// The reading platform (issue 20 part U; docs/shop-and-content.md part U, docs/api.md "Reading
// platform"): the seeded authors and works, a book's page, the text platform's lists, the shelf of
// reading works and my comments on books (/cmu/api/articleComment/*): each call, its refusals (a
// guest, another tenant's user, another learner's row) and tenants kept apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;
const SHOP = 1003;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let acme: { id: number; token: string };
/** A demo work on the learner's seeded shelf, one that is not, and a demo content that is no reading work. */
let shelved: number; let other: number; let notReading: number; let acmeWork: number;

const q = (path: string, tenantId = DEMO) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`;

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', DEMO).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: DEMO, account: 'reader2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李读者' }).execute();
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  second = await signIn(DEMO, 'reader2', 'Study@2026');
  acme = await signIn(ACME, 'learner', 'Study@2026');
  const shelf = await t.db.owner.selectFrom('content_shelf').select('content_id').where('tenant_id', '=', DEMO).where('user_id', '=', learner.id).orderBy('content_id').execute();
  shelved = Number(shelf[0]!.content_id);
  const works = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', DEMO).where('purpose', 'in', [5, 7]).where('state', '=', 1)
    .where('id', 'not in', shelf.map((s) => Number(s.content_id))).orderBy('id').execute();
  other = Number(works[0]!.id);
  notReading = Number((await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', DEMO).where('purpose', '=', 3).where('state', '=', 1).executeTakeFirstOrThrow()).id);
  acmeWork = Number((await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', ACME).where('purpose', 'in', [5, 6, 7]).where('state', '=', 1).executeTakeFirstOrThrow()).id);
});
afterAll(() => t.close());

describe('seeded authors and works', () => {
  it('gives every published reading work of demo, acme and shop an author, a state and a length', async () => {
    for (const tenantId of [DEMO, ACME, SHOP]) {
      const works = await t.db.owner.selectFrom('content').select(['author_id', 'serial_state', 'word_count'])
        .where('tenant_id', '=', tenantId).where('purpose', 'in', [5, 6, 7]).where('state', '=', 1).execute();
      expect(works.length, `tenant ${tenantId}`).toBeGreaterThanOrEqual(3);
      expect(works.every((w) => w.author_id !== null && w.serial_state !== null && w.word_count > 0)).toBe(true);
      const authors = await t.db.owner.selectFrom('author').select(['tenant_id', 'user_id']).where('tenant_id', '=', tenantId).execute();
      expect(authors.some((a) => a.user_id !== null)).toBe(true);
    }
  });

  it('writes acme\'s intros in English and the learner\'s follows on demo, acme and shop', async () => {
    const intros = await t.db.owner.selectFrom('author').select('intro').where('tenant_id', '=', ACME).execute();
    expect(intros.every((a) => !/[\u4e00-\u9fff]/.test(a.intro))).toBe(true);
    for (const tenantId of [DEMO, ACME, SHOP]) {
      const user = await t.db.owner.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirstOrThrow();
      const follows = await t.db.owner.selectFrom('user_follow').select('author_id').where('tenant_id', '=', tenantId).where('user_id', '=', user.id).execute();
      expect(follows.length, `tenant ${tenantId}`).toBe(2);
    }
  });
});

describe('a book\'s page', () => {
  it('answers a work with its author, chapters (all free) and the caller\'s shelf state', async () => {
    const mine = await data('GET', q(`/cm/api/book/info?id=${shelved}`), learner.token);
    expect(mine).toMatchObject({ id: shelved, onShelf: true });
    expect([5, 6, 7]).toContain(mine.purpose);
    expect(mine.author).toMatchObject({ id: expect.any(Number), penName: expect.any(String) });
    expect(mine.authorName).toBe(mine.author.penName);
    expect(mine.chapters.length).toBe(mine.chapterCount);
    expect(mine.chapters.length).toBeGreaterThan(0);
    expect(mine.chapters.map((c: any) => c.index)).toEqual(mine.chapters.map((_: unknown, i: number) => i + 1));
    expect(mine.chapters.every((c: any) => c.free && !c.locked)).toBe(true);
    const guest = await data('GET', q(`/cm/api/book/info?id=${shelved}`), undefined);
    expect(guest.onShelf).toBe(false);
  });

  it('answers BOOK_NOT_FOUND for a content that is no reading work, a missing id and another tenant\'s work', async () => {
    for (const id of [notReading, 999_999_999, acmeWork]) {
      const res = await call('GET', q(`/cm/api/book/info?id=${id}`), learner.token);
      expect(res).toMatchObject({ success: false, errorCode: 'BOOK_NOT_FOUND' });
    }
  });
});

describe('the text platform', () => {
  it('lists the reading categories with works and four lists of at most 8, each in its order', async () => {
    const home = await data('GET', q('/cm/api/textPlatform/home'), undefined);
    expect(home.category).toBeNull();
    expect(home.categories.length).toBeGreaterThan(0);
    expect(home.categories.every((c: any) => c.count > 0)).toBe(true);
    for (const list of ['recent', 'new', 'finished', 'popular']) expect(home[list].length).toBeLessThanOrEqual(8);
    expect(home.recent.length).toBeGreaterThan(0);
    const times = home.recent.map((b: any) => Date.parse(b.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(home.finished.every((b: any) => b.serialState === 'finished')).toBe(true);
    const views = home.popular.map((b: any) => b.viewCount);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('narrows to a category: its count is the paged list\'s total, and every work is under it', async () => {
    const home = await data('GET', q('/cm/api/textPlatform/home'), undefined);
    const category = home.categories[0];
    const one = await data('GET', q(`/cm/api/textPlatform/home?categoryId=${category.id}`), undefined);
    expect(one.category).toEqual(category);
    const page = await data('GET', q(`/cm/api/textPlatform/list?categoryId=${category.id}&list=new&pageSize=50`), undefined);
    expect(page.total).toBe(category.count);
    const all = await data('GET', q('/cm/api/textPlatform/list?pageSize=50'), undefined);
    expect(all.total).toBeGreaterThanOrEqual(page.total);
  });

  it('answers CATEGORY_NOT_FOUND for a missing category and for another tenant\'s', async () => {
    const acmeHome = await data('GET', q('/cm/api/textPlatform/home', ACME), undefined);
    for (const id of [999_999_999, acmeHome.categories[0].id]) {
      for (const path of [`/cm/api/textPlatform/home?categoryId=${id}`, `/cm/api/textPlatform/list?categoryId=${id}`]) {
        expect(await call('GET', q(path), undefined)).toMatchObject({ success: false, errorCode: 'CATEGORY_NOT_FOUND' });
      }
    }
  });

  it('keeps tenants apart: acme\'s lists hold only acme\'s works', async () => {
    const page = await data('GET', q('/cm/api/textPlatform/list?pageSize=50', ACME), undefined);
    const ids = page.list.map((b: any) => b.id);
    const rows = await t.db.owner.selectFrom('content').select('tenant_id').where('id', 'in', ids).execute();
    expect(rows.every((r) => Number(r.tenant_id) === ACME)).toBe(true);
  });
});

describe('the shelf of reading works', () => {
  const shelf = (token: string | undefined, body: object, tenantId = DEMO) => call('POST', '/cm/api/book/shelf', token, { tenantId, ...body });

  it('puts a work on the shelf and takes it off; either twice is harmless', async () => {
    expect((await shelf(second.token, { contentId: other, onShelf: true })).data).toEqual({ contentId: other, onShelf: true });
    expect((await shelf(second.token, { contentId: other, onShelf: true })).success).toBe(true);
    let list = await data('GET', q('/cm/api/book/shelfList'), second.token);
    expect(list.list.map((b: any) => b.id)).toEqual([other]);
    expect((await data('GET', q(`/cm/api/book/info?id=${other}`), second.token)).onShelf).toBe(true);
    await shelf(second.token, { contentId: other, onShelf: false });
    expect((await shelf(second.token, { contentId: other, onShelf: false })).success).toBe(true);
    list = await data('GET', q('/cm/api/book/shelfList'), second.token);
    expect(list.total).toBe(0);
  });

  it('lists only the caller\'s own shelf (the learner\'s seeded works, not the second reader\'s)', async () => {
    const list = await data('GET', q('/cm/api/book/shelfList'), learner.token);
    expect(list.list.map((b: any) => b.id)).toContain(shelved);
  });

  it('refuses a guest, another tenant\'s user, a content that is no reading work and another tenant\'s work', async () => {
    expect(await shelf(undefined, { contentId: other, onShelf: true })).toMatchObject({ success: false, flag: 401 });
    expect(await shelf(acme.token, { contentId: other, onShelf: true })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/cm/api/book/shelfList'), undefined)).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/cm/api/book/shelfList'), acme.token)).toMatchObject({ success: false, flag: 401 });
    for (const contentId of [notReading, acmeWork]) {
      expect(await shelf(learner.token, { contentId, onShelf: true })).toMatchObject({ success: false, errorCode: 'BOOK_NOT_FOUND' });
    }
  });
});

describe('my comments on books', () => {
  const write = (token: string, targetId: number, content: string) =>
    data('POST', '/cm/api/commentScore/saveComment', token, { tenantId: DEMO, targetType: 'content', targetId, content, score: 4 });
  const del = (token: string | undefined, id: number) => call('POST', '/cmu/api/articleComment/delComment', token, { tenantId: DEMO, id });

  it('lists the caller\'s comments on reading works, newest first, and none on other contents', async () => {
    const onBook = await write(learner.token, other, '情节紧凑，人物立得住');
    const onOther = await write(learner.token, notReading, '这是一条课程资料的评论');
    const page = await data('GET', q('/cmu/api/articleComment/searchByUser'), learner.token);
    expect(page.list[0]).toMatchObject({ id: onBook.id, bookId: other, content: '情节紧凑，人物立得住', score: 4, bookTitle: expect.any(String) });
    expect(page.list.map((c: any) => c.id)).not.toContain(onOther.id);
    expect(page.list.every((c: any) => c.authorName !== null)).toBe(true);
  });

  it('deletes only the caller\'s own: another learner\'s answers as a missing one and stays', async () => {
    const mine = await write(learner.token, other, '第二条书评');
    expect(await del(second.token, mine.id)).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
    expect(await del(acme.token, mine.id)).toMatchObject({ success: false, flag: 401 });
    expect(await del(undefined, mine.id)).toMatchObject({ success: false, flag: 401 });
    let page = await data('GET', q('/cmu/api/articleComment/searchByUser'), learner.token);
    expect(page.list.map((c: any) => c.id)).toContain(mine.id);
    expect((await del(learner.token, mine.id)).success).toBe(true);
    page = await data('GET', q('/cmu/api/articleComment/searchByUser'), learner.token);
    expect(page.list.map((c: any) => c.id)).not.toContain(mine.id);
    expect(await del(learner.token, mine.id)).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
  });

  it('does not delete a comment on anything but a reading work, and the second reader sees none of the learner\'s', async () => {
    const onOther = await write(learner.token, notReading, '不是书评');
    expect(await del(learner.token, onOther.id)).toMatchObject({ success: false, errorCode: 'COMMENT_NOT_FOUND' });
    const page = await data('GET', q('/cmu/api/articleComment/searchByUser'), second.token);
    expect(page.total).toBe(0);
    expect(await call('GET', q('/cmu/api/articleComment/searchByUser'), undefined)).toMatchObject({ success: false, flag: 401 });
  });
});
