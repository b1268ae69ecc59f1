// The rules the content authoring calls share (issue 20 part V; docs/shop-and-content.md part V):
// who may change a work and when, what an uploaded file address may be, the signed download links.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { findMyWork, type WorkRow } from './authoring-repository';

type Trx = Transaction<DB>;

/** spec learning §8 ("does not exist" for another's row): a missing work and another learner's look alike. */
export function workNotFound(id: number): ApiError {
  return new ApiError(`作品不存在（编号 ${id}），或不是你的作品。`, { code: 404, errorCode: 'WORK_NOT_FOUND' });
}

/** A chapter that is missing, or of a work that is not the caller's (or not readable). */
export function chapterNotFound(id: number): ApiError {
  return new ApiError(`章节不存在（编号 ${id}），它可能已被删除。`, { code: 404, errorCode: 'CHAPTER_NOT_FOUND' });
}

/** Input the schema cannot judge (a blank title, a foreign file address). */
export function invalid(message: string): ApiError {
  return new ApiError(message, { code: 400, errorCode: 'VALIDATION' });
}

/** My work, or WORK_NOT_FOUND. */
export async function requireMyWork(trx: Trx, userId: number, id: number, forUpdate = false): Promise<WorkRow> {
  const work = await findMyWork(trx, userId, id, forUpdate);
  if (!work) throw workNotFound(id);
  return work;
}

/** Part V rule: nobody edits a work under review (the reviewer reads what was submitted). */
export function requireNotInReview(work: WorkRow): void {
  if (work.audit_state === 'pending') {
    throw new ApiError(`作品《${work.title}》正在审核中，审核结束前不能修改。`, { code: 409, errorCode: 'WORK_IN_REVIEW' });
  }
}

/** My work that I may change now (locked), or a refusal. */
export async function requireEditableWork(trx: Trx, userId: number, id: number): Promise<WorkRow> {
  const work = await requireMyWork(trx, userId, id, true);
  requireNotInReview(work);
  return work;
}

/** Text trimmed; a blank one refused with the field's name. */
export function requiredText(raw: string, what: string): string {
  const text = raw.trim();
  if (!text) throw invalid(`请填写${what}。`);
  return text;
}

/** Text trimmed, a blank one stored as null. */
export const optionalText = (raw: string | null | undefined) => (raw?.trim() ? raw.trim() : null);

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp)$/;

/**
 * A file address from this tenant's upload flow (sm applyForFileUploading): the local store's
 * /uploads/u/{tenantId}/{yyyy-mm}/{uuid}.{ext}, or the same key at an https object store. Another
 * tenant's file or any other address is refused.
 */
export function uploadedFile(url: string, tenantId: number, image: boolean): string {
  const value = url.trim();
  const key = `u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}`;
  const ok = new RegExp(`^(?:/uploads/|https://[^/?#]+/(?:[^?#]*/)?)${key}$`).test(value);
  if (!ok) throw invalid('文件地址不是本站上传的文件，请重新上传后再保存。');
  if (image && !IMAGE_EXTENSIONS.test(value)) throw invalid('封面只能是 PNG、JPG、GIF 或 WebP 图片，请重新选择。');
  return value;
}

/** How long a download link works: 10 minutes. */
export const DOWNLOAD_TTL_SECONDS = 10 * 60;

/** The signature of a download link for an attachment until `exp` (epoch seconds), with the tenant's secret. */
export function downloadSignature(secret: string, tenantId: number, id: number, exp: number): string {
  return createHmac('sha256', secret).update(`work-download:${tenantId}:${id}:${exp}`).digest('base64url');
}

/** Whether a download link's signature is right and it has not expired. */
export function downloadSigned(secret: string, q: { tenantId: number; id: number; exp: number; sig: string }, now = Date.now()): boolean {
  if (q.exp * 1000 < now) return false;
  const want = Buffer.from(downloadSignature(secret, q.tenantId, q.id, q.exp));
  const got = Buffer.from(q.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
