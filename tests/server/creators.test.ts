// Issue 20 part V (server/modules/cm/authoring-*.ts): a creator's works and chapters: the seed, the
// pen name on a first work, chapters sanitised on save with word counts, reorder and rename,
// submitting (and nobody editing a work in review), the teacher's review page, approval publishing
// the chapters to the reader, hidden chapters, deleting drafts, covers and signed attachment links;
// refusals (guest, another tenant's user, another learner's work) and tenant isolation.
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
let teacher: { id: number; token: string };
let writer: { id: number; token: string };

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number | boolean>, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object, tenantId = 1001) => call('POST', path, token, { tenantId, ...body });
const postData = (path: string, token: string | undefined, body: object) => data('POST', path, token, { tenantId: 1001, ...body });
const upload = (tenantId = 1001) => `/uploads/u/${tenantId}/2026-11/0b7c2a8e-1f3d-4c5b-9a6e-2d4f8b1c3e5a.png`;

/** A new learner of the demo tenant with a token (no pen name yet). */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

/** A new draft work of `who` with these chapters (title, html). */
async function draftWith(who: { token: string }, title: string, chapters: [string, string][]) {
  const work = await postData('/cm/api/content/saveContent', who.token, { title, intro: '简介', penName: '测试笔名' });
  const parts = [];
  for (const [name, html] of chapters) parts.push(await postData('/cm/api/content/savePart', who.token, { contentId: work.id, title: name, html }));
  return { work, parts };
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  writer = await makeUser(`writer_${Date.now()}`);
}, 120_000);

afterAll(async () => t?.close());

describe('the seed', () => {
  it('gives the demo learner a work in each state, the English tenant its own in English, and the published one reads', async () => {
    const mine = await data('GET', q('/cm/api/content/searchUpload', { pageSize: 20 }), learner.token);
    expect(mine.list.map((w: { state: string }) => w.state).sort()).toEqual(['draft', 'pending', 'published', 'rejected']);
    const rejected = mine.list.find((w: { state: string }) => w.state === 'rejected');
    expect(rejected.auditReason).toMatch(/\S/);
    const published = mine.list.find((w: { state: string }) => w.state === 'published');
    expect(published.chapterCount).toBe(3);
    expect(published.wordCount).toBeGreaterThan(0);
    const parts = await data('GET', q('/cm/api/content/partList', { contentId: published.id }), undefined);
    expect(parts).toHaveLength(3);
    const text = await t.app.inject({ method: 'GET', url: parts[0].mediaUrl });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toContain('text/html');
    expect(text.body).toContain('<p>');
    const acme = await data('GET', q('/cm/api/content/searchUpload', { pageSize: 20 }, 1002), acmeLearner.token);
    expect(acme.total).toBe(4);
    expect(acme.list.map((w: { title: string; intro: string }) => `${w.title} ${w.intro}`).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('lists the seeded work in review for the demo teacher, who reads its chapters on the review page', async () => {
    const pending = await data('GET', q('/cm/api/work/audit/pending', { pageSize: 50 }), teacher.token);
    const reading = pending.list.find((w: { purpose: number }) => w.purpose === 7);
    expect(reading).toBeDefined();
    const detail = await data('GET', q('/cm/api/work/audit/workDetail', { id: reading.id }), teacher.token);
    expect(detail.state).toBe('pending');
    expect(detail.chapters).toHaveLength(2);
    expect(detail.chapters[0].html).toMatch(/\S/);
    expect(await call('GET', q('/cm/api/work/audit/workDetail', { id: reading.id }), learner.token)).toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
  });
});

describe('writing a work', () => {
  it('asks a pen name for the first work only, and makes it the author of the work', async () => {
    expect(await data('GET', q('/cm/api/content/myAuthor', {}), writer.token)).toEqual({ authorId: null, penName: null });
    expect(await post('/cm/api/content/saveContent', writer.token, { title: '第一部' })).toMatchObject({ success: false, code: 400, errorCode: 'PEN_NAME_REQUIRED' });
    const first = await postData('/cm/api/content/saveContent', writer.token, { title: '第一部', penName: '  夜航船 ' });
    expect(first).toMatchObject({ state: 'draft', published: false, penName: '夜航船', purpose: 7, serialState: 'serialising', chapterCount: 0 });
    const second = await postData('/cm/api/content/saveContent', writer.token, { title: '第二部', penName: '别的笔名', purpose: 5 });
    expect(second).toMatchObject({ penName: '夜航船', purpose: 5, authorId: first.authorId });
    const row = await t.db.owner.selectFrom('content').select(['state', 'uploader_id', 'kind']).where('tenant_id', '=', 1001).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 0, kind: 'article' });
    expect(Number(row.uploader_id)).toBe(writer.id);
  });

  it('sanitises a chapter on save and counts its words; chapters reorder and rename in one call', async () => {
    const { work, parts } = await draftWith(writer, '净化测试', [
      ['第一章', '<p onclick="alert(1)">你好<strong>世界</strong> hello world</p><script>alert("x")</script><a href="javascript:alert(2)">链接</a>'],
      ['第二章', '<p>二</p>'],
    ]);
    expect(parts[0].html).toContain('<strong>世界</strong>');
    expect(parts[0].html).not.toMatch(/script|onclick|javascript:/i);
    expect(parts[0].wordCount).toBe(8); // 你 好 世 界 hello world 链 接
    const { rows } = await sql<{ body_html: string }>`select body_html from content_part where id = ${parts[0].id}`.execute(t.db.owner);
    expect(rows[0]!.body_html).not.toMatch(/script|onclick/i);
    const reordered = await postData('/cm/cmContentPart/saveBatch', writer.token, { contentId: work.id, parts: [{ id: parts[1].id, title: '序章' }, { id: parts[0].id, title: '第一章 开始' }] });
    expect(reordered.list.map((c: { title: string; sort: number }) => `${c.sort}:${c.title}`)).toEqual(['1:序章', '2:第一章 开始']);
    expect(await post('/cm/cmContentPart/saveBatch', writer.token, { contentId: work.id, parts: [{ id: parts[0].id, title: '只有一章' }] }))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const info = await data('GET', q('/cm/api/content/contentInfo', { id: work.id }), writer.token);
    expect(info).toMatchObject({ chapterCount: 2, wordCount: 9 });
  });

  it('submits only a work with chapters that all have text, and then nobody edits it', async () => {
    const empty = await postData('/cm/api/content/saveContent', writer.token, { title: '空作品' });
    expect(await post('/cm/api/content/applyAudit', writer.token, { id: empty.id })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const { work, parts } = await draftWith(writer, '送审作品', [['第一章', '<p>正文</p>'], ['第二章', '<p></p>']]);
    expect((await post('/cm/api/content/applyAudit', writer.token, { id: work.id })).message).toContain('第二章');
    await postData('/cm/api/content/savePart', writer.token, { contentId: work.id, id: parts[1].id, title: '第二章', html: '<p>写完了</p>' });
    expect(await postData('/cm/api/content/applyAudit', writer.token, { id: work.id })).toMatchObject({ state: 'pending' });
    for (const [path, body] of [
      ['/cm/api/content/saveContent', { id: work.id, title: '改名' }],
      ['/cm/cmContent/save', { id: work.id, serialState: 'finished' }],
      ['/cm/api/content/savePart', { contentId: work.id, id: parts[0].id, title: '改', html: '<p>改</p>' }],
      ['/cm/cmContentPart/saveBatch', { contentId: work.id, parts: [{ id: parts[1].id, title: 'b' }, { id: parts[0].id, title: 'a' }] }],
      ['/cm/cmContentPart/updateStateBatch', { contentId: work.id, ids: [parts[0].id], state: 0 }],
      ['/cm/api/content/clearData', { id: work.id }],
      ['/cm/api/content/applyAudit', { id: work.id }],
    ] as const) {
      expect(await post(path, writer.token, body), path).toMatchObject({ success: false, code: 409, errorCode: 'WORK_IN_REVIEW' });
    }
  });
});

describe('review and reading', () => {
  it('publishes the chapters on approval; later edits reach readers only after the next approval; hidden chapters leave the reader', async () => {
    const { work, parts } = await draftWith(writer, '审核发布', [['第一章 雨', '<p>第一版正文</p>'], ['第二章 风', '<p>第二章正文</p>']]);
    // Before approval a reader sees nothing of it.
    expect(await call('GET', q('/cm/api/content/partListPage', { contentId: work.id }))).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    expect(await call('GET', q('/cm/api/content/partInfo', { id: parts[0].id }), learner.token)).toMatchObject({ success: false, errorCode: 'CHAPTER_NOT_FOUND' });
    await postData('/cm/api/content/applyAudit', writer.token, { id: work.id });
    expect(await data('POST', '/cm/api/work/audit/approve', teacher.token, { tenantId: 1001, id: work.id })).toMatchObject({ auditState: 'approved' });
    const read = await data('GET', q('/cm/api/content/partList', { contentId: work.id }), undefined);
    expect(read.map((p: { title: string }) => p.title)).toEqual(['第一章 雨', '第二章 风']);
    expect(read[0].mediaUrl).toBe(`/cm/api/content/partText?tenantId=1001&id=${parts[0].id}`);
    expect((await t.app.inject({ method: 'GET', url: read[0].mediaUrl })).body).toBe('<p>第一版正文</p>');
    expect((await data('GET', q('/cm/api/content/partInfo', { id: parts[0].id }), undefined)).html).toBe('<p>第一版正文</p>');
    const row = await t.db.owner.selectFrom('content').select(['state', 'word_count', 'chapter_updated_at']).where('tenant_id', '=', 1001).where('id', '=', work.id).executeTakeFirstOrThrow();
    expect(row.state).toBe(1);
    expect(row.word_count).toBe(10);
    expect(row.chapter_updated_at).not.toBeNull();

    // The author edits: readers keep the approved text; the work shows unsubmitted changes.
    await postData('/cm/api/content/savePart', writer.token, { contentId: work.id, id: parts[0].id, title: '第一章 雨', html: '<p>第二版正文</p>' });
    expect((await t.app.inject({ method: 'GET', url: read[0].mediaUrl })).body).toBe('<p>第一版正文</p>');
    expect((await data('GET', q('/cm/api/content/partInfo', { id: parts[0].id }), writer.token)).html).toBe('<p>第二版正文</p>');
    expect(await data('GET', q('/cm/api/content/contentInfo', { id: work.id }), writer.token)).toMatchObject({ state: 'published', published: true, unsubmittedChanges: true });
    await postData('/cm/api/content/applyAudit', writer.token, { id: work.id });
    await data('POST', '/cm/api/work/audit/approve', teacher.token, { tenantId: 1001, id: work.id });
    expect((await t.app.inject({ method: 'GET', url: read[0].mediaUrl })).body).toBe('<p>第二版正文</p>');
    expect(await post('/cm/api/content/applyAudit', writer.token, { id: work.id })).toMatchObject({ success: false, errorCode: 'WORK_NOTHING_TO_SUBMIT' });

    // Hiding a chapter takes it out of the reader at once; showing it brings it back.
    const hidden = await postData('/cm/cmContentPart/updateStateBatch', writer.token, { contentId: work.id, ids: [parts[1].id], state: 0 });
    expect(hidden.list.find((c: { id: number }) => c.id === parts[1].id)).toMatchObject({ shown: false, published: false });
    expect((await data('GET', q('/cm/api/content/partList', { contentId: work.id }), undefined)).map((p: { id: number }) => p.id)).toEqual([parts[0].id]);
    expect((await t.app.inject({ method: 'GET', url: `/cm/api/content/partText?tenantId=1001&id=${parts[1].id}` })).statusCode).toBe(404);
    expect((await data('GET', q('/cm/api/content/partListPage', { contentId: work.id }), undefined)).total).toBe(1);
    await postData('/cm/cmContentPart/updateStateBatch', writer.token, { contentId: work.id, ids: [parts[1].id], state: 1 });
    expect(await data('GET', q('/cm/api/content/partList', { contentId: work.id }), undefined)).toHaveLength(2);
  });

  it('deletes a draft with its chapters (GET as the spec lists it, or POST), and refuses a published work', async () => {
    const { work, parts } = await draftWith(writer, '要删的草稿', [['一', '<p>一</p>']]);
    expect(await data('GET', q('/cm/api/content/clearData', { id: work.id }), writer.token)).toEqual({ id: work.id, chapters: 1 });
    expect(await t.db.owner.selectFrom('content_part').select('id').where('tenant_id', '=', 1001).where('id', '=', parts[0].id).executeTakeFirst()).toBeUndefined();
    const mine = await data('GET', q('/cm/api/content/searchUpload', { state: 'published' }), learner.token);
    expect(await post('/cm/api/content/clearData', learner.token, { id: mine.list[0].id })).toMatchObject({ success: false, code: 409, errorCode: 'WORK_PUBLISHED' });
  });
});

describe('files', () => {
  it('takes a cover and attachments only from this tenant\'s uploads, and signs download links', async () => {
    const work = await postData('/cm/api/content/saveContent', writer.token, { title: '有附件的作品' });
    expect(await post('/cm/api/content/uploadContent', writer.token, { contentId: work.id, role: 'cover', url: upload(1002) })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await post('/cm/api/content/uploadContent', writer.token, { contentId: work.id, role: 'cover', url: 'https://evil.example/x.png' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await post('/cm/api/content/saveContent', writer.token, { id: work.id, title: '有附件的作品', cover: 'javascript:alert(1)' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await postData('/cm/api/content/uploadContent', writer.token, { contentId: work.id, role: 'cover', url: upload() })).toMatchObject({ cover: upload() });
    const pdf = upload().replace('.png', '.pdf');
    const files = await postData('/cm/api/content/uploadContent', writer.token, { contentId: work.id, role: 'attachment', url: pdf, name: '设定集.pdf', size: 1200 });
    expect(files.attachments).toEqual([{ id: expect.any(Number), name: '设定集.pdf', size: 1200, mime: null }]);
    const id = files.attachments[0].id;
    const link = await data('GET', q('/cm/api/content/getDownloadUrl', { id }), writer.token);
    const redirected = await t.app.inject({ method: 'GET', url: link.url });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(pdf);
    const forged = await t.app.inject({ method: 'GET', url: link.url.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.json()).toMatchObject({ success: false, errorCode: 'DOWNLOAD_LINK_INVALID' });
    // Another learner gets no link to an unpublished work's file.
    expect(await call('GET', q('/cm/api/content/getDownloadUrl', { id }), learner.token)).toMatchObject({ success: false, errorCode: 'ATTACHMENT_NOT_FOUND' });
    // A demo link presented as another tenant's is not that tenant's signature.
    const asAcme = await t.app.inject({ method: 'GET', url: link.url.replace('tenantId=1001', 'tenantId=1002') });
    expect(asAcme.json()).toMatchObject({ success: false, errorCode: 'DOWNLOAD_LINK_INVALID' });
    // Only the author removes the file: another learner, or another tenant's, finds none.
    expect(await post('/cm/api/content/removeUpload', learner.token, { id })).toMatchObject({ success: false, errorCode: 'ATTACHMENT_NOT_FOUND' });
    expect(await post('/cm/api/content/removeUpload', acmeLearner.token, { id }, 1002)).toMatchObject({ success: false, errorCode: 'ATTACHMENT_NOT_FOUND' });
    expect((await postData('/cm/api/content/removeUpload', writer.token, { id })).attachments).toEqual([]);
  });
});

describe('refusals and isolation', () => {
  it('refuses a guest and another tenant\'s user', async () => {
    expect(await post('/cm/api/content/saveContent', undefined, { title: 'x' })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/cm/api/content/searchUpload', {}))).toMatchObject({ success: false, flag: 401 });
    expect(await post('/cm/api/content/saveContent', acmeLearner.token, { title: 'x' })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/cm/api/content/searchUpload', {}), acmeLearner.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('answers another learner\'s work as missing, for every call', async () => {
    const { work, parts } = await draftWith(writer, '别人的草稿', [['一', '<p>秘密</p>']]);
    expect(await call('GET', q('/cm/api/content/contentInfo', { id: work.id }), learner.token)).toMatchObject({ success: false, code: 404, errorCode: 'WORK_NOT_FOUND' });
    for (const [path, body] of [
      ['/cm/api/content/saveContent', { id: work.id, title: '抢' }],
      ['/cm/cmContent/save', { id: work.id, title: '抢' }],
      ['/cm/api/content/savePart', { contentId: work.id, title: '抢', html: '<p>x</p>' }],
      ['/cm/api/content/applyAudit', { id: work.id }],
      ['/cm/api/content/clearData', { id: work.id }],
      ['/cm/api/content/uploadContent', { contentId: work.id, role: 'cover', url: upload() }],
      ['/cm/cmContentPart/updateStateBatch', { contentId: work.id, ids: [parts[0].id], state: 0 }],
    ] as const) {
      expect(await post(path, learner.token, body), path).toMatchObject({ success: false, code: 404, errorCode: 'WORK_NOT_FOUND' });
    }
    expect(await post('/cm/api/content/delPart', learner.token, { id: parts[0].id })).toMatchObject({ success: false, errorCode: 'CHAPTER_NOT_FOUND' });
    expect(await call('GET', q('/cm/api/content/partInfo', { id: parts[0].id }), learner.token)).toMatchObject({ success: false, errorCode: 'CHAPTER_NOT_FOUND' });
    expect(await call('GET', q('/cm/api/content/partListPage', { contentId: work.id }), learner.token)).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    const stillMine = await data('GET', q('/cm/api/content/partInfo', { id: parts[0].id }), writer.token);
    expect(stillMine.html).toBe('<p>秘密</p>');
  });

  it('keeps a tenant\'s works and chapters out of another tenant', async () => {
    const demo = (await data('GET', q('/cm/api/content/searchUpload', { state: 'published' }), learner.token)).list[0];
    expect(await call('GET', q('/cm/api/content/contentInfo', { id: demo.id }, 1002), acmeLearner.token)).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    expect(await call('GET', q('/cm/api/content/partListPage', { contentId: demo.id }, 1002))).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    const demoPart = (await data('GET', q('/cm/api/content/partList', { contentId: demo.id }), undefined)).at(0);
    expect((await t.app.inject({ method: 'GET', url: `/cm/api/content/partText?tenantId=1002&id=${demoPart.id}` })).statusCode).toBe(404);
    const seen = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('content_part').select('id').where('body_html', 'is not', null).where('content_id', '=', demo.id).execute());
    expect(seen).toEqual([]);
    const own = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('content').select('tenant_id').where('edited_at', 'is not', null).execute());
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => Number(r.tenant_id) === 1002)).toBe(true);
  });
});
