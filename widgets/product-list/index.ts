import type { Paged } from '../../src/api/client';
import { searchProducts, type ProductItem } from '../../src/api/shop';
import { defineWidget } from '../../src/runtime/widget-definition';
import { ProductListProps } from './schema';

/** Shop products (GET /order/api/product/search) with price, struck retail price and provider chip. */
export const widget = defineWidget<ProductListProps, Paged<ProductItem>>({
  type: 'product-list',
  version: 1,
  propsSchema: ProductListProps,
  defaultProps: { count: 8, columns: 4, productTypes: [], sort: 'newest', showProvider: true },
  migrations: [],
  load: () => import('./product-list'),
  data: (props) => {
    const productType = [...new Set(props.productTypes)].sort((a, b) => a - b);
    return {
      key: ['order', 'product/search', { categoryId: props.categoryId ?? null, providerId: props.providerId ?? null, productType, sort: props.sort, pageSize: props.count }],
      fetch: (signal) => searchProducts({
        pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, providerId: props.providerId, productType,
      }, signal),
    };
  },
});
