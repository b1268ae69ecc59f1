import type { SubjectItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { useWidgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { SubjectListProps } from './schema';

export default function SubjectList({ props, data, ctx }: WidgetProps<SubjectListProps, Paged<SubjectItem>>) {
  const { t, locale } = useWidgetTexts(ctx.locale);
  const toCard = (item: SubjectItem): CardModel => ({
    key: item.id,
    link: { linkType: 'subjectDetail', id: item.id },
    title: item.title,
    cover: item.cover,
    meta: [t('courses', { n: item.courseCount }), t('learners', { n: item.studyCount })].join(' · '),
  });
  return (
    <CardList
      title={props.title} more={props.showMore ? { linkType: 'subject', params: { categoryId: props.categoryId } } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
