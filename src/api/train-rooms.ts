// The live-room calls (spec learning §7 "Training": room searchByUser, detail, enter, quickEnter,
// startLive, stopLive, leave, enroll, getAudienceNumber, POST /train/cmChatRoom/update; the live
// tokens /um/api/thirdPlt/token/argoLive and /argoRtm). Shared by the live feature (the room pages)
// and the personal center (我的直播). Types derive from schemas/api/train-rooms.ts.
import type { LiveState, LiveToken, MyRoom, RoomAudience, RoomDetail, RoomEnrolment, RoomEntry, RoomUpdateBody } from '../../schemas/api/train-rooms';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type { LiveState, LiveToken, MyRoom, RoomAudience, RoomDetail, RoomEnrolment, RoomEntry, RoomUpdateBody } from '../../schemas/api/train-rooms';
export { ROOM_HEARTBEAT_SECONDS } from '../../schemas/api/train-rooms';

/** My rooms: those I enrolled in or entered, newest first. */
export const getMyRooms = (q: { liveState?: LiveState; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyRoom>>('/train/api/room/searchByUser', q, opts);

/** One room with its state and what I may do there. */
export const getRoomDetail = (id: number, opts: ApiOptions = {}) => apiGet<RoomDetail>('/train/api/room/detail', { id }, opts);

/** Records my presence (call again every heartbeat) and answers the room and its chat path. */
export const enterRoom = (id: number, opts: ApiOptions = {}) => apiGet<RoomEntry>('/train/api/room/enter', { id }, opts);

/** Enrols when the room is open for it, then enters. */
export const quickEnterRoom = (id: number, opts: ApiOptions = {}) => apiGet<RoomEntry>('/train/api/room/quickEnter', { id }, opts);

/** Ends my presence. */
export const leaveRoom = (id: number, opts: ApiOptions = {}) => apiGet<RoomAudience>('/train/api/room/leave', { id }, opts);

export const enrollRoom = (id: number) => apiGet<RoomEnrolment>('/train/api/room/enroll', { id });

/** Viewers in the room now. */
export const getAudienceNumber = (id: number, opts: ApiOptions = {}) => apiGet<RoomAudience>('/train/api/room/getAudienceNumber', { id }, opts);

/** Teacher of the room only. */
export const startLive = (id: number) => apiGet<unknown>('/train/api/room/startLive', { id });

/** Teacher of the room only; the room turns to its replay. */
export const stopLive = (id: number) => apiGet<unknown>('/train/api/room/stopLive', { id });

/** Teacher of the room only: title, notice, start time, enrolment, external stream. */
export const updateRoom = (body: Omit<RoomUpdateBody, 'tenantId'>) => apiPost<unknown>('/train/cmChatRoom/update', body as Record<string, unknown>);

/** A 10-minute token for the room's stream (our HLS endpoint). */
export const getLiveToken = (uid: number, opts: ApiOptions = {}) => apiGet<LiveToken>('/um/api/thirdPlt/token/argoLive', { uid }, opts);

/** A 10-minute token for the chat socket. */
export const getRtmToken = (uid: number, opts: ApiOptions = {}) => apiGet<LiveToken>('/um/api/thirdPlt/token/argoRtm', { uid }, opts);
