import type { Paged } from '../../src/api/client';
import type { ContentItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { contentListContract, contentListRequest, type ContentListProps } from '../../schemas/widgets/content-list';

/** content-list: contents of one purpose (GET /cm/api/content/search); reading purposes open /content/noval/{id}. */
export const widget = defineWidget<ContentListProps, Paged<ContentItem>>({
  ...contentListContract,
  load: () => import('./content-list'),
  data: (props, ctx) => requestDeclaration<Paged<ContentItem>>(contentListRequest(props, ctx)),
});
