import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { matchesSignature, peekStream } from '../../lib/file-signature';
import { LocalObjectStore, ObjectStoreError, parseUploadKey, putSignature, signatureMatches, uploadKey, type ObjectStore } from '../../lib/object-store';
import { ApiError, ok } from '../../plugins/envelope';
import { requireUser } from '../../plugins/auth';
import {
  ApplyUploadQuery, extensionOf, extensionsOf, isUploadKind, LARGEST_UPLOAD_BYTES, PutUploadQuery, PutUploadResult,
  uploadRule, UploadMessages as M, UploadTicket,
} from '../../../schemas/api/sm';

/** DESIGN "Beyond one machine": a presigned URL is short-lived; 10 minutes covers a slow video. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

const PUT_PATH = '/sm/sys/fc/put/';

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** The media type of a Content-Type header, without parameters, lower-cased. */
function mediaType(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * sm file upload (spec shell §7 "Upload"): step 1 asks for a presigned URL, step 2 PUTs the file
 * to it. The local object store lives in `uploadDir`, which app.ts serves at /uploads/; with
 * `store` (an S3 bucket, chosen by the S3_* settings) step 2 goes to the bucket instead.
 */
export async function uploadRoutes(app: FastifyInstance, opts: { uploadDir: string; store?: ObjectStore }): Promise<void> {
  const store = opts.store ?? new LocalObjectStore({ root: opts.uploadDir, putPath: PUT_PATH, publicPrefix: '/uploads/' });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/sm/sys/fc/applyForFileUploading', {
    schema: {
      tags: ['sm'],
      summary: 'Step 1 of an upload: a presigned PUT URL (10 min, one file) for a signed-in user. applyCode decides the allowed types and size.',
      querystring: ApplyUploadQuery,
      response: { 200: Envelope(UploadTicket) },
    },
  }, async (req) => {
    const { tenantId, fileName } = req.query;
    requireUser(req, tenantId);
    const kind = req.query.applyCode?.trim() || 'image';
    if (!isUploadKind(kind)) throw fail(M.unknownKind(kind), 'BAD_APPLY_CODE');
    // The name only lends its extension; the stored name is a fresh UUID, so no name is a path.
    const ext = extensionOf(fileName);
    const rule = uploadRule(ext);
    if (!rule || !extensionsOf(kind).includes(ext)) throw fail(M.badExtension(fileName, kind), 'FILE_TYPE_NOT_ALLOWED');
    const signingSecret = await app.tenantSecrets.get(tenantId);
    if (!signingSecret) throw fail(M.noTenant(tenantId), 'TENANT_NOT_FOUND', 404);
    const expiresAt = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    const key = uploadKey(tenantId, ext);
    const ticket = await store.presignPut({ key, contentType: rule.contentType, maxBytes: rule.maxBytes, expiresAt, signingSecret });
    return ok({ ...ticket, maxBytes: rule.maxBytes, expireTime: new Date(expiresAt * 1000).toISOString() });
  });

  // Step 2 in a scope of its own: its body is the raw file stream, not JSON, and that parser must
  // not leak to any other route.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    scope.withTypeProvider<TypeBoxTypeProvider>().put(`${PUT_PATH}*`, {
      bodyLimit: LARGEST_UPLOAD_BYTES,
      schema: {
        tags: ['sm'],
        summary: 'Step 2 of an upload: PUT the raw file to the presigned URL with the signed Content-Type. No token needed; never overwrites.',
        querystring: PutUploadQuery,
        response: { 200: Envelope(PutUploadResult) },
      },
    }, async (req, reply) => {
      try {
        return await storeUpload(req, (req.params as { '*': string })['*'], req.query.exp, req.query.sig);
      } catch (error) {
        // A refused upload may still be sending; answer, then close rather than read the rest.
        void reply.header('connection', 'close');
        throw error;
      }
    });
  });

  /** Checks a presigned PUT and stores its body; throws an ApiError saying what to fix. */
  async function storeUpload(req: FastifyRequest, key: string, exp: number, sig: string) {
    const parsed = parseUploadKey(key);
    const rule = parsed && uploadRule(parsed.ext);
    // Key, tenant, type and cap are all inside the signature: changing any of them (another
    // tenant's folder, a longer expiry) makes it fail, so one message covers them all.
    const signed = parsed && rule
      ? await app.tenantSecrets.verify(parsed.tenantId, (secret) => signatureMatches(putSignature(secret, key, exp, rule.contentType, rule.maxBytes), sig))
      : false;
    if (!parsed || !rule || !signed) {
      throw fail(M.badLink, 'BAD_SIGNATURE', 403);
    }
    if (exp * 1000 < Date.now()) throw fail(M.expired, 'LINK_EXPIRED', 403);
    const sent = mediaType(req.headers['content-type']);
    if (sent !== rule.contentType) throw fail(M.wrongType(rule.contentType, sent), 'WRONG_CONTENT_TYPE', 415);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > rule.maxBytes) throw fail(M.tooLarge(rule.maxBytes), 'FILE_TOO_LARGE', 413);
    const sentBody = req.body as Readable | undefined;
    if (!sentBody || declared === 0) throw fail(M.empty, 'EMPTY_BODY');
    // The bytes must be what the link was signed for (issue 14 point 19): HTML sent as a .png
    // with Content-Type image/png is refused before anything is stored.
    const { head, stream: body } = await peekStream(sentBody);
    if (head.length === 0) throw fail(M.empty, 'EMPTY_BODY');
    if (!matchesSignature(rule.contentType, head)) throw fail(M.notThatType(rule.contentType), 'FILE_CONTENT_MISMATCH', 415);

    try {
      const { bytes } = await store.put(key, body, { maxBytes: rule.maxBytes, contentType: rule.contentType });
      return ok({ fileUrl: store.publicUrl(key), size: bytes });
    } catch (error) {
      if (error instanceof ObjectStoreError && error.reason === 'too-large') throw fail(M.tooLarge(rule.maxBytes), 'FILE_TOO_LARGE', 413);
      if (error instanceof ObjectStoreError && error.reason === 'exists') throw fail(M.exists, 'ALREADY_UPLOADED', 409);
      // spec shell §8: an upload answer with errorCode 500 is shown to the user in an alert.
      req.log.error({ err: error, key }, 'storing an upload failed');
      throw new ApiError(M.storeFailed, { code: 500, errorCode: 'STORE_FAILED' });
    }
  }
}
