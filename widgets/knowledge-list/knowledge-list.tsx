import type { ContentItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { useWidgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { KnowledgeListProps } from './schema';

export default function KnowledgeList({ props, data, ctx }: WidgetProps<KnowledgeListProps, Paged<ContentItem>>) {
  const { t, locale } = useWidgetTexts(ctx.locale);
  const toCard = (item: ContentItem): CardModel => ({
    key: item.id,
    // spec learning §2: knowledge detail takes the purpose (1 micro-course, 2 knowledge) as query.
    link: { linkType: 'knowledgeDetail', id: item.id, params: { purpose: item.purpose } },
    title: item.title,
    cover: item.cover,
    meta: [item.author, t('views', { n: item.viewCount })].filter(Boolean).join(' · '),
  });
  return (
    <CardList
      // spec shell §2: category jump purpose 2 opens /knowledge with purpose=2.
      title={props.title} more={props.showMore ? { linkType: 'category', purpose: 2, ...(props.categoryId === undefined ? {} : { id: props.categoryId }) } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
