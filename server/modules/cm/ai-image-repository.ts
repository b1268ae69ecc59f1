// The drawing rows (issue 21 part E): saved styles (ai_style; user_id null is the tenant's preset)
// and generated images (ai_image), a learner's own and the tenant's showcase of shared ones.
// Callers pass a transaction scoped to the tenant; each read names the owner it is for.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { AiImageParams } from '../../db/types-ai-images';
import type { Page } from '../../lib/listing';
import { iso } from '../../lib/list-sql';
import type { AiImage, AiStyle } from '../../../schemas/api/ai-images';

type Trx = Transaction<DB>;
type Paging = { pageNo: number; pageSize: number };

const STYLE_COLUMNS = ['id', 'user_id', 'name', 'prompt', 'reference_urls', 'updated_at'] as const;
type StyleRow = { id: number; user_id: number | null; name: string; prompt: string; reference_urls: string[]; updated_at: Date | string };

const toStyle = (r: StyleRow): AiStyle => ({
  id: Number(r.id), name: r.name, prompt: r.prompt, referenceUrls: r.reference_urls, preset: r.user_id === null, updatedAt: iso(r.updated_at),
});

/** The presets, then the learner's own styles newest first (a guest: presets only). */
export async function listStyles(trx: Trx, userId: number | null): Promise<AiStyle[]> {
  const rows = await trx.selectFrom('ai_style').select(STYLE_COLUMNS)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)])))
    .orderBy(sql`user_id is not null`).orderBy('updated_at', 'desc').orderBy('id', 'desc')
    .execute();
  return rows.map((r) => toStyle(r as StyleRow));
}

/** A preset or one of the learner's styles; undefined for another learner's or a missing one. */
export async function findUsableStyle(trx: Trx, userId: number, id: number): Promise<AiStyle | undefined> {
  const row = await trx.selectFrom('ai_style').select(STYLE_COLUMNS).where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)])).executeTakeFirst();
  return row && toStyle(row as StyleRow);
}

/** One of the learner's own styles (never a preset). */
export async function findOwnStyle(trx: Trx, userId: number, id: number): Promise<AiStyle | undefined> {
  const row = await trx.selectFrom('ai_style').select(STYLE_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row && toStyle(row as StyleRow);
}

/** Whether a preset or another style of the learner already has this name (case-insensitive). */
export async function styleNameTaken(trx: Trx, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = trx.selectFrom('ai_style').select('id').where(sql<boolean>`lower(name) = lower(${name})`)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a learner's style or updates one of theirs. */
export async function saveStyle(trx: Trx, tenantId: number, userId: number, id: number | null, style: { name: string; prompt: string; referenceUrls: string[] }): Promise<AiStyle> {
  const values = { name: style.name, prompt: style.prompt, reference_urls: style.referenceUrls };
  const row = id === null
    ? await trx.insertInto('ai_style').values({ tenant_id: tenantId, user_id: userId, ...values }).returning(STYLE_COLUMNS).executeTakeFirstOrThrow()
    : await trx.updateTable('ai_style').set({ ...values, updated_at: new Date() }).where('id', '=', id).where('user_id', '=', userId).returning(STYLE_COLUMNS).executeTakeFirstOrThrow();
  return toStyle(row as StyleRow);
}

/** Deletes one of the learner's styles; its images keep the style's name. */
export async function deleteStyle(trx: Trx, userId: number, id: number): Promise<boolean> {
  const done = await trx.deleteFrom('ai_style').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

type ImageRow = {
  id: number; user_id: number; prompt: string; negative_prompt: string | null; size: string; style_name: string | null; params: AiImageParams;
  url: string; mime: string; bytes: number; shared: boolean; created_at: Date | string; author?: string | null;
};

const IMAGE_COLUMNS = ['ai_image.id', 'ai_image.user_id', 'prompt', 'negative_prompt', 'size', 'style_name', 'params', 'url', 'mime', 'bytes', 'shared', 'ai_image.created_at'] as const;

const toImage = (r: ImageRow, viewer: number | null): AiImage => ({
  id: Number(r.id), prompt: r.prompt, negativePrompt: r.negative_prompt, size: r.size, styleName: r.style_name,
  seed: typeof r.params.seed === 'number' ? r.params.seed : null, url: r.url, mime: r.mime, bytes: r.bytes, shared: r.shared,
  mine: viewer !== null && Number(r.user_id) === viewer, author: r.author ?? null, createdAt: iso(r.created_at),
});

/** A new image row of the learner's. */
export async function insertImage(trx: Trx, tenantId: number, userId: number, image: {
  prompt: string; negativePrompt: string | null; size: string; styleId: number | null; styleName: string | null; params: AiImageParams;
  fileKey: string; url: string; mime: 'image/png' | 'image/jpeg' | 'image/webp'; bytes: number;
}): Promise<AiImage> {
  const row = await trx.insertInto('ai_image').values({
    tenant_id: tenantId, user_id: userId, prompt: image.prompt, negative_prompt: image.negativePrompt, size: image.size,
    style_id: image.styleId, style_name: image.styleName, params: JSON.stringify(image.params), file_key: image.fileKey,
    url: image.url, mime: image.mime, bytes: image.bytes,
  }).returning(IMAGE_COLUMNS).executeTakeFirstOrThrow();
  return toImage(row as ImageRow, userId);
}

/** A page of the learner's images, newest first. */
export async function listMyImages(trx: Trx, userId: number, q: Paging): Promise<Page<AiImage>> {
  const [rows, count] = await Promise.all([
    trx.selectFrom('ai_image').select(IMAGE_COLUMNS).where('user_id', '=', userId)
      .orderBy('ai_image.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    trx.selectFrom('ai_image').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => toImage(r as ImageRow, userId)), total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** A page of the tenant's showcase (images their learners chose to share), newest first, with the author's name. */
export async function listShowcase(trx: Trx, viewer: number | null, q: Paging): Promise<Page<AiImage>> {
  const [rows, count] = await Promise.all([
    trx.selectFrom('ai_image')
      .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'ai_image.tenant_id').onRef('u.id', '=', 'ai_image.user_id'))
      .select([...IMAGE_COLUMNS, sql<string | null>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''))`.as('author')])
      .where('shared', '=', true)
      .orderBy('ai_image.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    trx.selectFrom('ai_image').select((eb) => eb.fn.countAll<number>().as('n')).where('shared', '=', true).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => toImage(r as ImageRow, viewer)), total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One of the learner's images with its file key; undefined for another learner's. */
export async function findMyImage(trx: Trx, userId: number, id: number): Promise<(AiImage & { fileKey: string }) | undefined> {
  const row = await trx.selectFrom('ai_image').select([...IMAGE_COLUMNS, 'file_key']).where('ai_image.id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row && { ...toImage(row as ImageRow, userId), fileKey: row.file_key };
}

/** Shares or unshares one of the learner's images. */
export async function setShared(trx: Trx, userId: number, id: number, shared: boolean): Promise<void> {
  await trx.updateTable('ai_image').set({ shared }).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Deletes one of the learner's images. */
export async function deleteImage(trx: Trx, userId: number, id: number): Promise<void> {
  await trx.deleteFrom('ai_image').where('id', '=', id).where('user_id', '=', userId).execute();
}
