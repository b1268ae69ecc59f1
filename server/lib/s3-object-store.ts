// The object store on an S3-compatible bucket (DESIGN "Beyond one machine": uploads go to an
// S3-compatible store through presigned URLs), behind the same ObjectStore interface as the local
// folder. Chosen by the S3_* settings (s3SettingsFromEnv; docs/operations.md "Uploads on S3").
// Browsers PUT straight to the bucket with a presigned URL, so API nodes hold no upload at all.
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteCap, ObjectStoreError, parseUploadKey, type ObjectStore, type PresignedPut, type PresignPutInput } from './object-store';

/** Where the bucket is and how to reach it. */
export interface S3Settings {
  bucket: string;
  /** Default us-east-1 (what MinIO and most S3-compatible stores accept). */
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, R2, OSS…); AWS itself when absent. */
  endpoint?: string;
  /** Both or neither; without them the SDK's default chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Base URL browsers read objects from (a CDN, or the bucket's public URL); derived when absent. */
  publicUrl?: string;
}

const TRUE = ['1', 'true', 'yes', 'on'];

/**
 * The S3 settings from the environment, or undefined when S3_BUCKET is not set (the local folder
 * is used then). Throws a message naming the setting when the settings are incomplete.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = Object.keys(env).filter((name) => name.startsWith('S3_') && env[name]);
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not; set S3_BUCKET to store uploads on S3, or unset them to keep the local upload folder.`);
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; set both, or neither to use the SDK\'s default credentials.');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const publicUrl = env.S3_PUBLIC_URL?.trim() || undefined;
  for (const [name, value] of [['S3_ENDPOINT', endpoint], ['S3_PUBLIC_URL', publicUrl]] as const) {
    if (value && !/^https?:\/\/[^/]/.test(value)) throw new Error(`${name} must be an http(s) URL, e.g. https://s3.example.com; it is "${value}".`);
  }
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    forcePathStyle: TRUE.includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
    ...(publicUrl ? { publicUrl } : {}),
  };
}

/** The store; `client` may be passed (tests), else one is made from the settings. */
export class S3ObjectStore implements ObjectStore {
  readonly client: S3Client;
  private readonly publicBase: string;

  constructor(private readonly settings: S3Settings, client?: S3Client) {
    this.client = client ?? new S3Client({
      region: settings.region,
      // Only when an operation requires it: by default the SDK puts a CRC32 of the (empty) body into
      // a presigned PUT's query, and the bucket then refuses the browser's real file (BadDigest).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
    this.publicBase = (settings.publicUrl ?? defaultPublicBase(settings)).replace(/\/+$/, '');
  }

  /** The origins browsers talk to: the PUT target and where objects are read (for the CSP). */
  get origins(): string[] {
    const found = new Set<string>([new URL(this.publicBase).origin]);
    if (this.settings.endpoint) found.add(new URL(this.settings.endpoint).origin);
    else found.add(new URL(defaultPublicBase(this.settings)).origin);
    return [...found];
  }

  /**
   * A presigned PutObject: the signature covers the key and the Content-Type, and the URL dies at
   * `expiresAt`. S3 cannot cap a presigned PUT's size (only a POST policy can): the client checks
   * maxBytes before sending, and the bucket's own limits are the backstop (docs/decisions.md).
   */
  async presignPut(input: PresignPutInput): Promise<PresignedPut> {
    if (!parseUploadKey(input.key)) throw new ObjectStoreError('bad-key', `"${input.key}" is not an upload key.`);
    const expiresIn = Math.max(1, input.expiresAt - Math.floor(Date.now() / 1000));
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: input.key, ContentType: input.contentType });
    const uploadUrl = await getSignedUrl(this.client, command, { expiresIn, signableHeaders: new Set(['content-type']) });
    return { uploadUrl, contentType: input.contentType, fileUrl: this.publicUrl(input.key) };
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** DeleteObject; S3 answers 204 whether or not the key was there. */
  async remove(key: string): Promise<void> {
    if (!parseUploadKey(key)) throw new ObjectStoreError('bad-key', `"${key}" is not an upload key.`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /**
   * A server-side write (never overwrites: If-None-Match *). The body is read into memory, capped at
   * maxBytes, because a single PutObject needs its length; browsers never come this way.
   */
  async put(key: string, body: Readable, opts: { maxBytes: number; contentType?: string }): Promise<{ bytes: number }> {
    if (!parseUploadKey(key)) throw new ObjectStoreError('bad-key', `"${key}" is not an upload key.`);
    const counted = { bytes: 0 };
    const chunks: Buffer[] = [];
    try {
      await pipeline(body, byteCap(opts.maxBytes, counted), new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }));
    } catch (error) {
      body.resume();
      throw error;
    }
    try {
      await this.client.send(new PutObjectCommand({
        Bucket: this.settings.bucket, Key: key, Body: Buffer.concat(chunks), IfNoneMatch: '*',
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 412 || (error as { name?: string }).name === 'PreconditionFailed') {
        throw new ObjectStoreError('exists', `An object named "${key}" is already stored.`);
      }
      throw error;
    }
    return { bytes: counted.bytes };
  }
}

/** The bucket's own URL: endpoint/bucket with path style, else the virtual-hosted AWS name. */
function defaultPublicBase(s: S3Settings): string {
  if (s.endpoint) {
    const url = new URL(s.endpoint);
    return s.forcePathStyle ? `${url.origin}/${s.bucket}` : `${url.protocol}//${s.bucket}.${url.host}`;
  }
  return s.forcePathStyle ? `https://s3.${s.region}.amazonaws.com/${s.bucket}` : `https://${s.bucket}.s3.${s.region}.amazonaws.com`;
}
