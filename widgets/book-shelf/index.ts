import type { Paged } from '../../src/api/client';
import type { ProductItem } from '../../src/api/shop';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { bookShelfContract, bookShelfRequest, type BookShelfProps } from '../../schemas/widgets/book-shelf';

/** Reading products as book covers (GET /order/api/product/search?productType=8&productType=9&productType=10). */
export const widget = defineWidget<BookShelfProps, Paged<ProductItem>>({
  ...bookShelfContract,
  load: () => import('./book-shelf'),
  data: (props, ctx) => requestDeclaration<Paged<ProductItem>>(bookShelfRequest(props, ctx)),
});
