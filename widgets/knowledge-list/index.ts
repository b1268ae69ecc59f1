import type { Paged } from '../../src/api/client';
import type { ContentItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { knowledgeListContract, knowledgeListRequest, type KnowledgeListProps } from '../../schemas/widgets/knowledge-list';

/** knowledge-list: micro-lessons and knowledge (GET /cm/api/content/search purpose 1 and 2), opening /knowledge/detail/{id}?purpose=. */
export const widget = defineWidget<KnowledgeListProps, Paged<ContentItem>>({
  ...knowledgeListContract,
  load: () => import('./knowledge-list'),
  data: (props, ctx) => requestDeclaration<Paged<ContentItem>>(knowledgeListRequest(props, ctx)),
});
