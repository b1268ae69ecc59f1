// spec shell §5 "File upload", §7 "Upload", §8 (errorCode 500 → alert), §9 (999 files, 100 ms
// apart), through the real client with both transports replaced by fake adapters (no network).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest } from '../../src/api/error-catalogue';
import {
  acceptFor, checkUploadLimit, isAllowedFile, limitMessage, safeFileName, uploadClient, uploadFile, uploadFiles, UploadError,
  type UploadResult,
} from '../../src/api/upload';
import { setRegisterInfo, setTenantId } from '../../src/lib/storage';

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'success', data });
const ticket = (name = 'a.png') => ({
  uploadUrl: `/sm/sys/fc/put/u/1001/2026-11/${name}?exp=1&sig=s`,
  contentType: 'image/png',
  fileUrl: `/uploads/u/1001/2026-11/${name}`,
  maxBytes: 1000,
  expireTime: '2026-11-23T00:10:00.000Z',
});

let applied: InternalAxiosRequestConfig[];
let puts: InternalAxiosRequestConfig[];
let alerts: AlertRequest[];
/** What the PUT answers; a function may report progress first. */
let putAnswer: (config: InternalAxiosRequestConfig) => { status: number; body: unknown };
let applyAnswer: (config: InternalAxiosRequestConfig) => unknown;

const fakeTransport = (log: () => InternalAxiosRequestConfig[], answer: (config: InternalAxiosRequestConfig) => { status: number; body: unknown }): AxiosAdapter =>
  async (config) => {
    log().push(config);
    const { status, body } = answer(config);
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };

beforeEach(() => {
  applied = [];
  puts = [];
  alerts = [];
  applyAnswer = (config) => ok(ticket(String((config.params as { fileName: string }).fileName).replace(/[^a-z.]/g, '') || 'a.png'));
  putAnswer = () => ({ status: 200, body: ok({ fileUrl: '/uploads/stored.png', size: 3 }) });
  apiClient.defaults.adapter = fakeTransport(() => applied, (config) => ({ status: 200, body: applyAnswer(config) }));
  uploadClient.defaults.adapter = fakeTransport(() => puts, (config) => putAnswer(config));
  setCatalogueUi({ alert: (request) => alerts.push(request), navigate: vi.fn(), goBack: vi.fn(), currentPath: () => '/user' });
  setTenantId(1001);
  setRegisterInfo(1001, { id: 7, token: '1001.secret-token' } as never);
});

afterEach(() => {
  vi.useRealTimers();
  setCatalogueUi(null);
  setRegisterInfo(1001, null);
  setTenantId(null);
});

const file = (name: string, size = 3) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('file names', () => {
  it('replaces square brackets with full-width brackets before the upload request', async () => {
    expect(safeFileName('a[1]]b[.png')).toBe('a［1］］b［.png');
    const result = await uploadFile(file('photo[2].png'));
    expect(applied[0]?.params).toEqual({ applyCode: 'image', fileName: 'photo［2］.png', tenantId: 1001 });
    expect(result.fileName).toBe('photo［2］.png');
  });

  it('checks extensions per kind, without svg', () => {
    expect(acceptFor('image')).toBe('.jpg,.jpeg,.png,.gif,.webp');
    expect(isAllowedFile('A.JPG', 'image')).toBe(true);
    expect(isAllowedFile('logo.svg', 'image')).toBe(false);
    expect(isAllowedFile('deck.pptx', 'all')).toBe(true);
    expect(isAllowedFile('noext', 'all')).toBe(false);
  });
});

describe('the limit (spec shell §5)', () => {
  it('words the message with n', () => {
    expect(limitMessage(3)).toBe('超出上传个数，最多上传3张图片');
    expect(checkUploadLimit(2, 1, 3)).toBeNull();
    expect(checkUploadLimit(2, 2, 3)).toBe('超出上传个数，最多上传3张图片');
    expect(checkUploadLimit(999, 1)).toBe('超出上传个数，最多上传999张图片');
  });

  it('starts nothing when chosen + existing exceed the limit', async () => {
    const error = await uploadFiles([file('a.png'), file('b.png')], 4, { limit: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe('超出上传个数，最多上传5张图片');
    expect(applied).toHaveLength(0);
  });
});

describe('uploadFiles', () => {
  it('starts files 100 ms apart', async () => {
    vi.useFakeTimers();
    const started: [string, number][] = [];
    const t0 = Date.now();
    const done = uploadFiles([file('a.png'), file('b.png'), file('c.png')], 0, { onStart: (f) => started.push([f.name, Date.now() - t0]) });
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map(([name]) => name)).toEqual(['a.png']);
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map(([name]) => name)).toEqual(['a.png', 'b.png']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toEqual([['a.png', 0], ['b.png', 100], ['c.png', 200]]);
    const results = await done;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(applied.map((c) => (c.params as { fileName: string }).fileName)).toEqual(['a.png', 'b.png', 'c.png']);
  });

  it('reports each file\'s own success and failure', async () => {
    putAnswer = (config) => config.url!.includes('b.png')
      ? { status: 200, body: { success: false, code: 400, flag: -1, message: 'This upload link has expired.', data: null, errorCode: 'LINK_EXPIRED' } }
      : { status: 200, body: ok({ fileUrl: '/uploads/ok.png', size: 3 }) };
    const successes: string[] = [];
    const failures: string[] = [];
    const results = await uploadFiles([file('a.png'), file('b.png')], 0, {
      onSuccess: (_r, f) => successes.push(f.name),
      onError: (e, f) => failures.push(`${f.name}: ${e.message}`),
    });
    expect(successes).toEqual(['a.png']);
    expect(failures).toEqual(['b.png: This upload link has expired.']);
    expect(results[1]).toMatchObject({ status: 'rejected' });
  });
});

describe('uploadFile', () => {
  it('PUTs the file with the signed content type, no token, and reports progress', async () => {
    putAnswer = (config) => {
      config.onUploadProgress?.({ loaded: 1, total: 4, bytes: 1, lengthComputable: true } as never);
      config.onUploadProgress?.({ loaded: 1, total: 4, bytes: 0, lengthComputable: true } as never);
      config.onUploadProgress?.({ loaded: 3, total: 4, bytes: 2, lengthComputable: true } as never);
      return { status: 200, body: ok({ fileUrl: '/uploads/u/1001/2026-11/a.png', size: 3 }) };
    };
    const percents: number[] = [];
    const onSuccess = vi.fn((_: UploadResult) => undefined);
    const f = file('a.png');
    const result = await uploadFile(f, { applyCode: 'image', onProgress: (p) => percents.push(p), onSuccess });
    expect(percents).toEqual([25, 75, 100]);
    expect(applied[0]?.headers.get('token')).toBe('1001.secret-token');
    const put = puts[0]!;
    expect(put.method).toBe('put');
    expect(put.url).toBe(ticket().uploadUrl);
    expect(put.headers.get('Content-Type')).toBe('image/png');
    expect(put.headers.has('token')).toBe(false);
    expect(put.data).toBe(f);
    expect(result).toMatchObject({ uploadUrl: ticket().uploadUrl, contentType: 'image/png', fileUrl: '/uploads/u/1001/2026-11/a.png', size: 3 });
    expect(onSuccess).toHaveBeenCalledWith(result);
  });

  it('takes a bucket\'s bare 200 to a presigned S3 PUT as stored at the ticket\'s fileUrl', async () => {
    applyAnswer = () => ok({ ...ticket(), uploadUrl: 'https://bucket.example.com/u/1001/2026-11/a.png?X-Amz-Signature=s', fileUrl: 'https://cdn.example.com/u/1001/2026-11/a.png' });
    putAnswer = () => ({ status: 200, body: '' });
    const result = await uploadFile(file('a.png'));
    expect(result).toMatchObject({ fileUrl: 'https://cdn.example.com/u/1001/2026-11/a.png', size: 3 });
    expect(puts[0]!.url).toBe('https://bucket.example.com/u/1001/2026-11/a.png?X-Amz-Signature=s');
    putAnswer = () => ({ status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' });
    await expect(uploadFile(file('a.png'))).rejects.toBeInstanceOf(UploadError);
  });

  it('marks an errorCode 500 answer for an alert with its message (spec shell §8)', async () => {
    putAnswer = () => ({ status: 200, body: { success: false, code: 500, flag: -1, message: 'The file could not be stored; please try again later.', data: null, errorCode: 'STORE_FAILED' } });
    const onError = vi.fn();
    const error = (await uploadFile(file('a.png'), { onError }).catch((e: unknown) => e)) as UploadError;
    expect(error).toMatchObject({ message: 'The file could not be stored; please try again later.', alert: true, reported: false });
    expect(onError).toHaveBeenCalledWith(error);
    putAnswer = () => ({ status: 200, body: { success: false, code: 500, flag: -1, message: 'Disk full.', data: null, errorCode: '500' } });
    expect(await uploadFile(file('a.png')).catch((e: UploadError) => [e.message, e.alert])).toEqual(['Disk full.', true]);
  });

  it('shows other PUT failures as plain errors, and a bare HTTP 500 as the catalogue\'s words', async () => {
    putAnswer = () => ({ status: 200, body: { success: false, code: 415, flag: -1, message: 'Send the file with Content-Type image/png.', data: null, errorCode: 'WRONG_CONTENT_TYPE' } });
    expect(await uploadFile(file('a.png')).catch((e: UploadError) => [e.message, e.alert, e.errorCode])).toEqual(['Send the file with Content-Type image/png.', false, 'WRONG_CONTENT_TYPE']);
    putAnswer = () => ({ status: 500, body: '<html>oops</html>' });
    const bare = (await uploadFile(file('a.png')).catch((e: unknown) => e)) as UploadError;
    expect(bare.alert).toBe(true);
    expect(bare.code).toBe(500);
    expect(alerts).toHaveLength(0);
  });

  it('refuses a file over the ticket\'s cap before sending it', async () => {
    const error = (await uploadFile(file('a.png', 1001)).catch((e: unknown) => e)) as UploadError;
    expect(error.errorCode).toBe('FILE_TOO_LARGE');
    expect(error.message).toContain('choose a smaller file');
    expect(puts).toHaveLength(0);
  });

  it('leaves a failed step 1 to the error catalogue and says so', async () => {
    applyAnswer = () => ({ success: false, code: 400, flag: -1, message: '"x.svg" cannot be uploaded as image; allowed file types: jpg, jpeg, png, gif, webp.', data: null, errorCode: 'FILE_TYPE_NOT_ALLOWED' });
    const onError = vi.fn();
    const error = (await uploadFile(file('x.svg'), { onError }).catch((e: unknown) => e)) as UploadError;
    expect(error).toMatchObject({ reported: true, alert: false, errorCode: 'FILE_TYPE_NOT_ALLOWED' });
    expect(alerts.map((a) => a.message)).toEqual([error.message]);
    expect(onError).toHaveBeenCalledOnce();
    expect(puts).toHaveLength(0);
  });
});
