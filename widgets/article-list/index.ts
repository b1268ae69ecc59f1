import type { Paged } from '../../src/api/client';
import type { ArticleItem } from '../../src/api/community';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { articleListContract, articleListRequest, type ArticleListProps } from '../../schemas/widgets/article-list';

/** Shared articles and news (GET /cm/api/article/search); each opens /share/article/detail/{id}. */
export const widget = defineWidget<ArticleListProps, Paged<ArticleItem>>({
  ...articleListContract,
  load: () => import('./article-list'),
  data: (props, ctx) => requestDeclaration<Paged<ArticleItem>>(articleListRequest(props, ctx)),
});
