import type { ClassItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardBadge, type CardModel } from '../../src/components/card-grid';
import { headingOf, widgetTexts, type WidgetTextKey } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { ClassListProps } from '../../schemas/widgets/class-list';

const STATE_BADGES: Record<number, { key: WidgetTextKey; tone: CardBadge['tone'] }> = {
  1: { key: 'classEnrolling', tone: 'upcoming' },
  2: { key: 'classRunning', tone: 'open' },
  3: { key: 'classFinished', tone: 'muted' },
};

export default function ClassList({ props, data, ctx }: WidgetProps<ClassListProps, Paged<ClassItem>>) {
  const { t, locale } = widgetTexts(ctx.locale);
  const toCard = (item: ClassItem): CardModel => {
    const badge = STATE_BADGES[item.state];
    const enrolled = item.enrolLimit === null ? t('enrolled', { n: item.enrolCount }) : t('enrolledOf', { n: item.enrolCount, m: item.enrolLimit });
    return {
      key: item.id,
      link: { linkType: 'classesDetail', id: item.id },
      title: item.title,
      cover: item.cover,
      meta: [item.teacherName, enrolled].filter(Boolean).join(' · '),
      ...(badge ? { badge: { text: t(badge.key), tone: badge.tone } } : {}),
    };
  };
  return (
    <CardList
      title={headingOf(locale, props.title, 'class-list')} more={props.showMore ? { linkType: 'classes', params: { categoryId: props.categoryId } } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
