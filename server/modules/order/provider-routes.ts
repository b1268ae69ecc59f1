import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { ProviderDetail, ProviderDetailQuery } from '../../../schemas/api/provider';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findProviderDetail } from './provider-repository';

/** The message and code of a price range whose minimum is above its maximum (spec learning §5). */
export const PRICE_RANGE_MESSAGE = '请输入正确的价格区间';

/** spec learning §5 "Provider price range": refuses min above max, as the page does before asking. */
export function checkPriceRange(minPrice: number | undefined, maxPrice: number | undefined): void {
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new ApiError(`${PRICE_RANGE_MESSAGE}：最低价 ${minPrice} 高于最高价 ${maxPrice}。`, { code: 400, errorCode: 'PRICE_RANGE_INVALID' });
  }
}

/** Issue 20: the provider and school pages' own call (ours: the spec names none; docs/api.md). */
export async function providerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/provider/detail', {
    schema: {
      tags: ['order'], summary: 'One provider (school or merchant), off shelf or not, with its products on sale, rating and categories',
      querystring: ProviderDetailQuery,
      response: { 200: Envelope(ProviderDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const provider = await findProviderDetail(trx, req.query.id);
    // Another tenant's provider is not found either: row-level security hides its row.
    if (!provider) throw new ApiError(`商家或学校不存在（编号 ${req.query.id}）。`, { code: 404, errorCode: 'PROVIDER_NOT_FOUND' });
    return ok(provider);
  }));
}
