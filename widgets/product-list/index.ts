import type { Paged } from '../../src/api/client';
import type { ProductItem } from '../../src/api/shop';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { productListContract, productListRequest, type ProductListProps } from '../../schemas/widgets/product-list';

/** Shop products (GET /order/api/product/search) with price, struck retail price and provider chip. */
export const widget = defineWidget<ProductListProps, Paged<ProductItem>>({
  ...productListContract,
  load: () => import('./product-list'),
  data: (props, ctx) => requestDeclaration<Paged<ProductItem>>(productListRequest(props, ctx)),
});
