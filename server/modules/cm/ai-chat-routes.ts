// Issue 21 part C (docs/ai.md C; docs/api.md "AI conversations"): streamed answers (SSE) with
// stop and retry, feedback on an answer, and renaming a conversation. The old POST
// /cm/api/robot/ask stays for API clients; the talk page uses these.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { ChatFeedbackBody, ChatRenameBody, ChatRetryBody, ChatStreamBody, CHAT_EVENTS } from '../../../schemas/api/ai-chat';
import { withTenant } from '../../db/database';
import { chargeCredits } from '../../lib/ai/credits';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, requireTenant } from '../../lib/tenant-context';
import { historyOf, insertExchange, lastExchange, rateAnswer, renameConversation, startRetry } from './ai-chat-repository';
import { streamAnswer, type AnswerJob } from './ai-chat-stream';
import { loadAssistant } from './ai-assistant-repository';
import { findConversation, insertConversation, takeAskPlace } from './robot-repository';
import { ASK_MESSAGES, GUEST_ASKS, LIMIT_MINUTES, MAX_MESSAGES, MAX_QUESTION, USER_ASKS } from './robot-routes';

type Lang = 'zh' | 'en';
export const MAX_TITLE = 100;
export const MAX_REASON = 200;

const MESSAGES = {
  zh: {
    ...ASK_MESSAGES.zh,
    noAssistant: '这个助手不存在或已停用，请换一个助手。',
    nothingToRetry: '这个对话还没有可以重新生成的回答。',
    noAnswer: '这条回答不存在，或不在你的对话里。',
    title: `标题需要 1 到 ${MAX_TITLE} 个字。`,
    reason: `原因请写在 ${MAX_REASON} 个字以内。`,
    charge: (q: string) => `AI 回答：${q}`,
  },
  en: {
    ...ASK_MESSAGES.en,
    noAssistant: 'This assistant does not exist or is switched off; please choose another.',
    nothingToRetry: 'This conversation has no answer to make again yet.',
    noAnswer: 'This answer does not exist or is not in your conversations.',
    title: `A title needs 1 to ${MAX_TITLE} characters.`,
    reason: `Please keep the reason within ${MAX_REASON} characters.`,
    charge: (q: string) => `AI answer: ${q}`,
  },
} as const;

const notFound = (lang: Lang) => new ApiError(MESSAGES[lang].noConversation, { code: 404, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });
const chars = (text: string) => [...text].length;
const noteOf = (lang: Lang, question: string) => MESSAGES[lang].charge([...question].slice(0, 60).join(''));

/** cm: the streamed conversation calls. */
export async function aiChatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/cm/api/ai/chat/stream', {
    schema: {
      tags: ['cm'], summary: 'Ask the assistant; the answer streams as server-sent events and is kept for signed-in learners (charged one answer)',
      description: CHAT_EVENTS, body: ChatStreamBody,
    },
  }, async (req, reply) => {
    const { tenantId, conversationId } = req.body;
    const lang: Lang = req.body.lang ?? 'zh';
    const question = req.body.question.trim();
    const length = chars(question);
    if (!length) throw new ApiError(MESSAGES[lang].empty, { errorCode: 'ROBOT_QUESTION_EMPTY' });
    if (length > MAX_QUESTION) throw new ApiError(MESSAGES[lang].tooLong(length), { errorCode: 'ROBOT_QUESTION_TOO_LONG' });
    const tenant = await requireTenant(app.db.app, tenantId);
    // Guests may ask (not kept, not charged); a token of another tenant counts as no sign-in here.
    const user = req.user?.tenantId === tenantId ? req.user : null;

    // One transaction: the checks, the limits, the charge and the saved question stand or fall together.
    const job = await withTenant(app.db.app, tenantId, async (trx): Promise<AnswerJob> => {
      let assistantId = user && conversationId ? null : (req.body.assistantId ?? null);
      let conversation: { id: number; title: string } | null = null;
      if (user && conversationId) {
        const found = await findConversation(trx, user.userId, conversationId);
        if (!found) throw notFound(lang);
        if (found.messageCount >= MAX_MESSAGES) throw new ApiError(MESSAGES[lang].full, { errorCode: 'ROBOT_CONVERSATION_FULL' });
        conversation = found;
        assistantId = found.assistantId;
      }
      // A deleted or switched-off assistant of a kept conversation falls back to the default.
      const assistant = assistantId ? await loadAssistant(trx, assistantId) : null;
      if (req.body.assistantId && !conversation && !assistant) throw new ApiError(MESSAGES[lang].noAssistant, { code: 404, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
      // spec (issue 21): guests keep the robot_ask limits; signed-in learners pay credits (and keep a generous limit).
      const allowed = await takeAskPlace(trx, tenantId, { address: req.ip, userId: user?.userId ?? null }, user ? USER_ASKS : GUEST_ASKS, LIMIT_MINUTES);
      if (!allowed) throw new ApiError(MESSAGES[lang].limited, { code: 429, errorCode: 'ROBOT_RATE_LIMITED' });
      const base = { tenantId, site: tenant.name, lang, question, assistant };
      if (!user) {
        return { ...base, history: [], kept: null, meta: { conversationId: null, conversationTitle: null, questionId: null, answerId: null, cost: null, balance: null, version: 1 } };
      }
      const charge = await chargeCredits(trx, { userId: user.userId, use: 'answer', note: noteOf(lang, question), lang });
      conversation ??= await insertConversation(trx, tenantId, user.userId, question, assistant?.id ?? null);
      const { started, ...ids } = await insertExchange(trx, tenantId, conversation.id, question);
      const history = await historyOf(trx, conversation.id, ids.questionId);
      return {
        ...base, history, kept: { userId: user.userId, charge, answerId: ids.answerId, started },
        meta: { conversationId: conversation.id, conversationTitle: conversation.title, ...ids, cost: charge.cost, balance: charge.balance, version: 1 },
      };
    });
    await streamAnswer(app, req, reply, job);
    return reply;
  });

  r.post('/cm/api/ai/chat/retry', {
    schema: {
      tags: ['cm'], summary: 'Makes the last answer of one of your conversations again (streamed as /cm/api/ai/chat/stream); the earlier answer is kept in its versions',
      description: CHAT_EVENTS, body: ChatRetryBody,
    },
  }, async (req, reply) => {
    const user = requireUser(req, req.body.tenantId);
    const lang: Lang = req.body.lang ?? 'zh';
    const tenantId = user.tenantId;
    const tenant = await requireTenant(app.db.app, tenantId);
    const job = await withTenant(app.db.app, tenantId, async (trx): Promise<AnswerJob> => {
      const conversation = await findConversation(trx, user.userId, req.body.conversationId);
      if (!conversation) throw notFound(lang);
      // The per-user lock (takeAskPlace) before reading the last answer: a double-clicked retry
      // reads the first one's new version, never the same answer twice (finishAnswer keeps each
      // stream to its own version; a replaced one is refunded).
      const allowed = await takeAskPlace(trx, tenantId, { address: req.ip, userId: user.userId }, USER_ASKS, LIMIT_MINUTES);
      if (!allowed) throw new ApiError(MESSAGES[lang].limited, { code: 429, errorCode: 'ROBOT_RATE_LIMITED' });
      const last = await lastExchange(trx, conversation.id);
      if (!last) throw new ApiError(MESSAGES[lang].nothingToRetry, { errorCode: 'AI_CHAT_NOTHING_TO_RETRY' });
      const charge = await chargeCredits(trx, { userId: user.userId, use: 'answer', note: noteOf(lang, last.question.text), lang });
      const assistant = conversation.assistantId ? await loadAssistant(trx, conversation.assistantId) : null;
      const { version, started } = await startRetry(trx, last.answer);
      return {
        tenantId, site: tenant.name, lang, question: last.question.text, assistant,
        history: await historyOf(trx, conversation.id, last.question.id),
        kept: { userId: user.userId, charge, answerId: last.answer.id, started },
        meta: {
          conversationId: conversation.id, conversationTitle: conversation.title, questionId: last.question.id, answerId: last.answer.id,
          cost: charge.cost, balance: charge.balance, version,
        },
      };
    });
    await streamAnswer(app, req, reply, job);
    return reply;
  });

  r.post('/cm/api/ai/chat/feedback', {
    schema: {
      tags: ['cm'], summary: 'Rates an answer in one of your conversations: up, down (with an optional reason) or null to take it back',
      body: ChatFeedbackBody, response: { 200: Envelope(Type.Boolean()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const lang: Lang = req.body.lang ?? 'zh';
    const reason = req.body.value === 'down' ? (req.body.reason ?? '').trim() || null : null;
    if (reason && chars(reason) > MAX_REASON) throw new ApiError(MESSAGES[lang].reason, { errorCode: 'AI_FEEDBACK_REASON_TOO_LONG' });
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      if (!(await rateAnswer(trx, user.userId, req.body.messageId, req.body.value, reason))) {
        throw new ApiError(MESSAGES[lang].noAnswer, { code: 404, errorCode: 'AI_CHAT_MESSAGE_NOT_FOUND' });
      }
      return true;
    }));
  });

  r.post('/cm/api/ai/chat/rename', {
    schema: {
      tags: ['cm'], summary: 'Renames one of your conversations (1 to 100 characters)',
      body: ChatRenameBody, response: { 200: Envelope(Type.Boolean()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const lang: Lang = req.body.lang ?? 'zh';
    const title = req.body.title.replace(/\s+/g, ' ').trim();
    if (!title || chars(title) > MAX_TITLE) throw new ApiError(MESSAGES[lang].title, { errorCode: 'AI_CHAT_TITLE_INVALID' });
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      if (!(await renameConversation(trx, user.userId, req.body.id, title))) throw notFound(lang);
      return true;
    }));
  });
}
