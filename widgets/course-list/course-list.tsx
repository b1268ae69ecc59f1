import type { CourseItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { useWidgetTexts } from '../../src/components/widget-texts';
import type { LinkItem } from '../../schemas/link';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { CourseListProps } from './schema';

/** spec shell §2: category jump with purpose 1 opens /course with the category. */
export const courseMoreLink = (categoryId: number | undefined): LinkItem =>
  (categoryId === undefined ? { linkType: 'category', purpose: 1 } : { linkType: 'category', purpose: 1, id: categoryId });

export default function CourseList({ props, data, ctx }: WidgetProps<CourseListProps, Paged<CourseItem>>) {
  const { t, locale } = useWidgetTexts(ctx.locale);
  const toCard = (item: CourseItem): CardModel => ({
    key: item.id,
    link: { linkType: 'courseDetail', id: item.id },
    title: item.title,
    cover: item.cover,
    meta: [item.teacherName, t('lessons', { n: item.lessonCount }), t('learners', { n: item.studyCount })].filter(Boolean).join(' · '),
  });
  return (
    <CardList
      title={props.title} more={props.showMore ? courseMoreLink(props.categoryId) : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
