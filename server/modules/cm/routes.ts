import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { findContent } from './content-repository';
import { contentPartRoutes } from './part-routes';
import { histRoutes } from './hist-routes';
import { courseRoutes } from './course-routes';
import { socialRoutes } from './social-routes';
import { myStudyRoutes } from './my-study-routes';
import { subjectRoutes } from './subject-routes';
import { articleRoutes } from './article-routes';
import { noticeRoutes } from './notice-routes';
import { relateRoutes } from './relate-routes';
import { attachmentRoutes } from './attachment-routes';
import { auditRoutes } from './audit-routes';
import { robotRoutes, type RobotRouteOptions } from './robot-routes';
import { categoryExists, listCategoryNav, listCategoryTree, listChildCategories } from './category-repository';
import { searchArticles, searchContents, searchCourses, searchPublicNotices, searchSubjects } from './repository';
import {
  ArticleItem, ArticleSearchQuery, CategoryChildQuery, CategoryItem, CategoryNavItem, CategoryNode, CategoryPurposeQuery, ContentInfoQuery, ContentItem,
  ContentSearchQuery, CourseItem, LabelledListQuery, NoticeItem, NoticeSearchQuery, SubjectItem,
} from '../../../schemas/api/cm/catalogue';

/** cm: the course, subject, content, article, notice and category lists of spec learning §7. */
export async function cmRoutes(app: FastifyInstance, opts: RobotRouteOptions): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/course/search', {
    schema: {
      tags: ['cm'], summary: 'Published courses (sort popular: most studied)',
      querystring: LabelledListQuery,
      response: { 200: Envelope(Paged(CourseItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await searchCourses(trx, listOptions(req.query)))));

  r.get('/cm/api/subject/search', {
    schema: {
      tags: ['cm'], summary: 'Published subjects (topics) (sort popular: most studied)',
      querystring: LabelledListQuery,
      response: { 200: Envelope(Paged(SubjectItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await searchSubjects(trx, listOptions(req.query)))));

  r.get('/cm/api/content/search', {
    schema: {
      tags: ['cm'], summary: 'Published contents of one or more purposes (sort popular: most viewed)',
      querystring: ContentSearchQuery,
      response: { 200: Envelope(Paged(ContentItem)) },
    },
  }, async (req) => {
    const { purpose, kind } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) =>
      ok(await searchContents(trx, { ...listOptions(req.query), ...(purpose ? { purposes: purpose } : {}), ...(kind ? { kind } : {}) })));
  });

  // spec learning §7 names GET /cm/api/content/info; the help center opens one article by id
  // (spec shell §2: /helpCenter, purpose 99 marks help content). The text of an article-kind
  // content is the document at its mediaUrl (docs/api.md "Content info").
  r.get('/cm/api/content/info', {
    schema: {
      tags: ['cm'], summary: 'One published content by id, optionally only when it has the given purpose (99: a help article)',
      querystring: ContentInfoQuery,
      response: { 200: Envelope(ContentItem) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id, purpose } = req.query;
    const found = await findContent(trx, id, purpose);
    if (!found) {
      const what = purpose === undefined ? 'published content' : `published content of purpose ${purpose}`;
      throw new ApiError(`No ${what} has the id ${id} in this tenant.`, { code: 404, errorCode: 'CONTENT_NOT_FOUND' });
    }
    return ok(found);
  }));

  // The spec names no article list; articles are their own table, so they get their own call.
  r.get('/cm/api/article/search', {
    schema: {
      tags: ['cm'], summary: 'Published articles for /share: shared articles and news (sort popular: most viewed)',
      querystring: ArticleSearchQuery,
      response: { 200: Envelope(Paged(ArticleItem)) },
    },
  }, async (req) => {
    const { kind } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchArticles(trx, { ...listOptions(req.query), ...(kind ? { kind } : {}) })));
  });

  r.get('/cm/api/notice/searchAuth', {
    schema: {
      tags: ['cm'], summary: 'Public notices, pinned first (sort popular: most viewed)',
      querystring: NoticeSearchQuery,
      response: { 200: Envelope(Paged(NoticeItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await searchPublicNotices(trx, listOptions(req.query)))));

  r.get('/cm/api/cmCategory/categoryList', {
    schema: {
      tags: ['cm'], summary: 'The category tree of a purpose (every purpose when absent), roots in menu order',
      querystring: CategoryPurposeQuery,
      response: { 200: Envelope(Type.Array(CategoryNode)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listCategoryTree(trx, req.query.purpose))));

  r.get('/cm/api/cmCategory/nav', {
    schema: {
      tags: ['cm'], summary: 'Category nav bar: the top-level categories of a purpose with their direct children',
      querystring: CategoryPurposeQuery,
      response: { 200: Envelope(Type.Array(CategoryNavItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listCategoryNav(trx, req.query.purpose))));

  r.get('/cm/api/cmCategory/child', {
    schema: {
      tags: ['cm'], summary: 'The direct children of a category',
      querystring: CategoryChildQuery,
      response: { 200: Envelope(Type.Array(CategoryItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { parentId } = req.query;
    if (!(await categoryExists(trx, parentId))) throw new ApiError(`No category has the id ${parentId} in this tenant.`, { code: 404, errorCode: 'CATEGORY_NOT_FOUND' });
    return ok(await listChildCategories(trx, parentId));
  }));

  await contentPartRoutes(app);
  await articleRoutes(app);
  await noticeRoutes(app);
  await relateRoutes(app);
  await attachmentRoutes(app);
  // Issue 18: the work review of the teachers' work center (myContent).
  await auditRoutes(app);
  await histRoutes(app);
  await courseRoutes(app);
  await socialRoutes(app);
  await myStudyRoutes(app);
  await subjectRoutes(app);
  await robotRoutes(app, opts);
}
