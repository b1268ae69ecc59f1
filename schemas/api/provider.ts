// The provider and school pages' contract (issue 20, spec learning §2 "Sub-home, shop and content",
// §3 Provider/store): one provider with its rating and categories. Ours: the spec names no detail
// call, so it lives under the order prefix (docs/api.md "Providers and schools"). The provider's
// products are GET /order/api/product/search with providerId, minPrice and maxPrice.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { ProviderItem } from './order';

/** The query of GET /order/api/provider/detail. */
export const ProviderDetailQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The provider (providerId of links).' }) });

/** A category the provider has products on sale in, with how many. */
export const ProviderCategory = Type.Object({ id: Type.Integer(), name: Type.String(), productCount: Type.Integer() });
export type ProviderCategory = Static<typeof ProviderCategory>;

/** A provider's page header: the provider card, its reviews' rating and its categories. */
export const ProviderDetail = Type.Object({
  ...ProviderItem.properties,
  rating: Type.Object({
    average: Type.Number({ description: 'Mean score (1 to 5, one decimal) of the visible reviews of all its products; 0 when none.' }),
    count: Type.Integer({ description: 'Visible reviews of its products.' }),
  }),
  categories: Type.Array(ProviderCategory, { description: 'Categories of its products on sale, most products first.' }),
});
export type ProviderDetail = Static<typeof ProviderDetail>;
