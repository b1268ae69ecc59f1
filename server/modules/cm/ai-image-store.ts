// Where part E's generated images go: the portal's upload store (server/lib/object-store.ts: the
// local folder served at /uploads/, or the S3 bucket), under the same key shape as uploads, so
// they are served, backed up and moved like every other upload. And the tenant's provider as
// part E's calls see it.
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { matchesSignature } from '../../lib/file-signature';
import { LocalObjectStore, parseUploadKey, uploadKey, type ObjectStore } from '../../lib/object-store';
import { providerChoiceFor, providerFor } from '../../lib/ai/provider';
import type { AiProvider, GeneratedImage } from '../../lib/ai/types';

/** The largest generated image we keep (a 1792x1024 PNG is a few MB). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageMime = keyof typeof EXT;

/** What part E needs from the upload store. */
export interface ImageStore {
  /** Stores one generated image under a fresh key; undefined when its bytes are not the image type it claims. */
  save(tenantId: number, image: GeneratedImage): Promise<{ key: string; url: string; mime: ImageMime; bytes: number } | undefined>;
  /** Removes a stored image from the folder or the bucket. */
  remove(key: string): Promise<void>;
  /** Whether `url` is an upload of this tenant (a style's reference image). */
  isTenantUpload(tenantId: number, url: string): boolean;
}

/** The image store over the portal's object store (or the local folder `uploadDir`). */
export function imageStore(opts: { uploadDir?: string | undefined; objectStore?: ObjectStore | undefined }): ImageStore | null {
  const store = opts.objectStore ?? (opts.uploadDir ? new LocalObjectStore({ root: opts.uploadDir, publicPrefix: '/uploads/' }) : null);
  if (!store) return null;
  return {
    async save(tenantId, image) {
      const mime = (Object.keys(EXT) as ImageMime[]).find((m) => m === image.mime.toLowerCase());
      const bytes = Buffer.from(image.bytes);
      // The provider's bytes must be the picture they claim to be, as an upload's must (issue 14 point 19).
      if (!mime || bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES || !matchesSignature(mime, bytes.subarray(0, 16))) return undefined;
      const key = uploadKey(tenantId, EXT[mime]);
      await store.put(key, Readable.from([bytes]), { maxBytes: IMAGE_MAX_BYTES, contentType: mime });
      return { key, url: store.publicUrl(key), mime, bytes: bytes.length };
    },
    async remove(key) {
      if (parseUploadKey(key)) await store.remove(key);
    },
    isTenantUpload(tenantId, url) {
      const at = url.indexOf(`u/${tenantId}/`);
      if (at < 0) return false;
      const key = url.slice(at);
      return parseUploadKey(key)?.tenantId === tenantId && store.publicUrl(key) === url;
    },
  };
}

/** The tenant's provider (part A: its own settings, the deployment default, else offline). */
export async function tenantProvider(trx: Transaction<DB>, tenantId: number): Promise<AiProvider> {
  return providerFor(trx, tenantId);
}

/** Whether the tenant's provider draws: an OpenAI-compatible provider with an image model (as GET /cm/api/ai/capabilities says). */
export async function canDraw(trx: Transaction<DB>, tenantId: number): Promise<boolean> {
  const choice = await providerChoiceFor(trx, tenantId);
  return choice.provider.kind === 'openai' && Boolean(choice.config?.imageModel);
}
