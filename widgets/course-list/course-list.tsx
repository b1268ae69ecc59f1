import type { CourseItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { catalogueCard } from '../../src/components/catalogue-cards';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { LinkItem } from '../../schemas/link';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { CourseListProps } from '../../schemas/widgets/course-list';

/** spec shell §2: category jump with purpose 1 opens /course with the category. */
export const courseMoreLink = (categoryId: number | undefined): LinkItem =>
  (categoryId === undefined ? { linkType: 'category', purpose: 1 } : { linkType: 'category', purpose: 1, id: categoryId });

export default function CourseList({ props, data, ctx }: WidgetProps<CourseListProps, Paged<CourseItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  // The same card as the search page and the learning lists (links by the jump rules).
  const toCard = (item: CourseItem): CardModel => catalogueCard({ kind: 'course', row: item }, locale);
  return (
    <CardList
      title={headingOf(locale, props.title, 'course-list')} more={props.showMore ? courseMoreLink(props.categoryId) : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
