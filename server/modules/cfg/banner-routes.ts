import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, TenantIdParam } from '../../../schemas/common';
import { readTenant } from '../../lib/tenant-context';
import { ok } from '../../plugins/envelope';
import { listBanners } from './banner-repository';
import { BannerItem } from '../../../schemas/api/cfg';

/** cfg: the banner carousel of spec learning §7 "Config". */
export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/banner', {
    schema: {
      tags: ['cfg'], summary: 'The banners of a position in slide order (an array, not a page: carousels are short)',
      querystring: Type.Object({
        tenantId: TenantIdParam,
        position: Type.Optional(Type.String({ minLength: 1, maxLength: 40, default: 'home', description: 'home (default), course, shop, …' })),
        storeId: Type.Optional(Type.Integer({ minimum: 1, description: 'The store\'s own banners and the tenant-wide ones; every banner of the position when absent.' })),
      }),
      response: { 200: Envelope(Type.Array(BannerItem)) },
    },
  }, async (req) => {
    const { tenantId, position = 'home', storeId } = req.query;
    return readTenant(app, tenantId, async (trx) => ok(await listBanners(trx, { position, storeId })));
  });
}
