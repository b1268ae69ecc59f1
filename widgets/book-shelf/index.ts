import type { Paged } from '../../src/api/client';
import { searchProducts, type ProductItem } from '../../src/api/shop';
import { defineWidget } from '../../src/runtime/widget-definition';
import { bookShelfContract, type BookShelfProps } from '../../schemas/widgets/book-shelf';

/** spec commerce §9: product types 8, 9 and 10 are reading-type. */
export const READING_TYPES = [8, 9, 10] as const;

/** Reading products as book covers (GET /order/api/product/search?productType=8&productType=9&productType=10). */
export const widget = defineWidget<BookShelfProps, Paged<ProductItem>>({
  ...bookShelfContract,
  load: () => import('./book-shelf'),
  data: (props) => ({
    key: ['order', 'product/search', { categoryId: props.categoryId ?? null, providerId: null, productType: [...READING_TYPES], sort: props.sort, pageSize: props.count }],
    fetch: (signal) => searchProducts({ pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, productType: READING_TYPES }, signal),
  }),
});
