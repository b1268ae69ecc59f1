import type { ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { useWidgetTexts } from '../../src/components/widget-texts';
import type { LinkItem } from '../../schemas/link';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { ContentListProps } from './schema';

/** spec learning §2: contents of purposes 5, 6 and 7 are reading and open the reader. */
const READING_PURPOSES = new Set([5, 6, 7]);

/** Where a content card leads: the reader for reading purposes, else the content detail with id and purpose. */
export function contentLink(item: Pick<ContentItem, 'id' | 'purpose'>): LinkItem {
  return READING_PURPOSES.has(item.purpose)
    ? { linkType: 'contentNoval', id: item.id, params: { purpose: item.purpose } }
    : { linkType: 'contentDetail', params: { id: item.id, purpose: item.purpose } };
}

/** The full list of a purpose: knowledge (2) and contents (1, 3, 4) by category jump, reading on the bookshelf. */
function moreLink(purpose: number, categoryId: number | undefined): LinkItem {
  if (READING_PURPOSES.has(purpose)) return { linkType: 'bookshelf' };
  const id = categoryId === undefined ? {} : { id: categoryId };
  return { linkType: 'category', purpose: purpose === 2 ? 2 : 3, ...id };
}

export default function ContentList({ props, data, ctx }: WidgetProps<ContentListProps, Paged<ContentItem>>) {
  const { t, locale } = useWidgetTexts(ctx.locale);
  const toCard = (item: ContentItem): CardModel => ({
    key: item.id,
    link: contentLink(item),
    title: item.title,
    cover: item.cover,
    meta: [item.author, item.partCount > 0 ? t('parts', { n: item.partCount }) : undefined, t('views', { n: item.viewCount })].filter(Boolean).join(' · '),
  });
  return (
    <CardList
      title={props.title} more={props.showMore ? moreLink(props.purpose, props.categoryId) : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
