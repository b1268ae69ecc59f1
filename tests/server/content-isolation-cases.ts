// The case tables of the content isolation test (content-isolation.test.ts): every cm read route
// with demo's ids and what demo's and acme's learners must get, and every write route with the rows
// acme's attempt could touch. The fixture (content-isolation-fixture.ts) supplies demo's rows.
import { expect } from 'vitest';
import { studyLogCode, studyLogKey } from '../../server/lib/study-log-code';
import {
  ACME, ARTICLE_TITLE, COMMENT_TEXT, DEMO, DEMO_ONLY_MEDIA, ROBOT_QUESTION, acmeUser, demo, demoUser, t,
} from './content-isolation-fixture';

/** What acme's learner must get: a refusal with this errorCode, or a success that `check` accepts. */
export type AcmeExpectation = { errorCode: string } | { check: (data: any) => void };

/** One read route, called with demo's ids. */
export interface ReadCase {
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
/** My notices as `source:id` (ids are unique within a source only). */
const noticeKeys = (page: { list: { id: number; source: string }[] }) => page.list.map((n) => `${n.source}:${Number(n.id)}`);
const demoNoticeKeys = () => [
  ...demo.noticeIds.map((id) => `tenant:${id}`), ...demo.classNoticeIds.map((id) => `classes:${id}`), ...demo.affairIds.map((id) => `affair:${id}`),
];
/** Every `id` in a category tree or nav answer, at any depth. */
const treeIds = (tree: unknown) => [...JSON.stringify(tree).matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
const noDemoCategory = { check: (tree: unknown) => expect(treeIds(tree).filter((id) => demo.categoryIds.includes(id))).toEqual([]) };
const target = (targetType: 'course' | 'subject' | 'content', targetId: () => number) => () => ({ targetType, targetId: targetId() });
const TARGET_NOT_FOUND = { errorCode: 'TARGET_NOT_FOUND' };

export const READS: ReadCase[] = [
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
    // acme's learner has studied acme's own courses (issue 19's seed): none of demo's.
    acme: { check: (page) => expect(pageIds(page)).not.toContain(demo.course.id) },
  },
  {
    route: 'GET /cm/api/subject/searchByUser', signedIn: true, query: () => ({}),
    demo: (page) => expect(pageIds(page)).toContain(demo.subject.id),
    acme: { check: (page) => expect(pageIds(page)).not.toContain(demo.subject.id) },
  },
  {
    route: 'GET /cm/api/content/searchByUser', signedIn: true, query: () => ({}),
    demo: (page) => expect(pageIds(page)).toEqual(expect.arrayContaining([demo.lesson, demo.subjectContent, demo.content.id])),
    acme: { check: (page) => expect(pageIds(page)).not.toEqual(expect.arrayContaining([expect.toBeOneOf([demo.lesson, demo.subjectContent, demo.content.id])])) },
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
  // The assistant: demo's conversations, by listing and by id.
  {
    route: 'GET /cm/api/robot/searchByUser', signedIn: true, query: () => ({ pageSize: 50 }),
    demo: (page) => expect(pageIds(page)).toEqual(expect.arrayContaining([demo.conversation, demo.spareConversation])),
    // acme's learner has conversations of its own (issue 21 C's seed): none of demo's.
    acme: { check: (page) => expect(pageIds(page)).not.toContain(demo.conversation) },
  },
  {
    route: 'GET /cm/api/robot/detail', signedIn: true, query: () => ({ id: demo.conversation }),
    demo: (detail) => expect(detail.messages.length).toBeGreaterThanOrEqual(2),
    acme: { errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' },
  },
  // Issue 19 part H: my articles, my notices, the topic page and the affair.
  {
    route: 'GET /cm/api/article/searchByUser', signedIn: true, query: () => ({ pageSize: 50 }),
    demo: (page) => expect(pageIds(page)).toContain(demo.article.id),
    // acme's learner has seeded articles of acme's own: none of demo's.
    acme: { check: (page) => expect(pageIds(page)).not.toContain(demo.article.id) },
  },
  {
    route: 'GET /cm/api/article/userDetail', signedIn: true, query: () => ({ id: demo.article.id }),
    demo: (article) => expect(article).toMatchObject({ id: demo.article.id, title: ARTICLE_TITLE, state: 'draft' }),
    acme: { errorCode: 'ARTICLE_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/notice/searchByUser', signedIn: true, query: () => ({ pageSize: 50 }),
    demo: (page) => {
      const keys = noticeKeys(page);
      expect(keys).toContain(`affair:${demo.affair.id}`);
      expect(keys).toContain(`tenant:${demo.unreadNotice}`);
    },
    // acme's learner has acme's own notices and affair: none of demo's.
    acme: {
      check: (page) => expect(noticeKeys(page).filter((k) => demoNoticeKeys().includes(k))).toEqual([]),
    },
  },
  {
    route: 'GET /cm/api/topic/detail', signedIn: false, query: () => ({ id: demo.topic.id }),
    demo: (topic) => {
      expect(topic).toMatchObject({ id: demo.topic.id, title: demo.topic.title });
      expect(topic.sections.length).toBeGreaterThan(0);
    },
    acme: { errorCode: 'TOPIC_NOT_FOUND' },
  },
  {
    route: 'GET /cm/api/affair/detail', signedIn: false, query: () => ({ id: demo.affair.id }),
    demo: (affair) => expect(affair).toMatchObject({ id: demo.affair.id, title: demo.affair.title, signedIn: true, confirmedAt: expect.any(String) }),
    acme: { errorCode: 'AFFAIR_NOT_FOUND' },
  },
  // Media: a file only demo's folder has.
  {
    route: 'GET /cm/api/media/decode', signedIn: true, query: () => ({ baseUrl: `media:${DEMO_ONLY_MEDIA}` }),
    demo: (media) => expect(media.url).toMatch(new RegExp(`^/media/${DEMO}/${DEMO_ONLY_MEDIA}\\?`)),
    acme: { errorCode: 'MEDIA_NOT_FOUND' },
  },
];

// --- The writes ---------------------------------------------------------------------------------

/** One write route: acme's attempt on demo's ids, the rows it could touch, and demo's own (allowed) write. */
export interface WriteCase {
  route: string;
  /** The body as acme's learner sends it (without tenantId). */
  acmeBody: () => Promise<object> | object;
  /**
   * The refusal acme's learner gets; null for a call that names no id (notice/readAll): it succeeds
   * on acme's own rows and must still leave demo's untouched.
   */
  acmeError: string | null;
  /** The rows the write could create or change, read as the owner (row-level security off), any tenant. */
  rows: () => Promise<unknown[]>;
  /** The same call as demo's learner, which must succeed: the route works, so acme's refusal is the barrier. */
  demoBody: () => Promise<object> | object;
  /**
   * What acme's token gets when it names demo's tenantId: refused as not signed in (the default), or
   * served as a guest where guests may call the route (the assistant answers guests and keeps nothing).
   */
  foreignToken?: 'refused' | 'guest';
}

export const owner = () => t.db.owner;
export const favoriteRows = () => owner().selectFrom('favorite').selectAll().where('target_id', 'in', [demo.course.id, demo.subject.id, demo.content.id]).orderBy('user_id').orderBy('target_type').execute();
export const commentRows = () => owner().selectFrom('comment').selectAll().where('target_id', 'in', [demo.course.id, demo.content.id]).orderBy('id').execute();
export const appraiseRows = () => owner().selectFrom('appraise').selectAll().where('target_id', '=', demo.course.id).orderBy('user_id').execute();
export const studyRows = () => owner().selectFrom('study_record').selectAll().where('content_id', 'in', [demo.lesson, demo.subjectContent, demo.content.id]).orderBy('user_id').orderBy('content_id').execute();
export const robotMessageRows = () => owner().selectFrom('robot_message').selectAll().where('conversation_id', 'in', [demo.conversation, demo.spareConversation]).orderBy('id').execute();
export const robotConversationRows = () => owner().selectFrom('robot_conversation').selectAll().where('id', 'in', [demo.conversation, demo.spareConversation]).orderBy('id').execute();
export const myArticleRows = () => owner().selectFrom('article').selectAll().where('id', '=', demo.article.id).execute();
export const noticeReadRows = () => owner().selectFrom('notice_read').selectAll()
  .where((eb) => eb.or([eb('notice_id', 'in', demo.noticeIds), eb('classes_notice_id', 'in', demo.classNoticeIds.length ? demo.classNoticeIds : [0])]))
  .orderBy('id').execute();
export const affairReceiptRows = () => owner().selectFrom('affair_receipt').selectAll().where('affair_id', 'in', demo.affairIds).orderBy('affair_id').orderBy('user_id').execute();
export const progressBody = (contentId: number) => ({ contentId, progress: 5, duration: 60, playTime: 5, state: 1 as const, savedAt: 1_800_000_000_000 });
/** A courseLog body for the course, signed with the user's own logKey (derived from the tenant's secret, as the server does). */
async function signedCourseLog(tenantId: number, userId: number, contentId: number) {
  const { secret } = await owner().selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  const fields = { ...progressBody(contentId), partId: 0, courseId: demo.course.id };
  return { ...fields, validCode: studyLogCode(studyLogKey(secret, userId, 'course', demo.course.id), fields) };
}

export const WRITES: WriteCase[] = [
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
  {
    // Asking into demo's conversation: acme's question must not be appended to it.
    route: 'POST /cm/api/robot/ask', acmeBody: () => ({ question: ROBOT_QUESTION, conversationId: demo.conversation }),
    acmeError: 'ROBOT_CONVERSATION_NOT_FOUND', rows: robotMessageRows, demoBody: () => ({ question: ROBOT_QUESTION, conversationId: demo.conversation }),
    foreignToken: 'guest',
  },
  {
    route: 'POST /cm/api/robot/delConversation', acmeBody: () => ({ id: demo.spareConversation }), acmeError: 'ROBOT_CONVERSATION_NOT_FOUND',
    rows: robotConversationRows, demoBody: () => ({ id: demo.spareConversation }),
  },
  // Issue 19 part H: demo's learner's own article (delete last: demo's own delete removes it).
  {
    route: 'POST /cm/api/article/save', acmeBody: () => ({ id: demo.article.id, title: 'acme was here', body: '<p>acme</p>' }), acmeError: 'ARTICLE_NOT_FOUND',
    rows: myArticleRows, demoBody: () => ({ id: demo.article.id, title: ARTICLE_TITLE, body: '<p>改过的草稿</p>' }),
  },
  {
    route: 'POST /cm/api/article/publish', acmeBody: () => ({ id: demo.article.id }), acmeError: 'ARTICLE_NOT_FOUND',
    rows: myArticleRows, demoBody: () => ({ id: demo.article.id }),
  },
  {
    route: 'POST /cm/api/article/withdraw', acmeBody: () => ({ id: demo.article.id }), acmeError: 'ARTICLE_NOT_FOUND',
    rows: myArticleRows, demoBody: () => ({ id: demo.article.id }),
  },
  {
    route: 'POST /cm/api/article/delete', acmeBody: () => ({ id: demo.article.id }), acmeError: 'ARTICLE_NOT_FOUND',
    rows: myArticleRows, demoBody: () => ({ id: demo.article.id }),
  },
  // My notices and the affair's receipt: demo's learner read the oldest notice (seed) and confirmed the affair (beforeAll).
  {
    route: 'POST /cm/api/notice/read', acmeBody: () => ({ id: demo.unreadNotice, source: 'tenant' }), acmeError: 'NOTICE_NOT_FOUND',
    rows: noticeReadRows, demoBody: () => ({ id: demo.unreadNotice, source: 'tenant' }),
  },
  {
    route: 'POST /cm/api/notice/readAll', acmeBody: () => ({}), acmeError: null,
    rows: async () => [...await noticeReadRows(), ...await affairReceiptRows()], demoBody: () => ({}),
  },
  {
    route: 'POST /cm/api/affair/confirm', acmeBody: () => ({ id: demo.affair.id }), acmeError: 'AFFAIR_NOT_FOUND',
    rows: affairReceiptRows, demoBody: () => ({ id: demo.affair.id }),
  },
  // Last: demo's own delete removes the spare comment.
  {
    route: 'POST /cm/api/commentScore/delComment', acmeBody: () => ({ id: demo.spareComment }), acmeError: 'COMMENT_NOT_FOUND',
    rows: commentRows, demoBody: () => ({ id: demo.spareComment }),
  },
];
