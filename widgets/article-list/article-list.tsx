import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { ArticleItem } from '../../src/api/community';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { formatDate } from '../../src/components/widget-parts';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { ArticleListProps } from '../../schemas/widgets/article-list';

export default function ArticleList({ props, ctx, data }: WidgetProps<ArticleListProps, Paged<ArticleItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  // spec commerce §2: an article goes to /share/article/detail/{id}.
  const toCard = (article: ArticleItem): CardModel => ({
    key: article.id,
    link: { linkType: 'article', id: article.id },
    title: article.title,
    cover: article.cover,
    meta: [article.author, formatDate(article.publishTime), widgetText(locale, 'views', { n: article.viewCount })].filter(Boolean).join(' · '),
  });
  return (
    <CardList
      title={headingOf(locale, props.title, 'article-list')} more={props.more} columns={props.layout === 'list' ? 1 : props.columns} layout={props.layout}
      count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
