import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeAjvError } from '../lib/validate';
import { isDatabaseUnavailable } from '../db/availability';

/** Seconds a client is asked to wait before retrying while the database is away (Retry-After). */
export const DB_RETRY_AFTER_S = 5;

/** Envelope flags (DESIGN "The API server"): 0 success, 401 not signed in, -1 any other failure. */
export const FLAG_OK = 0;
export const FLAG_NOT_SIGNED_IN = 401;
export const FLAG_FAILED = -1;

/** A failure the client should show: its message is a full sentence safe for users. */
export class ApiError extends Error {
  readonly code: number;
  readonly errorCode: string;
  readonly flag: number;
  readonly httpStatus: number;
  constructor(message: string, opts: { code?: number; errorCode?: string; flag?: number; httpStatus?: number } = {}) {
    super(message);
    this.code = opts.code ?? 400;
    this.errorCode = opts.errorCode ?? 'BAD_REQUEST';
    this.flag = opts.flag ?? (this.code === 401 ? FLAG_NOT_SIGNED_IN : FLAG_FAILED);
    // Business failures travel as HTTP 200 so the client reads the envelope (spec shell §8 keeps
    // HTTP statuses for transport faults: 404 and 500 mean "system error").
    this.httpStatus = opts.httpStatus ?? 200;
  }
}

/** Wraps data in the success envelope `{ success: true, code: 200, flag: 0, message, data }`. */
export function ok<T>(data: T, message = 'success') {
  return { success: true as const, code: 200, flag: FLAG_OK, message, data };
}

/** The failure envelope for an ApiError. */
export function failure(error: ApiError) {
  return { success: false as const, code: error.code, flag: error.flag, message: error.message, data: null, errorCode: error.errorCode };
}

/** The envelope for "the database cannot be reached now": HTTP 503, retry later (issue 22). */
export function databaseUnavailable(): ApiError {
  return new ApiError('The service cannot reach its database right now; please retry in a few seconds.', { code: 503, errorCode: 'DB_UNAVAILABLE', httpStatus: 503 });
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query parameter', body: 'body field', params: 'path parameter', headers: 'header' };

/**
 * SQLSTATEs a request's values can cause and the route's schema should have refused (issue 14):
 * class 22 data exceptions (22003 numeric_value_out_of_range, 22P02 invalid_text_representation,
 * 22021 character_not_in_repertoire, 22001 string too long, 22P05 untranslatable_character…),
 * class 54 program limits (54001 statement_too_complex, 54000 index row too large), 23514
 * check_violation. The last line of defence: the client gets a 400 envelope, the log the cause.
 */
export function isRefusedInput(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && (code.startsWith('22') || code.startsWith('54') || code === '23514');
}

/** Envelope codes for Fastify's own 4xx errors that have a name clients may branch on. */
const FASTIFY_ERROR_CODES: Record<number, string> = { 413: 'BODY_TOO_LARGE', 404: 'NOT_FOUND' };

/** Every error leaves as an envelope; validation names the field, and no stack trace ever leaves. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Failures skip the route's success serializer, which would turn data: null into {}.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof ApiError) return reply.status(error.httpStatus).send(failure(error));
    if (error.validation) {
      const where = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'field';
      const message = `Invalid ${where}: ${describeAjvError(error.validation[0] as never)}.`;
      return reply.status(200).send(failure(new ApiError(message, { code: 400, errorCode: 'VALIDATION' })));
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(200).send(failure(new ApiError('Send the request body as JSON (Content-Type: application/json).', { code: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE' })));
    }
    if (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(200).send(failure(new ApiError('The request body is not valid JSON.', { code: 400, errorCode: 'BAD_JSON' })));
    }
    if (error.statusCode === 429) {
      return reply.status(200).send(failure(new ApiError(error.message, { code: 429, errorCode: 'RATE_LIMITED' })));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = Math.round((request.routeOptions.bodyLimit ?? 1_048_576) / 1024);
      return reply.status(200).send(failure(new ApiError(`The request body is larger than the ${limit} KiB this call accepts.`, { code: 413, errorCode: 'BODY_TOO_LARGE' })));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other request Fastify or a plugin refused (an empty JSON body, a bad URL, a multipart
      // limit): its own code, as a business failure; Fastify's messages name the problem, others don't leak.
      const message = error.code?.startsWith('FST_') ? `${error.message.replace(/\.?$/, '.')}` : `The request was refused (${error.statusCode}).`;
      return reply.status(200).send(failure(new ApiError(message, { code: error.statusCode, errorCode: FASTIFY_ERROR_CODES[error.statusCode] ?? 'BAD_REQUEST' })));
    }
    if (isRefusedInput(error)) {
      request.log.warn({ sqlState: (error as { code?: string }).code, reason: error.message }, 'a request value the database refused passed validation');
      return reply.status(200).send(failure(new ApiError('A value in the request is out of range or contains characters that are not allowed.', { code: 400, errorCode: 'VALIDATION' })));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug in the request: the database restarts or fails over. The health state probes
      // and logs the outage once (server/db/availability.ts); each request gets the 503 and a Retry-After.
      void request.server.db?.health.suspect(error);
      reply.header('retry-after', String(DB_RETRY_AFTER_S));
      return reply.status(503).send(failure(databaseUnavailable()));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(new ApiError('The server hit an unexpected error; please try again later.', { code: 500, errorCode: 'INTERNAL', httpStatus: 500 })));
  });
}

/** The 404 envelope for an unknown API path. */
export function notFoundEnvelope(method: string, url: string) {
  const path = url.split('?')[0];
  return failure(new ApiError(`No API route ${method} ${path}. See /docs for the list of calls.`, { code: 404, errorCode: 'NOT_FOUND', httpStatus: 404 }));
}
