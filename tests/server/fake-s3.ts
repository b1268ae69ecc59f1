// A small in-process S3 endpoint for the object-store contract test (no network, no S3 here):
// path-style PutObject, GetObject, HeadObject and DeleteObject on one bucket, with presigned PUTs
// checked the way S3 checks them (SigV4 query signature, signed headers, expiry, a checksum in the
// query must match the body) and If-None-Match: * refused with 412 when the key exists.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request as seen, for assertions. */
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
// RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone).
const enc = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function error(res: ServerResponse, status: number, code: string, message = code): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Checks a presigned request's SigV4 query signature; a reason when it fails, else undefined. */
function presignProblem(req: IncomingMessage, url: URL, s3: Pick<FakeS3, 'accessKeyId' | 'secretAccessKey' | 'region'>, now: number): string | undefined {
  const q = url.searchParams;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'algorithm';
  const [accessKey, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  if (accessKey !== s3.accessKeyId || region !== s3.region || service !== 's3') return 'credential';
  const amzDate = q.get('X-Amz-Date') ?? '';
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || now > signedAt + Number(q.get('X-Amz-Expires')) * 1000) return 'expired';
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const canonicalQuery = [...q.entries()].filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)] as const).sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`).join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join('');
  const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s3.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  const expected = hmac(key, toSign);
  const given = Buffer.from(q.get('X-Amz-Signature') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'signature';
}

/** Starts the fake on 127.0.0.1 (a free port). */
export async function startFakeS3(opts: { now?: () => number } = {}): Promise<FakeS3> {
  const s3 = {
    bucket: 'portal-uploads', accessKeyId: 'FAKEKEY', secretAccessKey: 'fake-secret', region: 'us-east-1',
    objects: new Map<string, { body: Buffer; contentType: string | undefined }>(),
    requests: [] as FakeS3['requests'],
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      s3.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucket !== s3.bucket || !key) return error(res, 404, 'NoSuchBucket');
      const object = s3.objects.get(key);
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return error(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.body.length });
        return res.end(req.method === 'GET' ? object.body : undefined);
      }
      // Writes need a signature: a presigned query, or the SDK's Authorization header.
      const presigned = url.searchParams.has('X-Amz-Signature');
      if (presigned) {
        const problem = presignProblem(req, url, s3, (opts.now ?? Date.now)());
        if (problem) return error(res, 403, problem === 'expired' ? 'AccessDenied' : 'SignatureDoesNotMatch', problem);
      } else if (!String(req.headers.authorization ?? '').includes(`Credential=${s3.accessKeyId}/`)) {
        return error(res, 403, 'AccessDenied');
      }
      if (req.method === 'DELETE') {
        s3.objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method !== 'PUT') return error(res, 405, 'MethodNotAllowed');
      const body = Buffer.concat(chunks);
      // A checksum the URL or headers carry must be the body's (why a presigned URL must not carry one).
      const checksum = url.searchParams.get('x-amz-checksum-crc32') ?? req.headers['x-amz-checksum-crc32'];
      if (typeof checksum === 'string') {
        const actual = Buffer.alloc(4);
        actual.writeUInt32BE(crc32(body) >>> 0);
        if (actual.toString('base64') !== checksum) return error(res, 400, 'BadDigest', 'crc32 mismatch');
      }
      if (req.headers['if-none-match'] === '*' && object) return error(res, 412, 'PreconditionFailed');
      const type = req.headers['content-type'];
      s3.objects.set(key, { body, contentType: typeof type === 'string' ? type : undefined });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...s3,
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
