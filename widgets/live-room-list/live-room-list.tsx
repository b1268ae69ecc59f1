import type { LiveState, RoomItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { CardList, type CardBadge, type CardModel } from '../../src/components/card-grid';
import { headingOf, widgetTexts, type WidgetTextKey } from '../../src/components/widget-texts';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { LiveRoomListProps } from '../../schemas/widgets/live-room-list';

const LIVE_BADGES: Record<LiveState, { key: WidgetTextKey; tone: CardBadge['tone'] }> = {
  live: { key: 'liveOn', tone: 'live' },
  upcoming: { key: 'liveUpcoming', tone: 'upcoming' },
  ended: { key: 'liveEnded', tone: 'muted' },
};

export default function LiveRoomList({ props, data, ctx }: WidgetProps<LiveRoomListProps, Paged<RoomItem>>) {
  const { t, locale } = widgetTexts(ctx.locale);
  const toCard = (item: RoomItem): CardModel => {
    const badge = LIVE_BADGES[item.liveState];
    return {
      key: item.id,
      link: { linkType: 'chatRoomDetail', id: item.id },
      title: item.title,
      cover: item.cover,
      meta: [item.teacherName, item.liveState === 'upcoming' ? t('enrolled', { n: item.enrolCount }) : t('audience', { n: item.audienceCount })].filter(Boolean).join(' · '),
      ...(badge ? { badge: { text: t(badge.key), tone: badge.tone } } : {}),
    };
  };
  return <CardList title={headingOf(locale, props.title, 'live-room-list')} columns={props.columns} layout={props.layout} count={props.count} data={data} locale={locale} toCard={toCard} />;
}
