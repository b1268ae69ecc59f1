import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { readTenant } from '../../lib/tenant-context';
import { ok } from '../../plugins/envelope';
import { listBanners } from './banner-repository';
import { BannerItem, BannerQuery } from '../../../schemas/api/cfg';

/** cfg: the banner carousel of spec learning §7 "Config". */
export async function bannerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/banner', {
    schema: {
      tags: ['cfg'], summary: 'The banners of a position in slide order (an array, not a page: carousels are short)',
      querystring: BannerQuery,
      response: { 200: Envelope(Type.Array(BannerItem)) },
    },
  }, async (req) => {
    const { tenantId, position = 'home', storeId } = req.query;
    return readTenant(app, tenantId, async (trx) => ok(await listBanners(trx, { position, storeId })));
  });
}
