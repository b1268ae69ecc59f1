import type { Paged } from '../../src/api/client';
import { searchArticles, type ArticleItem } from '../../src/api/community';
import { defineWidget } from '../../src/runtime/widget-definition';
import { ArticleListProps } from './schema';

/** Shared articles and news (GET /cm/api/article/search); each opens /share/article/detail/{id}. */
export const widget = defineWidget<ArticleListProps, Paged<ArticleItem>>({
  type: 'article-list',
  version: 1,
  propsSchema: ArticleListProps,
  defaultProps: { count: 6, kind: 'all', sort: 'newest', layout: 'list', columns: 3 },
  migrations: [],
  load: () => import('./article-list'),
  data: (props) => ({
    key: ['cm', 'article/search', { kind: props.kind, categoryId: props.categoryId ?? null, sort: props.sort, pageSize: props.count }],
    fetch: (signal) => searchArticles({
      pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, kind: props.kind === 'all' ? undefined : props.kind,
    }, signal),
  }),
});
