// The fixture of the content isolation test (content-isolation.test.ts): an app with a media
// folder on the test database, demo's and acme's signed-in learners, and demo's rows that the calls
// name, with demo's learner's favourites, comments, appraisal and progress on them.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/app';
import { studyLogCode } from '../../server/lib/study-log-code';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

export const DEMO = 1001;
export const ACME = 1002;

export let t: TestApp;
/** The harness's app has no media folder, so the calls go to an app on the same database that has one (as media.test.ts). */
export let app: FastifyInstance;
export let mediaDir: string;
export const { call, data, signIn } = apiOf(() => app);
export let demoUser: { id: number; token: string };
export let acmeUser: { id: number; token: string };

/** A row of demo's, by id and title (titles are demo's Chinese text: a leak shows up in acme's answers). */
export interface Row { id: number; title: string }

/** Demo's rows the calls name, and what demo's learner did with them in beforeAll. */
export const demo = {} as {
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
  /** demo's learner's conversations with the assistant; the spare one only delConversation deletes. */
  conversation: number;
  spareConversation: number;
  /** Text that appears only in demo's rows: no answer to acme may contain any of it. */
  markers: string[];
  /** Issue 19 part H: demo's published topic page and affair (seed-sharing.ts). */
  topic: Row;
  affair: Row;
  /** Every id of demo's tenant notices, class notices and affairs (what a read mark or receipt of acme's could name). */
  noticeIds: number[];
  classNoticeIds: number[];
  affairIds: number[];
  /** A tenant notice demo's learner has not read (beforeAll). */
  unreadNotice: number;
  /** demo's learner's own draft article (myArticle), written in beforeAll; only the delete case deletes it. */
  article: Row;
};

export const COMMENT_TEXT = '演示租户学员的评论 isolation marker';
/** The title of demo's learner's own article (a draft only its author may read). */
export const ARTICLE_TITLE = '演示学员自己的分享 isolation marker';
/** What demo's learner asks the assistant (a demo help article answers it). */
export const ROBOT_QUESTION = '如何修改登录密码';
export const DEMO_ONLY_MEDIA = 'audio/isolation-demo-only.wav';
export const SHARED_NAME_MEDIA = 'audio/isolation-both.wav';

/** The list call of each catalogue list the table checks. */
export const LIST_PATHS = {
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
  // Issue 19 part H: demo's topic page, affairs and notices (seed-sharing.ts).
  const topic = await owner.selectFrom('topic').select(['id', 'title']).where('tenant_id', '=', DEMO).where('state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  demo.topic = { id: Number(topic.id), title: topic.title };
  const affairs = await owner.selectFrom('affair').select(['id', 'title', 'state']).where('tenant_id', '=', DEMO).orderBy('id').execute();
  const affair = affairs.find((a) => a.state === 1);
  expect(affair, `the seed needs a published affair in tenant ${DEMO}`).toBeDefined();
  demo.affair = { id: Number(affair!.id), title: affair!.title };
  demo.affairIds = affairs.map((a) => Number(a.id));
  demo.noticeIds = (await owner.selectFrom('notice').select('id').where('tenant_id', '=', DEMO).execute()).map((n) => Number(n.id));
  demo.classNoticeIds = (await owner.selectFrom('classes_notice').select('id').where('tenant_id', '=', DEMO).execute()).map((n) => Number(n.id));

  demo.markers = [
    demo.course.title, demo.subject.title, demo.content.title, COMMENT_TEXT, ARTICLE_TITLE, '小李',
    demo.topic.title, demo.affair.title, ...Object.values(demo.lists).map((l) => l.row.title),
  ];

  // The premise of "by id": acme has no row with these ids, so a not-found is the tenant barrier.
  for (const [table, id] of [['course', demo.course.id], ['subject', demo.subject.id], ['content', demo.content.id], ['content', demo.lesson],
    ['content', demo.subjectContent], ['category', demo.parentCategory], ['topic', demo.topic.id], ['affair', demo.affair.id]] as const) {
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
  demo.conversation = (await data('POST', '/cm/api/robot/ask', tok, { tenantId: DEMO, question: ROBOT_QUESTION })).conversationId;
  demo.spareConversation = (await data('POST', '/cm/api/robot/ask', tok, { tenantId: DEMO, question: `${ROBOT_QUESTION}？` })).conversationId;
  // Finished: the lesson, logged in its course as the course page logs it (a course counts as
  // studied only through records of its own lessons logged in it, issue 13), the subject's content
  // (the subject counts), and the content on its own.
  const { logKey } = await data('GET', `/cm/api/hist/getCourseRecord?tenantId=${DEMO}&courseId=${demo.course.id}`, tok);
  const lessonLog = { contentId: demo.lesson, partId: 0, courseId: demo.course.id, progress: 60, duration: 60, playTime: 60, state: 2, savedAt: 1_700_000_000_000 };
  await data('POST', '/cm/api/hist/courseLog', tok, { tenantId: DEMO, ...lessonLog, validCode: studyLogCode(logKey, lessonLog) });
  for (const contentId of [demo.subjectContent, demo.content.id]) {
    await data('POST', '/cm/api/hist/save', tok, { tenantId: DEMO, contentId, progress: 60, duration: 60, playTime: 60, state: 2, savedAt: 1_700_000_000_000 });
  }
  // Issue 19 part H: an article of their own (a draft), the affair's read receipt, and a notice left unread.
  const article = await data('POST', '/cm/api/article/save', tok, { tenantId: DEMO, title: ARTICLE_TITLE, body: `<p>${ARTICLE_TITLE}</p>` });
  demo.article = { id: article.id, title: article.title };
  await data('POST', '/cm/api/affair/confirm', tok, { tenantId: DEMO, id: demo.affair.id });
  const notices = await data('GET', `/cm/api/notice/searchByUser?tenantId=${DEMO}&unread=true&pageSize=50`, tok);
  const unread = (notices.list as { id: number; source: string }[]).find((n) => n.source === 'tenant');
  expect(unread, `the seed needs a tenant notice demo's learner has not read in tenant ${DEMO}`).toBeDefined();
  demo.unreadNotice = unread!.id;
}

/** Writes the media files: one only demo has, one name both tenants have (different bytes). */
async function writeMedia(): Promise<void> {
  mediaDir = await mkdtemp(join(tmpdir(), 'isolation-media-'));
  for (const tenantId of [DEMO, ACME]) await mkdir(join(mediaDir, String(tenantId), 'audio'), { recursive: true });
  await writeFile(join(mediaDir, String(DEMO), DEMO_ONLY_MEDIA), 'RIFF demo only');
  await writeFile(join(mediaDir, String(DEMO), SHARED_NAME_MEDIA), 'RIFF demo bytes');
  await writeFile(join(mediaDir, String(ACME), SHARED_NAME_MEDIA), 'RIFF acme bytes');
}

/** Registers the fixture's set-up and tear-down in the calling test file. */
export function useIsolationFixture(): void {
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
}
