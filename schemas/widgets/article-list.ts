import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const ArticleListProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the list; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many articles to show, 1 to 50.', minimum: 1, maximum: 50, default: 6 }),
  kind: Type.Union([Type.Literal('all'), Type.Literal('share'), Type.Literal('news')], { title: '类型', description: 'Shared articles, news, or both.', default: 'all' }),
  categoryId: Type.Optional(Type.Integer({ title: '分类', description: 'Only articles of this category (and the categories under it).' })),
  sort: Type.Union([Type.Literal('newest'), Type.Literal('popular')], { title: '排序', description: 'Newest first, or most viewed first.', default: 'newest' }),
  layout: Type.Union([Type.Literal('list'), Type.Literal('grid')], { title: '布局', description: 'One row per article with the cover at the left, or a grid of cards.', default: 'list' }),
  columns: Type.Integer({ title: '每行个数', description: 'Cards per row in the grid layout, 1 to 6.', minimum: 1, maximum: 6, default: 3 }),
  more: Type.Optional(LinkItem),
});
export type ArticleListProps = Static<typeof ArticleListProps>;

/** The contract of the article-list widget (widgets/article-list/): what the runtime and the server's template check share. */
export const articleListContract = {
  type: 'article-list',
  version: 1,
  propsSchema: ArticleListProps,
  defaultProps: { count: 6, kind: 'all', sort: 'newest', layout: 'list', columns: 3 },
  migrations: [],
} satisfies WidgetContract<ArticleListProps>;

/** The one GET of widgets/article-list/, shared articles, news, or both when kind is 'all'; the server's home bootstrap makes it too. */
export function articleListRequest(props: ArticleListProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/cm/api/article/search',
    query: { pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, kind: props.kind === 'all' ? undefined : props.kind },
  };
}
