import type { Paged } from '../../src/api/client';
import { searchArticles, type ArticleItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { articleListContract, type ArticleListProps } from '../../schemas/widgets/article-list';

/** Shared articles and news (GET /cm/api/article/search); each opens /share/article/detail/{id}. */
export const widget = defineWidget<ArticleListProps, Paged<ArticleItem>>({
  ...articleListContract,
  load: () => import('./article-list'),
  data: (props) => ({
    key: ['cm', 'article/search', { kind: props.kind, categoryId: props.categoryId ?? null, sort: props.sort, pageSize: props.count }],
    fetch: (signal) => searchArticles({
      pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, kind: props.kind === 'all' ? undefined : props.kind,
    }, signal),
  }),
});
