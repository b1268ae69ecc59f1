// The live-room calls (spec learning §2 /chatRoom/detail/{id}, /chatRoom/detail/baseInfo/{id},
// study/myChatRoom; §7 "Training": room searchByUser, detail, enter, quickEnter, startLive,
// stopLive, leave, enroll, getAudienceNumber, POST /train/cmChatRoom/update; live tokens
// /um/api/thirdPlt/token/argoLive and /argoRtm) and our live playlist
// GET /train/api/live/{roomId}/index.m3u8 (docs/api.md "Live rooms", docs/operations.md
// "Live streams"). Server routes validate with these; the client derives its types.
import { Type, type Static } from 'typebox';
import { EpochMs, TenantIdParam } from '../common';
import { CardFields, Nullable, PageNo, PageSize } from './list';

/** How often a viewer calls enter again (the heartbeat), in seconds. */
export const ROOM_HEARTBEAT_SECONDS = 30;
/** A viewer without a heartbeat for this long is no longer in the audience, in seconds. */
export const ROOM_PRESENCE_SECONDS = 60;
/** How long a live token (argoLive, argoRtm) is good for, in seconds. */
export const LIVE_TOKEN_SECONDS = 10 * 60;

const RoomId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The live room id.' });

/** A room's state: upcoming until its teacher starts the live, live until they stop it, then ended (replay). */
export const LiveState = Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]);
export type LiveState = Static<typeof LiveState>;

/** ?tenantId&id: one room (detail, enter, quickEnter, leave, enroll, getAudienceNumber, startLive, stopLive). */
export const RoomQuery = Type.Object({ tenantId: TenantIdParam, id: RoomId });
export type RoomQuery = Static<typeof RoomQuery>;

/** ?tenantId&liveState&pageNo&pageSize: my rooms (searchByUser). */
export const MyRoomsQuery = Type.Object({
  tenantId: TenantIdParam,
  liveState: Type.Optional(Type.Enum(['upcoming', 'live', 'ended'], { description: 'Only rooms in this state.' })),
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
});
export type MyRoomsQuery = Static<typeof MyRoomsQuery>;

/** The room's teacher as the room page shows them. */
export const RoomTeacher = Type.Object({
  id: Type.Integer({ description: 'The teacher profile id.' }),
  name: Type.String(),
  title: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
});
export type RoomTeacher = Static<typeof RoomTeacher>;

/** The fields every room answer shares (a card of /train/api/room/search plus the room's settings). */
const RoomFields = {
  ...CardFields,
  teacherId: Nullable(Type.Integer()),
  teacherName: Nullable(Type.String()),
  teacherAvatar: Nullable(Type.String()),
  startTime: Type.String({ format: 'date-time', description: 'The planned start.' }),
  endTime: Nullable(Type.String({ format: 'date-time', description: 'The planned end.' })),
  liveState: LiveState,
  enrolCount: Type.Integer({ description: 'Viewers enrolled.' }),
  audienceCount: Type.Integer({ description: 'Viewers who ever entered (live or replay).' }),
  classesId: Nullable(Type.Integer({ description: 'The training class the room belongs to; its teachers manage the room.' })),
  needEnroll: Type.Boolean({ description: 'Viewers must enrol (enroll or quickEnter) before they may watch.' }),
};

/** A room of mine (searchByUser): one I enrolled in or entered. */
export const MyRoom = Type.Object({
  ...RoomFields,
  enrolled: Type.Boolean(),
  lastEnteredAt: Nullable(Type.String({ format: 'date-time', description: 'When I last entered; null when only enrolled.' })),
});
export type MyRoom = Static<typeof MyRoom>;

/** GET /train/api/room/detail: the room, its state and what the caller may do. */
export const RoomDetail = Type.Object({
  ...RoomFields,
  teacher: Nullable(RoomTeacher),
  notice: Nullable(Type.String({ description: 'The room\'s notice (the teacher writes it with cmChatRoom/update).' })),
  liveStartedAt: Nullable(Type.String({ format: 'date-time', description: 'When the teacher started the live.' })),
  liveEndedAt: Nullable(Type.String({ format: 'date-time', description: 'When the teacher stopped the live.' })),
  enrolled: Type.Boolean({ description: 'The caller is enrolled.' }),
  canWatch: Type.Boolean({ description: 'The caller may enter and watch: enrolled, the room needs no enrolment, or they manage it.' }),
  canManage: Type.Boolean({ description: 'The caller teaches the room: may start, stop and edit it, mute and remove in the chat.' }),
  audience: Type.Integer({ description: 'Viewers in the room now (entered, not left, heard from in the last 60 s).' }),
  externalStream: Type.Boolean({ description: 'The room plays an external HLS source (docs/operations.md "Live streams") instead of ours.' }),
  streamUrl: Nullable(Type.String({
    description: 'While live and the caller may watch: the HLS live playlist. Ours carries an argoLive token good for 10 minutes; '
      + 'a player that plays longer puts a fresh one from /um/api/thirdPlt/token/argoLive in the token query parameter (hls.js xhrSetup). '
      + 'null otherwise.',
  })),
  replayUrl: Nullable(Type.String({ description: 'When ended and the caller may watch: the replay (an HLS VOD playlist). null otherwise.' })),
});
export type RoomDetail = Static<typeof RoomDetail>;

/** enter and quickEnter: the room as detail answers it, the chat socket's path and the heartbeat. */
export const RoomEntry = Type.Object({
  room: RoomDetail,
  chatPath: Type.String({ description: 'The chat WebSocket path without its token: append &token= from /um/api/thirdPlt/token/argoRtm.' }),
  heartbeatSeconds: Type.Integer({ description: 'Call enter again this often to stay in the audience (presence lapses after 60 s).' }),
});
export type RoomEntry = Static<typeof RoomEntry>;

/** getAudienceNumber and leave. */
export const RoomAudience = Type.Object({
  audience: Type.Integer({ description: 'Viewers in the room now.' }),
});
export type RoomAudience = Static<typeof RoomAudience>;

/** enroll. */
export const RoomEnrolment = Type.Object({
  enrolled: Type.Boolean(),
  enrolCount: Type.Integer(),
});
export type RoomEnrolment = Static<typeof RoomEnrolment>;

/** POST /train/cmChatRoom/update: the teacher edits the room; absent fields stay as they are. */
export const RoomUpdateBody = Type.Object({
  tenantId: TenantIdParam,
  id: RoomId,
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  notice: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  startTime: Type.Optional(Type.String({ format: 'date-time', description: 'The planned start; only while upcoming.' })),
  needEnroll: Type.Optional(Type.Boolean()),
  streamUrl: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'An external http(s) HLS playlist to play instead of ours; null for ours.' }))),
  replayUrl: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'An external http(s) HLS replay; null for the recorded lesson.' }))),
});
export type RoomUpdateBody = Static<typeof RoomUpdateBody>;

/** ?tenantId&uid: a live token (argoLive for the stream, argoRtm for the chat socket). */
export const LiveTokenQuery = Type.Object({
  tenantId: TenantIdParam,
  uid: Type.Integer({ minimum: 1, description: 'The signed-in user\'s id; any other is refused.' }),
});
export type LiveTokenQuery = Static<typeof LiveTokenQuery>;

/** A signed live token: names tenant, user, sign-in session and purpose; good for 10 minutes. */
export const LiveToken = Type.Object({
  token: Type.String(),
  expiresAt: EpochMs({ description: 'When the token stops working (epoch ms).' }),
});
export type LiveToken = Static<typeof LiveToken>;

/** GET /train/api/live/{roomId}/index.m3u8: the path parameter. */
export const LivePlaylistParams = Type.Object({ roomId: RoomId });

/** ?token (argoLive) and the optional tenantId the client adds to every call. */
export const LivePlaylistQuery = Type.Object({
  token: Type.String({ maxLength: 400, description: 'An argoLive token of a viewer who may watch the room.' }),
  tenantId: Type.Optional(TenantIdParam),
});
