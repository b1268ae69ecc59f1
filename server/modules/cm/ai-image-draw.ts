// One drawing request (issue 21 part E; docs/ai.md section E): refused before any charge when the
// tenant's provider cannot draw; else charged per picture (issue 21 "Credits": before the work
// starts), drawn outside any transaction, each picture checked and stored in the upload store, and
// the charge refunded when the provider fails or nothing usable comes back.
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { withTenant } from '../../db/database';
import { ApiError } from '../../plugins/envelope';
import type { AuthUser } from '../../plugins/auth';
import { chargeCredits, refundCredits, type Charge } from '../../lib/ai/credits';
import { AiNotConfiguredError, AiProviderError } from '../../lib/ai/types';
import type { AiImageParams } from '../../db/types-ai-images';
import type { GenerateResult } from '../../../schemas/api/ai-images';
import { findUsableStyle, insertImage } from './ai-image-repository';
import { canDraw, tenantProvider, type ImageStore } from './ai-image-store';
import { IMAGE_MESSAGES as M, type Lang } from './ai-image-messages';

/** How long a drawing may take before it counts as failed. */
const DRAW_TIMEOUT_MS = 180_000;

export interface DrawRequest {
  user: Pick<AuthUser, 'tenantId' | 'userId'>;
  lang: Lang;
  prompt: string;
  negative: string | null;
  size: string;
  count: number;
  styleId: number | null;
  seed: number | null;
}

/** Draws, stores and records the pictures; refunds and refuses with a clear message when it cannot. */
export async function drawImages(app: FastifyInstance, store: ImageStore, req: DrawRequest): Promise<GenerateResult> {
  const { user, lang } = req;
  const tenantId = user.tenantId;
  const prepared = await withTenant(app.db.app, tenantId, async (trx) => {
    const style = req.styleId === null ? null : await findUsableStyle(trx, user.userId, req.styleId);
    if (req.styleId !== null && !style) throw new ApiError(M[lang].styleUnknown, { code: 404, errorCode: 'AI_STYLE_NOT_FOUND' });
    // docs/ai.md E: without an image model the page says what to configure, and nothing is charged.
    if (!(await canDraw(trx, tenantId))) throw new ApiError(M[lang].notConfigured, { errorCode: 'AI_NOT_CONFIGURED' });
    const provider = await tenantProvider(trx, tenantId);
    const charge = await chargeCredits(trx, { userId: user.userId, use: 'image', units: req.count, note: `AI 绘画 ${req.count} 张：${req.prompt.slice(0, 40)}`, lang });
    return { style, provider, charge };
  });
  const { style, provider, charge } = prepared;
  const refund = (why: string, ledgerId = charge.ledgerId) => withTenant(app.db.app, tenantId, (trx) => refundCredits(trx, { userId: user.userId, ledgerId, note: why }));

  const stored: { key: string; url: string; mime: 'image/png' | 'image/jpeg' | 'image/webp'; bytes: number }[] = [];
  // A failure after some pictures were stored leaves no row pointing at them: they go too.
  const removeStored = () => Promise.all(stored.map((file) => store.remove(file.key)
    .catch((error: unknown) => app.log.error({ err: error, key: file.key }, 'Removing a drawn picture after a failure did not work.'))));
  try {
    const pictures = await provider.images({
      prompt: req.prompt, size: req.size, count: req.count, signal: AbortSignal.timeout(DRAW_TIMEOUT_MS),
      ...(req.negative ? { negativePrompt: req.negative } : {}), ...(style ? { style: style.prompt } : {}),
    });
    for (const picture of pictures.slice(0, req.count)) {
      const saved = await store.save(tenantId, picture);
      if (saved) stored.push(saved);
    }
  } catch (error) {
    await removeStored();
    await refund('图片生成失败，退回点数');
    throw refusal(error, lang, app.log);
  }
  if (stored.length === 0) {
    await refund('没有生成可用的图片，退回点数');
    throw new ApiError(M[lang].empty, { code: 502, errorCode: 'AI_PROVIDER_EMPTY' });
  }
  // Fewer pictures than paid for: the missing ones are given back by a partial charge (refund, then charge what came).
  let paid: Charge = charge;
  if (stored.length < req.count) {
    paid = await withTenant(app.db.app, tenantId, async (trx) => {
      await refundCredits(trx, { userId: user.userId, ledgerId: charge.ledgerId, note: `只生成了 ${stored.length} 张，退回点数后按实际张数扣除` });
      return chargeCredits(trx, { userId: user.userId, use: 'image', units: stored.length, note: `AI 绘画 ${stored.length} 张：${req.prompt.slice(0, 40)}`, lang });
    });
  }
  const params: AiImageParams = { count: req.count, ...(req.seed !== null ? { seed: req.seed } : {}) };
  try {
    const images = await withTenant(app.db.app, tenantId, (trx) => Promise.all(stored.map((file) => insertImage(trx, tenantId, user.userId, {
      prompt: req.prompt, negativePrompt: req.negative, size: req.size, styleId: style?.id ?? null, styleName: style?.name ?? null, params,
      fileKey: file.key, url: file.url, mime: file.mime, bytes: file.bytes,
    }))));
    return { images, cost: paid.cost, balance: paid.balance };
  } catch (error) {
    // docs/ai.md E: the charge is refunded when no usable picture comes back; unrecorded pictures are none.
    await removeStored();
    await refund('图片保存失败，退回点数', paid.ledgerId);
    throw error;
  }
}

/** The learner-facing refusal for a provider's failure. */
function refusal(error: unknown, lang: Lang, log: FastifyBaseLogger): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AiNotConfiguredError) return new ApiError(M[lang].notConfigured, { errorCode: 'AI_NOT_CONFIGURED' });
  if (error instanceof AiProviderError) return new ApiError(M[lang].failed(error.message), { code: 502, errorCode: 'AI_PROVIDER_FAILED' });
  log.error({ err: error }, 'AI drawing failed');
  const why = lang === 'en' ? 'the AI service did not answer usably' : 'AI 服务没有正常返回';
  return new ApiError(M[lang].failed(why), { code: 502, errorCode: 'AI_PROVIDER_FAILED' });
}
