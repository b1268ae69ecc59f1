import type { ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { catalogueCard } from '../../src/components/catalogue-cards';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { KnowledgeListProps } from '../../schemas/widgets/knowledge-list';

export default function KnowledgeList({ props, data, ctx }: WidgetProps<KnowledgeListProps, Paged<ContentItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  // The same card as the search page and the learning lists (links by the jump rules).
  const toCard = (item: ContentItem): CardModel => catalogueCard({ kind: 'knowledge', row: item }, locale);
  return (
    <CardList
      // spec shell §2: category jump purpose 2 opens /knowledge with purpose=2.
      title={headingOf(locale, props.title, 'knowledge-list')} more={props.showMore ? { linkType: 'category', purpose: 2, ...(props.categoryId === undefined ? {} : { id: props.categoryId }) } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
