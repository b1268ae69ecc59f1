import type { ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { catalogueCard, READING_PURPOSES } from '../../src/components/catalogue-cards';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { LinkItem } from '../../schemas/link';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { ContentListProps } from '../../schemas/widgets/content-list';

/** The full list of a purpose: knowledge (2) and contents (1, 3, 4) by category jump, reading on the bookshelf. */
function moreLink(purpose: number, categoryId: number | undefined): LinkItem {
  if (READING_PURPOSES.has(purpose)) return { linkType: 'bookshelf' };
  const id = categoryId === undefined ? {} : { id: categoryId };
  return { linkType: 'category', purpose: purpose === 2 ? 2 : 3, ...id };
}

export default function ContentList({ props, data, ctx }: WidgetProps<ContentListProps, Paged<ContentItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  // The same card as the search page and the learning lists (links by the jump rules).
  const toCard = (item: ContentItem): CardModel => catalogueCard({ kind: 'content', row: item }, locale);
  return (
    <CardList
      title={headingOf(locale, props.title, 'content-list')} more={props.showMore ? moreLink(props.purpose, props.categoryId) : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
