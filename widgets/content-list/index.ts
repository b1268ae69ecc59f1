import { searchContents, type ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { contentListContract, type ContentListProps } from '../../schemas/widgets/content-list';

/** content-list: contents of one purpose (GET /cm/api/content/search); reading purposes open /content/noval/{id}. */
export const widget = defineWidget<ContentListProps, Paged<ContentItem>>({
  ...contentListContract,
  load: () => import('./content-list'),
  data: (props) => {
    const query = { purpose: [props.purpose], kind: props.kind, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'content/search', query], fetch: (signal) => searchContents(query, signal) };
  },
});
