// The seeded video (issue 7 item 1 "real small media files generated at seed time", item 4 "a
// video player for mp4, and for HLS"): every video content, part and lesson of the demo tenants
// decodes to a real file as long as its duration; an HLS playlist is served with every URI in it
// signed, and its segments only through those links.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { withTenant } from '../../server/db/database';
import { writeCatalogueMedia } from '../../server/demo/seed-catalogue';
import { DEMO_VIDEOS } from '../../server/demo/seed-video';
import { signPlaylist } from '../../server/lib/media';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  const mediaDir = await mkdtemp(join(tmpdir(), 'media-video-'));
  expect(await writeCatalogueMedia(mediaDir)).toBeGreaterThan(0);
  app = await buildApp({ db: t.db, mediaDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function decode(tenantId: number, baseUrl: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/cm/api/media/decode?${new URLSearchParams({ tenantId: String(tenantId), baseUrl, permissionFlag: '0' })}` });
  const body = res.json();
  expect(body, `${tenantId} ${baseUrl}`).toMatchObject({ success: true });
  return body.data.url as string;
}

/** The seconds an MP4's movie header (mvhd, version 0) declares. */
function mp4Seconds(bytes: Buffer): number {
  const at = bytes.indexOf('mvhd');
  expect(at).toBeGreaterThan(0);
  return bytes.readUInt32BE(at + 20) / bytes.readUInt32BE(at + 16); // type, version+flags, creation, modification, timescale, duration
}

describe('the seeded video', () => {
  it('decodes every video content and part of the demo tenants to a file as long as its duration', async () => {
    const seconds = new Map(DEMO_VIDEOS.map((v) => [`media:${v.path}`, v.seconds]));
    let checked = 0;
    for (const tenantId of [1001, 1002]) {
      const rows = await withTenant(t.db.owner, tenantId, async (trx) => [
        ...(await trx.selectFrom('content').select(['media_url', 'duration']).where('tenant_id', '=', tenantId).where('kind', '=', 'video')
          .where((eb) => eb.not(eb.exists(eb.selectFrom('content_part as p').select('p.id').whereRef('p.content_id', '=', 'content.id').whereRef('p.tenant_id', '=', 'content.tenant_id'))))
          .execute()),
        ...(await trx.selectFrom('content_part').select(['media_url', 'duration']).where('tenant_id', '=', tenantId).where('kind', '=', 'video').execute()),
      ]);
      expect(rows.length, `tenant ${tenantId}`).toBeGreaterThan(5);
      for (const row of rows) {
        expect(row.media_url).toMatch(/^media:video\/(demo-\d\.mp4|hls-\d\/index\.m3u8)$/);
        expect(row.duration, row.media_url!).toBe(seconds.get(row.media_url!));
        checked += 1;
      }
      for (const video of DEMO_VIDEOS.filter((v) => v.path.endsWith('.mp4'))) {
        const res = await app.inject({ method: 'GET', url: await decode(tenantId, `media:${video.path}`) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp4');
        expect(mp4Seconds(res.rawPayload)).toBe(video.seconds);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('serves an HLS playlist with its init and segments signed, and each of those only through its link', async () => {
    const url = await decode(1001, 'media:video/hls-1/index.m3u8');
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const text = res.body;
    expect(text.startsWith('#EXTM3U')).toBe(true);
    expect(text).toContain('#EXT-X-ENDLIST');
    const exp = new URL(url, 'http://x').searchParams.get('exp');
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!;
    const segments = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments).toHaveLength(6);
    let total = 0;
    for (const link of [init, ...segments]) {
      expect(link).toMatch(new RegExp(`^/media/1001/video/hls-1/(init\\.mp4|seg-\\d\\.m4s)\\?exp=${exp}&sig=[0-9a-f]{64}$`));
      const part = await app.inject({ method: 'GET', url: link });
      expect(part.statusCode, link).toBe(200);
      total += part.rawPayload.length;
      const unsigned = await app.inject({ method: 'GET', url: link.split('?')[0]! });
      expect(unsigned.statusCode).toBe(403);
    }
    expect(total).toBeGreaterThan(100_000);
    const durations = [...text.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    expect(durations.reduce((a, b) => a + b, 0)).toBe(60);
    // Another tenant's signature does not open this tenant's segments.
    expect((await app.inject({ method: 'GET', url: segments[0]!.replace('/1001/', '/1002/') })).statusCode).toBe(403);
  });

  it('refuses to sign a playlist URI that leaves the playlist\'s folder or is not media', () => {
    const sign = (path: string) => `/signed/${path}`;
    expect(signPlaylist('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:10,\nseg-0.m4s\n', 'video/hls-1', sign))
      .toBe('#EXTM3U\n#EXT-X-MAP:URI="/signed/video/hls-1/init.mp4"\n#EXTINF:10,\n/signed/video/hls-1/seg-0.m4s\n');
    for (const uri of ['../hls-2/seg-0.m4s', '/etc/passwd', 'https://cdn.example.com/a.m4s', 'seg-0.exe', 'seg-0.m4s?x=1']) {
      expect(() => signPlaylist(`#EXTM3U\n${uri}\n`, 'video/hls-1', sign), uri).toThrow(/line 2/);
    }
  });

  it('gives the first demo course a chapter of short video lessons, one of them HLS, as long as their contents', async () => {
    const lessons = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('course_phase_content as l')
      .innerJoin('course_phase as p', (j) => j.onRef('p.tenant_id', '=', 'l.tenant_id').onRef('p.id', '=', 'l.phase_id'))
      .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.content_id'))
      .select(['p.title as phase', 'l.duration', 'c.duration as content_duration', 'c.media_url'])
      .where('l.tenant_id', '=', 1001).where('p.title', 'like', '%视频精讲').execute());
    expect(lessons.map((l) => l.media_url)).toEqual(['media:video/demo-1.mp4', 'media:video/hls-1/index.m3u8']);
    for (const l of lessons) expect(l.duration).toBe(l.content_duration);
  });
});
