import type { Paged } from '../../src/api/client';
import { searchProducts, type ProductItem } from '../../src/api/shop';
import { defineWidget } from '../../src/runtime/widget-definition';
import { productListContract, type ProductListProps } from '../../schemas/widgets/product-list';

/** Shop products (GET /order/api/product/search) with price, struck retail price and provider chip. */
export const widget = defineWidget<ProductListProps, Paged<ProductItem>>({
  ...productListContract,
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
