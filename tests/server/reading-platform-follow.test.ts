// Authors and follows of the reading platform (issue 20 part U; spec learning §7 userFollow/save,
// followList, fans; docs/api.md "Reading platform"): an author's page and works, following and
// unfollowing (yourself refused), whom I follow, an author's and my own followers, and the
// refusals: a guest, another tenant's user, another tenant's author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
/** Demo's author linked to the admin's account, one the learner does not follow, and an acme author. */
let adminAuthor: number; let unfollowed: number; let acmeAuthor: number;

const q = (path: string, tenantId = DEMO) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`;
const save = (token: string | undefined, authorId: number, follow: boolean, tenantId = DEMO) =>
  call('POST', '/um/api/userFollow/save', token, { tenantId, authorId, follow });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  acme = await signIn(ACME, 'learner', 'Study@2026');
  adminAuthor = Number((await t.db.owner.selectFrom('author').select('id').where('tenant_id', '=', DEMO).where('user_id', '=', admin.id).executeTakeFirstOrThrow()).id);
  const followed = await t.db.owner.selectFrom('user_follow').select('author_id').where('tenant_id', '=', DEMO).where('user_id', '=', learner.id).execute();
  unfollowed = Number((await t.db.owner.selectFrom('author').select('id').where('tenant_id', '=', DEMO)
    .where('id', 'not in', followed.map((f) => Number(f.author_id))).orderBy('id').executeTakeFirstOrThrow()).id);
  acmeAuthor = Number((await t.db.owner.selectFrom('author').select('id').where('tenant_id', '=', ACME).orderBy('id').executeTakeFirstOrThrow()).id);
});
afterAll(() => t.close());

describe('an author\'s page', () => {
  it('counts the works, words and followers, and says whether the caller follows and whether it is theirs', async () => {
    const guest = await data('GET', q(`/cm/api/author/info?id=${adminAuthor}`), undefined);
    expect(guest).toMatchObject({ id: adminAuthor, following: false, mine: false });
    expect(guest.workCount).toBeGreaterThan(0);
    expect(guest.wordCount).toBeGreaterThan(0);
    const fans = await t.db.owner.selectFrom('user_follow').select((e) => e.fn.countAll<number>().as('n')).where('tenant_id', '=', DEMO).where('author_id', '=', adminAuthor).executeTakeFirstOrThrow();
    expect(guest.fans).toBe(Number(fans.n));
    expect((await data('GET', q(`/cm/api/author/info?id=${adminAuthor}`), admin.token)).mine).toBe(true);
    const works = await data('GET', q(`/cm/api/author/works?authorId=${adminAuthor}&pageSize=50`), undefined);
    expect(works.total).toBe(guest.workCount);
    expect(works.list.every((b: any) => b.author.id === adminAuthor)).toBe(true);
  });

  it('answers AUTHOR_NOT_FOUND for a missing author and another tenant\'s', async () => {
    for (const id of [999_999_999, acmeAuthor]) {
      expect(await call('GET', q(`/cm/api/author/info?id=${id}`), learner.token)).toMatchObject({ success: false, errorCode: 'AUTHOR_NOT_FOUND' });
      expect(await call('GET', q(`/cm/api/author/works?authorId=${id}`), undefined)).toMatchObject({ success: false, errorCode: 'AUTHOR_NOT_FOUND' });
      expect(await save(learner.token, id, true)).toMatchObject({ success: false, errorCode: 'AUTHOR_NOT_FOUND' });
      expect(await call('GET', q(`/um/api/userFollow/fans?authorId=${id}`), undefined)).toMatchObject({ success: false, errorCode: 'AUTHOR_NOT_FOUND' });
    }
  });
});

describe('following', () => {
  it('follows and unfollows, counting the followers; either twice is harmless', async () => {
    const before = (await data('GET', q(`/cm/api/author/info?id=${unfollowed}`), learner.token)).fans;
    expect((await save(learner.token, unfollowed, true)).data).toEqual({ authorId: unfollowed, following: true, fans: before + 1 });
    expect((await save(learner.token, unfollowed, true)).data).toEqual({ authorId: unfollowed, following: true, fans: before + 1 });
    expect(await data('GET', q(`/cm/api/author/info?id=${unfollowed}`), learner.token)).toMatchObject({ following: true, fans: before + 1 });
    const list = await data('GET', q('/um/api/userFollow/followList'), learner.token);
    expect(list.list[0]).toMatchObject({ id: unfollowed, fans: before + 1 });
    expect(list.total).toBe(3);
    expect((await save(learner.token, unfollowed, false)).data).toEqual({ authorId: unfollowed, following: false, fans: before });
    expect((await save(learner.token, unfollowed, false)).success).toBe(true);
    expect((await data('GET', q('/um/api/userFollow/followList'), learner.token)).total).toBe(2);
  });

  it('refuses following your own pen name (FOLLOW_SELF); unfollowing it stays harmless', async () => {
    expect(await save(admin.token, adminAuthor, true)).toMatchObject({ success: false, errorCode: 'FOLLOW_SELF' });
    expect((await save(admin.token, adminAuthor, false)).success).toBe(true);
    const row = await t.db.owner.selectFrom('user_follow').select('user_id').where('tenant_id', '=', DEMO).where('user_id', '=', admin.id).where('author_id', '=', adminAuthor).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a guest and another tenant\'s user', async () => {
    expect(await save(undefined, unfollowed, true)).toMatchObject({ success: false, flag: 401 });
    expect(await save(acme.token, unfollowed, true)).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/um/api/userFollow/followList'), undefined)).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/um/api/userFollow/followList'), acme.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('keeps tenants apart: acme\'s learner follows only acme\'s authors', async () => {
    const list = await data('GET', q('/um/api/userFollow/followList', ACME), acme.token);
    const rows = await t.db.owner.selectFrom('author').select('tenant_id').where('id', 'in', list.list.map((a: any) => a.id)).execute();
    expect(list.total).toBe(2);
    expect(rows.every((r) => Number(r.tenant_id) === ACME)).toBe(true);
  });
});

describe('followers', () => {
  it('lists an author\'s followers to anyone, display names only, latest first', async () => {
    const page = await data('GET', q(`/um/api/userFollow/fans?authorId=${adminAuthor}&pageSize=50`), undefined);
    expect(page.total).toBeGreaterThan(0);
    for (const fan of page.list) {
      expect(Object.keys(fan).sort()).toEqual(['author', 'avatar', 'followedAt', 'name']);
    }
    const times = page.list.map((f: any) => Date.parse(f.followedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('without an author lists my own followers: the admin\'s pen name\'s, none for the learner, refused for a guest', async () => {
    const mine = await data('GET', q('/um/api/userFollow/fans?pageSize=50'), admin.token);
    const theirs = await data('GET', q(`/um/api/userFollow/fans?authorId=${adminAuthor}&pageSize=50`), undefined);
    expect(mine.total).toBe(theirs.total);
    expect(await data('GET', q('/um/api/userFollow/fans'), learner.token)).toMatchObject({ total: 0, list: [] });
    expect(await call('GET', q('/um/api/userFollow/fans'), undefined)).toMatchObject({ success: false, flag: 401 });
  });
});
