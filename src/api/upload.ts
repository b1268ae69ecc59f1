// File upload (spec shell §7 "Upload"): ask the server for a presigned URL, then PUT the file to
// it. The PUT goes through an axios instance of its own, not apiClient: the presigned URL is the
// credential (no token, no tenantId body), it may point at another origin (an S3-compatible
// bucket, DESIGN "Beyond one machine"), and its failures are shown by the uploader rather than by
// the error catalogue (spec shell §8: an answer with errorCode 500 is an alert with its message).
import axios, { AxiosError, type AxiosProgressEvent } from 'axios';
import type { UploadTicket } from '../../schemas/api/sm';
import { ApiError, apiGet, type ApiEnvelope } from './client';
import { failureMessage } from './error-catalogue';

/** What is uploaded (spec shell §5 "File upload": the accepted kinds). */
export type UploadKind = 'image' | 'pdf' | 'word' | 'excel' | 'ppt' | 'video' | 'audio' | 'all';

/** spec shell §9: default limit 999 files. */
export const UPLOAD_LIMIT = 999;
/** spec shell §7, §9: files are started 100 ms apart. */
export const UPLOAD_STAGGER_MS = 100;

// Mirrors server/modules/sm/upload-schemas.ts, which decides; this copy only lets the file picker
// filter and spares the user a round trip. No svg: it can carry script.
const EXTENSIONS: Record<Exclude<UploadKind, 'all'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  pdf: ['pdf'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  ppt: ['ppt', 'pptx'],
  video: ['mp4', 'webm', 'mov'],
  audio: ['mp3', 'wav', 'm4a', 'ogg'],
};

/** The extensions a kind accepts, lower-case without the dot ('all': every kind's). */
export function extensionsFor(kind: UploadKind): string[] {
  return kind === 'all' ? Object.values(EXTENSIONS).flat() : [...EXTENSIONS[kind]];
}

/** The `accept` attribute of a file input for a kind, e.g. ".jpg,.jpeg,.png,.gif,.webp". */
export function acceptFor(kind: UploadKind): string {
  return extensionsFor(kind).map((ext) => `.${ext}`).join(',');
}

/** True when the file name's extension is one the kind accepts. */
export function isAllowedFile(fileName: string, kind: UploadKind): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 && extensionsFor(kind).includes(fileName.slice(dot + 1).toLowerCase());
}

/** spec shell §5: square brackets in file names become full-width brackets before the upload request. */
export function safeFileName(fileName: string): string {
  return fileName.replace(/\[/g, '［').replace(/\]/g, '］');
}

/** spec shell §5, word for word: the message when too many files are chosen. */
export function limitMessage(limit: number): string {
  return `超出上传个数，最多上传${limit}张图片`;
}

/** spec shell §5: chosen + existing must not exceed the limit; the message when they do, else null. */
export function checkUploadLimit(chosen: number, existing: number, limit = UPLOAD_LIMIT): string | null {
  return chosen + existing > limit ? limitMessage(limit) : null;
}

/**
 * Step 1's answer (spec shell §3 "Upload result": uploadUrl, contentType) and where the file will be
 * served: the server's response schema (schemas/api/sm.ts), derived (issue 14 point 4).
 */
export type { UploadTicket } from '../../schemas/api/sm';

/** A finished upload: the ticket it used plus the stored file. */
export interface UploadResult extends UploadTicket {
  /** The name as sent (brackets replaced). */
  fileName: string;
  size: number;
}

/** Why an upload failed, with what the uploader needs to show it. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  /** Envelope code, or the HTTP status when no envelope came back (0: no response). */
  readonly code: number;
  readonly errorCode: string | undefined;
  /** spec shell §8: an errorCode (or code) 500 answer is shown in an alert, not a toast. */
  readonly alert: boolean;
  /** True when the error catalogue already showed it (a failed step 1 goes through apiClient). */
  readonly reported: boolean;

  constructor(message: string, details: { code: number; errorCode?: string | undefined; alert?: boolean; reported?: boolean }) {
    super(message);
    this.code = details.code;
    this.errorCode = details.errorCode;
    this.alert = details.alert ?? false;
    this.reported = details.reported ?? false;
  }
}

/** The axios instance of the presigned PUT; tests replace `uploadClient.defaults.adapter`. */
export const uploadClient = axios.create({ baseURL: import.meta.env.VITE_API_BASE ?? '' });

/** Step 1 (spec shell §7 "Upload"): a presigned URL for one file; applyCode defaults to image. */
export function applyForFileUploading(fileName: string, applyCode: UploadKind = 'image'): Promise<UploadTicket> {
  return apiGet<UploadTicket>('/sm/sys/fc/applyForFileUploading', { applyCode, fileName: safeFileName(fileName) });
}

/** Callbacks of one upload (spec shell §7: optional progress, success and failure callbacks). */
export interface UploadCallbacks {
  /** Whole percent 0–100 of the PUT body sent. */
  onProgress?(percent: number): void;
  onSuccess?(result: UploadResult): void;
  onError?(error: UploadError): void;
}

export interface UploadFileOptions extends UploadCallbacks {
  applyCode?: UploadKind;
  signal?: AbortSignal;
}

const isEnvelope = (value: unknown): value is ApiEnvelope<unknown> =>
  typeof value === 'object' && value !== null && 'success' in value && 'message' in value;

/** The UploadError for a PUT answer that is not a success (envelope or bare HTTP status). */
function putFailure(status: number, body: unknown): UploadError {
  if (isEnvelope(body)) {
    const errorCode = body.errorCode;
    const alert = body.code === 500 || errorCode === '500' || status === 500;
    return new UploadError(body.message || failureMessage({ status, envelope: body }), { code: body.code, errorCode, alert });
  }
  // No envelope (a proxy's page, or a bucket's XML): the catalogue's words for the status.
  return new UploadError(failureMessage({ status }), { code: status, alert: status === 500 });
}

const MB = 1024 * 1024;

/** Steps 1 and 2 for one file. Resolves with the result; rejects with the error given to onError. */
export async function uploadFile(file: File, opts: UploadFileOptions = {}): Promise<UploadResult> {
  const fileName = safeFileName(file.name);
  try {
    let ticket: UploadTicket;
    try {
      ticket = await applyForFileUploading(fileName, opts.applyCode ?? 'image');
    } catch (error) {
      // apiClient's error catalogue has shown it already (alert, or sign-in on flag 401).
      if (error instanceof ApiError) throw new UploadError(error.message, { code: error.code, errorCode: error.errorCode, reported: true });
      throw error;
    }
    if (file.size > ticket.maxBytes) {
      throw new UploadError(`The file is larger than ${Math.round(ticket.maxBytes / MB)} MB, the most this kind of upload allows; choose a smaller file.`, { code: 413, errorCode: 'FILE_TOO_LARGE' });
    }
    let lastPercent = -1;
    const progress = (percent: number) => {
      if (percent === lastPercent) return;
      lastPercent = percent;
      opts.onProgress?.(percent);
    };
    let answer: { status: number; data: unknown };
    try {
      answer = await uploadClient.put(ticket.uploadUrl, file, {
        headers: { 'Content-Type': ticket.contentType },
        ...(opts.signal ? { signal: opts.signal } : {}),
        onUploadProgress: (event: AxiosProgressEvent) => {
          const total = event.total ?? file.size;
          if (total > 0) progress(Math.min(100, Math.floor((event.loaded * 100) / total)));
        },
      });
    } catch (error) {
      if (error instanceof AxiosError && error.code === AxiosError.ERR_CANCELED) throw error;
      const response = error instanceof AxiosError ? error.response : undefined;
      throw putFailure(response?.status ?? 0, response?.data);
    }
    // An S3-compatible bucket answers a presigned PUT with 2xx and no envelope (an empty body):
    // stored, at the ticket's fileUrl (docs/operations.md "Uploads on S3").
    const fromBucket = answer.status >= 200 && answer.status < 300 && !isEnvelope(answer.data);
    if (!fromBucket && (!isEnvelope(answer.data) || answer.data.success !== true)) throw putFailure(answer.status, answer.data);
    const stored = isEnvelope(answer.data) ? (answer.data.data as { fileUrl?: string; size?: number } | null) : null;
    progress(100);
    const result: UploadResult = { ...ticket, fileUrl: stored?.fileUrl ?? ticket.fileUrl, fileName, size: stored?.size ?? file.size };
    opts.onSuccess?.(result);
    return result;
  } catch (error) {
    // A cancelled upload is the caller's own doing: no failure callback.
    if (error instanceof AxiosError && error.code === AxiosError.ERR_CANCELED) throw error;
    const failure = error instanceof UploadError ? error
      : new UploadError(error instanceof Error ? error.message : String(error), { code: 0 });
    opts.onError?.(failure);
    throw failure;
  }
}

export interface UploadFilesOptions {
  applyCode?: UploadKind;
  /** spec shell §9: default 999. */
  limit?: number;
  signal?: AbortSignal;
  /** Called as each file starts (100 ms apart). */
  onStart?(file: File, index: number): void;
  onProgress?(percent: number, file: File): void;
  onSuccess?(result: UploadResult, file: File): void;
  onError?(error: UploadError, file: File): void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads several files. spec shell §5: chosen + existing must not exceed the limit, or nothing
 * starts and the promise rejects with 超出上传个数，最多上传{n}张图片. spec shell §7: file i starts
 * i × 100 ms after the first. Resolves, once all are done, with one settled result per file.
 */
export async function uploadFiles(files: readonly File[], existingCount: number, opts: UploadFilesOptions = {}): Promise<PromiseSettledResult<UploadResult>[]> {
  const limit = opts.limit ?? UPLOAD_LIMIT;
  const over = checkUploadLimit(files.length, existingCount, limit);
  if (over) throw new UploadError(over, { code: 400, errorCode: 'LIMIT_EXCEEDED' });
  return Promise.allSettled(files.map(async (file, index) => {
    if (index > 0) await wait(index * UPLOAD_STAGGER_MS);
    if (opts.signal?.aborted) throw new UploadError('The upload was cancelled.', { code: 0, errorCode: 'CANCELLED' });
    opts.onStart?.(file, index);
    return uploadFile(file, {
      ...(opts.applyCode ? { applyCode: opts.applyCode } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      onProgress: (percent) => opts.onProgress?.(percent, file),
      onSuccess: (result) => opts.onSuccess?.(result, file),
      onError: (error) => opts.onError?.(error, file),
    });
  }));
}
