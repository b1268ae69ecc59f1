import { searchRooms, type RoomItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { liveRoomListContract, type LiveRoomListProps } from '../../schemas/widgets/live-room-list';

/** live-room-list: live rooms (GET /train/api/room/search) with a live badge, each opening /chatRoom/detail/{id}. */
export const widget = defineWidget<LiveRoomListProps, Paged<RoomItem>>({
  ...liveRoomListContract,
  load: () => import('./live-room-list'),
  data: (props) => {
    const query = { liveState: props.liveState, categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['train', 'room/search', query], fetch: (signal) => searchRooms(query, signal), staleTime: 30_000 };
  },
});
