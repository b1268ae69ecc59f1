// Tenant isolation of every content call (issue 7 item 7: "acme's learner cannot read demo's
// courses by id"). Every route under server/modules/cm is called twice with the ids of demo's rows
// (tenant 1001): as demo's signed-in learner, who must get demo's data (so each row of the table can
// fail), and as acme's signed-in learner (tenant 1002; the API takes the tenant from the call's
// tenantId, DESIGN "Tenancy"), who must get not-found, an empty answer or a refusal, and never a
// title, comment or id of demo's. Calls that need a sign-in are also made with acme's token and
// demo's tenantId, which must be refused. Writes made as acme on demo's ids must be refused and leave
// demo's rows as they were. A last test reads the route files, so a new cm route without a row here
// fails. Run: npx vitest run --project server tests/server/content-isolation.test.ts
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { studyLogCode, studyLogKey } from '../../server/lib/study-log-code';
import { apiOf, type Envelope } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;

let t: TestApp;
/** The harness's app has no media folder, so the calls go to an app on the same database that has one (as media.test.ts). */
let app: FastifyInstance;
let mediaDir: string;
const { call, data, signIn } = apiOf(() => app);
let demoUser: { id: number; token: string };
let acmeUser: { id: number; token: string };

/** A row of demo's, by id and title (titles are demo's Chinese text: a leak shows up in acme's answers). */
interface Row { id: number; title: string }

/** Demo's rows the calls name, and what demo's learner did with them in beforeAll. */
const demo = {} as {
  /** A published course whose lessons are library contents. */
  course: Row;
  /** A published content that is a lesson of `course`. */
  lesson: number;
  /** A published subject that collects `subjectContent`. */
  subject: Row;
  subjectContent: number;
  /** A published content with parts. */
  content: Row;
  /** A category with child categories. */
  parentCategory: number;
  /** Every category id of demo's. */
  categoryIds: number[];
  /** Per list, a row the list shows and its category (its title is the search word). */
  lists: Record<keyof typeof LIST_PATHS, { categoryId: number | null; row: Row }>;
  /** demo's learner's comment on `course` (with a score). */
  comment: number;
  /** A comment of demo's learner that only the delComment case deletes. */
  spareComment: number;
  /** Text that appears only in demo's rows: no answer to acme may contain any of it. */
  markers: string[];
};

const COMMENT_TEXT = '演示租户学员的评论 isolation marker';
const DEMO_ONLY_MEDIA = 'audio/isolation-demo-only.wav';
const SHARED_NAME_MEDIA = 'audio/isolation-both.wav';

/** The list call of each catalogue list the table checks. */
const LIST_PATHS = {
  course: '/cm/api/course/search', subject: '/cm/api/subject/search', content: '/cm/api/content/search',
  article: '/cm/api/article/search', notice: '/cm/api/notice/searchAuth',
} as const;

/** A row demo's list shows (one with a category when there is one), as demo's learner sees it: whatever the list's own rules. */
async function listedDemoRow(table: keyof typeof LIST_PATHS): Promise<{ categoryId: number | null; row: Row }> {
  const page = await data('GET', `${LIST_PATHS[table]}?tenantId=${DEMO}&pageSize=50`, demoUser.token);
  const rows = page.list as { id: number; title: string; categoryId: number | null }[];
  expect(rows.length, `the seed needs a listed ${table} in tenant ${DEMO}`).toBeGreaterThan(0);
  const row = rows.find((r) => r.categoryId !== null) ?? rows[0]!;
  return { categoryId: row.categoryId, row: { id: row.id, title: row.title } };
}

/** Picks demo's rows with the owner connection (no row-level security, so every query names the tenant). */
async function pickDemoRows(): Promise<void> {
  const owner = t.db.owner;
  const lesson = await owner.selectFrom('course_phase_content as l')
    .innerJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.course_id'))
    .innerJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'l.tenant_id').onRef('ct.id', '=', 'l.content_id'))
    .select(['c.id as course_id', 'c.title', 'l.content_id']).where('l.tenant_id', '=', DEMO).where('c.state', '=', 1).where('ct.state', '=', 1)
    .orderBy('c.id').orderBy('l.sort').executeTakeFirstOrThrow();
  demo.course = { id: Number(lesson.course_id), title: lesson.title };
  demo.lesson = Number(lesson.content_id);

  const item = await owner.selectFrom('subject_item as si')
    .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'si.tenant_id').onRef('s.id', '=', 'si.subject_id'))
    .innerJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'si.tenant_id').onRef('ct.id', '=', 'si.content_id'))
    .select(['s.id', 's.title', 'si.content_id']).where('si.tenant_id', '=', DEMO).where('s.state', '=', 1).where('ct.state', '=', 1)
    .orderBy('s.id').executeTakeFirstOrThrow();
  demo.subject = { id: Number(item.id), title: item.title };
  demo.subjectContent = Number(item.content_id);

  const parted = await owner.selectFrom('content_part as p')
    .innerJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'p.tenant_id').onRef('ct.id', '=', 'p.content_id'))
    .select(['ct.id', 'ct.title']).where('p.tenant_id', '=', DEMO).where('ct.state', '=', 1).where('ct.purpose', '<>', 99)
    .orderBy('ct.id').executeTakeFirstOrThrow();
  demo.content = { id: Number(parted.id), title: parted.title };

  const categories = await owner.selectFrom('category').select(['id', 'parent_id', 'name']).where('tenant_id', '=', DEMO).execute();
  demo.categoryIds = categories.map((c) => Number(c.id));
  const parent = categories.find((c) => categories.some((child) => child.parent_id === c.id));
  expect(parent, `the seed needs a category with children in tenant ${DEMO}`).toBeDefined();
  demo.parentCategory = Number(parent!.id);

  demo.lists = {} as typeof demo.lists;
  for (const table of Object.keys(LIST_PATHS) as (keyof typeof LIST_PATHS)[]) demo.lists[table] = await listedDemoRow(table);
  demo.markers = [
    demo.course.title, demo.subject.title, demo.content.title, COMMENT_TEXT, '小李',
    ...Object.values(demo.lists).map((l) => l.row.title),
  ];

  // The premise of "by id": acme has no row with these ids, so a not-found is the tenant barrier.
  for (const [table, id] of [['course', demo.course.id], ['subject', demo.subject.id], ['content', demo.content.id], ['content', demo.lesson],
    ['content', demo.subjectContent], ['category', demo.parentCategory]] as const) {
    const clash = await owner.selectFrom(table).select('id').where('tenant_id', '=', ACME).where('id', '=', id).executeTakeFirst();
    expect(clash, `acme has its own ${table} ${id}; pick ids that only demo has`).toBeUndefined();
  }
}

/** What demo's learner does, so that every personal list and state of demo's has something to leak. */
async function studyAsDemo(): Promise<void> {
  const tok = demoUser.token;
  for (const [targetType, targetId] of [['course', demo.course.id], ['subject', demo.subject.id], ['content', demo.content.id]] as const) {
    await data('POST', '/cm/api/favorite/add', tok, { tenantId: DEMO, targetType, targetId });
  }
  demo.comment = (await data('POST', '/cm/api/commentScore/saveComment', tok, { tenantId: DEMO, targetType: 'course', targetId: demo.course.id, content: COMMENT_TEXT, score: 4 })).id;
  demo.spareComment = (await data('POST', '/cm/api/commentScore/saveComment', tok, { tenantId: DEMO, targetType: 'content', targetId: demo.content.id, content: `${COMMENT_TEXT} 2` })).id;
  await data('POST', '/cm/api/appraise/save', tok, { tenantId: DEMO, targetType: 'course', targetId: demo.course.id, value: 1 });
  // Finished: the lesson (its course counts as studied), the subject's content (the subject counts).
  for (const contentId of [demo.lesson, demo.subjectContent, demo.content.id]) {
    await data('POST', '/cm/api/hist/save', tok, { tenantId: DEMO, contentId, progress: 60, duration: 60, playTime: 60, state: 2, savedAt: 1_700_000_000_000 });
  }
}

/** Writes the media files: one only demo has, one name both tenants have (different bytes). */
async function writeMedia(): Promise<void> {
  mediaDir = await mkdtemp(join(tmpdir(), 'isolation-media-'));
  for (const tenantId of [DEMO, ACME]) await mkdir(join(mediaDir, String(tenantId), 'audio'), { recursive: true });
  await writeFile(join(mediaDir, String(DEMO), DEMO_ONLY_MEDIA), 'RIFF demo only');
  await writeFile(join(mediaDir, String(DEMO), SHARED_NAME_MEDIA), 'RIFF demo bytes');
  await writeFile(join(mediaDir, String(ACME), SHARED_NAME_MEDIA), 'RIFF acme bytes');
}

beforeAll(async () => {
  t = await createTestApp();
  await writeMedia();
  app = await buildApp({ db: t.db, mediaDir });
  await app.ready();
  demoUser = await signIn(DEMO, 'learner', 'Study@2026');
  acmeUser = await signIn(ACME, 'learner', 'Study@2026');
  await pickDemoRows();
  await studyAsDemo();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

// --- The reads ----------------------------------------------------------------------------------

/** What acme's learner must get: a refusal with this errorCode, or a success that `check` accepts. */
type AcmeExpectation = { errorCode: string } | { check: (data: any) => void };

/** One read route, called with demo's ids. */
interface ReadCase {
  /** `METHOD path`, as registered. */
  route: string;
  /** Which variant of the route, when it has several rows. */
  name?: string;
  /** Needs a signed-in user of the call's tenant. */
  signedIn: boolean;
  /** The query string (without tenantId). */
  query: () => Record<string, string | number>;
  /** What demo's learner must see: demo's data. */
  demo: (data: any) => void;
  acme: AcmeExpectation;
}

/** The ids of a page's rows. */
const pageIds = (page: { list: { id: number }[] }) => page.list.map((r) => Number(r.id));
const empty = (page: { list: unknown[]; total: number }) => {
  expect(page.list).toEqual([]);
  expect(page.total).toBe(0);
};
/** A page of a list filtered to demo's category or title: demo finds its row, acme finds nothing. */
const listCase = (path: string, table: keyof typeof demo.lists, by: 'category' | 'title'): ReadCase => ({
  route: `GET ${path}`, signedIn: false,
  query: (): Record<string, string | number> => {
    const { categoryId, row } = demo.lists[table];
    return by === 'category' && categoryId !== null ? { categoryId, pageSize: 50 } : { searchValue: row.title, pageSize: 50 };
  },
  demo: (page) => {
    expect(page.total).toBeGreaterThan(0);
    if (by === 'title' || demo.lists[table].categoryId === null) expect(pageIds(page)).toContain(demo.lists[table].row.id);
  },
  acme: { check: empty },
});
/** Every `id` in a category tree or nav answer, at any depth. */
const treeIds = (tree: unknown) => [...JSON.stringify(tree).matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
const noDemoCategory = { check: (tree: unknown) => expect(treeIds(tree).filter((id) => demo.categoryIds.includes(id))).toEqual([]) };
const target = (targetType: 'course' | 'subject' | 'content', targetId: () => number) => () => ({ targetType, targetId: targetId() });
const TARGET_NOT_FOUND = { errorCode: 'TARGET_NOT_FOUND' };

const READS: ReadCase[] = [
  // Catalogue lists: filtered to demo's category, and searched by demo's title.
  ...(['course', 'subject', 'content', 'article'] as const).flatMap((table) => [
    { ...listCase(`/cm/api/${table}/search`, table, 'category'), name: 'category' },
    { ...listCase(`/cm/api/${table}/search`, table, 'title'), name: 'title' },
  ]),
  listCase('/cm/api/notice/searchAuth', 'notice', 'title'),
  // Categories.
  {
    route: 'GET /cm/api/cmCategory/categoryList', signedIn: false, query: () => ({}),
    demo: (tree) => expect(treeIds(tree)).toContain(demo.parentCategory),
    acme: noDemoCategory,
  },
  {
    route: 'GET /cm/api/cmCategory/nav', signedIn: false, query: () => ({}),
    demo: (nav) => expect(treeIds(nav).filter((id) => demo.categoryIds.includes(id)).length).toBeGreaterThan(0),
    acme: noDemoCategory,
  },
  {
    route: 'GET /cm/api/cmCategory/child', signedIn: false, query: () => ({ parentId: demo.parentCategory }),
    demo: (children) => expect(children.length).toBeGreaterThan(0),
    acme: { errorCode: 'CATEGORY_NOT_FOUND' },
  },
  // Details by id.
  {
    route: 'GET /cm/api/course/info', signedIn: false, query: () => ({ id: demo.course.id }),
    demo: (course) => expect(course).toMatchObject({ id: demo.course.id, title: demo.course.title }),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/course/searchRelate', signedIn: false, query: () => ({ id: demo.course.id }),
    demo: (rows) => expect(rows.length).toBeGreaterThan(0),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/subject/searchRelate', signedIn: false, query: () => ({ id: demo.subject.id }),
    demo: (rows) => expect(rows.length).toBeGreaterThan(0),
    acme: { errorCode: 'SUBJECT_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/content/searchRelate', signedIn: false, query: () => ({ id: demo.content.id }),
    demo: (rows) => expect(Array.isArray(rows)).toBe(true),
    acme: { errorCode: 'CONTENT_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/attachment/search', signedIn: false, query: () => ({ targetType: 'course', targetId: demo.course.id }),
    demo: (files) => expect(files.length).toBeGreaterThan(0),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/course/phaseContent', signedIn: false, query: () => ({ id: demo.course.id }),
    demo: (phases) => expect(JSON.stringify(phases)).toContain(`"contentId":${demo.lesson}`),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/course/phaseContentSum', signedIn: false, query: () => ({ id: demo.course.id }),
    demo: (sum) => expect(Object.values(sum).some((v) => typeof v === 'number' && v > 0)).toBe(true),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/subject/info', signedIn: false, query: () => ({ id: demo.subject.id }),
    demo: (subject) => expect(subject).toMatchObject({ id: demo.subject.id, title: demo.subject.title }),
    acme: { errorCode: 'SUBJECT_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/subject/content', signedIn: false, query: () => ({ id: demo.subject.id }),
    demo: (entries) => expect(entries.map((e: { contentId: number | null }) => e.contentId)).toContain(demo.subjectContent),
    acme: { errorCode: 'SUBJECT_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/content/info', signedIn: false, query: () => ({ id: demo.content.id }),
    demo: (content) => expect(content).toMatchObject({ id: demo.content.id, title: demo.content.title }),
    acme: { errorCode: 'CONTENT_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/article/info', signedIn: false, query: () => ({ id: demo.lists.article.row.id }),
    demo: (article) => expect(article).toMatchObject({ id: demo.lists.article.row.id, title: demo.lists.article.row.title }),
    acme: { errorCode: 'ARTICLE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/notice/detail', signedIn: false, query: () => ({ id: demo.lists.notice.row.id }),
    demo: (notice) => expect(notice).toMatchObject({ id: demo.lists.notice.row.id, title: demo.lists.notice.row.title }),
    acme: { errorCode: 'NOTICE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/content/partList', signedIn: false, query: () => ({ contentId: demo.content.id }),
    demo: (parts) => expect(parts.length).toBeGreaterThan(0),
    acme: { errorCode: 'CONTENT_NOT_FOUND' },
  },
  // Public social reads of demo's targets.
  {
    route: 'GET /cm/api/favorite/get', signedIn: false, query: target('course', () => demo.course.id),
    demo: (state) => {
      expect(state.favorited).toBe(true);
      expect(state.count).toBeGreaterThanOrEqual(1);
    },
    acme: TARGET_NOT_FOUND,
  },
  {
    route: 'GET /cm/api/commentScore/getScore', signedIn: false, query: target('course', () => demo.course.id),
    demo: (score) => expect(score.count).toBeGreaterThanOrEqual(1),
    acme: TARGET_NOT_FOUND,
  },
  {
    route: 'GET /cm/api/commentScore/queryComment', signedIn: false, query: target('course', () => demo.course.id),
    demo: (page) => expect(page.list.map((c: { content: string }) => c.content)).toContain(COMMENT_TEXT),
    acme: TARGET_NOT_FOUND,
  },
  {
    route: 'GET /cm/api/appraise/query', signedIn: false, query: target('course', () => demo.course.id),
    demo: (summary) => expect(summary).toMatchObject({ likeCount: expect.any(Number), mine: 1 }),
    acme: TARGET_NOT_FOUND,
  },
  // The caller's own lists: acme's learner has none of demo's learner's rows.
  ...(['course', 'subject', 'content'] as const).map((type): ReadCase => ({
    route: `GET /cm/api/${type}/searchFavor`, signedIn: true, query: () => ({}),
    demo: (page) => expect(page.list.map((f: { targetId: number }) => f.targetId)).toContain(demo[type].id),
    acme: { check: empty },
  })),
  {
    route: 'GET /cm/api/favorite/searchByUser', signedIn: true, query: () => ({ type: 'course' }),
    demo: (page) => expect(page.list.map((f: { targetId: number }) => f.targetId)).toContain(demo.course.id),
    acme: { check: empty },
  },
  {
    route: 'GET /cm/api/commentScore/userComment', signedIn: true, query: () => ({}),
    demo: (page) => expect(page.list.map((c: { id: number }) => c.id)).toContain(demo.comment),
    acme: { check: empty },
  },
  {
    route: 'GET /cm/api/course/searchByUser', signedIn: true, query: () => ({}),
    demo: (page) => expect(pageIds(page)).toContain(demo.course.id),
    acme: { check: empty },
  },
  {
    route: 'GET /cm/api/subject/searchByUser', signedIn: true, query: () => ({}),
    demo: (page) => expect(pageIds(page)).toContain(demo.subject.id),
    acme: { check: empty },
  },
  {
    route: 'GET /cm/api/content/searchByUser', signedIn: true, query: () => ({}),
    demo: (page) => expect(pageIds(page)).toEqual(expect.arrayContaining([demo.lesson, demo.subjectContent, demo.content.id])),
    acme: { check: empty },
  },
  // Study history of demo's contents and course.
  {
    route: 'GET /cm/api/hist/getProgress', signedIn: true, query: () => ({ contentId: demo.lesson }),
    demo: (p) => expect(p).toMatchObject({ contentId: demo.lesson, maxProgress: 60, state: 2 }),
    acme: { check: (p) => expect(p).toMatchObject({ maxProgress: 0, state: 0, savedAt: 0, finishedAt: null }) },
  },
  {
    route: 'GET /cm/api/hist/getCourseRecord', signedIn: true, query: () => ({ courseId: demo.course.id }),
    demo: (record) => expect(record.records.map((r: { contentId: number }) => r.contentId)).toContain(demo.lesson),
    acme: { errorCode: 'COURSE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/hist/getFinishFlag', signedIn: true, query: () => ({ contentId: demo.lesson }),
    demo: (flag) => expect(flag).toEqual({ finishFlag: 1 }),
    acme: { check: (flag) => expect(flag).toEqual({ finishFlag: 0 }) },
  },
  // Media: a file only demo's folder has.
  {
    route: 'GET /cm/api/media/decode', signedIn: true, query: () => ({ baseUrl: `media:${DEMO_ONLY_MEDIA}` }),
    demo: (media) => expect(media.url).toMatch(new RegExp(`^/media/${DEMO}/${DEMO_ONLY_MEDIA}\\?`)),
    acme: { errorCode: 'MEDIA_NOT_FOUND' },
  },
];

/** The URL of a read case for a tenant. */
function readUrl(c: ReadCase, tenantId: number): string {
  const [, path] = c.route.split(' ');
  const qs = new URLSearchParams(Object.entries({ tenantId, ...c.query() }).map(([k, v]) => [k, String(v)]));
  return `${path}?${qs}`;
}

/** Fails when an answer to acme carries any of demo's titles or comment text. */
function expectNoDemoText(body: Envelope): void {
  const text = JSON.stringify(body);
  for (const marker of demo.markers) expect(text, `acme's answer carries demo's "${marker}"`).not.toContain(marker);
}

const label = (c: ReadCase & { name?: string }) => `${c.route}${c.name ? ` (${c.name})` : ''}`;

describe('content isolation: reads with demo\'s ids', () => {
  it.each(READS.map((c) => [label(c), c] as const))('%s: demo\'s learner gets demo\'s data', async (_, c) => {
    c.demo(await data('GET', readUrl(c, DEMO), demoUser.token));
  });

  it.each(READS.map((c) => [label(c), c] as const))('%s: acme\'s learner gets none of it', async (_, c) => {
    const body = await call('GET', readUrl(c, ACME), acmeUser.token);
    expectNoDemoText(body);
    if ('errorCode' in c.acme) {
      expect(body, body.message).toMatchObject({ success: false, errorCode: c.acme.errorCode });
      expect(body.data ?? null).toBeNull();
    } else {
      expect(body, body.message).toMatchObject({ success: true, flag: 0 });
      c.acme.check(body.data);
    }
  });

  it.each(READS.filter((c) => c.signedIn).map((c) => [label(c), c] as const))('%s: acme\'s token is refused with demo\'s tenantId', async (_, c) => {
    const body = await call('GET', readUrl(c, DEMO), acmeUser.token);
    expect(body, body.message).toMatchObject({ success: false, flag: 401 });
    expectNoDemoText(body);
  });
});

// --- The writes ---------------------------------------------------------------------------------

/** One write route: acme's attempt on demo's ids, the rows it could touch, and demo's own (allowed) write. */
interface WriteCase {
  route: string;
  /** The body as acme's learner sends it (without tenantId). */
  acmeBody: () => Promise<object> | object;
  acmeError: string;
  /** The rows the write could create or change, read as the owner (row-level security off), any tenant. */
  rows: () => Promise<unknown[]>;
  /** The same call as demo's learner, which must succeed: the route works, so acme's refusal is the barrier. */
  demoBody: () => Promise<object> | object;
}

const owner = () => t.db.owner;
const favoriteRows = () => owner().selectFrom('favorite').selectAll().where('target_id', 'in', [demo.course.id, demo.subject.id, demo.content.id]).orderBy('user_id').orderBy('target_type').execute();
const commentRows = () => owner().selectFrom('comment').selectAll().where('target_id', 'in', [demo.course.id, demo.content.id]).orderBy('id').execute();
const appraiseRows = () => owner().selectFrom('appraise').selectAll().where('target_id', '=', demo.course.id).orderBy('user_id').execute();
const studyRows = () => owner().selectFrom('study_record').selectAll().where('content_id', 'in', [demo.lesson, demo.subjectContent, demo.content.id]).orderBy('user_id').orderBy('content_id').execute();
const progressBody = (contentId: number) => ({ contentId, progress: 5, duration: 60, playTime: 5, state: 1 as const, savedAt: 1_800_000_000_000 });
/** A courseLog body for the course, signed with the user's own logKey (derived from the tenant's secret, as the server does). */
async function signedCourseLog(tenantId: number, userId: number, contentId: number) {
  const { secret } = await owner().selectFrom('tenant').select('secret').where('id', '=', tenantId).executeTakeFirstOrThrow();
  const fields = { ...progressBody(contentId), partId: 0, courseId: demo.course.id };
  return { ...fields, validCode: studyLogCode(studyLogKey(secret, userId, 'course', demo.course.id), fields) };
}

const WRITES: WriteCase[] = [
  {
    route: 'POST /cm/api/favorite/add', acmeBody: target('course', () => demo.course.id), acmeError: 'TARGET_NOT_FOUND',
    rows: favoriteRows, demoBody: target('course', () => demo.course.id),
  },
  {
    route: 'POST /cm/api/favorite/cancel', acmeBody: target('course', () => demo.course.id), acmeError: 'TARGET_NOT_FOUND',
    rows: favoriteRows, demoBody: target('subject', () => demo.subject.id),
  },
  {
    route: 'POST /cm/api/commentScore/saveComment', acmeBody: () => ({ ...target('course', () => demo.course.id)(), content: 'acme was here', score: 1 }),
    acmeError: 'TARGET_NOT_FOUND', rows: commentRows, demoBody: () => ({ ...target('content', () => demo.content.id)(), content: '又一条评论' }),
  },
  {
    route: 'POST /cm/api/commentScore/saveScore', acmeBody: () => ({ ...target('course', () => demo.course.id)(), score: 1 }),
    acmeError: 'TARGET_NOT_FOUND', rows: commentRows, demoBody: () => ({ ...target('course', () => demo.course.id)(), score: 4 }),
  },
  {
    route: 'POST /cm/api/appraise/save', acmeBody: () => ({ ...target('course', () => demo.course.id)(), value: -1 }),
    acmeError: 'TARGET_NOT_FOUND', rows: appraiseRows, demoBody: () => ({ ...target('course', () => demo.course.id)(), value: 1 }),
  },
  {
    route: 'POST /cm/api/hist/save', acmeBody: () => progressBody(demo.lesson), acmeError: 'CONTENT_NOT_FOUND',
    rows: studyRows, demoBody: () => progressBody(demo.content.id),
  },
  {
    route: 'POST /cm/api/hist/contentLog', acmeBody: () => progressBody(demo.subjectContent), acmeError: 'CONTENT_NOT_FOUND',
    rows: studyRows, demoBody: () => progressBody(demo.content.id),
  },
  {
    // Correctly signed for acme's learner: the signature is no barrier, the tenant is.
    route: 'POST /cm/api/hist/courseLog', acmeBody: () => signedCourseLog(ACME, acmeUser.id, demo.lesson), acmeError: 'CONTENT_NOT_FOUND',
    rows: studyRows, demoBody: () => signedCourseLog(DEMO, demoUser.id, demo.lesson),
  },
  // Last: demo's own delete removes the spare comment.
  {
    route: 'POST /cm/api/commentScore/delComment', acmeBody: () => ({ id: demo.spareComment }), acmeError: 'COMMENT_NOT_FOUND',
    rows: commentRows, demoBody: () => ({ id: demo.spareComment }),
  },
];

describe('content isolation: writes on demo\'s ids', () => {
  it.each(WRITES.map((c) => [c.route, c] as const))('%s: refused for acme\'s learner, demo\'s rows untouched; allowed for demo\'s', async (_, c) => {
    const path = c.route.split(' ')[1]!;
    const before = await c.rows();
    expect(before.length, 'demo\'s learner made rows for this write to touch (beforeAll)').toBeGreaterThan(0);

    const asAcme = await call('POST', path, acmeUser.token, { tenantId: ACME, ...(await c.acmeBody()) });
    expect(asAcme, asAcme.message).toMatchObject({ success: false, errorCode: c.acmeError });
    expectNoDemoText(asAcme);
    const withDemoTenant = await call('POST', path, acmeUser.token, { tenantId: DEMO, ...(await c.acmeBody()) });
    expect(withDemoTenant, withDemoTenant.message).toMatchObject({ success: false, flag: 401 });
    expect(await c.rows()).toEqual(before);

    const asDemo = await call('POST', path, demoUser.token, { tenantId: DEMO, ...(await c.demoBody()) });
    expect(asDemo, asDemo.message).toMatchObject({ success: true, flag: 0 });
  });

  it('counts no view on demo\'s article when acme\'s learner opens it (article/info updates view_count)', async () => {
    const id = demo.lists.article.row.id;
    const views = async () => (await owner().selectFrom('article').select('view_count').where('tenant_id', '=', DEMO).where('id', '=', id).executeTakeFirstOrThrow()).view_count;
    const before = await views();
    const asAcme = await call('GET', `/cm/api/article/info?tenantId=${ACME}&id=${id}`, acmeUser.token);
    expect(asAcme).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
    expect(await views()).toBe(before);
    await data('GET', `/cm/api/article/info?tenantId=${DEMO}&id=${id}`, demoUser.token);
    expect(await views()).toBe(before + 1);
  });

  it('leaves acme\'s learner without a row about demo\'s ids in any tenant', async () => {
    const demoIds = [demo.course.id, demo.subject.id, demo.content.id, demo.lesson, demo.subjectContent];
    for (const table of ['favorite', 'comment', 'appraise'] as const) {
      const rows = await owner().selectFrom(table).select('target_id').where('user_id', '=', acmeUser.id).where('target_id', 'in', demoIds).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await owner().selectFrom('study_record').select('content_id').where('user_id', '=', acmeUser.id).where('content_id', 'in', demoIds).execute()).toEqual([]);
  });
});

// --- Media links and addresses ------------------------------------------------------------------

describe('content isolation: media', () => {
  it('does not let an address climb from acme\'s folder into demo\'s', async () => {
    for (const baseUrl of [`media:../${DEMO}/${DEMO_ONLY_MEDIA}`, `media:${DEMO}/${DEMO_ONLY_MEDIA}`, `media:audio/../../${DEMO}/${DEMO_ONLY_MEDIA}`, `media:audio%2F..%2F..%2F${DEMO}%2F${DEMO_ONLY_MEDIA}`]) {
      const body = await call('GET', `/cm/api/media/decode?${new URLSearchParams({ tenantId: String(ACME), baseUrl })}`, acmeUser.token);
      expect(body, baseUrl).toMatchObject({ success: false, errorCode: 'MEDIA_NOT_FOUND' });
    }
  });

  it('refuses acme\'s signed link moved onto demo\'s folder', async () => {
    const decoded = await data('GET', `/cm/api/media/decode?${new URLSearchParams({ tenantId: String(ACME), baseUrl: `media:${SHARED_NAME_MEDIA}` })}`, acmeUser.token);
    const own = await app.inject({ method: 'GET', url: decoded.url });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('RIFF acme bytes');
    const moved = await app.inject({ method: 'GET', url: decoded.url.replace(`/media/${ACME}/`, `/media/${DEMO}/`) });
    expect(moved.statusCode).toBe(403);
    expect(moved.body).not.toContain('demo bytes');
  });
});

// --- Every cm route has a row -------------------------------------------------------------------

/** The routes the cm route files register: `METHOD path`, with searchFavor's `${type}` expanded. */
async function registeredCmRoutes(): Promise<string[]> {
  const dir = fileURLToPath(new URL('../../server/modules/cm', import.meta.url));
  const routes = new Set<string>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
    const source = await readFile(join(dir, file), 'utf8');
    for (const m of source.matchAll(/\.(get|post|put|delete|patch)\(\s*(['`])(\/cm\/[^'`]+)\2/g)) {
      const path = m[3]!;
      const expanded = path.includes('${type}') ? ['course', 'subject', 'content'].map((type) => path.replace('${type}', type)) : [path];
      for (const p of expanded) routes.add(`${m[1]!.toUpperCase()} ${p}`);
    }
  }
  return [...routes].sort();
}

describe('content isolation: coverage', () => {
  it('has a case for every route of server/modules/cm, and each case names a registered route', async () => {
    const covered = new Set([...READS, ...WRITES].map((c) => c.route));
    const registered = await registeredCmRoutes();
    expect(registered.length).toBeGreaterThanOrEqual(40);
    expect(registered.filter((r) => !covered.has(r)), 'cm routes without an isolation case').toEqual([]);
    for (const route of covered) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect(app.hasRoute({ method, url }), route).toBe(true);
    }
  });
});
