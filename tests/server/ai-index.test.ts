// Issue 21 part B: the retrieval index over the tenant's catalogue (docs/ai.md B). The seed builds
// each tenant's index; a search finds an item by its words (CJK bigrams, Latin words), rebuilds
// first when the catalogue changed, never returns another tenant's rows (row-level security forced)
// nor a hidden or unpublished item; the back-office calls are the tenant admin's only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { PASSAGE_KINDS, type PassageKind } from '../../server/lib/ai/types';
import { searchPassages, useIndexSources, type IndexSources } from '../../server/modules/cm/ai-index-search';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let admin: { id: number; token: string };
let learner: { id: number; token: string };

const search = (tenantId: number, text: string, opts: { kinds?: PassageKind[]; limit?: number } = {}) =>
  withTenant(t.db.app, tenantId, (trx) => searchPassages(trx, { text, ...opts }));

const kindsOf = async (tenantId: number) => {
  const rows = await withTenant(t.db.app, tenantId, (trx) => trx.selectFrom('ai_passage').select(['kind', sql<string>`count(*)`.as('n')]).groupBy('kind').execute());
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
};

const firstCourse = (tenantId: number) => withTenant(t.db.app, tenantId, (trx) => trx.selectFrom('course')
  .select(['id', 'title']).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow());

/** Adds a course to a tenant (as the back office would) and returns its id. */
const addCourse = (tenantId: number, title: string, state = 1) => withTenant(t.db.app, tenantId, async (trx) => Number((await trx.insertInto('course')
  .values({ tenant_id: tenantId, category_id: null, title, cover: null, summary: `${title}：从零开始的十个课时。`, state, teacher_id: null, labels: [] })
  .returning('id').executeTakeFirstOrThrow()).id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(1001, 'admin', 'Admin@2026');
  learner = await signIn(1001, 'learner', 'Study@2026');
});
afterAll(() => t.close());

describe('the seeded index', () => {
  it('holds every kind of item across the seeded tenants, and on ai its courses, contents, help and exams', async () => {
    const all = new Set<string>();
    for (const id of [1001, 1002, 1003, 1004, 1533]) for (const kind of (await kindsOf(id)).keys()) all.add(kind);
    expect([...all].sort()).toEqual([...PASSAGE_KINDS].sort());
    const ai = await kindsOf(1004);
    for (const kind of ['course', 'content', 'help'] as const) expect(ai.get(kind), kind).toBeGreaterThan(0);
    expect((await kindsOf(1003)).get('product')).toBeGreaterThan(0);
  });

  it('keeps passages to 400 characters with the item title on each, and links each kind where the portal opens it', async () => {
    const rows = await withTenant(t.db.app, 1003, (trx) => trx.selectFrom('ai_passage').select(['kind', 'ref_id', 'title', 'body', 'link']).execute());
    expect(Math.max(...rows.map((r) => r.body.length))).toBeLessThanOrEqual(400);
    for (const r of rows) {
      expect(r.title.length, `${r.kind} ${r.ref_id}`).toBeGreaterThan(0);
      const id = String(r.ref_id);
      const expected: Record<PassageKind, RegExp> = {
        course: new RegExp(`^/course/detail/${id}$`), subject: new RegExp(`^/subject/detail/${id}$`), exam: new RegExp(`^/exam/detail/${id}$`),
        help: new RegExp(`^/helpCenter\\?purpose=99&id=${id}$`), product: new RegExp(`^/(product/detail|sub_shop/noval)/${id}$`),
        content: new RegExp(`^(/knowledge/detail/${id}\\?purpose=[12]|/content/noval/${id}\\?purpose=[567]|/sub_cm/content/detail\\?id=${id}&purpose=\\d+)$`),
      };
      expect(r.link).toMatch(expected[r.kind]);
    }
  });

  it('finds a subject by the title of a course it collects', async () => {
    const member = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('subject_item as i')
      .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.subject_id'))
      .innerJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.course_id'))
      .select(['s.id', 'c.title']).where('s.state', '=', 1).where('c.state', '=', 1).orderBy('i.id').executeTakeFirstOrThrow());
    const found = await search(1001, member.title, { kinds: ['subject'] });
    expect(found.map((p) => p.refId)).toContain(Number(member.id));
  });

  it('reads a help article\'s document, not only its title: words of its steps find it', async () => {
    // "账号安全" is in the steps of 如何修改登录密码 (seed-help), not in any title.
    const found = await search(1001, '账号安全在哪里设置', { kinds: ['help'] });
    expect(found[0]).toMatchObject({ kind: 'help', title: '如何修改登录密码' });
    // Its summary, the help center's stock line, is not indexed when its text is: answers never quote it.
    const stock = await withTenant(t.db.app, 1004, (trx) => trx.selectFrom('ai_passage').select('title').where('kind', '=', 'help').where('body', 'like', '%图文步骤说明%').execute());
    expect(stock).toEqual([]);
    expect((await kindsOf(1004)).get('help')).toBeGreaterThan(0);
  });

  it('reads the catalogue\'s generated documents at seed time: words only the ai tenant\'s knowledge article says find it', async () => {
    // "银行卡号" is in the text of AI使用规范与隐私保护 (seed-catalogue-ai.ts), not in its title or summary.
    const found = await search(1004, '银行卡号能填吗', { kinds: ['content'] });
    expect(found[0]).toMatchObject({ kind: 'content', title: 'AI使用规范与隐私保护' });
    expect(found[0]!.text).toContain('银行卡号');
  });
});

describe('searchPassages', () => {
  it('finds a course asked for by name on demo and on ai, course first', async () => {
    for (const tenantId of [1001, 1004]) {
      const course = await firstCourse(tenantId);
      const found = await search(tenantId, `我想学习${course.title}这门课程`);
      expect(found[0], `${tenantId}: ${course.title}`).toMatchObject({ kind: 'course', refId: Number(course.id), link: `/course/detail/${course.id}` });
    }
  });

  it('answers an English question on acme from English words (plural or not)', async () => {
    const course = await firstCourse(1002);
    const word = course.title.split(/\s+/).find((w) => w.length > 4)!.toLowerCase();
    const found = await search(1002, `Which courses teach ${word}?`);
    expect(found.some((p) => p.kind === 'course' && p.refId === Number(course.id)), `${word} → ${JSON.stringify(found.map((p) => p.title))}`).toBe(true);
  });

  it('keeps at most two passages per item, the limit, and the kinds asked for', async () => {
    const found = await search(1003, '星河旅人 出港 航标 信号 领航员', { limit: 10 });
    const perItem = new Map<string, number>();
    for (const p of found) perItem.set(`${p.kind}:${p.refId}`, (perItem.get(`${p.kind}:${p.refId}`) ?? 0) + 1);
    expect(Math.max(...perItem.values())).toBeLessThanOrEqual(2);
    expect((await search(1001, '课程 学习 考试 帮助', { limit: 3 })).length).toBeLessThanOrEqual(3);
    const exams = await search(1001, '考试 学习 安全', { kinds: ['exam'] });
    expect(exams.every((p) => p.kind === 'exam')).toBe(true);
    expect(await search(1001, '考试', { kinds: [] })).toEqual([]);
  });

  it('lists a kind\'s items for a question that names only the kind ("有哪些考试"), whatever their titles say', async () => {
    const exams = await withTenant(t.db.app, 1004, (trx) => trx.selectFrom('exam').select('id').where('state', '=', 1).where('type', '=', 'exam').execute());
    expect(exams.length).toBeGreaterThan(0);
    const found = await search(1004, '有哪些考试');
    expect(found.map((p) => p.kind)).toEqual(exams.map(() => 'exam'));
    expect(found.map((p) => p.refId).sort()).toEqual(exams.map((e) => Number(e.id)).sort());
    // The same question limited to other kinds lists nothing of the exam kind.
    expect((await search(1004, '有哪些考试', { kinds: ['course'] })).every((p) => p.kind === 'course')).toBe(true);
  });

  it('finds nothing for a question of asking words only, or words no item has', async () => {
    expect(await search(1001, '怎么办？')).toEqual([]);
    expect(await search(1001, '氪氙氡 zyxwvq')).toEqual([]);
  });
});

describe('common words', () => {
  it('finds an item by its name even when the kind word of the question fills hundreds of passages', async () => {
    await withTenant(t.db.app, 1533, (trx) => trx.insertInto('course').values(Array.from({ length: 120 }, (_, i) => ({
      tenant_id: 1533, category_id: null, title: `课程课程 ${i}`, cover: null, summary: '课程'.repeat(60), state: 1, teacher_id: null, labels: [],
    }))).execute());
    const id = await addCourse(1533, 'Rust 系统编程');
    expect((await search(1533, 'Rust 课程'))[0]).toMatchObject({ kind: 'course', refId: id });
  });
});

describe('freshness', () => {
  it('rebuilds after a new course is added, and drops it once it is hidden', async () => {
    expect(await search(1001, '量子纠缠入门')).toEqual([]);
    const id = await addCourse(1001, '量子纠缠入门导论');
    const found = await search(1001, '量子纠缠入门');
    expect(found[0]).toMatchObject({ kind: 'course', refId: id, title: '量子纠缠入门导论' });
    await withTenant(t.db.app, 1001, (trx) => trx.updateTable('course').set({ state: 0 }).where('id', '=', id).execute());
    expect(await search(1001, '量子纠缠入门')).toEqual([]);
  });

  it('never indexes an unpublished course or help article, nor a product of an off-shelf store', async () => {
    await addCourse(1001, '暗物质观测草稿', 0);
    expect(await search(1001, '暗物质观测')).toEqual([]);
    const help = await withTenant(t.db.app, 1001, async (trx) => Number((await trx.insertInto('content').values({
      tenant_id: 1001, category_id: null, title: '超导磁体维护说明', cover: null, summary: '超导磁体的维护步骤', state: 0, purpose: 99, kind: 'article', author: null, media_url: null, labels: [],
    }).returning('id').executeTakeFirstOrThrow()).id));
    expect(await search(1001, '超导磁体维护')).toEqual([]);
    await withTenant(t.db.app, 1001, (trx) => trx.updateTable('content').set({ state: 1 }).where('id', '=', help).execute());
    expect((await search(1001, '超导磁体维护'))[0]).toMatchObject({ kind: 'help', refId: help });

    const product = await withTenant(t.db.app, 1003, (trx) => trx.selectFrom('product').select(['id', 'title', 'provider_id']).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow());
    expect((await search(1003, product.title)).some((p) => p.kind === 'product' && p.refId === Number(product.id))).toBe(true);
    await withTenant(t.db.app, 1003, (trx) => trx.updateTable('provider').set({ state: -1 }).where('id', '=', product.provider_id).execute());
    expect((await search(1003, product.title)).some((p) => p.kind === 'product' && p.refId === Number(product.id))).toBe(false);
    await withTenant(t.db.app, 1003, (trx) => trx.updateTable('provider').set({ state: 0 }).where('id', '=', product.provider_id).execute());
  });

  it('follows a renamed course, and a study count (not an indexed column) leaves the index as built', async () => {
    const id = await addCourse(1004, '射电望远镜原理');
    await search(1004, '射电望远镜');
    const builtAt = async () => (await withTenant(t.db.app, 1004, (trx) => trx.selectFrom('ai_index_state').select('built_at').executeTakeFirstOrThrow())).built_at;
    const before = await builtAt();
    await withTenant(t.db.app, 1004, (trx) => trx.updateTable('course').set({ study_count: 99 }).where('id', '=', id).execute());
    await search(1004, '射电望远镜');
    expect(await builtAt()).toEqual(before);
    await withTenant(t.db.app, 1004, (trx) => trx.updateTable('course').set({ title: '引力波探测原理', summary: '干涉仪与信号处理' }).where('id', '=', id).execute());
    expect((await search(1004, '引力波探测'))[0]).toMatchObject({ refId: id, title: '引力波探测原理' });
    expect((await search(1004, '射电望远镜')).some((p) => p.refId === id && p.kind === 'course')).toBe(false);
  });

  it('a creator\'s autosave of a chapter leaves the index as built; approving the work rebuilds it with the new text', async () => {
    const builtAt = async () => (await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('ai_index_state').select('built_at').executeTakeFirstOrThrow())).built_at;
    const part = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('content_part as p')
      .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.content_id'))
      .select(['p.id', 'p.content_id']).where('p.state', '=', 1).where('p.published_html', 'is not', null).where('c.state', '=', 1)
      .orderBy('p.id').executeTakeFirstOrThrow());
    await search(1001, '学习');
    const before = await builtAt();
    await withTenant(t.db.app, 1001, (trx) => trx.updateTable('content_part').set({ body_html: '<p>蝴蝶效应与混沌理论的草稿</p>', updated_at: new Date() }).where('id', '=', part.id).execute());
    expect(await search(1001, '蝴蝶效应混沌理论')).toEqual([]);
    expect(await builtAt()).toEqual(before);
    // Approval (authoring-part-repository publishChapters): the saved text becomes the readers' and chapter_updated_at moves.
    await withTenant(t.db.app, 1001, async (trx) => {
      await trx.updateTable('content_part').set({ published_html: '<p>蝴蝶效应与混沌理论的草稿</p>' }).where('id', '=', part.id).execute();
      await trx.updateTable('content').set({ chapter_updated_at: new Date() }).where('id', '=', part.content_id).execute();
    });
    expect((await search(1001, '蝴蝶效应混沌理论'))[0]).toMatchObject({ kind: 'content', refId: Number(part.content_id) });
  });

  it('two searches that find the index stale at once build it once and both answer', async () => {
    const id = await addCourse(1533, '航海气象学基础');
    const [a, b] = await Promise.all([search(1533, '航海气象学'), search(1533, '航海气象学')]);
    expect(a[0]).toMatchObject({ refId: id });
    expect(b[0]).toMatchObject({ refId: id });
  });
});

describe('failures', () => {
  it('answers from the index as it was when a rebuild fails, and says so in the log', async () => {
    const warned: string[] = [];
    const failing = new Proxy(t.db.app, {
      get: (target, key, receiver) => (key === 'transaction' ? () => ({ execute: () => Promise.reject(new Error('connection lost')) }) : Reflect.get(target, key, receiver)),
    });
    const course = await firstCourse(1533);
    const before = await search(1533, course.title);
    await addCourse(1533, '极地考察入门');
    useIndexSources({ db: failing as IndexSources['db'], read: async () => null, warn: (message) => warned.push(message) });
    try {
      expect(await search(1533, course.title)).toEqual(before);
      expect(await search(1533, '极地考察入门')).toEqual([]);
      expect(warned[0]).toMatch(/could not be rebuilt/);
    } finally {
      useIndexSources({ db: t.db.app, read: async () => null, warn: () => undefined });
    }
    expect((await search(1533, '极地考察入门'))[0]).toMatchObject({ title: '极地考察入门' });
  });

  it('reads at most the first thousand characters of a pasted page', async () => {
    const course = await firstCourse(1001);
    const found = await search(1001, `${course.title} ${'无关的文字'.repeat(2000)}`);
    expect(found[0]).toMatchObject({ kind: 'course', refId: Number(course.id) });
  });
});

describe('isolation', () => {
  it('a tenant\'s search never returns another tenant\'s items, and row-level security hides other tenants\' passages', async () => {
    const demo = await firstCourse(1001);
    const acmeFound = await search(1002, demo.title);
    const demoLinks = new Set((await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('ai_passage').select(['kind', 'ref_id']).execute())).map((r) => `${r.kind}:${r.ref_id}:${demo.title}`));
    expect(acmeFound.filter((p) => demoLinks.has(`${p.kind}:${p.refId}:${p.title}`))).toEqual([]);
    const tenants = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('ai_passage').select('tenant_id').distinct().execute());
    expect(tenants.map((r) => Number(r.tenant_id))).toEqual([1002]);
    // The app role with no tenant set sees no passage and no state at all.
    const none = await t.db.app.selectFrom('ai_passage').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(none.n)).toBe(0);
    await expect(t.db.app.transaction().execute((trx) => searchPassages(trx, { text: demo.title }))).rejects.toThrow(/scoped to a tenant/);
  });
});

describe('back-office calls', () => {
  it('status lists every kind with counts and whether the index is fresh; rebuild rebuilds; preview answers with links', async () => {
    const status = await data('GET', '/cm/api/ai/index/status?tenantId=1001', admin.token);
    expect(status.kinds.map((k: { kind: string }) => k.kind)).toEqual([...PASSAGE_KINDS]);
    expect(status.kinds.find((k: { kind: string }) => k.kind === 'course').items).toBeGreaterThan(0);
    expect(status).toMatchObject({ fresh: true });
    await addCourse(1001, '声学工程概论');
    expect(await data('GET', '/cm/api/ai/index/status?tenantId=1001', admin.token)).toMatchObject({ fresh: false });
    const rebuilt = await data('POST', '/cm/api/ai/index/rebuild', admin.token, { tenantId: 1001 });
    expect(rebuilt.fresh).toBe(true);
    expect(Date.parse(rebuilt.builtAt)).toBeGreaterThan(Date.parse(status.builtAt));
    const course = await firstCourse(1001);
    const preview = await data('POST', '/cm/api/ai/index/preview', admin.token, { tenantId: 1001, question: `${course.title}讲什么` });
    expect(preview.passages[0]).toMatchObject({ kind: 'course', refId: Number(course.id) });
    expect(preview.links[0]).toEqual({ title: course.title, path: `/course/detail/${course.id}` });
    expect(preview.answer).toContain(`《${course.title}》`);
  });

  it('are refused to guests, learners and another tenant\'s admin', async () => {
    for (const [method, url, body] of [
      ['GET', '/cm/api/ai/index/status?tenantId=1001', undefined],
      ['POST', '/cm/api/ai/index/rebuild', { tenantId: 1001 }],
      ['POST', '/cm/api/ai/index/preview', { tenantId: 1001, question: '课程' }],
    ] as const) {
      expect(await call(method, url, undefined, body), `${url} guest`).toMatchObject({ success: false, flag: 401 });
      expect(await call(method, url, learner.token, body), `${url} learner`).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
      const other = method === 'GET' ? url.replace('1001', '1003') : url;
      expect(await call(method, other, admin.token, body ? { ...body, tenantId: 1003 } : undefined), `${url} demo admin on shop`).toMatchObject({ success: false, flag: 401 });
    }
  });
});
