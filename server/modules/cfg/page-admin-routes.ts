// The page designer's calls (issue 16; docs/api.md "Page designer (admin)"): a tenant admin lists,
// creates, edits, publishes, restores and deletes the tenant's home and tab pages. A page keeps a
// draft with a revision (a change based on another revision is refused, never silently merged),
// and every publish becomes a numbered version; page.template stays what learners get, so the
// learner calls (getPage, getPageV2, getByPageId, getTemplatePage) and the bootstrap HTML read it
// unchanged. Guarded exactly as the back-office (admin-routes.ts): spec shell §6, tenantType 1
// with adminAuth.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { PAGE_SCHEMA_VERSION, isPageTemplateV1, migratePageV1, type PageTemplateV2 } from '../../../schemas/page-template';
import {
  CreatePageBody, CreatePageResult, DeletePageBody, DeletePageResult, PageGetAdminQuery, PageGetAdminResult, PageListAdminQuery, PageListAdminResult,
  PublishBody, PublishResult, RestoreBody, RestoreResult, SaveDraftBody, SaveDraftResult, STALE_REVISION_MESSAGE, VersionQuery, VersionResult,
  VersionsQuery, VersionsResult, type AdminPageSummary, type TemplateIssue,
} from '../../../schemas/api/page-admin';
import type { DB } from '../../db/types';
import { sanitisePageTemplate } from '../../lib/rich-text';
import { findStore } from '../../lib/store-settings';
import { checkPageTemplate } from '../../lib/template-check';
import { invalidateTenantAnswers } from '../../plugins/answers';
import { ApiError, failure, ok } from '../../plugins/envelope';
import { readEditableConfig } from './admin-repository';
import {
  HOME_PURPOSE, TAB_PURPOSE, defaultHomePageId, deleteMenus, deletePage, insertPage, insertTabMenu, listAdminPages, listVersions, lockPage,
  lockPageCreation, menusOfTabPage, pageCodeTaken, publishTemplate, readDraft, readVersion, storeExists, writeAudit, writeDraft,
  type DesignerPage,
} from './page-admin-repository';
import { asBackOfficeAdmin } from '../../lib/back-office';

type Trx = Transaction<DB>;

/** A template may be as large as the limits allow (1 Mi of props, schemas/template-limits.ts) plus its structure. */
const TEMPLATE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The caller, who must hold the back-office right in a tenant that has one (spec shell §6;
 * server/lib/back-office.ts); then `work` runs in the tenant's transaction with the admin's id.
 */
async function asPageAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, userId: number) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx, userId) => work(trx, userId));
}

function pageNotFound(pageId: number): ApiError {
  return new ApiError(`没有编号为 ${pageId} 的页面，它可能已被删除，请刷新页面列表。`, { code: 404, errorCode: 'PAGE_NOT_FOUND' });
}

/** The page, locked for this change, or PAGE_NOT_FOUND. */
async function lockedPage(trx: Trx, pageId: number): Promise<DesignerPage> {
  const page = await lockPage(trx, pageId);
  if (!page) throw pageNotFound(pageId);
  return page;
}

/** Refuses a change based on a revision that is not the page's current one (another admin saved meanwhile). */
function requireRevision(current: number, sent: number): void {
  if (current !== sent) {
    throw new ApiError(STALE_REVISION_MESSAGE, { code: 409, errorCode: 'STALE_REVISION' });
  }
}

/** A page with no template yet: format 2, no blocks. */
function emptyTemplate(page: { pageId: number; pageCode: string; name: string }): PageTemplateV2 {
  return { schemaVersion: PAGE_SCHEMA_VERSION, pageId: page.pageId, pageCode: page.pageCode, title: page.name, root: { props: {} }, blocks: [] };
}

/** A stored template in format 2 for the designer: a legacy (format 1) one is converted as the runtime does. */
function asFormat2(template: unknown, page: { pageId: number; pageCode: string; name: string }): PageTemplateV2 {
  if (template === null || template === undefined) return emptyTemplate(page);
  if (isPageTemplateV1(template)) return migratePageV1(template, { pageId: page.pageId });
  return template as PageTemplateV2;
}

/** One issue as a sentence naming where: the block path (and widget type) and the field. */
function describeIssue(issue: TemplateIssue): string {
  if (issue.message.includes(issue.path)) return issue.message;
  const where = `${issue.path}${issue.type ? ` (${issue.type})` : ''}${issue.field ? ` ${issue.field}` : ''}`;
  return `${where}: ${issue.message}`;
}

/** A template refused by the check: HTTP 200, code 400, and every issue in data.errors for the designer to mark. */
class TemplateRefusedError extends ApiError {
  constructor(readonly errors: TemplateIssue[]) {
    const first = errors[0];
    const more = errors.length > 1 ? `（另有 ${errors.length - 1} 处问题）` : '';
    super(`页面模板有误，未保存：${first ? describeIssue(first) : '模板不是页面模板格式'}${more}`, { code: 400, errorCode: 'TEMPLATE_INVALID' });
  }
}

/** The widget types the tenant's pages may use (site options `widgets`, DESIGN "per-tenant allow-lists"); undefined: every widget. */
async function allowListOf(trx: Trx): Promise<readonly string[] | undefined> {
  const found = await findStore(trx);
  if (!found) return undefined;
  return (await readEditableConfig(trx, found.store.id)).siteOptions.widgets;
}

/**
 * Checks a template with the runtime's own widget contracts and migrations, then sanitises its rich
 * text (issue 16: "rich text is sanitised when saved") and stamps it with the page it belongs to.
 */
async function checkedTemplate(trx: Trx, raw: unknown, page: DesignerPage) {
  const allowList = await allowListOf(trx);
  const result = checkPageTemplate(raw, allowList ? { allowList } : {});
  if (!result.ok) throw new TemplateRefusedError(result.errors);
  const template = await sanitisePageTemplate({ ...result.template, pageId: page.pageId, pageCode: page.pageCode });
  return { template, upgraded: result.upgraded };
}

async function summaryOf(trx: Trx, pageId: number): Promise<AdminPageSummary> {
  const [summary] = await listAdminPages(trx, pageId);
  if (!summary) throw pageNotFound(pageId);
  return summary;
}

/** Sends a template refusal with its issues (the route's success serializer would drop them). */
function sendTemplateRefused(reply: FastifyReply, error: TemplateRefusedError) {
  reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
  return reply.status(200).send({ ...failure(error), data: { errors: error.errors } });
}

export async function pageAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['cfg'];

  r.get('/cfg/api/admin/page/list', {
    schema: { tags, summary: 'Page designer: the tenant\'s home and tab pages with version, draft and last change; admins only', querystring: PageListAdminQuery, response: { 200: Envelope(PageListAdminResult) } },
  }, async (req) => ok(await asPageAdmin(app, req, req.query.tenantId, async (trx) => ({ pages: await listAdminPages(trx) }))));

  r.get('/cfg/api/admin/page/get', {
    schema: { tags, summary: 'Page designer: a page\'s draft (or its published template when it has none) with the revision', querystring: PageGetAdminQuery, response: { 200: Envelope(PageGetAdminResult) } },
  }, async (req) => {
    const { tenantId, pageId } = req.query;
    return ok(await asPageAdmin(app, req, tenantId, async (trx) => {
      const page = await summaryOf(trx, pageId);
      const draft = await readDraft(trx, pageId);
      const isDraft = draft.template !== null;
      const stored = isDraft ? draft.template : (await trx.selectFrom('page').select('template').where('id', '=', pageId).executeTakeFirst())?.template;
      return { page, template: asFormat2(stored, page), revision: draft.revision, isDraft };
    }));
  });

  r.post('/cfg/api/admin/page/create', {
    schema: { tags, summary: 'Page designer: a new home page of a store, or a tab page (Pzy_…) with an optional navbar menu; it starts as an empty draft', body: CreatePageBody, response: { 200: Envelope(CreatePageResult) } },
  }, async (req) => {
    const body = req.body;
    const name = body.name.trim();
    if (!name) throw new ApiError('请填写页面名称。', { errorCode: 'PAGE_NAME_REQUIRED' });
    return ok(await asPageAdmin(app, req, body.tenantId, async (trx, userId) => {
      await lockPageCreation(trx);
      let pageId: number;
      if (body.kind === 'home') {
        if (!(await storeExists(trx, body.storeId))) throw new ApiError(`没有编号为 ${body.storeId} 的店铺。`, { code: 404, errorCode: 'STORE_NOT_FOUND' });
        // A home page's code is ours to choose: never Pzy_ (those are tab pages), unique in the tenant.
        let pageCode = `home_${Date.now().toString(36)}`;
        while (await pageCodeTaken(trx, pageCode)) pageCode = `${pageCode}_1`;
        pageId = await insertPage(trx, { pageCode, name, purpose: HOME_PURPOSE, storeId: body.storeId });
      } else {
        if (await pageCodeTaken(trx, body.pageCode)) throw new ApiError(`页面编码“${body.pageCode}”已被使用，请换一个。`, { code: 409, errorCode: 'PAGE_CODE_TAKEN' });
        const store = await findStore(trx);
        if (!store) throw new ApiError('This tenant has no store yet.', { code: 404, errorCode: 'STORE_NOT_FOUND' });
        pageId = await insertPage(trx, { pageCode: body.pageCode, name, purpose: TAB_PURPOSE, storeId: store.store.id });
        const menuName = body.menuName?.trim();
        // The menu opens /tabBarIndex/{pageCode}, as the seed's tab menus do.
        if (menuName) await insertTabMenu(trx, { storeId: store.store.id, title: menuName, pageCode: body.pageCode });
      }
      const page = await lockedPage(trx, pageId);
      await writeDraft(trx, pageId, { revision: 1, template: emptyTemplate(page), userId });
      await writeAudit(trx, { page, userId, action: 'create', revision: 1 });
      return { page: await summaryOf(trx, pageId) };
    }), '创建成功');
  });

  r.post('/cfg/api/admin/page/saveDraft', {
    bodyLimit: TEMPLATE_BODY_LIMIT,
    schema: { tags, summary: 'Page designer: saves the draft, checked with the widgets\' contracts; refused on a stale revision (409)', body: SaveDraftBody, response: { 200: Envelope(SaveDraftResult) } },
  }, async (req, reply) => {
    const { tenantId, pageId, template: raw, revision } = req.body;
    try {
      return ok(await asPageAdmin(app, req, tenantId, async (trx, userId) => {
        const page = await lockedPage(trx, pageId);
        const current = await readDraft(trx, pageId);
        requireRevision(current.revision, revision);
        const { template, upgraded } = await checkedTemplate(trx, raw, page);
        const next = revision + 1;
        await writeDraft(trx, pageId, { revision: next, template, userId });
        await writeAudit(trx, { page, userId, action: 'saveDraft', revision: next });
        return { revision: next, upgraded };
      }), '已保存草稿');
    } catch (error) {
      if (error instanceof TemplateRefusedError) return sendTemplateRefused(reply, error);
      throw error;
    }
  });

  r.post('/cfg/api/admin/page/publish', {
    schema: { tags, summary: 'Page designer: the draft becomes what learners get on every node, kept as the next version', body: PublishBody, response: { 200: Envelope(PublishResult) } },
  }, async (req, reply) => {
    const { tenantId, pageId, revision } = req.body;
    try {
      const result = await asPageAdmin(app, req, tenantId, async (trx, userId) => {
        const page = await lockedPage(trx, pageId);
        const current = await readDraft(trx, pageId);
        requireRevision(current.revision, revision);
        if (current.template === null) throw new ApiError('此页面没有草稿，无需发布。', { code: 400, errorCode: 'NO_DRAFT' });
        // A restored version became the draft unchecked: what is published passes the check now.
        const { template } = await checkedTemplate(trx, current.template, page);
        const firstPublish = page.state === 0 && (await trx.selectFrom('page_version').select('version').where('page_id', '=', pageId).executeTakeFirst()) === undefined;
        const published = await publishTemplate(trx, page, template, userId, { show: firstPublish });
        const next = revision + 1;
        await writeDraft(trx, pageId, { revision: next, template: null, userId });
        await writeAudit(trx, { page, userId, action: 'publish', version: published.version, revision: next });
        return published;
      });
      // Every node drops the tenant's cached pages (issue 15 point 5), so learners get it at once.
      await invalidateTenantAnswers(app, tenantId);
      return ok(result, '发布成功');
    } catch (error) {
      if (error instanceof TemplateRefusedError) return sendTemplateRefused(reply, error);
      throw error;
    }
  });

  r.get('/cfg/api/admin/page/versions', {
    schema: { tags, summary: 'Page designer: the published versions of a page, newest first', querystring: VersionsQuery, response: { 200: Envelope(VersionsResult) } },
  }, async (req) => {
    const { tenantId, pageId } = req.query;
    return ok(await asPageAdmin(app, req, tenantId, async (trx) => {
      await summaryOf(trx, pageId);
      return { versions: await listVersions(trx, pageId) };
    }));
  });

  r.get('/cfg/api/admin/page/version', {
    schema: { tags, summary: 'Page designer: one published version\'s template (the history panel previews it)', querystring: VersionQuery, response: { 200: Envelope(VersionResult) } },
  }, async (req) => {
    const { tenantId, pageId, version } = req.query;
    return ok(await asPageAdmin(app, req, tenantId, async (trx) => {
      const page = await summaryOf(trx, pageId);
      const template = await readVersion(trx, pageId, version);
      if (template === undefined) throw new ApiError(`页面“${page.name}”没有第 ${version} 版。`, { code: 404, errorCode: 'VERSION_NOT_FOUND' });
      return { version, template: asFormat2(template, page) };
    }));
  });

  r.post('/cfg/api/admin/page/restore', {
    schema: { tags, summary: 'Page designer: an old version becomes the draft (newer versions stay)', body: RestoreBody, response: { 200: Envelope(RestoreResult) } },
  }, async (req) => {
    const { tenantId, pageId, version, revision } = req.body;
    return ok(await asPageAdmin(app, req, tenantId, async (trx, userId) => {
      const page = await lockedPage(trx, pageId);
      requireRevision((await readDraft(trx, pageId)).revision, revision);
      const stored = await readVersion(trx, pageId, version);
      if (stored === undefined) throw new ApiError(`页面“${page.name}”没有第 ${version} 版。`, { code: 404, errorCode: 'VERSION_NOT_FOUND' });
      const template = await sanitisePageTemplate({ ...asFormat2(stored, page), pageId: page.pageId, pageCode: page.pageCode });
      const next = revision + 1;
      await writeDraft(trx, pageId, { revision: next, template, userId });
      await writeAudit(trx, { page, userId, action: 'restore', version, revision: next });
      return { revision: next };
    }), '已恢复为草稿');
  });

  r.post('/cfg/api/admin/page/delete', {
    schema: { tags, summary: 'Page designer: deletes a page (never the default home page); a tab page\'s menu only with withMenu', body: DeletePageBody, response: { 200: Envelope(DeletePageResult) } },
  }, async (req) => {
    const { tenantId, pageId, withMenu } = req.body;
    await asPageAdmin(app, req, tenantId, async (trx, userId) => {
      const page = await lockedPage(trx, pageId);
      if (page.purpose === HOME_PURPOSE && (await defaultHomePageId(trx)) === pageId) {
        throw new ApiError(`“${page.name}”是默认首页，不能删除；请先发布另一个首页并把它排在前面。`, { code: 400, errorCode: 'DEFAULT_HOME_PAGE' });
      }
      const menus = page.purpose === HOME_PURPOSE ? [] : await menusOfTabPage(trx, page.pageCode);
      if (menus.length > 0 && withMenu !== true) {
        const names = menus.map((menu) => `“${menu.title}”${menu.children ? `（含 ${menu.children} 个子菜单）` : ''}`).join('、');
        throw new ApiError(`页面“${page.name}”有导航菜单 ${names}，删除页面会同时删除菜单；确认后请带 withMenu: true 再次删除。`, { code: 409, errorCode: 'PAGE_HAS_MENU' });
      }
      await deleteMenus(trx, menus.map((menu) => menu.id));
      await deletePage(trx, pageId);
      await writeAudit(trx, { page, userId, action: 'delete' });
    });
    await invalidateTenantAnswers(app, tenantId);
    return ok({}, '已删除');
  });
}
