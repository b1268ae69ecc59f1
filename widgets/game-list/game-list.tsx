import type { GameItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardModel } from '../../src/components/card-grid';
import { headingOf, widgetTexts } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { GameListProps } from '../../schemas/widgets/game-list';

export default function GameList({ props, data, ctx }: WidgetProps<GameListProps, Paged<GameItem>>) {
  const { t, locale } = widgetTexts(ctx.locale);
  const toCard = (item: GameItem): CardModel => ({
    key: item.id,
    link: { linkType: 'gameDetail', id: item.id },
    title: item.title,
    cover: item.cover,
    meta: [t('rounds', { n: item.roundCount }), t('players', { n: item.playerCount })].join(' · '),
  });
  return (
    <CardList
      title={headingOf(locale, props.title, 'game-list')} more={props.showMore ? { linkType: 'game', params: { categoryId: props.categoryId } } : undefined}
      columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard}
    />
  );
}
