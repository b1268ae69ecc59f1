// The live-room pages' queries and actions: the room's detail (read again while it is upcoming or
// live, so the live→replay switch comes without a reload), presence (enter now and every heartbeat,
// leave when the page goes), the audience count (every 10 s and after enter), enrolment, and the
// teacher's start / stop / edit. Keys carry the tenant.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  enrollRoom, enterRoom, getAudienceNumber, getRoomDetail, leaveRoom, quickEnterRoom, ROOM_HEARTBEAT_SECONDS, startLive, stopLive, updateRoom,
  type RoomEntry, type RoomUpdateBody,
} from '../../../api/train-rooms';
import { useAppStore } from '../../../stores/app-store';

/** How often the audience count is read again (issue 17: every 10 s). */
export const AUDIENCE_POLL_MS = 10_000;
/** How often an upcoming or live room's state is read again, so a start or stop shows by itself. */
export const STATE_POLL_MS = 10_000;

const roomKey = (tenantId: number | null, id: number) => ['live-room', tenantId, id] as const;

/** One room; while it is upcoming or live it is read again every 10 s (a stop turns the page to the replay). */
export function useRoomDetail(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [...roomKey(tenantId, id ?? 0), 'detail'],
    queryFn: ({ signal }) => getRoomDetail(id!, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.liveState !== 'ended' ? STATE_POLL_MS : false),
  });
}

/** The audience count: read every 10 s, and again right after each enter. */
export function useAudience(id: number, enabled: boolean) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [...roomKey(tenantId, id), 'audience'],
    queryFn: ({ signal }) => getAudienceNumber(id, { silent: true, signal }),
    enabled,
    refetchInterval: AUDIENCE_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/**
 * Presence in the room while the page is open: enter now, again every heartbeat (the server
 * forgets a viewer after 60 s without one), and leave on unmount. Answers the first entry (the
 * chat path) or the failure.
 */
export function usePresence(id: number, enabled: boolean) {
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const entry = useQuery<RoomEntry>({
    queryKey: [...roomKey(tenantId, id), 'enter'],
    queryFn: ({ signal }) => enterRoom(id, { silent: true, signal }),
    enabled,
    retry: 1,
    // The heartbeat: enter again every ROOM_HEARTBEAT_SECONDS (or what the server asks for).
    refetchInterval: (query) => (query.state.data?.heartbeatSeconds ?? ROOM_HEARTBEAT_SECONDS) * 1000,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
  const data = entry.data;
  const lastSeen = useRef<RoomEntry | null>(null);
  useEffect(() => {
    if (!data || lastSeen.current === data) return;
    lastSeen.current = data;
    // Every enter answers the room as detail does: keep the page's copy fresh, and count again.
    client.setQueryData([...roomKey(tenantId, id), 'detail'], data.room);
    void client.invalidateQueries({ queryKey: [...roomKey(tenantId, id), 'audience'] });
  }, [client, data, id, tenantId]);
  useEffect(() => {
    if (!enabled) return undefined;
    return () => {
      void leaveRoom(id, { silent: true }).catch((error: unknown) => console.warn('Leaving the live room failed; presence lapses by itself after 60 s.', error));
    };
  }, [enabled, id]);
  return entry;
}

/** Enrol in a room (quick: enrol and enter at once, for a room that is live); the room is read again. */
export function useEnrol(id: number) {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  return useMutation({
    mutationFn: (quick: boolean): Promise<unknown> => (quick ? quickEnterRoom(id) : enrollRoom(id)),
    onSettled: () => client.invalidateQueries({ queryKey: roomKey(tenantId, id) }),
  });
}

/** The teacher's actions on the room; after each the room is read again (its state, stream and replay change). */
export function useTeacherActions(id: number) {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const reread = () => client.invalidateQueries({ queryKey: roomKey(tenantId, id) });
  const start = useMutation({ mutationFn: () => startLive(id), onSettled: reread });
  const stop = useMutation({ mutationFn: () => stopLive(id), onSettled: reread });
  const update = useMutation({ mutationFn: (body: Omit<RoomUpdateBody, 'tenantId' | 'id'>) => updateRoom({ id, ...body }), onSettled: reread });
  return { start, stop, update };
}
