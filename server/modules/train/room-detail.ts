// The room as detail, enter and the teacher's calls answer it: its state, my enrolment and rights,
// the audience now, and what to play (docs/api.md "Live rooms"): while live, our live playlist
// with a fresh argoLive token (or the room's external stream); once ended, the replay.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { hashToken, presentedToken, type AuthUser } from '../../plugins/auth';
import { issueLiveToken, sessionIdOf, type LiveTokenClaims } from '../../lib/live-tokens';
import { parseMediaAddress, signedMediaUrl } from '../../lib/media';
import { tenantSecret } from '../../lib/tenant-context';
import { audienceOf, canManageRoom, isEnrolled, type RoomRow } from './room-repository';
import { LESSON_ADDRESS } from './live-stream';
import type { RoomDetail } from '../../../schemas/api/train-rooms';

/** How long a replay link plays (as the media decode call's links: a long replay with pauses). */
const REPLAY_LINK_SECONDS = 6 * 60 * 60;

/** The caller's sign-in session as live tokens name it (the token the call presented: header or cookie). */
export function sessionOf(req: FastifyRequest, user: AuthUser): LiveTokenClaims {
  const token = presentedToken(req) ?? '';
  return { tenantId: user.tenantId, userId: user.userId, sessionId: sessionIdOf(hashToken(token)) };
}

/** The replay to play: an external http(s) replay as it is, else the recorded lesson as a signed media link. */
async function replayLink(app: FastifyInstance, tenantId: number, replayUrl: string | null): Promise<string> {
  if (replayUrl && /^https?:\/\//i.test(replayUrl)) return replayUrl;
  const media = parseMediaAddress(replayUrl ?? LESSON_ADDRESS) ?? parseMediaAddress(LESSON_ADDRESS)!;
  const secret = await tenantSecret(app, tenantId);
  // Rounded up to 10 minutes, so two reads of the detail give the same link and the browser's cache is reused.
  const expiresAt = Math.ceil((Date.now() / 1000 + REPLAY_LINK_SECONDS) / 600) * 600;
  return signedMediaUrl(secret, tenantId, media.path, expiresAt);
}

/** The room's detail for the signed-in caller of `session`. */
export async function roomDetail(app: FastifyInstance, trx: Kysely<DB>, room: RoomRow, session: LiveTokenClaims): Promise<RoomDetail> {
  const [enrolled, canManage, audience] = await Promise.all([
    isEnrolled(trx, room.id, session.userId), canManageRoom(trx, room, session.userId), audienceOf(trx, room),
  ]);
  const canWatch = !room.needEnroll || enrolled || canManage;
  let streamUrl: string | null = null;
  if (canWatch && room.liveState === 'live') {
    if (room.streamUrl) streamUrl = room.streamUrl;
    else {
      const { token } = await issueLiveToken(app, session, 'live');
      streamUrl = `/train/api/live/${room.id}/index.m3u8?token=${encodeURIComponent(token)}`;
    }
  }
  const replayUrl = canWatch && room.liveState === 'ended' ? await replayLink(app, session.tenantId, room.replayUrl) : null;
  return {
    id: room.id, title: room.title, cover: room.cover, summary: room.summary, categoryId: room.categoryId, categoryName: room.categoryName,
    publishTime: room.publishTime.toISOString(), teacherId: room.teacherId, teacherName: room.teacherName, teacherAvatar: room.teacherAvatar,
    startTime: room.startTime.toISOString(), endTime: room.endTime?.toISOString() ?? null, liveState: room.liveState,
    enrolCount: room.enrolCount, audienceCount: room.audienceCount, classesId: room.classesId, needEnroll: room.needEnroll,
    teacher: room.teacherId !== null && room.teacherName !== null
      ? { id: room.teacherId, name: room.teacherName, title: room.teacherTitle, avatar: room.teacherAvatar } : null,
    notice: room.notice, liveStartedAt: room.liveStartedAt?.toISOString() ?? null, liveEndedAt: room.liveEndedAt?.toISOString() ?? null,
    enrolled, canWatch, canManage, audience, externalStream: room.streamUrl !== null, streamUrl, replayUrl,
  };
}
