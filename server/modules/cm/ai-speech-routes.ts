// Issue 21 part F: the digital human's AI voice (docs/api.md "AI credits"; docs/ai.md F). When the
// tenant's provider settings (part A) name a text-to-speech model, POST /cm/api/ai/speech reads a
// text through the provider's OpenAI-compatible /audio/speech and answers the audio (base64 in the
// envelope). Each reading is charged as `speech` before the provider is asked and refunded when it
// fails or answers nothing; without a TTS model the call says exactly what to configure.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { MAX_SPEECH_TEXT, SpeechBody, SpeechResult } from '../../../schemas/api/ai-credits';
import { withTenant } from '../../db/database';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { requireTenant } from '../../lib/tenant-context';
import { chargeCredits, refundCredits } from '../../lib/ai/credits';
import { providerChoiceFor } from '../../lib/ai/provider';
import { NOT_CONFIGURED } from '../../lib/ai/offline';
import { readBody, safeRequest } from '../../lib/ai/safe-http';

export { MAX_SPEECH_TEXT };
/** The largest audio answer accepted. */
const MAX_AUDIO_BYTES = 8 * 1024 * 1024;

const M = {
  zh: {
    empty: '请输入要朗读的文字。',
    tooLong: (n: number) => `文字太长了（${n} 字），AI 语音一次最多朗读 ${MAX_SPEECH_TEXT} 字。`,
    failed: 'AI 语音服务暂时不可用，本次点数已退回。请稍后再试，或改用浏览器声音。',
    note: (n: number) => `数字人 AI 语音：${n} 字`,
    refund: '语音合成失败，退回点数',
  },
  en: {
    empty: 'Please type the text to read.',
    tooLong: (n: number) => `The text is too long (${n} characters); the AI voice reads up to ${MAX_SPEECH_TEXT} at a time.`,
    failed: 'The AI voice is unavailable right now; your credits were returned. Try again later or use a browser voice.',
    note: (n: number) => `Digital human AI voice: ${n} characters`,
    refund: 'Speech failed; credits returned',
  },
} as const;

export async function aiSpeechRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/cm/api/ai/speech', {
    schema: {
      tags: ['cm'], summary: 'Reads a text aloud with the tenant\'s text-to-speech model (the digital human), charged as speech; refused when no TTS model is set',
      body: SpeechBody, response: { 200: Envelope(SpeechResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const lang = req.body.lang ?? 'zh';
    const text = req.body.text.trim();
    const length = [...text].length;
    if (!length) throw new ApiError(M[lang].empty, { errorCode: 'AI_SPEECH_EMPTY' });
    if (length > MAX_SPEECH_TEXT) throw new ApiError(M[lang].tooLong(length), { errorCode: 'AI_SPEECH_TOO_LONG' });
    await requireTenant(app.db.app, user.tenantId);
    // Charged before the work starts (issue 21 "Credits"), in its own transaction, so the provider's
    // time holds no lock; refunded below when the provider fails or answers nothing.
    const { config, charge } = await withTenant(app.db.app, user.tenantId, async (trx) => {
      const choice = await providerChoiceFor(trx, user.tenantId);
      if (!choice.config?.ttsModel) throw new ApiError(NOT_CONFIGURED.tts[lang], { errorCode: 'AI_NOT_CONFIGURED' });
      return { config: choice.config, charge: await chargeCredits(trx, { userId: user.userId, use: 'speech', note: M[lang].note(length), lang }) };
    });
    let audio: Buffer | null = null;
    let mime = 'audio/mpeg';
    try {
      const res = await safeRequest(new URL(`${config.baseUrl.replace(/\/+$/, '')}/audio/speech`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'audio/*', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({ model: config.ttsModel, input: text, voice: req.body.voice ?? 'alloy', speed: req.body.speed ?? 1, response_format: 'mp3' }),
        idleTimeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate,
      });
      const type = String(res.headers['content-type'] ?? '');
      if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300 && type.startsWith('audio/')) {
        mime = type.split(';')[0]!;
        audio = await readBody(res, MAX_AUDIO_BYTES);
      } else {
        res.resume();
      }
    } catch (error) {
      req.log.warn({ err: error }, 'text-to-speech failed');
    }
    if (!audio || audio.length === 0) {
      await withTenant(app.db.app, user.tenantId, (trx) => refundCredits(trx, { userId: user.userId, ledgerId: charge.ledgerId, note: M[lang].refund }));
      throw new ApiError(M[lang].failed, { code: 502, errorCode: 'AI_SPEECH_FAILED' });
    }
    return ok({ mime, audio: audio.toString('base64'), cost: charge.cost, balance: charge.balance });
  });
}
