// Issue 19 part H: learners' own articles (myArticle, myShare), my notices (myNotice), topic pages
// and affairs. Spec learning §7 names GET /cm/api/notice/searchByUser; the other calls are ours, under
// the same prefix (docs/api.md "Sharing, notices, topics and affairs"). Rules: docs/growth.md.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import { RICH_TEXT_POLICY_VERSION } from '../../../schemas/rich-text-policy';
import {
  AffairDetail, AffairIdBody, AffairIdQuery, ARTICLE_OWN_MAX, ArticleIdBody, ArticleIdQuery, ArticleSaveBody, MyArticle, MyArticleItem,
  MyArticleQuery, NoticeReadBody, ReadCount, TenantOnlyBody, TopicDetail, TopicIdQuery, UserNoticePage, UserNoticeQuery,
} from '../../../schemas/api/sharing';
import {
  authorName, countMyArticles, deleteMyArticle, findMyArticle, insertMyArticle, listMyArticles, plainTextOf, setMyArticleState, updateMyArticle,
} from './sharing-article-repository';
import {
  countUnread, markAllRead, markClassNoticeRead, markTenantNoticeRead, myClassNotice, searchUserNotices, tenantNoticeExists,
} from './sharing-notice-repository';
import { findAffair, openTopic, recordReceipt } from './sharing-topic-repository';

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });
const articleNotFound = (id: number) => fail(`文章不存在，或不是你写的（编号 ${id}）。`, 'ARTICLE_NOT_FOUND', 404);
/** A summary made from the text: its first words. */
const SUMMARY_FROM_TEXT = 120;

/** The learners' articles, notices by user, topics and affairs; registered from cmService (index.ts). */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // --- My articles ---------------------------------------------------------------------------

  r.get('/cm/api/article/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'My articles (drafts and published), newest edit first, with views and favours; state filters (myShare asks for published)',
      querystring: MyArticleQuery, response: { 200: Envelope(Paged(MyArticleItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await listMyArticles(trx, user.userId, { state, pageNo, pageSize })));
  });

  r.get('/cm/api/article/userDetail', {
    schema: {
      tags: ['cm'], summary: 'One of my articles with its text, for the editor (its author only)',
      querystring: ArticleIdQuery, response: { 200: Envelope(MyArticle) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const article = await findMyArticle(trx, user.userId, req.query.id);
      if (!article) throw articleNotFound(req.query.id);
      return ok(article);
    });
  });

  r.post('/cm/api/article/save', {
    schema: {
      tags: ['cm'], summary: 'Writes a new article or edits mine; the HTML is sanitised on save; publish true puts it on /share',
      body: ArticleSaveBody, response: { 200: Envelope(MyArticle) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { id, publish = false } = req.body;
    const title = req.body.title.trim();
    if (!title) throw fail('请填写文章标题。', 'VALIDATION');
    // Issue 19 part H: the editor's HTML is sanitised on save (server/lib/rich-text.ts), never only at render.
    const body = await sanitizeRichTextHtml(req.body.body);
    const text = plainTextOf(body);
    if (publish && !text && !/<img\s/i.test(body)) throw fail('正文是空的：写点内容再发布（草稿可以先保存）。', 'ARTICLE_EMPTY');
    const summary = (req.body.summary ?? '').trim() || (text.length > SUMMARY_FROM_TEXT ? `${text.slice(0, SUMMARY_FROM_TEXT)}…` : text);
    return readTenant(app, user.tenantId, async (trx) => {
      const write = { title, summary, body, bodyPolicy: RICH_TEXT_POLICY_VERSION, author: await authorName(trx, user.userId) };
      let articleId = id;
      if (articleId === undefined) {
        if ((await countMyArticles(trx, user.userId)) >= ARTICLE_OWN_MAX) {
          throw fail(`每人最多保留 ${ARTICLE_OWN_MAX} 篇文章（含草稿）；请先删除不需要的文章。`, 'ARTICLE_LIMIT', 409);
        }
        articleId = await insertMyArticle(trx, user.tenantId, user.userId, write, publish);
      } else {
        if (!(await findMyArticle(trx, user.userId, articleId))) throw articleNotFound(articleId);
        await updateMyArticle(trx, user.userId, articleId, write, publish);
      }
      return ok((await findMyArticle(trx, user.userId, articleId))!, publish ? '已发布' : '已保存');
    });
  });

  r.post('/cm/api/article/publish', {
    schema: { tags: ['cm'], summary: 'Publishes my draft to /share', body: ArticleIdBody, response: { 200: Envelope(MyArticle) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const article = await findMyArticle(trx, user.userId, req.body.id);
      if (!article) throw articleNotFound(req.body.id);
      if (!plainTextOf(article.body) && !/<img\s/i.test(article.body)) throw fail('正文是空的：写点内容再发布。', 'ARTICLE_EMPTY');
      await setMyArticleState(trx, user.userId, article.id, 'published');
      return ok((await findMyArticle(trx, user.userId, article.id))!, '已发布');
    });
  });

  r.post('/cm/api/article/withdraw', {
    schema: { tags: ['cm'], summary: 'Takes my published article off /share: it becomes a draft again', body: ArticleIdBody, response: { 200: Envelope(MyArticle) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const article = await findMyArticle(trx, user.userId, req.body.id);
      if (!article) throw articleNotFound(req.body.id);
      await setMyArticleState(trx, user.userId, article.id, 'draft');
      return ok((await findMyArticle(trx, user.userId, article.id))!, '已撤回为草稿');
    });
  });

  r.post('/cm/api/article/delete', {
    schema: { tags: ['cm'], summary: 'Deletes my article (a draft or a published one)', body: ArticleIdBody, response: { 200: Envelope(MyArticleItem) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const article = await findMyArticle(trx, user.userId, req.body.id);
      if (!article) throw articleNotFound(req.body.id);
      await deleteMyArticle(trx, user.userId, article.id);
      const { body: _body, ...item } = article;
      return ok(item, '已删除');
    });
  });

  // --- My notices ----------------------------------------------------------------------------

  r.get('/cm/api/notice/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'My notices: the tenant\'s, my classes\' and the affairs, unread first, then pinned, then newest; with my unread count',
      querystring: UserNoticeQuery, response: { 200: Envelope(UserNoticePage) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, unread = false } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchUserNotices(trx, user.userId, { unread, pageNo, pageSize })));
  });

  r.post('/cm/api/notice/read', {
    schema: {
      tags: ['cm'], summary: 'Marks one of my notices read (the tenant\'s or a class\'s; an affair is confirmed on its page)',
      body: NoticeReadBody, response: { 200: Envelope(ReadCount) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { id, source } = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      let marked: number;
      if (source === 'tenant') {
        if (!(await tenantNoticeExists(trx, id))) throw fail(`通知不存在或已撤下（编号 ${id}）。`, 'NOTICE_NOT_FOUND', 404);
        marked = await markTenantNoticeRead(trx, user.tenantId, user.userId, id);
      } else {
        if (!(await myClassNotice(trx, user.userId, id))) throw fail(`这条班级通知不存在，或你不是该班学员（编号 ${id}）。`, 'NOTICE_NOT_FOUND', 404);
        marked = await markClassNoticeRead(trx, user.tenantId, user.userId, id);
      }
      return ok({ marked, unread: await countUnread(trx, user.userId) });
    });
  });

  r.post('/cm/api/notice/readAll', {
    schema: {
      tags: ['cm'], summary: 'Marks all my notices read, except affairs that ask for a read receipt (confirmed on their page)',
      body: TenantOnlyBody, response: { 200: Envelope(ReadCount) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const marked = await markAllRead(trx, user.tenantId, user.userId);
      return ok({ marked, unread: await countUnread(trx, user.userId) });
    });
  });

  // --- Topics and affairs --------------------------------------------------------------------

  r.get('/cm/api/topic/detail', {
    schema: {
      tags: ['cm'], summary: 'A topic page: banner, introduction and sections of published courses, contents, exams and classes; counts a view',
      querystring: TopicIdQuery, response: { 200: Envelope(TopicDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const topic = await openTopic(trx, req.query.id);
    if (!topic) throw fail(`专题不存在或已下线（编号 ${req.query.id}）。`, 'TOPIC_NOT_FOUND', 404);
    return ok(topic);
  }));

  r.get('/cm/api/affair/detail', {
    schema: {
      tags: ['cm'], summary: 'An affair (official notice) with attachments and my read receipt; opening one that asks for no receipt records it',
      querystring: AffairIdQuery, response: { 200: Envelope(AffairDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const user = req.user && req.user.tenantId === tenantId ? req.user : null;
    return readTenant(app, tenantId, async (trx) => {
      let affair = await findAffair(trx, id, user?.userId ?? null);
      if (!affair) throw fail(`公文不存在或已撤下（编号 ${id}）。`, 'AFFAIR_NOT_FOUND', 404);
      // Ours: an affair that asks for no receipt is read once a signed-in user opens it.
      if (user && !affair.needConfirm && !affair.confirmedAt) {
        await recordReceipt(trx, tenantId, user.userId, id);
        affair = (await findAffair(trx, id, user.userId))!;
      }
      return ok(affair);
    });
  });

  r.post('/cm/api/affair/confirm', {
    schema: {
      tags: ['cm'], summary: 'Confirms I have read an affair (the read receipt; the first confirmation stays)',
      body: AffairIdBody, response: { 200: Envelope(AffairDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { id } = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      if (!(await findAffair(trx, id, user.userId))) throw fail(`公文不存在或已撤下（编号 ${id}）。`, 'AFFAIR_NOT_FOUND', 404);
      await recordReceipt(trx, user.tenantId, user.userId, id);
      return ok((await findAffair(trx, id, user.userId))!, '已确认阅读');
    });
  });
}
