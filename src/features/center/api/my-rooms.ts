// 我的直播's query: one page of the rooms I enrolled in or entered, by state (room searchByUser).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMyRooms, type LiveState } from '../../../api/train-rooms';
import { useAppStore } from '../../../stores/app-store';

export function useMyRooms(liveState: LiveState | undefined, page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['center-study', tenantId, 'rooms', liveState ?? 'all', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getMyRooms({ ...(liveState ? { liveState } : {}), ...page }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}
