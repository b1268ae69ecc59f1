// Issue 19 part H (server/modules/cm/sharing-routes.ts): a learner's own articles (sanitised on save,
// draft → published on /share, withdraw, delete), my notices with read state (tenant, class and
// affairs), the topic page and the affair with its read receipt; refusals (guest, another tenant's
// user, another learner's article) and row-level security on the tables of migration 0034.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acmeLearner: { id: number; token: string };
let other: { id: number; token: string };

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number | boolean>, tenantId = 1001) =>
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

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
  other = await makeUser(`writer_${Date.now()}`);
}, 120_000);

afterAll(async () => t?.close());

describe('my articles', () => {
  it('seeds the demo learner a published article and a draft, and the English tenant its own in English', async () => {
    const mine = await data('GET', q('/cm/api/article/searchByUser', { pageSize: 50 }), learner.token);
    expect(mine.list.map((a: { state: string }) => a.state).sort()).toEqual(['draft', 'published']);
    const shared = await data('GET', q('/cm/api/article/searchByUser', { state: 'published' }), learner.token);
    expect(shared.total).toBe(1);
    expect(shared.list[0].viewCount).toBeGreaterThan(0);
    const acme = await data('GET', q('/cm/api/article/searchByUser', {}, 1002), acmeLearner.token);
    expect(acme.list.map((a: { title: string }) => a.title).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('sanitises the HTML on save: the script and the handler go, the formatting stays', async () => {
    const saved = await data('POST', '/cm/api/article/save', learner.token, {
      tenantId: 1001, title: '带脚本的文章', body: '<p onclick="alert(1)">你好<strong>加粗</strong></p><script>alert("x")</script><a href="javascript:alert(2)">链接</a>',
    });
    expect(saved.state).toBe('draft');
    expect(saved.body).toContain('<strong>加粗</strong>');
    expect(saved.body).not.toMatch(/script|onclick|javascript:/i);
    const { rows } = await sql<{ body: string }>`select body from article where id = ${saved.id}`.execute(t.db.owner);
    expect(rows[0]!.body).not.toMatch(/script|onclick|javascript:/i);
    expect(saved.summary).toBe('你好加粗 链接');
  });

  it('keeps a draft off /share, publishes it there with its text, and takes it back on withdraw', async () => {
    const draft = await data('POST', '/cm/api/article/save', learner.token, { tenantId: 1001, title: '我的分享草稿', body: '<p>正文<em>斜体</em></p>' });
    const onShare = async () => (await data('GET', q('/cm/api/article/search', { kind: 'share', pageSize: 50 }), undefined)).list.map((a: { id: number }) => a.id);
    expect(await onShare()).not.toContain(draft.id);
    expect((await call('GET', q('/cm/api/article/info', { id: draft.id }))).errorCode).toBe('ARTICLE_NOT_FOUND');

    const published = await data('POST', '/cm/api/article/publish', learner.token, { tenantId: 1001, id: draft.id });
    expect(published.state).toBe('published');
    expect(published.publishTime).not.toBeNull();
    expect(await onShare()).toContain(draft.id);
    const info = await data('GET', q('/cm/api/article/info', { id: draft.id }), undefined);
    expect(info).toMatchObject({ body: '<p>正文<em>斜体</em></p>', bodyPolicy: 1, kind: 'share', bodyUrl: null });
    const u = await t.db.owner.selectFrom('user_account').select(['nick_name', 'real_name', 'account']).where('id', '=', learner.id).executeTakeFirstOrThrow();
    expect(info.author).toBe(u.nick_name || u.real_name || u.account);

    const edited = await data('POST', '/cm/api/article/save', learner.token, { tenantId: 1001, id: draft.id, title: '我的分享（改）', body: '<p>改过</p>' });
    expect(edited.state).toBe('published');
    expect(edited.publishTime).toBe(published.publishTime);

    const withdrawn = await data('POST', '/cm/api/article/withdraw', learner.token, { tenantId: 1001, id: draft.id });
    expect(withdrawn.state).toBe('draft');
    expect(await onShare()).not.toContain(draft.id);

    await data('POST', '/cm/api/article/delete', learner.token, { tenantId: 1001, id: draft.id });
    expect((await call('GET', q('/cm/api/article/userDetail', { id: draft.id }), learner.token)).errorCode).toBe('ARTICLE_NOT_FOUND');
  });

  it('refuses to publish an empty text', async () => {
    const res = await post('/cm/api/article/save', learner.token, { title: '空的', body: '<p> </p><script>x</script>', publish: true });
    expect(res).toMatchObject({ success: false, errorCode: 'ARTICLE_EMPTY' });
  });

  it('refuses a guest, another tenant\'s user and another learner', async () => {
    const mine = await data('POST', '/cm/api/article/save', learner.token, { tenantId: 1001, title: '别人不能改', body: '<p>x</p>' });
    expect((await call('GET', q('/cm/api/article/searchByUser', {}))).flag).toBe(401);
    expect((await post('/cm/api/article/save', undefined, { title: 'x', body: 'x' })).flag).toBe(401);
    expect((await call('GET', q('/cm/api/article/searchByUser', {}), acmeLearner.token)).flag).toBe(401);
    for (const path of ['/cm/api/article/publish', '/cm/api/article/withdraw', '/cm/api/article/delete']) {
      expect((await post(path, other.token, { id: mine.id })).errorCode).toBe('ARTICLE_NOT_FOUND');
    }
    expect((await post('/cm/api/article/save', other.token, { id: mine.id, title: 'hack', body: 'x' })).errorCode).toBe('ARTICLE_NOT_FOUND');
    expect((await call('GET', q('/cm/api/article/userDetail', { id: mine.id }), other.token)).errorCode).toBe('ARTICLE_NOT_FOUND');
    // The acme learner, on their own tenant, does not reach the demo article either.
    const acmeTry = await call('POST', '/cm/api/article/delete', acmeLearner.token, { tenantId: 1002, id: mine.id });
    expect(acmeTry.errorCode).toBe('ARTICLE_NOT_FOUND');
    expect((await data('GET', q('/cm/api/article/userDetail', { id: mine.id }), learner.token)).title).toBe('别人不能改');
  });
});

describe('my notices', () => {
  it('lists the tenant\'s notices, my classes\' and the affairs, unread first, with the seeded one read', async () => {
    const page = await data('GET', q('/cm/api/notice/searchByUser', { pageSize: 50 }), learner.token);
    const sources = new Set(page.list.map((n: { source: string }) => n.source));
    expect(sources).toEqual(new Set(['tenant', 'classes', 'affair']));
    const reads = page.list.map((n: { read: boolean }) => n.read);
    expect(reads).toEqual([...reads].sort((a, b) => Number(a) - Number(b)));
    expect(reads).toContain(true);
    expect(page.unread).toBe(reads.filter((r: boolean) => !r).length);
  });

  it('marks one read, marks one read on opening its detail, then all but the affair awaiting a receipt', async () => {
    const user = await makeUser(`reader_${Date.now()}`);
    const before = await data('GET', q('/cm/api/notice/searchByUser', { pageSize: 50 }), user.token);
    const tenantNotices = before.list.filter((n: { source: string }) => n.source === 'tenant');
    expect(tenantNotices.length).toBeGreaterThan(1);
    const marked = await data('POST', '/cm/api/notice/read', user.token, { tenantId: 1001, id: tenantNotices[0].id, source: 'tenant' });
    expect(marked).toEqual({ marked: 1, unread: before.unread - 1 });
    expect((await data('POST', '/cm/api/notice/read', user.token, { tenantId: 1001, id: tenantNotices[0].id, source: 'tenant' })).marked).toBe(0);
    await data('GET', q('/cm/api/notice/detail', { id: tenantNotices[1].id }), user.token);
    const after = await data('GET', q('/cm/api/notice/searchByUser', { pageSize: 50 }), user.token);
    expect(after.unread).toBe(before.unread - 2);
    expect(after.list.find((n: { id: number; source: string }) => n.source === 'tenant' && n.id === tenantNotices[1].id).read).toBe(true);

    const all = await data('POST', '/cm/api/notice/readAll', user.token, { tenantId: 1001 });
    expect(all.unread).toBe(1);
    const unread = await data('GET', q('/cm/api/notice/searchByUser', { unread: true }), user.token);
    expect(unread.list).toHaveLength(1);
    expect(unread.list[0]).toMatchObject({ source: 'affair', needConfirm: true, read: false });
  });

  it('refuses a class notice of a class I am not in, a guest and another tenant\'s user', async () => {
    const cn = await t.db.owner.selectFrom('classes_notice').select('id').where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    expect((await post('/cm/api/notice/read', other.token, { id: Number(cn.id), source: 'classes' })).errorCode).toBe('NOTICE_NOT_FOUND');
    expect((await call('GET', q('/cm/api/notice/searchByUser', {}))).flag).toBe(401);
    expect((await call('GET', q('/cm/api/notice/searchByUser', {}), acmeLearner.token)).flag).toBe(401);
    const acme = await data('GET', q('/cm/api/notice/searchByUser', { pageSize: 50 }, 1002), acmeLearner.token);
    const demoIds = await t.db.owner.selectFrom('notice').select('id').where('tenant_id', '=', 1001).execute();
    const acmeTenant = acme.list.filter((n: { source: string }) => n.source === 'tenant').map((n: { id: number }) => n.id);
    expect(acmeTenant.some((id: number) => demoIds.some((d) => Number(d.id) === id))).toBe(false);
  });
});

describe('topics and affairs', () => {
  it('shows the seeded topic with sections of published items linking to their details', async () => {
    const topic = await t.db.owner.selectFrom('topic').select('id').where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    const page = await data('GET', q('/cm/api/topic/detail', { id: Number(topic.id) }), undefined);
    expect(page.sections.length).toBeGreaterThanOrEqual(3);
    const paths = page.sections.flatMap((s: { items: { path: string }[] }) => s.items.map((i) => i.path));
    expect(paths.some((p: string) => p.startsWith('/course/detail/'))).toBe(true);
    expect(paths.some((p: string) => p.startsWith('/exam/detail/'))).toBe(true);
    // A withdrawn course leaves the page.
    const course = page.sections.flatMap((s: { items: { kind: string; id: number }[] }) => s.items).find((i: { kind: string }) => i.kind === 'course');
    await t.db.owner.updateTable('course').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', course.id).execute();
    try {
      const again = await data('GET', q('/cm/api/topic/detail', { id: Number(topic.id) }), undefined);
      expect(again.sections.flatMap((s: { items: { kind: string; id: number }[] }) => s.items).some((i: { kind: string; id: number }) => i.kind === 'course' && i.id === course.id)).toBe(false);
      expect(again.viewCount).toBe(page.viewCount + 1);
    } finally {
      await t.db.owner.updateTable('course').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', course.id).execute();
    }
    // Another tenant's topic is not found here.
    const acmeTopic = await t.db.owner.selectFrom('topic').select('id').where('tenant_id', '=', 1002).executeTakeFirstOrThrow();
    expect((await call('GET', q('/cm/api/topic/detail', { id: Number(acmeTopic.id) }))).errorCode).toBe('TOPIC_NOT_FOUND');
  });

  it('shows an affair to a guest, and records a signed-in user\'s receipt once, on confirm', async () => {
    const affair = await t.db.owner.selectFrom('affair').select('id').where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    const id = Number(affair.id);
    const guest = await data('GET', q('/cm/api/affair/detail', { id }), undefined);
    expect(guest).toMatchObject({ signedIn: false, confirmedAt: null, needConfirm: true });
    expect(guest.attachments.length).toBe(1);
    expect((await post('/cm/api/affair/confirm', undefined, { id })).flag).toBe(401);
    expect((await call('POST', '/cm/api/affair/confirm', acmeLearner.token, { tenantId: 1001, id })).flag).toBe(401);

    const user = await makeUser(`confirm_${Date.now()}`);
    const opened = await data('GET', q('/cm/api/affair/detail', { id }), user.token);
    expect(opened).toMatchObject({ signedIn: true, confirmedAt: null });
    const confirmed = await data('POST', '/cm/api/affair/confirm', user.token, { tenantId: 1001, id });
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.confirmedCount).toBe(guest.confirmedCount + 1);
    const again = await data('POST', '/cm/api/affair/confirm', user.token, { tenantId: 1001, id });
    expect(again.confirmedAt).toBe(confirmed.confirmedAt);
    const list = await data('GET', q('/cm/api/notice/searchByUser', { pageSize: 50 }), user.token);
    expect(list.list.find((n: { source: string; id: number }) => n.source === 'affair' && n.id === id).read).toBe(true);

    const acmeAffair = await t.db.owner.selectFrom('affair').select('id').where('tenant_id', '=', 1002).executeTakeFirstOrThrow();
    expect((await post('/cm/api/affair/confirm', user.token, { id: Number(acmeAffair.id) })).errorCode).toBe('AFFAIR_NOT_FOUND');
  });
});

describe('row-level security on the tables of 0034', () => {
  const tables = ['notice_read', 'topic', 'topic_section', 'topic_item', 'affair', 'affair_receipt'] as const;

  it('keeps one tenant\'s rows out of another\'s transactions', async () => {
    for (const table of ['notice_read', 'topic', 'topic_section', 'topic_item', 'affair'] as const) {
      const { rows } = await sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(t.db.owner);
      expect(rows.map((r) => Number(r.tenant_id))).toContain(1001);
      const seen = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(seen.rows.map((r) => Number(r.tenant_id))).toEqual([1002]);
    }
  });

  it('forces row-level security on every one and refuses a row written for another tenant', async () => {
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('topic').values({ tenant_id: 1001, title: 'x' }).execute()))
      .rejects.toThrow(/row-level security/);
    const { rows } = await sql<{ relname: string; forced: boolean }>`select relname, relforcerowsecurity as forced from pg_class where relname in (${sql.join([...tables])})`.execute(t.db.owner);
    expect(rows).toHaveLength(tables.length);
    expect(rows.every((r) => r.forced)).toBe(true);
  });
});
