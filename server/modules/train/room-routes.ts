// The live-room calls (spec learning §2 "Login required": /chatRoom/detail/{id},
// /chatRoom/detail/baseInfo/{id}; personal center study/myChatRoom; §7 "Training": room
// searchByUser, detail, enter, quickEnter, startLive, stopLive, leave, enroll, getAudienceNumber,
// POST /train/cmChatRoom/update; docs/api.md "Live rooms"). All need a signed-in user of the call's
// tenant. The spec leaves the rules "not shown"; ours (docs/decisions.md "Live rooms"):
// - anyone signed in may enter a room that needs no enrolment; one that does needs enroll first
//   (quickEnter enrols and enters in one call); enrolment is open until the room ends;
// - presence lapses 60 s after the last enter (the 30 s heartbeat); the room's teachers are hosts,
//   not audience;
// - only a teacher of the room (the account behind its teacher profile, or a teacher grant over the
//   room or its class: server/lib/roles.ts) starts, stops and edits it; upcoming → live → ended.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  audienceOf, canManageRoom, enrolInRoom, enterRoom, findRoom, isEnrolled, leaveRoom, searchMyRooms, startLive, stopLive, updateRoom,
  type RoomPatch, type RoomRow,
} from './room-repository';
import { LESSON_ADDRESS } from './live-stream';
import { roomDetail, sessionOf } from './room-detail';
import {
  MyRoom, MyRoomsQuery, RoomAudience, RoomDetail, RoomEnrolment, RoomEntry, RoomQuery, RoomUpdateBody, ROOM_HEARTBEAT_SECONDS,
} from '../../../schemas/api/train-rooms';

type Trx = Transaction<DB>;

/** The room calls' refusals: full sentences the client shows in its 'hint' alert (spec §8). */
export const RoomMessages = {
  notFound: (id: number) => `直播间不存在或已下线（编号 ${id}）。`,
  enrolRequired: '该直播需要先报名才能进入，请先报名。',
  enrolClosed: '直播已结束，报名已关闭。',
  notTeacher: '只有该直播间的讲师才能进行此操作（permission）。',
  notUpcoming: (state: string) => (state === 'live' ? '直播已在进行中（in progress），无需再次开始。' : '直播已结束，不能再次开始。'),
  notLive: (state: string) => (state === 'upcoming' ? '直播尚未开始（start），无法结束。' : '直播已结束。'),
  startTimeLocked: '直播开始后不能再修改开始时间。',
  badStreamUrl: (field: string) => `${field} 必须是 http(s) 开头的 HLS 播放地址（.m3u8），或留空使用平台自己的直播流。`,
  tokenHeader: '开始或结束直播需要在请求头 token 中携带登录凭证；仅凭 Cookie 的请求不会被执行。',
};
const M = RoomMessages;

/** Runs `work` on the published room (locked when asked) in the user's tenant, or answers ROOM_NOT_FOUND. */
async function onRoom<T>(app: FastifyInstance, user: AuthUser, id: number, lock: boolean, work: (room: RoomRow, trx: Trx) => Promise<T>): Promise<T> {
  return readTenant(app, user.tenantId, async (trx) => {
    const room = await findRoom(trx, id, lock);
    if (!room) throw new ApiError(M.notFound(id), { code: 404, errorCode: 'ROOM_NOT_FOUND' });
    return work(room, trx);
  });
}

/**
 * spec §7 makes startLive and stopLive GETs. A GET can be set off by a link or an image on another
 * site, which carries the pctoken cookie; so these need the token header the app sends.
 */
function requireTokenHeader(req: FastifyRequest): void {
  const header = req.headers.token;
  if (!(Array.isArray(header) ? header[0] : header)?.trim()) throw new ApiError(M.tokenHeader, { code: 403, errorCode: 'TOKEN_HEADER_REQUIRED' });
}

async function requireTeacher(trx: Trx, room: RoomRow, userId: number): Promise<void> {
  if (!(await canManageRoom(trx, room, userId))) throw new ApiError(M.notTeacher, { code: 403, errorCode: 'NOT_ROOM_TEACHER' });
}

/** An external stream or replay address: http(s) only (a tenant's links never run script: DESIGN "No eval"). */
function externalUrl(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError(M.badStreamUrl(field), { code: 400, errorCode: 'BAD_STREAM_URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(M.badStreamUrl(field), { code: 400, errorCode: 'BAD_STREAM_URL' });
  return url.toString();
}

/** The room calls; registered from trainRoutes (server/modules/train/routes.ts). */
export async function roomRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const detailSchema = { response: { 200: Envelope(RoomDetail) } };

  r.get('/train/api/room/searchByUser', {
    schema: {
      tags: ['train'], summary: 'My live rooms: the ones I enrolled in or entered (live, then upcoming soonest, then ended latest)',
      querystring: MyRoomsQuery, response: { 200: Envelope(Paged(MyRoom)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, liveState } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchMyRooms(trx, user.userId, { pageNo, pageSize, ...(liveState ? { liveState } : {}) })));
  });

  r.get('/train/api/room/detail', {
    schema: { tags: ['train'], summary: 'One live room: its state (upcoming / live / ended), teacher, notice, my enrolment and rights, the audience now, the stream or the replay', querystring: RoomQuery, ...detailSchema },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, false, async (room, trx) => ok(await roomDetail(app, trx, room, sessionOf(req, user))));
  });

  const entry = async (req: FastifyRequest, user: AuthUser, room: RoomRow, trx: Trx) => {
    await enterRoom(trx, user.tenantId, room.id, user.userId);
    const fresh = (await findRoom(trx, room.id))!;
    return ok({ room: await roomDetail(app, trx, fresh, sessionOf(req, user)), chatPath: `/train/ws/chat?roomId=${room.id}`, heartbeatSeconds: ROOM_HEARTBEAT_SECONDS });
  };

  r.get('/train/api/room/enter', {
    schema: {
      tags: ['train'], summary: 'Enter a room (also the heartbeat: call it every 30 s to stay in the audience). A room that needs enrolment asks for it first',
      querystring: RoomQuery, response: { 200: Envelope(RoomEntry) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, false, async (room, trx) => {
      if (room.needEnroll && !(await isEnrolled(trx, room.id, user.userId)) && !(await canManageRoom(trx, room, user.userId))) {
        throw new ApiError(M.enrolRequired, { code: 403, errorCode: 'ROOM_ENROL_REQUIRED' });
      }
      return entry(req, user, room, trx);
    });
  });

  r.get('/train/api/room/quickEnter', {
    schema: {
      tags: ['train'], summary: 'Enrol when the room needs it and enrolment is open, then enter',
      querystring: RoomQuery, response: { 200: Envelope(RoomEntry) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, true, async (room, trx) => {
      if (room.needEnroll && !(await isEnrolled(trx, room.id, user.userId)) && !(await canManageRoom(trx, room, user.userId))) {
        if (room.liveState === 'ended') throw new ApiError(M.enrolClosed, { code: 409, errorCode: 'ROOM_ENROL_CLOSED' });
        await enrolInRoom(trx, user.tenantId, room.id, user.userId);
      }
      return entry(req, user, room, trx);
    });
  });

  r.get('/train/api/room/leave', {
    schema: { tags: ['train'], summary: 'Leave a room: I am no longer in its audience', querystring: RoomQuery, response: { 200: Envelope(RoomAudience) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, false, async (room, trx) => {
      await leaveRoom(trx, room.id, user.userId);
      return ok({ audience: await audienceOf(trx, room) });
    });
  });

  r.get('/train/api/room/enroll', {
    schema: {
      tags: ['train'], summary: 'Enrol in a room (open until it ends; enrolling twice changes nothing)',
      querystring: RoomQuery, response: { 200: Envelope(RoomEnrolment) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, true, async (room, trx) => {
      if (room.liveState === 'ended' && !(await isEnrolled(trx, room.id, user.userId))) throw new ApiError(M.enrolClosed, { code: 409, errorCode: 'ROOM_ENROL_CLOSED' });
      const { enrolCount, added } = await enrolInRoom(trx, user.tenantId, room.id, user.userId);
      return ok({ enrolled: true, enrolCount }, added ? '报名成功' : '您已报名');
    });
  });

  r.get('/train/api/room/getAudienceNumber', {
    schema: { tags: ['train'], summary: 'Viewers in the room now (entered, not left, heard from in the last 60 s; teachers not counted)', querystring: RoomQuery, response: { 200: Envelope(RoomAudience) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onRoom(app, user, req.query.id, false, async (room, trx) => ok({ audience: await audienceOf(trx, room) }));
  });

  r.get('/train/api/room/startLive', {
    schema: { tags: ['train'], summary: 'Start the live (a teacher of the room; upcoming only; needs the token header)', querystring: RoomQuery, ...detailSchema },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    requireTokenHeader(req);
    return onRoom(app, user, req.query.id, true, async (room, trx) => {
      await requireTeacher(trx, room, user.userId);
      if (!(await startLive(trx, room.id))) throw new ApiError(M.notUpcoming(room.liveState), { code: 409, errorCode: 'ROOM_NOT_UPCOMING' });
      return ok(await roomDetail(app, trx, (await findRoom(trx, room.id))!, sessionOf(req, user)), '直播已开始');
    });
  });

  r.get('/train/api/room/stopLive', {
    schema: { tags: ['train'], summary: 'Stop the live and record the replay (a teacher of the room; live only; needs the token header)', querystring: RoomQuery, ...detailSchema },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    requireTokenHeader(req);
    return onRoom(app, user, req.query.id, true, async (room, trx) => {
      await requireTeacher(trx, room, user.userId);
      if (!(await stopLive(trx, room.id, LESSON_ADDRESS))) throw new ApiError(M.notLive(room.liveState), { code: 409, errorCode: 'ROOM_NOT_LIVE' });
      return ok(await roomDetail(app, trx, (await findRoom(trx, room.id))!, sessionOf(req, user)), '直播已结束，回放已生成');
    });
  });

  r.post('/train/cmChatRoom/update', {
    schema: {
      tags: ['train'], summary: 'A teacher of the room edits its title, notice, start time (while upcoming), enrolment rule and external stream or replay',
      body: RoomUpdateBody, ...detailSchema,
    },
  }, async (req) => {
    const { tenantId, id, startTime, streamUrl, replayUrl, title, notice, needEnroll } = req.body;
    const user = requireUser(req, tenantId);
    return onRoom(app, user, id, true, async (room, trx) => {
      await requireTeacher(trx, room, user.userId);
      if (startTime !== undefined && room.liveState !== 'upcoming') throw new ApiError(M.startTimeLocked, { code: 409, errorCode: 'ROOM_STARTED' });
      const patch: RoomPatch = {
        ...(title !== undefined ? { title: title.trim() || room.title } : {}),
        ...(notice !== undefined ? { notice: notice?.trim() || null } : {}),
        ...(startTime !== undefined ? { startTime: new Date(startTime) } : {}),
        ...(needEnroll !== undefined ? { needEnroll } : {}),
      };
      const stream = externalUrl(streamUrl, 'streamUrl');
      const replay = externalUrl(replayUrl, 'replayUrl');
      if (stream !== undefined) patch.streamUrl = stream;
      if (replay !== undefined) patch.replayUrl = replay;
      await updateRoom(trx, room.id, patch);
      return ok(await roomDetail(app, trx, (await findRoom(trx, room.id))!, sessionOf(req, user)), '已保存');
    });
  });
}
