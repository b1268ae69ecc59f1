import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { clientPasswordDigest } from '../../server/lib/password';
import { putSignature } from '../../server/lib/object-store';
import { uploadRoutes } from '../../server/modules/sm/upload-routes';
import { createTestApp, passedCaptcha, type TestApp } from './harness';

// The harness builds its app with an upload folder it keeps to itself, so this file builds a second
// app on the same test database with a folder it can look into, and registers the routes on it.
let t: TestApp;
let app: FastifyInstance;
let uploadDir: string;
let token: string;

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f2d5d80000000049454e44ae426082', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  uploadDir = await mkdtemp(join(tmpdir(), 'upload-test-'));
  app = await buildApp({ db: t.db });
  // app.ts serves uploadDir at /uploads/; built without one here, so the same is done by hand.
  await app.register(fastifyStatic, { root: uploadDir, prefix: '/uploads/', decorateReply: false, index: false });
  await app.register(uploadRoutes, { uploadDir });
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

async function apply(query: Record<string, string | number>, withToken = token) {
  const qs = new URLSearchParams(Object.entries({ tenantId: 1001, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({ method: 'GET', url: `/sm/sys/fc/applyForFileUploading?${qs}`, headers: withToken ? { token: withToken } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

async function put(url: string, body: Buffer | string, contentType?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'PUT', url, payload: body, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers } });
  return { status: res.statusCode, body: res.json() as Envelope };
}

const tenantSecret = async (tenantId: number) =>
  (await t.db.owner.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).secret;

describe('applyForFileUploading', () => {
  it('needs a signed-in user of the same tenant (flag 401)', async () => {
    expect(await apply({ fileName: 'a.png' }, '')).toMatchObject({ success: false, flag: 401 });
    const other = await apply({ tenantId: 1002, fileName: 'a.png' });
    expect(other).toMatchObject({ success: false, flag: 401 });
  });

  it('returns a presigned URL, the signed content type and the public file URL', async () => {
    const body = await apply({ fileName: 'photo.PNG' });
    expect(body, body.message).toMatchObject({ success: true, flag: 0 });
    const { uploadUrl, contentType, fileUrl, maxBytes, expireTime } = body.data;
    expect(contentType).toBe('image/png');
    expect(maxBytes).toBe(10 * 1024 * 1024);
    expect(fileUrl).toMatch(/^\/uploads\/u\/1001\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(uploadUrl).toBe(`/sm/sys/fc/put/${fileUrl.slice('/uploads/'.length)}?exp=${Date.parse(expireTime) / 1000}&sig=${uploadUrl.split('sig=')[1]}`);
    const minutes = (Date.parse(expireTime) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('defaults applyCode to image and names the allowed types for a disallowed extension', async () => {
    const svg = await apply({ fileName: 'logo.svg' });
    expect(svg).toMatchObject({ success: false, flag: -1, errorCode: 'FILE_TYPE_NOT_ALLOWED' });
    expect(svg.message).toBe('"logo.svg" cannot be uploaded as image; allowed file types: jpg, jpeg, png, gif, webp.');
    const exe = await apply({ applyCode: 'all', fileName: 'setup.exe' });
    expect(exe.message).toContain('allowed file types: jpg, jpeg, png, gif, webp, pdf, doc, docx');
    expect((await apply({ applyCode: 'pdf', fileName: 'notes.docx' })).errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await apply({ applyCode: 'word', fileName: 'no-extension' })).errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses an unknown applyCode and lists the known ones', async () => {
    const body = await apply({ applyCode: 'script', fileName: 'a.png' });
    expect(body).toMatchObject({ success: false, flag: -1, errorCode: 'BAD_APPLY_CODE' });
    expect(body.message).toBe('Unknown applyCode "script"; use one of image, pdf, word, excel, ppt, video, audio, all.');
  });

  it('gives each kind its own type and cap, also through applyCode all', async () => {
    const cases: [string, string, string, number][] = [
      ['video', 'clip.mov', 'video/quicktime', 500], ['audio', 'song.m4a', 'audio/mp4', 100],
      ['excel', 'sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 50],
      ['all', 'deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 50],
    ];
    for (const [applyCode, fileName, contentType, mb] of cases) {
      const body = await apply({ applyCode, fileName });
      expect(body.data, `${applyCode} ${fileName}`).toMatchObject({ contentType, maxBytes: mb * 1024 * 1024 });
    }
  });

  it('never uses the file name as a path', async () => {
    const body = await apply({ fileName: '../../../etc/passwd/../evil[1].png' });
    expect(body.data.fileUrl).toMatch(/^\/uploads\/u\/1001\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body.data.uploadUrl).not.toContain('..');
    expect(body.data.uploadUrl).not.toContain('evil');
  });
});

describe('PUT to the presigned URL', () => {
  it('stores the file without a token and serves it under /uploads', async () => {
    const { data } = await apply({ fileName: 'pixel.png' });
    const res = await put(data.uploadUrl, PNG, 'image/png');
    expect(res.body, res.body.message).toMatchObject({ success: true, flag: 0, data: { fileUrl: data.fileUrl, size: PNG.length } });
    const served = await app.inject({ method: 'GET', url: data.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await readFile(join(uploadDir, data.fileUrl.slice('/uploads/'.length)))).equals(PNG)).toBe(true);
  });

  it('never overwrites: a second PUT with the same link fails and the first file stays', async () => {
    const { data } = await apply({ fileName: 'once.png' });
    expect((await put(data.uploadUrl, PNG, 'image/png')).body.success).toBe(true);
    const again = await put(data.uploadUrl, Buffer.concat([PNG, Buffer.from('other bytes')]), 'image/png');
    expect(again.body).toMatchObject({ success: false, flag: -1, errorCode: 'ALREADY_UPLOADED' });
    expect(again.body.message).toContain('ask for a new link');
    expect((await app.inject({ method: 'GET', url: data.fileUrl })).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a tampered signature, a changed expiry and another tenant\'s folder', async () => {
    const { data } = await apply({ fileName: 'x.png' });
    const url = new URL(data.uploadUrl, 'http://local');
    const sig = url.searchParams.get('sig')!;
    const tampered = data.uploadUrl.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const later = data.uploadUrl.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 3600}`);
    const otherTenant = data.uploadUrl.replace('/u/1001/', '/u/1002/');
    for (const bad of [tampered, later, otherTenant, data.uploadUrl.replace(/&sig=.*/, '&sig=zz')]) {
      const res = await put(bad, PNG, 'image/png');
      expect(res.body, bad).toMatchObject({ success: false, flag: -1, errorCode: 'BAD_SIGNATURE' });
      expect(res.body.message).toBe('This upload link is not valid; ask for a new one with applyForFileUploading.');
    }
    expect(await readdir(uploadDir)).not.toContain('1002');
  });

  it('refuses an expired link that was signed correctly', async () => {
    const key = 'u/1001/2020-01/00000000-0000-4000-8000-000000000000.png';
    const exp = Math.floor(Date.now() / 1000) - 1;
    const sig = putSignature(await tenantSecret(1001), key, exp, 'image/png', 10 * 1024 * 1024);
    const res = await put(`/sm/sys/fc/put/${key}?exp=${exp}&sig=${sig}`, PNG, 'image/png');
    expect(res.body).toMatchObject({ success: false, errorCode: 'LINK_EXPIRED' });
    expect(res.body.message).toContain('has expired');
  });

  it('refuses a Content-Type other than the signed one, naming both', async () => {
    const { data } = await apply({ fileName: 'y.png' });
    for (const type of ['image/jpeg', 'application/json', 'text/html']) {
      const res = await put(data.uploadUrl, PNG, type);
      expect(res.body, type).toMatchObject({ success: false, flag: -1, errorCode: 'WRONG_CONTENT_TYPE' });
      expect(res.body.message).toBe(`Send the file with Content-Type image/png (the type this link was signed for), not ${type}.`);
    }
    expect((await put(data.uploadUrl, PNG)).body.errorCode).toBe('WRONG_CONTENT_TYPE');
    // The link is still good for the right type: the refusals stored nothing.
    expect((await put(data.uploadUrl, PNG, 'image/png; charset=binary')).body.success).toBe(true);
  });

  it('refuses a body over the cap, declared or streamed, and keeps no partial file', async () => {
    const key = 'u/1001/2026-01/11111111-1111-4111-8111-111111111111.png';
    const exp = Math.floor(Date.now() / 1000) + 60;
    const sig = putSignature(await tenantSecret(1001), key, exp, 'image/png', 10 * 1024 * 1024);
    const url = `/sm/sys/fc/put/${key}?exp=${exp}&sig=${sig}`;
    // A PNG's first bytes, so the size is what is refused, not the content (FILE_CONTENT_MISMATCH).
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    const declared = await put(url, big, 'image/png');
    expect(declared.body).toMatchObject({ success: false, flag: -1, errorCode: 'FILE_TOO_LARGE' });
    expect(declared.body.message).toBe('The file is larger than 10 MB, the most this kind of upload allows; choose a smaller file.');
    // A body whose length is not declared up front is cut off while streaming.
    const streamed = await app.inject({ method: 'PUT', url, payload: big, headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' } });
    expect(streamed.json()).toMatchObject({ success: false, errorCode: 'FILE_TOO_LARGE' });
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    expect(await readdir(join(uploadDir, '.incoming'))).toEqual([]);
  });

  it('refuses an empty body', async () => {
    const { data } = await apply({ fileName: 'z.png' });
    expect((await put(data.uploadUrl, Buffer.alloc(0), 'image/png')).body.errorCode).toBe('EMPTY_BODY');
  });

  it('refuses keys that try to leave the folder', async () => {
    for (const key of ['u/1001/2026-01/../../../../etc/passwd', 'u/1001/2026-01/%2e%2e%2fx.png', '..%2F..%2Fapp.ts']) {
      const res = await app.inject({ method: 'PUT', url: `/sm/sys/fc/put/${key}?exp=9999999999&sig=${'0'.repeat(64)}`, payload: PNG, headers: { 'content-type': 'image/png' } });
      // A literal ".." is resolved away before routing (no route: 404); encoded ones fail the key check.
      const body = res.json() as Envelope;
      expect(body.success, key).toBe(false);
      expect(['BAD_SIGNATURE', 'NOT_FOUND']).toContain(body.errorCode);
    }
    expect((await readdir(uploadDir)).sort()).toEqual(['.incoming', 'u']);
  });

  it('answers errorCode 500 when the store cannot write, for the client to alert (spec shell §8)', async () => {
    const login = await app.inject({ method: 'POST', url: '/um/api/user/loginByAccount', payload: { tenantId: 1002, account: 'learner', password: clientPasswordDigest('Study@2026'), captchaUuid: await passedCaptcha(app, 1002) } });
    // A plain file where tenant 1002's folder must go: the store fails as on a broken disk.
    await mkdir(join(uploadDir, 'u'), { recursive: true });
    await writeFile(join(uploadDir, 'u', '1002'), 'not a folder');
    const { data } = await apply({ tenantId: 1002, fileName: 'a.png' }, login.json().data.token);
    const res = await put(data.uploadUrl, PNG, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, flag: -1, errorCode: 'STORE_FAILED', message: 'The file could not be stored; please try again later.' });
  });

  it('over real HTTP, answers an oversize streamed body with the envelope, not a reset', async () => {
    const { data } = await apply({ fileName: 'big.png' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(PNG); // a PNG's first bytes: the size is refused, not the content
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${address}${data.uploadUrl}`, { method: 'PUT', body, headers: { 'content-type': 'image/png' }, duplex: 'half' } as RequestInit);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'FILE_TOO_LARGE' });
    expect(res.headers.get('connection')).toBe('close');
    expect((await app.inject({ method: 'GET', url: data.fileUrl })).statusCode).toBe(404);
  });

  it('keeps JSON parsing for the other routes (the raw-body parser is scoped)', async () => {
    const res = await app.inject({ method: 'POST', url: '/um/api/user/loginByAccount', payload: { tenantId: 1001, account: 'learner', password: clientPasswordDigest('Study@2026') } });
    expect(res.json()).toMatchObject({ success: true });
  });
});
