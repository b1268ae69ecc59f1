import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { HomePageEntry } from '../../../schemas/tenant-settings';
import { PageCodeQuery, PageIdQuery, PagesByOrgQuery, PageV2Query, PageWithTemplate, StoredTemplate } from '../../../schemas/api/cfg';
import { withTenant } from '../../db/database';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, requireTenant } from '../../lib/tenant-context';
import { sendCachedAnswer } from '../../plugins/answers';
import { servedTemplate } from '../../lib/template-serve';
import { findOrgStoreIds, findPageByCode, findPageById, listHomePagesOfStores, type StoredPage } from './template-repository';

/** The page, or PAGE_NOT_FOUND naming what was asked for. */
function pageOrFail(page: StoredPage | undefined, asked: string): StoredPage {
  if (!page) throw new ApiError(`No page has the ${asked} in this tenant.`, { code: 404, errorCode: 'PAGE_NOT_FOUND' });
  return page;
}

/** The page's template, or TEMPLATE_NOT_FOUND saying how to give it one. */
function templateOf(page: StoredPage): NonNullable<unknown> {
  if (page.template === null || page.template === undefined) {
    throw new ApiError(`The page "${page.pageCode}" has no template yet; design it in the page designer and publish it.`, { code: 404, errorCode: 'TEMPLATE_NOT_FOUND' });
  }
  return page.template;
}

/** A cached answer's key within the tenant: the call and its parameters, unambiguous whatever a code holds. */
const cacheKey = (call: string, ...params: (string | number | undefined)[]) => `${call}:${JSON.stringify(params.map((p) => p ?? null))}`;

/** A page with its template in the served form: checked and stamped when the library's contracts accept it (server/lib/template-serve.ts). */
const withTemplate = (page: StoredPage) => ({ pageId: page.pageId, pageCode: page.pageCode, name: page.name, template: servedTemplate(templateOf(page)) });

/**
 * cfg: page templates (spec shell §7 "GET /cfg/template/getPage, getPageV2, getByPageId,
 * getTemplatePage" and "/cfg/api/page/getByOrg"). getPage sends a template as stored; the other
 * three send it checked against the widget contracts, migrated, with its defaults filled and
 * stamped (server/lib/template-serve.ts), or as stored when the check refuses it, and the client's
 * runtime migrates, validates and repairs what it must (DESIGN "The runtime: settings to pixels"). The four template calls
 * are the same for every visitor of a tenant: cached per node with an ETag (issue 15 point 5).
 */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/template/getPage', {
    schema: {
      tags: ['cfg'], summary: 'Legacy: the template of a page by code, as stored (format 1 stays format 1)',
      querystring: PageCodeQuery,
      response: { 200: Envelope(StoredTemplate) },
    },
  }, async (req, reply) => {
    const { tenantId, pageCode } = req.query;
    return sendCachedAnswer(req, reply, tenantId, cacheKey('getPage', pageCode), () => readTenant(app, tenantId, async (trx) =>
      ok(templateOf(pageOrFail(await findPageByCode(trx, pageCode), `code "${pageCode}"`)))));
  });

  r.get('/cfg/template/getPageV2', {
    schema: {
      tags: ['cfg'], summary: 'A page by code or id with its template as stored',
      querystring: PageV2Query,
      response: { 200: Envelope(PageWithTemplate) },
    },
  }, async (req, reply) => {
    const { tenantId, pageCode, pageId } = req.query;
    if (pageCode === undefined && pageId === undefined) {
      throw new ApiError('Pass pageCode or pageId to say which page to load.', { code: 400, errorCode: 'VALIDATION' });
    }
    return sendCachedAnswer(req, reply, tenantId, cacheKey('getPageV2', pageCode, pageId), () => readTenant(app, tenantId, async (trx) => {
      const page = pageCode !== undefined
        ? pageOrFail(await findPageByCode(trx, pageCode), `code "${pageCode}"`)
        : pageOrFail(await findPageById(trx, pageId!), `id ${pageId}`);
      if (pageCode !== undefined && pageId !== undefined && page.pageId !== pageId) {
        throw new ApiError(`The page "${pageCode}" has the id ${page.pageId}, not ${pageId}; pass one of them.`, { code: 400, errorCode: 'VALIDATION' });
      }
      return ok(withTemplate(page));
    }));
  });

  r.get('/cfg/template/getByPageId', {
    schema: {
      tags: ['cfg'], summary: 'A page by id with its template as stored (home pages chosen in the switcher)',
      querystring: PageIdQuery,
      response: { 200: Envelope(PageWithTemplate) },
    },
  }, async (req, reply) => {
    const { tenantId, pageId } = req.query;
    return sendCachedAnswer(req, reply, tenantId, cacheKey('getByPageId', pageId), () => readTenant(app, tenantId, async (trx) =>
      ok(withTemplate(pageOrFail(await findPageById(trx, pageId), `id ${pageId}`)))));
  });

  r.get('/cfg/template/getTemplatePage', {
    schema: {
      tags: ['cfg'], summary: 'A tab page (/tabBarIndex/{pageCode}) with its template as stored',
      querystring: PageCodeQuery,
      response: { 200: Envelope(PageWithTemplate) },
    },
  }, async (req, reply) => {
    const { tenantId, pageCode } = req.query;
    return sendCachedAnswer(req, reply, tenantId, cacheKey('getTemplatePage', pageCode), () => readTenant(app, tenantId, async (trx) =>
      ok(withTemplate(pageOrFail(await findPageByCode(trx, pageCode), `code "${pageCode}"`)))));
  });

  r.get('/cfg/api/page/getByOrg', {
    schema: {
      tags: ['cfg'], summary: 'The published home pages of an organisation (by org path or store id), for the home-page switcher',
      querystring: PagesByOrgQuery,
      response: { 200: Envelope(Type.Array(HomePageEntry)) },
    },
  }, async (req) => {
    const { tenantId, orgPath, storeId } = req.query;
    if (orgPath === undefined && storeId === undefined) {
      throw new ApiError('Pass orgPath or storeId to say whose home pages to list.', { code: 400, errorCode: 'VALIDATION' });
    }
    await requireTenant(app.db.app, tenantId);
    return withTenant(app.db.app, tenantId, async (trx) => {
      const storeIds = await findOrgStoreIds(trx, { ...(orgPath === undefined ? {} : { orgPath }), ...(storeId === undefined ? {} : { storeId }) });
      if (storeIds.length === 0) {
        const what = orgPath !== undefined ? `the organisation "${orgPath}"` : `the id ${storeId}`;
        throw new ApiError(`No store has ${what} in this tenant.`, { code: 404, errorCode: 'STORE_NOT_FOUND' });
      }
      return ok(await listHomePagesOfStores(trx, storeIds));
    });
  });
}
