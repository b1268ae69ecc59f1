import type { SubjectItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { catalogueCard } from '../../src/components/catalogue-cards';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { SubjectListProps } from '../../schemas/widgets/subject-list';

export default function SubjectList({ props, data, ctx }: WidgetProps<SubjectListProps, Paged<SubjectItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  // The same card as the search page and the learning lists (links by the jump rules).
  const toCard = (item: SubjectItem): CardModel => catalogueCard({ kind: 'subject', row: item }, locale);
  return (
    <CardList
      title={headingOf(locale, props.title, 'subject-list')} more={props.showMore ? { linkType: 'subject', params: { categoryId: props.categoryId } } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
