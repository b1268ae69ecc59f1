import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { withTenant } from '../../server/db/database';
import { writeCatalogueMedia } from '../../server/demo/seed-catalogue';
import { clientPasswordDigest } from '../../server/lib/password';
import { signedMediaUrl } from '../../server/lib/media';
import { readWavInfo } from '../../server/demo/wav';
import { createTestApp, type TestApp } from './harness';

// The harness builds its app without a media folder, so this file builds a second app on the same
// test database with a folder it fills with the seed's demo tracks (as start-up does).
let t: TestApp;
let app: FastifyInstance;
let mediaDir: string;
let token: string;

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

beforeAll(async () => {
  t = await createTestApp();
  mediaDir = await mkdtemp(join(tmpdir(), 'media-test-'));
  expect(await writeCatalogueMedia(mediaDir)).toBeGreaterThan(0);
  app = await buildApp({ db: t.db, mediaDir });
  await app.ready();
  const login = await app.inject({
    method: 'POST', url: '/um/api/user/loginByAccount',
    payload: { tenantId: 1001, account: 'learner', password: clientPasswordDigest('Study@2026') },
  });
  token = login.json().data.token;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function decode(query: Record<string, string | number>, withToken?: string): Promise<Envelope> {
  const qs = new URLSearchParams(Object.entries({ tenantId: 1001, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({ method: 'GET', url: `/cm/api/media/decode?${qs}`, headers: withToken ? { token: withToken } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

const tenantSecret = async (tenantId: number) =>
  (await t.db.owner.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).secret;

describe('GET /cm/api/media/decode', () => {
  it('gives a guest a signed same-origin link when permissionFlag is 0', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await decode({ baseUrl: 'media:audio/demo-1.wav', permissionFlag: 0 });
    expect(body, body.message).toMatchObject({ success: true, flag: 0 });
    const { url, expiresAt } = body.data;
    expect(url).toBe(`/media/1001/audio/demo-1.wav?exp=${expiresAt}&sig=${url.split('sig=')[1]}`);
    expect(url.split('sig=')[1]).toMatch(/^[0-9a-f]{64}$/);
    // 6 hours, rounded up to the next 10 minutes so a repeat decode gives the same URL.
    expect(expiresAt - before).toBeGreaterThanOrEqual(6 * 3600);
    expect(expiresAt - before).toBeLessThanOrEqual(6 * 3600 + 600 + 1);
    expect(expiresAt % 600).toBe(0);
  });

  it('needs a signed-in user of the tenant when permissionFlag is 1 or absent (flag 401)', async () => {
    expect(await decode({ baseUrl: 'media:audio/demo-1.wav', permissionFlag: 1 })).toMatchObject({ success: false, flag: 401 });
    expect(await decode({ baseUrl: 'media:audio/demo-1.wav' })).toMatchObject({ success: false, flag: 401 });
    expect(await decode({ tenantId: 1002, baseUrl: 'media:audio/demo-1.wav' }, token)).toMatchObject({ success: false, flag: 401 });
    const signedIn = await decode({ baseUrl: 'media:audio/demo-1.wav' }, token);
    expect(signedIn, signedIn.message).toMatchObject({ success: true, flag: 0 });
  });

  it('returns an absolute http(s) address unchanged, with expiresAt 0', async () => {
    const url = 'https://cdn.example.com/a/b.mp3?x=1';
    expect((await decode({ baseUrl: url, permissionFlag: 0 })).data).toEqual({ url, expiresAt: 0 });
  });

  it('answers 媒体文件不存在 (MEDIA_NOT_FOUND) for unknown, malformed and climbing addresses', async () => {
    const bad = [
      'media:audio/nope.wav', 'media:audio/../../1002/audio/demo-1.wav', 'media:../1002/audio/demo-1.wav', 'media:/etc/passwd',
      'media:audio/%2e%2e/%2e%2e/x.wav', '/etc/passwd', 'file:///etc/passwd', 'ftp://x/y.wav', 'audio/demo-1.wav', 'media:audio',
      'media:audio/demo-1.exe', 'javascript:alert(1)',
    ];
    for (const baseUrl of bad) {
      expect(await decode({ baseUrl, permissionFlag: 0 }), baseUrl).toMatchObject({ success: false, flag: -1, message: '媒体文件不存在', errorCode: 'MEDIA_NOT_FOUND' });
    }
  });

  it('never follows a link out of the tenant folder', async () => {
    await writeFile(join(mediaDir, 'outside.wav'), 'RIFF');
    await symlink(join(mediaDir, 'outside.wav'), join(mediaDir, '1001', 'audio', 'escape.wav'));
    await symlink(join(mediaDir, '1002', 'audio'), join(mediaDir, '1001', 'theirs'));
    for (const baseUrl of ['media:audio/escape.wav', 'media:theirs/demo-1.wav']) {
      expect(await decode({ baseUrl, permissionFlag: 0 }), baseUrl).toMatchObject({ errorCode: 'MEDIA_NOT_FOUND' });
    }
  });

  it('accepts the local region (or none) and names it for any other', async () => {
    expect(await decode({ baseUrl: 'media:audio/demo-2.wav', permissionFlag: 0, region: 'local' })).toMatchObject({ success: true });
    expect(await decode({ baseUrl: 'media:audio/demo-2.wav', permissionFlag: 0, region: '' })).toMatchObject({ success: true });
    const other = await decode({ baseUrl: 'media:audio/demo-2.wav', permissionFlag: 0, region: 'oss-cn-hangzhou' });
    expect(other).toMatchObject({ success: false, flag: -1, errorCode: 'UNKNOWN_REGION' });
    expect(other.message).toBe('Unknown storage region "oss-cn-hangzhou"; this server keeps media in the region "local" only, so leave region out or send "local".');
  });

  it('checks its input: a permissionFlag other than 0 or 1, no baseUrl, an unknown tenant', async () => {
    expect(await decode({ baseUrl: 'media:audio/demo-1.wav', permissionFlag: 2 })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await decode({ permissionFlag: 0 })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await decode({ tenantId: 999_999, baseUrl: 'media:audio/demo-1.wav', permissionFlag: 0 })).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('signed /media/ links', () => {
  const link = async (path = 'audio/demo-3.wav') => (await decode({ baseUrl: `media:${path}`, permissionFlag: 0 })).data.url as string;

  it('serve the WAV (200, audio/wav, private) with its RIFF header', async () => {
    const res = await app.inject({ method: 'GET', url: await link() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    const bytes = res.rawPayload;
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.equals(await readFile(join(mediaDir, '1001', 'audio', 'demo-3.wav')))).toBe(true);
  });

  it('answer a Range request with 206 and exactly those bytes (Chromium seeks this way)', async () => {
    const file = await readFile(join(mediaDir, '1001', 'audio', 'demo-3.wav'));
    const res = await app.inject({ method: 'GET', url: await link(), headers: { range: 'bytes=1000-1999' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${file.length}`);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
    const tail = await app.inject({ method: 'GET', url: await link(), headers: { range: 'bytes=-44' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 44))).toBe(true);
  });

  it('refuse a tampered signature, path, tenant or expiry with 403', async () => {
    const url = await link();
    const sig = url.split('sig=')[1]!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    for (const bad of [
      url.replace(sig, flipped), url.replace('demo-3', 'demo-4'), url.replace('/1001/', '/1002/'), url.replace(`exp=${exp}`, `exp=${exp + 600}`),
      url.split('?')[0]!, '/media/1001/audio/demo-3.wav?exp=1&sig=zz', '/media/', '/media/1001/',
    ]) {
      const res = await app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json(), bad).toMatchObject({ success: false, code: 403, errorCode: 'MEDIA_LINK_INVALID' });
    }
  });

  it('refuse a correctly signed link once it has expired (403)', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    const res = await app.inject({ method: 'GET', url: signedMediaUrl(await tenantSecret(1001), 1001, 'audio/demo-1.wav', past) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'MEDIA_LINK_EXPIRED', message: 'This media link has expired; decode the address again to get a new link.' });
  });

  it('refuse traversal, encoded or not, even when signed for the resulting path', async () => {
    const secret = await tenantSecret(1001);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    for (const path of ['../1002/audio/demo-1.wav', 'audio/../../1002/audio/demo-1.wav', 'audio/%2e%2e/%2e%2e/outside.wav', '%2e%2e/outside.wav', 'audio/.x.wav']) {
      const res = await app.inject({ method: 'GET', url: signedMediaUrl(secret, 1001, path, exp) });
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('are not a folder listing and are not swallowed by another route', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/1001/audio/' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the seeded audio', () => {
  it('decodes every audio content, episode and lesson of the demo tenants to a file as long as its duration', async () => {
    const wavSeconds = new Map<string, number>();
    let checked = 0;
    for (const tenantId of [1001, 1002, 1533]) {
      const rows = await withTenant(t.db.owner, tenantId, async (trx) => [
        ...(await trx.selectFrom('content').select(['media_url', 'duration']).where('tenant_id', '=', tenantId).where('kind', '=', 'audio').execute()),
        ...(await trx.selectFrom('content_part').select(['media_url', 'duration']).where('tenant_id', '=', tenantId).where('kind', '=', 'audio').execute()),
      ]);
      expect(rows.length, `tenant ${tenantId}`).toBeGreaterThan(1);
      const secret = await tenantSecret(tenantId);
      for (const row of rows) {
        expect(row.media_url).toMatch(/^media:audio\/demo-\d\.wav$/);
        const body = await decode({ tenantId, baseUrl: row.media_url!, permissionFlag: 0 });
        expect(body, `${tenantId} ${row.media_url}`).toMatchObject({ success: true });
        expect(body.data.url.startsWith(`/media/${tenantId}/`)).toBe(true);
        expect(body.data.url).toBe(signedMediaUrl(secret, tenantId, row.media_url!.slice('media:'.length), body.data.expiresAt));
        const key = `${tenantId}:${row.media_url}`;
        if (!wavSeconds.has(key)) {
          const res = await app.inject({ method: 'GET', url: body.data.url });
          expect(res.statusCode).toBe(200);
          wavSeconds.set(key, readWavInfo(res.rawPayload)!.seconds);
        }
        expect(row.duration, key).toBe(wavSeconds.get(key));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
    for (const seconds of wavSeconds.values()) {
      expect(seconds).toBeGreaterThanOrEqual(40);
      expect(seconds).toBeLessThanOrEqual(120);
    }
  });

  it('gives the first demo course a chapter of audio lessons pointing at audio contents of the same length', async () => {
    const lessons = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('course_phase_content as l')
      .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.content_id'))
      .select(['l.course_id', 'l.phase_id', 'l.kind', 'l.duration', 'c.kind as content_kind', 'c.duration as content_duration', 'c.media_url'])
      .where('l.tenant_id', '=', 1001).where('l.kind', '=', 'audio').execute());
    expect(lessons.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lessons.map((l) => l.phase_id)).size).toBe(1);
    for (const l of lessons) {
      expect(l.content_kind).toBe('audio');
      expect(l.duration).toBe(l.content_duration);
      expect(l.media_url).toMatch(/^media:audio\//);
    }
  });

  it('writes nothing on a second start: files of the right size are kept', async () => {
    expect(await writeCatalogueMedia(mediaDir)).toBe(0);
  });
});
