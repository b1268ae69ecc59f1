// What every call's answer and failure look like (spec shell §7 "Response handling"), apart from
// the transport: pages, stores and widgets check `instanceof ApiError` without loading axios, which
// comes with the first call that needs the network (src/api/client.ts, issue 15 point 3).
import type { ErrorEnvelope } from '../../schemas/common';

/** The response envelope (schemas/common.ts Envelope) with a typed `data`. */
export type ApiEnvelope<T> = Omit<ErrorEnvelope, 'data'> & { data: T };

/** A page of rows as list calls return it (schemas/common.ts Paged). */
export interface Paged<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** A failed call: the server's (or the catalogue's) message plus the envelope's codes. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Envelope code (400, 401, 404, 429…) or the HTTP status when there was no envelope. */
  readonly code: number;
  /** Envelope flag: -1 failure, 401 not signed in; null when the server sent no envelope. */
  readonly flag: number | null;
  /** Machine-readable failure code such as TENANT_NOT_FOUND, when the server gave one. */
  readonly errorCode: string | undefined;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;

  constructor(message: string, details: { code: number; flag: number | null; errorCode?: string | undefined; status: number }) {
    super(message);
    this.code = details.code;
    this.flag = details.flag;
    this.errorCode = details.errorCode;
    this.status = details.status;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isEnvelope = (value: unknown): value is ApiEnvelope<unknown> =>
  isRecord(value) && ('success' in value || 'code' in value) && ('flag' in value || 'message' in value);

/** spec shell §7: a response is a success when success is true or code is 200. */
export function isSuccessEnvelope(envelope: ApiEnvelope<unknown>): boolean {
  return envelope.success === true || envelope.code === 200;
}
