// Assets like a real deployment (issue 15 point 4): the build's pre-compressed copies
// (scripts/vite-compress.ts) are sent to browsers that accept them, hashed assets are immutable
// for a year wherever the build was written (a dist dir under any name: .tmp/dist-NAME got
// max-age=0 before), everything else and the HTML are revalidated.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { compressDirectory } from '../../scripts/vite-compress';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let app: FastifyInstance;
let script: Buffer;
const ASSET = '/study/assets/index-Ab12Cd34.js';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // A build output whose folder is not called "dist", as `vite build --outDir .tmp/dist-NAME` writes.
  const dist = await mkdtemp(join(tmpdir(), 'build-out-'));
  await mkdir(join(dist, 'assets'));
  script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Course ${i}` })))};\n`);
  await writeFile(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  await writeFile(join(dist, 'assets', 'tiny-Zz99.css'), 'a{color:red}');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/study/assets/index-Ab12Cd34.js"></script></body></html>');
  await compressDirectory(join(dist, 'assets'));
  app = await buildApp({ db: t.db, distDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('pre-compressed hashed assets', () => {
  it('answers an asset asked with accept-encoding br in brotli, immutable for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('answers gzip to a browser without brotli, and the file itself to one without either, immutable from a build folder not named dist (it got max-age=0)', async () => {
    const gz = await get(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);
    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file too small to compress as it is, still immutable', async () => {
    const res = await get('/study/assets/tiny-Zz99.css', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{color:red}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates what is not hashed: a root file and the HTML', async () => {
    const icon = await get('/study/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['last-modified']).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/study/favicon.svg', headers: { 'if-none-match': icon.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const html = await get('/study/home', 'br');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD on a deep link like GET, without a body (a link checker or a load balancer probe got 404)', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/study/course/detail/1' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
  });

  it('keeps the copies byte for byte what the file decompresses to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compress-'));
    await writeFile(join(dir, 'a.js'), script);
    await writeFile(join(dir, 'b.png'), script); // not text: left alone
    const stats = await compressDirectory(dir);
    expect(stats.files).toBe(1);
    expect(brotliDecompressSync(await readFile(join(dir, 'a.js.br'))).equals(script)).toBe(true);
    expect(gunzipSync(await readFile(join(dir, 'a.js.gz'))).equals(script)).toBe(true);
    await expect(readFile(join(dir, 'b.png.br'))).rejects.toThrow(/ENOENT/);
  });
});
