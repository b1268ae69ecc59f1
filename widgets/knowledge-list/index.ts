import { searchContents, type ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { knowledgeListContract, type KnowledgeListProps } from '../../schemas/widgets/knowledge-list';

/** knowledge-list: micro-lessons and knowledge (GET /cm/api/content/search purpose 1 and 2), opening /knowledge/detail/{id}?purpose=. */
export const widget = defineWidget<KnowledgeListProps, Paged<ContentItem>>({
  ...knowledgeListContract,
  load: () => import('./knowledge-list'),
  data: (props) => {
    const query = { purpose: props.purpose ? [props.purpose] : [1, 2], categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['cm', 'content/search', query], fetch: (signal) => searchContents(query, signal) };
  },
});
