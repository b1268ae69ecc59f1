// The live stream of a room (issue 17 "Stream playback"; docs/operations.md "Live streams"). There
// is no camera here, so while a room is live this server plays the seeded lesson video
// (video/hls-1/, fragmented MP4 in 10 s segments) as an HLS **live** playlist: a rolling window of
// its segments, looped with EXT-X-DISCONTINUITY, whose EXT-X-MEDIA-SEQUENCE follows the wall time
// since startLive, and no EXT-X-ENDLIST. The player, its live edge and the live→replay switch are
// then the real thing. A room with an external source (stream_url) is redirected to it.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { withTenant } from '../../db/database';
import { verifyLiveToken } from '../../lib/live-tokens';
import { PLAYLIST_TYPE, parseMediaPath, signedMediaUrl, tenantMediaDir } from '../../lib/media';
import { tenantSecret } from '../../lib/tenant-context';
import { ApiError } from '../../plugins/envelope';
import { LivePlaylistParams, LivePlaylistQuery } from '../../../schemas/api/train-rooms';
import { findRoom, mayWatch } from './room-repository';

/** The seeded lesson a live room plays and replays (server/demo/seed-video.ts DEMO_VIDEOS). */
export const LESSON_PLAYLIST = 'video/hls-1/index.m3u8';
/** Its base address, as live_room.replay_url keeps the recorded replay. */
export const LESSON_ADDRESS = `media:${LESSON_PLAYLIST}`;
/** Segments in the live window: at least three target durations, as RFC 8216 §6.2.2 asks of a live playlist. */
export const LIVE_WINDOW = 4;
/** How long the segment links of a live playlist stay signed: past any reload interval. */
const SEGMENT_LINK_SECONDS = 60 * 60;

/** A VOD playlist as the live one needs it: the init segment and the media segments in order. */
export interface VodPlaylist {
  targetDuration: number;
  mapUri: string;
  segments: { uri: string; seconds: number }[];
}

/** Reads a VOD playlist of fMP4 segments (EXT-X-MAP, EXTINF, URIs); throws naming what is missing. */
export function parseVodPlaylist(text: string): VodPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  let targetDuration = 0;
  let mapUri = '';
  let pending: number | undefined;
  const segments: VodPlaylist['segments'] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MAP:')) mapUri = /URI="([^"]+)"/.exec(line)?.[1] ?? '';
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (!line.startsWith('#') && pending !== undefined) {
      segments.push({ uri: line, seconds: pending });
      pending = undefined;
    }
  }
  if (!mapUri || segments.length === 0 || !segments.every((s) => s.seconds > 0)) {
    throw new Error('The lesson playlist has no EXT-X-MAP init segment or no timed media segments; the live playlist loops fMP4 segments only.');
  }
  return { targetDuration: Math.max(targetDuration, ...segments.map((s) => Math.ceil(s.seconds))), mapUri, segments };
}

/**
 * The live playlist `elapsed` seconds after the live started: the last LIVE_WINDOW segments that
 * have "aired" (ended by then; the first window is there from the start), numbered from the start
 * across loops of the lesson. `uri` turns a segment's file name into the link to play.
 */
export function buildLivePlaylist(vod: VodPlaylist, elapsed: number, uri: (name: string) => string): string {
  const count = vod.segments.length;
  const loop = vod.segments.reduce((s, x) => s + x.seconds, 0);
  const loops = Math.floor(Math.max(0, elapsed) / loop);
  let aired = loops * count;
  let t = loops * loop;
  for (const s of vod.segments) {
    if (t + s.seconds > elapsed) break;
    t += s.seconds;
    aired += 1;
  }
  const last = Math.max(aired, LIVE_WINDOW); // exclusive: segments [first, last) are listed
  const first = last - LIVE_WINDOW;
  // Loop boundaries (segment numbers count, 2·count, …) before the window: removed discontinuities (RFC 8216 §4.3.3.3).
  const discontinuities = first === 0 ? 0 : Math.floor((first - 1) / count);
  const lines = [
    '#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${vod.targetDuration}`, `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`, '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="${uri(vod.mapUri)}"`,
  ];
  for (let n = first; n < last; n += 1) {
    const s = vod.segments[n % count]!;
    if (n > 0 && n % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${s.seconds.toFixed(3)},`, uri(s.uri));
  }
  return lines.join('\n') + '\n';
}

/** Options of the stream route: the folder holding every tenant's media (MEDIA_DIR). */
export interface LiveStreamOptions {
  mediaDir?: string | undefined;
}

/** GET /train/api/live/{roomId}/index.m3u8?token=: the live playlist of a room (argoLive token). */
export async function liveStreamRoutes(app: FastifyInstance, opts: LiveStreamOptions): Promise<void> {
  // Parsed lesson playlists by file, kept while the file is unchanged (its mtime).
  const parsed = new Map<string, { mtimeMs: number; vod: VodPlaylist }>();
  const lessonOf = async (tenantId: number): Promise<VodPlaylist> => {
    const file = opts.mediaDir ? join(tenantMediaDir(opts.mediaDir, tenantId), ...LESSON_PLAYLIST.split('/')) : undefined;
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info) {
      throw new ApiError('本租户没有直播所用的课程视频（video/hls-1），服务器无法生成直播流；请检查 MEDIA_DIR，或为直播间设置外部直播地址。',
        { code: 503, errorCode: 'LIVE_SOURCE_MISSING', httpStatus: 503 });
    }
    const hit = parsed.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit.vod;
    const vod = parseVodPlaylist(await readFile(file, 'utf8'));
    parsed.set(file, { mtimeMs: info.mtimeMs, vod });
    return vod;
  };

  app.withTypeProvider<TypeBoxTypeProvider>().get('/train/api/live/:roomId/index.m3u8', {
    schema: {
      tags: ['train'],
      summary: 'The HLS live playlist of a live room (argoLive token): a rolling window of the lesson\'s segments, its media sequence following the time since startLive. 404 when the room is not live',
      params: LivePlaylistParams, querystring: LivePlaylistQuery,
    },
  }, async (req, reply) => {
    const claims = await verifyLiveToken(app, req.query.token, 'live');
    if (!claims || (req.query.tenantId !== undefined && req.query.tenantId !== claims.tenantId)) {
      throw new ApiError('直播凭证无效或已过期，请重新获取（/um/api/thirdPlt/token/argoLive）。', { code: 401, errorCode: 'LIVE_TOKEN_INVALID', httpStatus: 401 });
    }
    const { roomId } = req.params;
    const room = await withTenant(app.db.app, claims.tenantId, async (trx) => {
      const found = await findRoom(trx, roomId);
      return found && { ...found, allowed: await mayWatch(trx, found, claims.userId) };
    });
    if (!room) throw new ApiError(`直播间不存在或已下线（编号 ${roomId}）。`, { code: 404, errorCode: 'ROOM_NOT_FOUND', httpStatus: 404 });
    if (!room.allowed) throw new ApiError('该直播需要先报名才能观看。', { code: 403, errorCode: 'ROOM_ENROL_REQUIRED', httpStatus: 403 });
    if (room.liveState !== 'live' || !room.liveStartedAt) {
      const why = room.liveState === 'upcoming' ? '直播尚未开始' : '直播已结束，请观看回放';
      throw new ApiError(`${why}：直播间 ${roomId} 现在没有直播流。`, { code: 404, errorCode: 'ROOM_NOT_LIVE', httpStatus: 404 });
    }
    if (room.streamUrl) return reply.redirect(room.streamUrl, 302);
    const vod = await lessonOf(claims.tenantId);
    const secret = await tenantSecret(app, claims.tenantId);
    const expiresAt = Math.ceil((Date.now() / 1000 + SEGMENT_LINK_SECONDS) / 600) * 600;
    const dir = LESSON_PLAYLIST.slice(0, LESSON_PLAYLIST.lastIndexOf('/'));
    const elapsed = (Date.now() - room.liveStartedAt.getTime()) / 1000;
    const text = buildLivePlaylist(vod, elapsed, (name) => {
      const media = parseMediaPath(`${dir}/${name}`);
      if (!media) throw new Error(`The lesson playlist names "${name}", which is not a media file beside it.`);
      return signedMediaUrl(secret, claims.tenantId, media.path, expiresAt);
    });
    return reply.code(200).header('content-type', PLAYLIST_TYPE).header('cache-control', 'no-store').send(text);
  });
}
