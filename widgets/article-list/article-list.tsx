import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { ArticleItem } from '../../src/api/community';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { formatDate } from '../../src/components/widget-parts-b';
import { textB } from '../../src/components/widget-texts-b';
import type { ArticleListProps } from './schema';

export default function ArticleList({ props, ctx, data }: WidgetProps<ArticleListProps, Paged<ArticleItem>>) {
  const locale = ctx.locale ?? 'zh';
  // spec commerce §2: an article goes to /share/article/detail/{id}.
  const toCard = (article: ArticleItem): CardModel => ({
    key: article.id,
    link: { linkType: 'article', id: article.id },
    title: article.title,
    cover: article.cover,
    meta: [article.author, formatDate(article.publishTime), textB(locale, 'views', { n: article.viewCount })].filter(Boolean).join(' · '),
  });
  return (
    <CardList
      title={props.title} more={props.more} columns={props.layout === 'list' ? 1 : props.columns} layout={props.layout}
      count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
