// The object store's contract (DESIGN "Beyond one machine"), run against the local folder and the
// S3 implementation (against a fake S3 endpoint on 127.0.0.1: no S3 and no network here): a
// presigned PUT with the signed type stores the bytes where publicUrl serves them; another type or
// an expired link is refused; a server-side put never overwrites and refuses more than its cap;
// remove deletes.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LocalObjectStore, ObjectStoreError, uploadKey, type ObjectStore, type PresignPutInput } from '../../server/lib/object-store';
import { S3ObjectStore, s3SettingsFromEnv, type S3Settings } from '../../server/lib/s3-object-store';
import { uploadRule } from '../../schemas/api/sm';
import { apiOf } from './api';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { createTestApp, type TestApp } from './harness';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f2d5d80000000049454e44ae426082', 'hex');
const TENANT = 1001;

let t: TestApp;
let s3: FakeS3;
let s3Clock = 0;
let settings: S3Settings;
beforeAll(async () => {
  t = await createTestApp();
  s3 = await startFakeS3({ now: () => Date.now() + s3Clock });
  settings = { bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true };
});
afterAll(async () => {
  await s3?.close();
  await t?.close();
});

/** What the contract needs of an implementation: the store, a browser's PUT and GET, and an expired link. */
interface Subject {
  store: () => ObjectStore;
  /** PUT as a browser does (no token); true when the store answered 2xx. */
  browserPut(url: string, body: Buffer, contentType: string): Promise<boolean>;
  /** The bytes served at a public URL, or undefined when there is nothing. */
  browserGet(url: string): Promise<Buffer | undefined>;
  /** Makes links presigned so far expire (or presigns one already expired). */
  expire(input: PresignPutInput): Promise<string>;
}

const local: Subject = {
  store: () => new LocalObjectStore({ root: t.uploadDir, putPath: '/sm/sys/fc/put/', publicPrefix: '/uploads/' }),
  async browserPut(url, body, contentType) {
    const res = await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
    return res.statusCode === 200 && res.json().success === true;
  },
  async browserGet(url) {
    const res = await t.app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  },
  async expire(input) {
    return (await local.store().presignPut({ ...input, expiresAt: Math.floor(Date.now() / 1000) - 1 })).uploadUrl;
  },
};

const bucket: Subject = {
  store: () => new S3ObjectStore(settings),
  async browserPut(url, body, contentType) {
    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
    return res.ok;
  },
  async browserGet(url) {
    const res = await fetch(url);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
  },
  async expire(input) {
    const { uploadUrl } = await bucket.store().presignPut(input);
    s3Clock = 11 * 60 * 1000; // past the ten minutes the link was signed for
    return uploadUrl;
  },
};

describe.each([['local folder', local], ['S3 bucket', bucket]] as const)('object store contract: %s', (_name, subject) => {
  const ticket = async (): Promise<PresignPutInput> => ({
    // What applyForFileUploading signs for a .png (the local PUT route checks the same rule).
    key: uploadKey(TENANT, 'png'), contentType: 'image/png', maxBytes: uploadRule('png')!.maxBytes,
    expiresAt: Math.floor(Date.now() / 1000) + 600, signingSecret: (await t.app.tenantSecrets.get(TENANT))!,
  });

  it('stores a presigned PUT with the signed type where publicUrl serves it', async () => {
    const input = await ticket();
    const signed = await subject.store().presignPut(input);
    expect(signed).toMatchObject({ contentType: 'image/png', fileUrl: subject.store().publicUrl(input.key) });
    expect(await subject.browserGet(signed.fileUrl)).toBeUndefined();
    expect(await subject.browserPut(signed.uploadUrl, PNG, 'image/png')).toBe(true);
    expect((await subject.browserGet(signed.fileUrl))?.equals(PNG)).toBe(true);
  });

  it('refuses a presigned PUT with another Content-Type, and stores nothing', async () => {
    const input = await ticket();
    const signed = await subject.store().presignPut(input);
    expect(await subject.browserPut(signed.uploadUrl, PNG, 'text/html')).toBe(false);
    expect(await subject.browserGet(signed.fileUrl)).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    const input = await ticket();
    try {
      const url = await subject.expire(input);
      expect(await subject.browserPut(url, PNG, 'image/png')).toBe(false);
    } finally {
      s3Clock = 0;
    }
    expect(await subject.browserGet(subject.store().publicUrl(input.key))).toBeUndefined();
  });

  it('puts an object once: a second put of the key is refused as "exists" and the first stays', async () => {
    const { key } = await ticket();
    const store = subject.store();
    expect(await store.put(key, Readable.from([PNG]), { maxBytes: 1024, contentType: 'image/png' })).toEqual({ bytes: PNG.length });
    await expect(store.put(key, Readable.from([Buffer.from('other')]), { maxBytes: 1024 })).rejects.toMatchObject({ reason: 'exists' });
    expect((await subject.browserGet(store.publicUrl(key)))?.equals(PNG)).toBe(true);
  });

  it('removes an object, so it is no longer served; removing it again is no error; a key that is not an upload key is refused', async () => {
    const { key } = await ticket();
    const store = subject.store();
    await store.put(key, Readable.from([PNG]), { maxBytes: 1024, contentType: 'image/png' });
    expect((await subject.browserGet(store.publicUrl(key)))?.equals(PNG)).toBe(true);
    await store.remove(key);
    expect(await subject.browserGet(store.publicUrl(key))).toBeUndefined();
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.remove('../../etc/passwd')).rejects.toMatchObject({ reason: 'bad-key' });
  });

  it('refuses a put over maxBytes as "too-large", and a key that is not an upload key', async () => {
    const { key } = await ticket();
    const store = subject.store();
    await expect(store.put(key, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1024 })).rejects.toMatchObject({ reason: 'too-large' });
    expect(await subject.browserGet(store.publicUrl(key))).toBeUndefined();
    const bad = store.put('../../etc/passwd', Readable.from([PNG]), { maxBytes: 1024 });
    await expect(bad).rejects.toBeInstanceOf(ObjectStoreError);
    await expect(bad).rejects.toMatchObject({ reason: 'bad-key' });
  });
});

describe('S3 settings (S3_*)', () => {
  it('are off without S3_BUCKET, and complete with it', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }))
      .toEqual({ bucket: 'b', region: 'us-east-1', endpoint: 'http://minio:9000', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
  });

  it('say what is wrong: S3_* without a bucket, half a key pair, an endpoint that is no URL', () => {
    expect(() => s3SettingsFromEnv({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/go together/);
    expect(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
  });

  it('serve objects from S3_PUBLIC_URL (a CDN) when given, else from the bucket', () => {
    expect(new S3ObjectStore({ ...settings, publicUrl: 'https://cdn.example.com/' }).publicUrl('u/1/2026-11/a.png')).toBe('https://cdn.example.com/u/1/2026-11/a.png');
    expect(new S3ObjectStore(settings).publicUrl('u/1/2026-11/a.png')).toBe(`${s3.endpoint}/${s3.bucket}/u/1/2026-11/a.png`);
  });
});

describe('uploads through the API onto S3', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: t.db, uploadDir: await mkdtemp(join(tmpdir(), 'uploads-s3-')), objectStore: new S3ObjectStore(settings) });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('hands out a presigned bucket URL; the browser PUTs there and the file is served from the bucket', async () => {
    const { signIn, data } = apiOf(() => app);
    const { token } = await signIn(TENANT, 'learner', 'Study@2026');
    const ticket = await data('GET', `/sm/sys/fc/applyForFileUploading?tenantId=${TENANT}&fileName=a.png`, token);
    expect(ticket.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/u/${TENANT}/`)).toBe(true);
    // No checksum of an empty body in the URL (the SDK adds one by default; a browser's PUT would fail).
    expect(ticket.uploadUrl).not.toMatch(/x-amz-checksum/i);
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: new Uint8Array(PNG), headers: { 'content-type': ticket.contentType } });
    expect(put.status).toBe(200);
    expect(Buffer.from(await (await fetch(ticket.fileUrl)).arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('lets the bucket into the Content-Security-Policy for the PUT', async () => {
    const res = await app.inject({ method: 'GET', url: '/um/api/user/info?tenantId=1001' });
    expect(String(res.headers['content-security-policy'])).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
  });
});
