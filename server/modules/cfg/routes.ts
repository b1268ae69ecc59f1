import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ConfigItem, HomePageEntry, NavigateItem, StoreSetting } from '../../../schemas/tenant-settings';
import { withTenant } from '../../db/database';
import { ApiError, ok } from '../../plugins/envelope';
import { requireTenant } from '../../lib/tenant-context';
import { findStore, listConfig } from '../../lib/store-settings';
import { sendCachedAnswer } from '../../plugins/answers';
import { listNavigate, listPages, readStoreSettings } from './repository';
import { GroupConfigQuery, NavigateQuery, PageListQuery, StoreSettingQuery } from '../../../schemas/api/cfg';

/** STORE_NOT_FOUND naming the store asked for (or saying the tenant has none). */
function storeMissing(storeId: number | undefined): ApiError {
  return new ApiError(storeId === undefined ? 'This tenant has no store yet.' : `No store has the id ${storeId} in this tenant.`, { code: 404, errorCode: 'STORE_NOT_FOUND' });
}

/** cfg: tenant settings, menus and the pages list (spec shell §7 "Tenant and settings"). */
export async function cfgRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Resolves the store or fails with a message naming it. */
  const storeOf = async (trx: Parameters<Parameters<typeof withTenant>[2]>[0], storeId?: number) => {
    const found = await findStore(trx, storeId);
    if (!found) throw storeMissing(storeId);
    return found;
  };

  r.get('/cfg/api/store/getTenantStoreSetting', {
    schema: {
      tags: ['cfg'], summary: 'Start-up settings: configList, navigateList, store, globalStyle, tenant',
      querystring: StoreSettingQuery,
      response: { 200: Envelope(StoreSetting) },
    },
  }, async (req, reply) => {
    const { tenantId, storeId, purpose = 2 } = req.query;
    // The same answer for every visitor of the tenant: built once per node, read in one statement,
    // sent as cached with its ETag (issue 15 point 5; server/lib/answer-cache.ts).
    return sendCachedAnswer(req, reply, tenantId, `settings:${storeId ?? ''}:${purpose}`, async () => {
      const read = await readStoreSettings(app.db.app, tenantId, storeId, purpose);
      if (read.found === 'tenant-missing') throw new ApiError(`No tenant has the id ${tenantId}.`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
      if (read.found === 'store-missing') throw storeMissing(storeId);
      const { configList, navigateList, store, globalStyle, tenant } = read;
      return ok({ configList, navigateList, store, globalStyle, tenant });
    });
  });

  r.get('/cfg/api/config/getGroupConfig', {
    schema: {
      tags: ['cfg'], summary: 'The settings of one group (e.g. PcFoot, PcLoginConfig)',
      querystring: GroupConfigQuery,
      response: { 200: Envelope(Type.Array(ConfigItem)) },
    },
  }, async (req) => {
    const { tenantId, paramGroup, storeId } = req.query;
    await requireTenant(app.db.app, tenantId);
    return withTenant(app.db.app, tenantId, async (trx) => ok(await listConfig(trx, (await storeOf(trx, storeId)).store.id, paramGroup)));
  });

  r.get('/cfg/api/navigate/search', {
    schema: {
      tags: ['cfg'], summary: 'Menus of a store; with parentId, the nav children (the navbar asks pageSize 99)',
      querystring: NavigateQuery,
      response: { 200: Envelope(Paged(NavigateItem)) },
    },
  }, async (req) => {
    const { tenantId, storeId, parentId, purpose, pageNo = 1, pageSize = 99 } = req.query;
    await requireTenant(app.db.app, tenantId);
    return withTenant(app.db.app, tenantId, async (trx) => {
      const { store } = await storeOf(trx, storeId);
      return ok(await listNavigate(trx, { storeId: store.id, parentId: parentId ?? null, ...(purpose === undefined ? {} : { purpose }), pageNo, pageSize }));
    });
  });

  r.get('/cfg/api/page/list', {
    schema: {
      tags: ['cfg'], summary: 'Pages list for the home-page switcher (the portal asks pageNo 1, pageSize 40, purpose 2, state 1)',
      querystring: PageListQuery,
      response: { 200: Envelope(Paged(HomePageEntry)) },
    },
  }, async (req) => {
    const { tenantId, storeId, purpose, state, pageNo = 1, pageSize = 40 } = req.query;
    await requireTenant(app.db.app, tenantId);
    return withTenant(app.db.app, tenantId, async (trx) =>
      ok(await listPages(trx, { pageNo, pageSize, ...(purpose === undefined ? {} : { purpose }), ...(state === undefined ? {} : { state }), ...(storeId === undefined ? {} : { storeId }) })));
  });
}
