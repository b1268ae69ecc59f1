import { searchContents, type ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { ContentListProps } from './schema';

/** content-list: contents of one purpose (GET /cm/api/content/search); reading purposes open /content/noval/{id}. */
export const widget = defineWidget<ContentListProps, Paged<ContentItem>>({
  type: 'content-list',
  version: 1,
  propsSchema: ContentListProps,
  defaultProps: { ...listDefaults(), purpose: 3 },
  migrations: [],
  load: () => import('./content-list'),
  data: (props) => {
    const query = { purpose: [props.purpose], kind: props.kind, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'content/search', query], fetch: (signal) => searchContents(query, signal) };
  },
});
