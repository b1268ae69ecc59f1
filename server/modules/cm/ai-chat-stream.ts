// Streams one answer (issue 21 part C; docs/ai.md C "Streaming"): the checks and the charge are
// done by the caller (ai-chat-routes.ts); this searches the material, builds the messages, forwards
// the provider's pieces as `delta` events, and saves the answer as it ends (complete, stopped when
// the learner went away, failed when the provider failed), refunding when nothing was written.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withTenant } from '../../db/database';
import { refundCredits, type Charge } from '../../lib/ai/credits';
import { composeAnswer } from '../../lib/ai/offline-answer';
import { providerFor } from '../../lib/ai/provider';
import { aiErrorText } from '../../lib/ai/provider-errors';
import { openSse } from '../../lib/ai/sse';
import { MAX_ANSWER_CHARS, type AiProvider, type ChatMessage, type Passage, type PassageKind } from '../../lib/ai/types';
import type { RobotLink } from '../../../schemas/api/cm/robot';
import type { ChatMeta } from '../../../schemas/api/ai-chat';
import { finishAnswer, type AnswerState } from './ai-chat-repository';
import { searchPassages } from './ai-index-search';

type Lang = 'zh' | 'en';

/** The default system prompt when the conversation has no assistant. */
export const DEFAULT_PROMPT = {
  zh: (site: string) => `你是“${site}”学习平台的学习助手。只根据“资料”回答问题，不要编造资料里没有的信息；资料不足以回答时，直接说明。用简体中文回答，简洁，使用纯文本。`,
  en: (site: string) => `You are the learning assistant of the "${site}" learning portal. Answer only from the "Material" and never invent facts it does not contain; if it is not enough, say so. Answer in English, briefly, in plain text.`,
};

/** What one streamed answer needs. */
export interface AnswerJob {
  tenantId: number;
  site: string;
  lang: Lang;
  question: string;
  /** Earlier turns of the conversation, oldest first (not including this question). */
  history: ChatMessage[];
  /** The assistant's system prompt and catalogue kinds, or null for the default. */
  assistant: { systemPrompt: string; kinds: PassageKind[] } | null;
  /** Signed in: the user, the charge, the answer row and the version it writes (`started`); null for guests (nothing kept, nothing charged). */
  kept: { userId: number; charge: Charge; answerId: number; started: string } | null;
  meta: Omit<ChatMeta, 'provider'>;
}

/** The material as the user message's first part, then the question. */
function userTurn(question: string, material: string, lang: Lang): string {
  if (!material) return question;
  return lang === 'zh' ? `资料：\n${material}\n\n问题：${question}` : `Material:\n${material}\n\nQuestion: ${question}`;
}

/** Runs the job on an opened event stream; resolves when the stream has ended. */
export async function streamAnswer(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, job: AnswerJob): Promise<void> {
  const { tenantId, lang, question } = job;
  let prepared: { material: Passage[]; provider: AiProvider };
  try {
    prepared = await withTenant(app.db.app, tenantId, async (trx) => ({
      material: await searchPassages(trx, { text: question, ...(job.assistant?.kinds.length ? { kinds: job.assistant.kinds } : {}), limit: 6 }),
      provider: await providerFor(trx, tenantId),
    }));
  } catch (error) {
    // docs/ai.md C: "A charge is refunded when no text came": the charge committed with the
    // question, and this failure ends the request before any answer.
    const kept = job.kept;
    if (kept) {
      await withTenant(app.db.app, tenantId, (trx) => refundCredits(trx, { userId: kept.userId, ledgerId: kept.charge.ledgerId, note: lang === 'zh' ? 'AI 回答失败，退回点数' : 'AI answer failed; credits returned' }))
        .catch((refundError: unknown) => req.log.error({ err: refundError }, 'Refunding an answer whose preparation failed did not work.'));
    }
    throw error;
  }
  const { material, provider } = prepared;
  const sse = openSse(req, reply);
  sse.send('meta', { ...job.meta, provider: provider.kind } satisfies ChatMeta);

  const materialText = material.map((p) => `【${p.title}】(${p.link})\n${p.text}`).join('\n\n');
  const system = job.assistant?.systemPrompt.trim() || DEFAULT_PROMPT[lang](job.site);
  const messages: ChatMessage[] = [{ role: 'system', content: system }, ...job.history, { role: 'user', content: userTurn(question, materialText, lang) }];
  // The links are the same for both providers: the retrieved items (or where to look when none).
  const links: RobotLink[] = composeAnswer(question, material, lang).links
    .map((l) => ({ kind: 'link', id: null, title: l.title, purpose: null, path: l.path }));

  let text = '';
  let state: AnswerState = 'complete';
  let failure: unknown = null;
  try {
    for await (const piece of provider.chat({ messages, task: { kind: 'answer' }, material, input: question, lang, signal: sse.signal })) {
      if (sse.signal.aborted) break;
      const room = MAX_ANSWER_CHARS - text.length;
      const part = piece.slice(0, Math.max(0, room));
      if (part) {
        text += part;
        sse.send('delta', { text: part });
      }
      if (part.length < piece.length) break;
    }
    if (sse.signal.aborted) state = 'stopped';
  } catch (error) {
    if (sse.signal.aborted) state = 'stopped';
    else {
      state = 'failed';
      failure = error;
      req.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'The AI provider failed while streaming an answer.');
    }
  }
  // Nothing usable came: a failed answer says why; either way the charge goes back.
  if (state === 'complete' && !text.trim()) {
    state = 'failed';
    failure = new Error('empty');
  }
  if (state === 'complete' || text) sse.send('links', { links });

  if (job.kept) {
    const kept = job.kept;
    await withTenant(app.db.app, tenantId, async (trx) => {
      const saved = await finishAnswer(trx, { id: kept.answerId, started: kept.started }, { text, links: state === 'complete' || text ? links : [], provider: provider.kind, state });
      // docs/ai.md C: a charge is refunded when the provider failed or produced nothing (a stop with no text too).
      if (!text.trim() && state !== 'complete') {
        await refundCredits(trx, { userId: kept.userId, ledgerId: kept.charge.ledgerId, note: lang === 'zh' ? 'AI 回答失败，退回点数' : 'AI answer failed; credits returned' });
      } else if (!saved) {
        // A retry replaced this version while it streamed: its text is not kept, so neither is its charge.
        await refundCredits(trx, { userId: kept.userId, ledgerId: kept.charge.ledgerId, note: lang === 'zh' ? '回答已被重新生成替换，退回点数' : 'Answer replaced by a retry; credits returned' });
      }
    }).catch((error: unknown) => req.log.error({ err: error }, 'Saving a streamed answer failed.'));
  }
  if (failure) {
    const refunded = !!job.kept && !text.trim();
    const base = failure instanceof Error && failure.message === 'empty'
      ? (lang === 'zh' ? 'AI 服务没有给出回答。' : 'The AI service gave no answer.')
      : aiErrorText(failure, lang);
    const note = refunded ? (lang === 'zh' ? '本次点数已退回。' : 'The credits were returned.') : '';
    sse.send('error', { message: `${base}${note ? (lang === 'zh' ? note : ` ${note}`) : ''}`, errorCode: 'AI_PROVIDER_FAILED' });
  }
  sse.send('done', { state, answerId: job.kept?.answerId ?? null });
  sse.end();
}
