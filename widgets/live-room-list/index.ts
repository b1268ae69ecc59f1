import type { Paged } from '../../src/api/client';
import type { RoomItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { liveRoomListContract, liveRoomListRequest, type LiveRoomListProps } from '../../schemas/widgets/live-room-list';

/** live-room-list: live rooms (GET /train/api/room/search) with a live badge, each opening /chatRoom/detail/{id}. */
export const widget = defineWidget<LiveRoomListProps, Paged<RoomItem>>({
  ...liveRoomListContract,
  load: () => import('./live-room-list'),
  data: (props, ctx) => requestDeclaration<Paged<RoomItem>>(liveRoomListRequest(props, ctx), { staleTime: 30_000 }),
});
