// Issue 21 part E: drawing (/robot/pic, /mjpic/custom), the gallery and the tenant's showcase
// (/mjpic) and saved styles (/mjpic/training); the writing help's calls are registered from here
// (ai-writing-routes.ts). Spec learning §2 "AI area" and "Drawing" name the routes only; the rules
// are ours (docs/ai.md section E, docs/api.md "Issue 21 E").
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { creditRules, creditSummary } from '../../lib/ai/credits';
import type { ObjectStore } from '../../lib/object-store';
import {
  AiImage, AiStyle, GenerateBody, GenerateResult, IMAGE_MAX_COUNT, IMAGE_SIZES, ImageIdBody, ImageListQuery, ImageOptions, ImageOptionsQuery,
  NEGATIVE_MAX, PROMPT_MAX, ShareBody, STYLE_NAME_MAX, STYLE_PROMPT_MAX, STYLE_REFERENCES_MAX, StyleList, StyleListQuery, StyleSaveBody,
} from '../../../schemas/api/ai-images';
import {
  deleteImage, deleteStyle, findMyImage, findOwnStyle, findUsableStyle, listMyImages, listShowcase, listStyles, saveStyle, setShared, styleNameTaken,
} from './ai-image-repository';
import { canDraw, imageStore } from './ai-image-store';
import { drawImages } from './ai-image-draw';
import { aiWritingRoutes } from './ai-writing-routes';
import { IMAGE_MESSAGES as M, type Lang } from './ai-image-messages';

/** What app.ts gives cm for part E: the portal's upload store. */
export interface AiImageRouteOptions {
  uploadDir?: string | undefined;
  objectStore?: ObjectStore | undefined;
}

const chars = (s: string) => [...s].length;
const langOf = (body: { lang?: Lang | undefined }): Lang => body.lang ?? 'zh';

/** Issue 21 part E: writing help, image generation, the gallery, custom parameters and saved styles. */
export async function aiImageRoutes(app: FastifyInstance, opts: AiImageRouteOptions = {}): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const store = imageStore(opts);
  await app.register(aiWritingRoutes);

  r.get('/cm/api/ai/image/options', {
    schema: {
      tags: ['cm'], summary: 'AI drawing (ours): whether the tenant\'s provider draws (and if not, what to configure), the sizes, prices and the caller\'s balance',
      querystring: ImageOptionsQuery, response: { 200: Envelope(ImageOptions) },
    },
  }, async (req) => {
    const { tenantId } = req.query;
    const lang = langOf(req.query);
    const user = req.user?.tenantId === tenantId ? req.user : null;
    return ok(await readTenant(app, tenantId, async (trx) => {
      const images = store !== null && await canDraw(trx, tenantId);
      const summary = user ? await creditSummary(trx, user.userId, lang) : null;
      const rules = summary?.rules ?? await creditRules(trx, tenantId);
      return {
        images, message: images ? null : (store ? M[lang].notConfigured : M[lang].noStore),
        sizes: [...IMAGE_SIZES], maxCount: IMAGE_MAX_COUNT, price: rules.prices.image, writingPrice: rules.prices.writing, balance: summary?.balance ?? null,
      };
    }));
  });

  r.post('/cm/api/ai/image/generate', {
    schema: {
      tags: ['cm'], summary: 'AI drawing (ours): 1–4 pictures from a prompt through the tenant\'s provider, charged per picture before drawing and refunded when it fails; stored in the upload store',
      body: GenerateBody, response: { 200: Envelope(GenerateResult) },
    },
  }, async (req) => {
    const lang = langOf(req.body);
    const user = requireUser(req, req.body.tenantId);
    const prompt = req.body.prompt.trim();
    const negative = req.body.negativePrompt?.trim() || null;
    if (!prompt) throw new ApiError(M[lang].promptEmpty, { errorCode: 'AI_PROMPT_EMPTY' });
    if (chars(prompt) > PROMPT_MAX) throw new ApiError(M[lang].promptLong(chars(prompt)), { errorCode: 'AI_PROMPT_TOO_LONG' });
    if (negative && chars(negative) > NEGATIVE_MAX) throw new ApiError(M[lang].negativeLong(chars(negative)), { errorCode: 'AI_PROMPT_TOO_LONG' });
    if (!store) throw new ApiError(M[lang].noStore, { code: 503, errorCode: 'AI_NOT_CONFIGURED' });
    const images = await drawImages(app, store, { user, lang, prompt, negative, size: req.body.size, count: req.body.count, styleId: req.body.styleId ?? null, seed: req.body.seed ?? null });
    return ok(images);
  });

  r.get('/cm/api/ai/image/mine', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): a page of the caller\'s images, newest first', querystring: ImageListQuery, response: { 200: Envelope(Paged(AiImage)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 20 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listMyImages(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/cm/api/ai/image/showcase', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): a page of the tenant\'s showcase, images its learners chose to share, newest first (guests too)', querystring: ImageListQuery, response: { 200: Envelope(Paged(AiImage)) } },
  }, async (req) => {
    const { tenantId, pageNo = 1, pageSize = 20 } = req.query;
    const viewer = req.user?.tenantId === tenantId ? req.user.userId : null;
    return ok(await readTenant(app, tenantId, (trx) => listShowcase(trx, viewer, { pageNo, pageSize })));
  });

  r.post('/cm/api/ai/image/share', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): shows one of the caller\'s images in the tenant\'s showcase, or takes it out', body: ShareBody, response: { 200: Envelope(AiImage) } },
  }, async (req) => {
    const lang = langOf(req.body);
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const found = await findMyImage(trx, user.userId, req.body.id);
      if (!found) throw new ApiError(M[lang].imageMissing, { code: 404, errorCode: 'AI_IMAGE_NOT_FOUND' });
      await setShared(trx, user.userId, found.id, req.body.shared);
      const { fileKey: _key, ...image } = found;
      return { ...image, shared: req.body.shared };
    }), req.body.shared ? M[lang].shared : M[lang].unshared);
  });

  r.post('/cm/api/ai/image/delete', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): deletes one of the caller\'s images and its file', body: ImageIdBody, response: { 200: Envelope(Type.Boolean()) } },
  }, async (req) => {
    const lang = langOf(req.body);
    const user = requireUser(req, req.body.tenantId);
    const key = await readTenant(app, user.tenantId, async (trx) => {
      const found = await findMyImage(trx, user.userId, req.body.id);
      if (!found) throw new ApiError(M[lang].imageMissing, { code: 404, errorCode: 'AI_IMAGE_NOT_FOUND' });
      await deleteImage(trx, user.userId, found.id);
      return found.fileKey;
    });
    // After the row is gone: the learner's delete stands even when the file's removal fails (the
    // folder or bucket is unreachable); the log names the key for the operator to remove.
    await store?.remove(key).catch((error: unknown) => req.log.warn({ err: error, key }, 'a deleted AI image\'s file could not be removed'));
    return ok(true, M[lang].deleted);
  });

  r.get('/cm/api/ai/style/list', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): the tenant\'s preset styles, then the caller\'s saved styles ("training", /mjpic/training)', querystring: StyleListQuery, response: { 200: Envelope(StyleList) } },
  }, async (req) => {
    const { tenantId } = req.query;
    const viewer = req.user?.tenantId === tenantId ? req.user.userId : null;
    return ok({ list: await readTenant(app, tenantId, (trx) => listStyles(trx, viewer)) });
  });

  r.post('/cm/api/ai/style/save', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): saves a new style of the caller\'s or edits one (a name, a style prompt, up to 4 uploaded reference images)', body: StyleSaveBody, response: { 200: Envelope(AiStyle) } },
  }, async (req) => {
    const lang = langOf(req.body);
    const user = requireUser(req, req.body.tenantId);
    const name = req.body.name.trim();
    const prompt = req.body.prompt.trim();
    const refs = [...new Set((req.body.referenceUrls ?? []).map((u) => u.trim()).filter(Boolean))];
    if (!name || chars(name) > STYLE_NAME_MAX) throw new ApiError(M[lang].styleName, { errorCode: 'AI_STYLE_INVALID' });
    if (!prompt || chars(prompt) > STYLE_PROMPT_MAX) throw new ApiError(M[lang].stylePrompt(chars(prompt)), { errorCode: 'AI_STYLE_INVALID' });
    if (refs.length > STYLE_REFERENCES_MAX) throw new ApiError(M[lang].styleRefs, { errorCode: 'AI_STYLE_INVALID' });
    const foreign = refs.find((u) => !store?.isTenantUpload(user.tenantId, u));
    if (foreign) throw new ApiError(M[lang].styleRefForeign(foreign), { errorCode: 'AI_STYLE_INVALID' });
    const id = req.body.id ?? null;
    const taken = () => new ApiError(M[lang].styleTaken(name), { code: 409, errorCode: 'AI_STYLE_NAME_TAKEN' });
    try {
      return ok(await readTenant(app, user.tenantId, async (trx) => {
        if (id !== null && !(await findOwnStyle(trx, user.userId, id))) throw new ApiError(M[lang].styleMissing, { code: 404, errorCode: 'AI_STYLE_NOT_FOUND' });
        if (await styleNameTaken(trx, user.userId, name, id)) throw taken();
        return saveStyle(trx, user.tenantId, user.userId, id, { name, prompt, referenceUrls: refs });
      }), M[lang].styleSaved);
    } catch (error) {
      // Two saves of one name at once both pass the check above; the unique index refuses the
      // second, which is the same refusal, not a server error (tests/server/fuzz.test.ts's parallel
      // calls hit it; an inject-only test did not reproduce the interleaving).
      if ((error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'ai_style_name') throw taken();
      throw error;
    }
  });

  r.post('/cm/api/ai/style/delete', {
    schema: { tags: ['cm'], summary: 'AI drawing (ours): deletes one of the caller\'s styles (presets cannot be); images drawn with it keep its name', body: ImageIdBody, response: { 200: Envelope(Type.Boolean()) } },
  }, async (req) => {
    const lang = langOf(req.body);
    const user = requireUser(req, req.body.tenantId);
    await readTenant(app, user.tenantId, async (trx) => {
      if (!(await deleteStyle(trx, user.userId, req.body.id))) {
        const preset = await findUsableStyle(trx, user.userId, req.body.id);
        throw preset
          ? new ApiError(M[lang].presetLocked, { code: 403, errorCode: 'AI_STYLE_PRESET' })
          : new ApiError(M[lang].styleMissing, { code: 404, errorCode: 'AI_STYLE_NOT_FOUND' });
      }
    });
    return ok(true, M[lang].styleDeleted);
  });

}
