import type { TaskItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { windowBadge } from '../../src/components/window-badge';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { TaskListProps } from '../../schemas/widgets/task-list';

export default function TaskList({ props, data, ctx }: WidgetProps<TaskListProps, Paged<TaskItem>>) {
  const { t, locale } = widgetTexts(ctx.locale);
  const toCard = (item: TaskItem): CardModel => ({
    key: item.id,
    link: { linkType: 'taskDetail', id: item.id },
    title: item.title,
    cover: item.cover,
    meta: [t('points', { n: item.points }), t('steps', { n: item.stepCount }), t('joined', { n: item.joinCount })].join(' · '),
    badge: windowBadge(item.windowState, t),
  });
  return (
    <CardList
      title={headingOf(locale, props.title, 'task-list')} more={props.showMore ? { linkType: 'taskList', params: { categoryId: props.categoryId } } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
