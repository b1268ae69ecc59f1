import { Type, type Static } from 'typebox';
import { ListCategoryId, ListColumns, ListCount, ListLayout, ListTitle } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/**
 * Props of a live room list. No "more" link: the spec has no public live-room list page, and a room
 * sorts by schedule by default.
 */
export const LiveRoomListProps = Type.Object({
  title: ListTitle,
  categoryId: ListCategoryId,
  sort: Type.Union([Type.Literal('schedule'), Type.Literal('newest'), Type.Literal('popular')], {
    title: '排序', description: 'schedule: live and upcoming rooms by start time; newest: latest published; popular: most enrolled.', default: 'schedule',
  }),
  liveState: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')], {
    title: '直播状态', description: 'Only rooms that are upcoming, live now or ended; empty for all.',
  })),
  count: ListCount,
  columns: ListColumns,
  layout: ListLayout,
}, { title: '直播列表', description: 'A grid or list of live rooms with a live badge.' });
export type LiveRoomListProps = Static<typeof LiveRoomListProps>;

/** The contract of the live-room-list widget (widgets/live-room-list/): what the runtime and the server's template check share. */
export const liveRoomListContract = {
  type: 'live-room-list',
  version: 1,
  propsSchema: LiveRoomListProps,
  defaultProps: { sort: 'schedule', count: 8, columns: 4, layout: 'grid' },
  migrations: [],
} satisfies WidgetContract<LiveRoomListProps>;

/** The one GET of widgets/live-room-list/, live rooms; the server's home bootstrap makes it too. */
export function liveRoomListRequest(props: LiveRoomListProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/train/api/room/search',
    query: { liveState: props.liveState, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count },
  };
}
