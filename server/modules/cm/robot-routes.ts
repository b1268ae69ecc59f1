// The AI area's assistant (spec learning §2 "AI area": /robot/talk/{id?} and the login-required
// /robot/my/{id?}). The spec shows no calls for it; these live under /cm/api because the assistant
// answers from the cm material (help articles, courses, subjects, contents) and its conversations
// are a learner's cm data like favourites and comments (docs/api.md "AI assistant").
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { chargeCredits, refundCredits } from '../../lib/ai/credits';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { requireTenant, readTenant } from '../../lib/tenant-context';
import { materialOf, retrievalAnswer, type Lang } from './robot-answer';
import { providerAnswer, providerFromEnv } from './robot-provider';
import {
  appendExchange, deleteConversation, findConversation, insertConversation, listMessages, searchConversations, takeAskPlace,
} from './robot-repository';
import { retrieve, type ExamSearch } from './robot-retrieval';
import {
  AskBody, AskResult, ConversationDetail, ConversationIdBody, ConversationIdQuery, ConversationItem, ConversationListQuery,
} from '../../../schemas/api/cm/robot';

/** The longest question, in characters. */
export const MAX_QUESTION = 500;
/** Questions per 10 minutes: per address for guests, per user when signed in. */
export const GUEST_ASKS = 20;
export const USER_ASKS = 60;
export const LIMIT_MINUTES = 10;
/** Messages a conversation holds at most (100 questions with their answers). */
export const MAX_MESSAGES = 200;

/** The asking refusals, shared with the streamed chat (ai-chat-routes.ts). */
export const ASK_MESSAGES = {
  zh: {
    empty: '请输入你的问题。',
    tooLong: (n: number) => `问题太长了（${n} 个字），请精简到 ${MAX_QUESTION} 个字以内再问。`,
    limited: `提问太频繁了，请 ${LIMIT_MINUTES} 分钟后再试。`,
    noConversation: '这个对话不存在或已被删除，请开始新的对话。',
    full: '这个对话已经很长了，请开始新的对话。',
    charge: (q: string) => `AI 回答：${q}`,
    refund: 'AI 回答失败，退回点数',
  },
  en: {
    empty: 'Please type a question.',
    tooLong: (n: number) => `The question is too long (${n} characters); please keep it within ${MAX_QUESTION}.`,
    limited: `Too many questions; please try again in ${LIMIT_MINUTES} minutes.`,
    noConversation: 'This conversation does not exist or was deleted; please start a new one.',
    full: 'This conversation is already very long; please start a new one.',
    charge: (q: string) => `AI answer: ${q}`,
    refund: 'AI answer failed; credits returned',
  },
} as const;
const MESSAGES = ASK_MESSAGES;

const notFound = (lang: Lang) => new ApiError(MESSAGES[lang].noConversation, { code: 404, errorCode: 'ROBOT_CONVERSATION_NOT_FOUND' });

/** What the assistant needs from other services, given by app.ts through cm's entry (issue 14 point 5). */
export interface RobotRouteOptions {
  /** exam's search of published exams: the assistant links exams too. */
  searchExams: ExamSearch;
}

/** cm: the assistant; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function robotRoutes(app: FastifyInstance, opts: RobotRouteOptions): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/cm/api/robot/ask', {
    schema: {
      tags: ['cm'], summary: 'Ask the assistant: an answer from the tenant\'s help articles with links to matching catalogue items; stored for signed-in users',
      body: AskBody, response: { 200: Envelope(AskResult) },
    },
  }, async (req) => {
    const { tenantId, conversationId } = req.body;
    const lang: Lang = req.body.lang ?? 'zh';
    const question = req.body.question.trim();
    const length = [...question].length;
    if (!length) throw new ApiError(MESSAGES[lang].empty, { errorCode: 'ROBOT_QUESTION_EMPTY' });
    if (length > MAX_QUESTION) throw new ApiError(MESSAGES[lang].tooLong(length), { errorCode: 'ROBOT_QUESTION_TOO_LONG' });
    const tenant = await requireTenant(app.db.app, tenantId);
    // Guests may ask; a token of another tenant counts as no sign-in here.
    const user = req.user?.tenantId === tenantId ? req.user : null;

    const charge = await withTenant(app.db.app, tenantId, async (trx) => {
      if (user && conversationId) {
        const found = await findConversation(trx, user.userId, conversationId);
        if (!found) throw notFound(lang);
        if (found.messageCount >= MAX_MESSAGES) throw new ApiError(MESSAGES[lang].full, { errorCode: 'ROBOT_CONVERSATION_FULL' });
      }
      const allowed = await takeAskPlace(trx, tenantId, { address: req.ip, userId: user?.userId ?? null }, user ? USER_ASKS : GUEST_ASKS, LIMIT_MINUTES);
      if (!allowed) throw new ApiError(MESSAGES[lang].limited, { code: 429, errorCode: 'ROBOT_RATE_LIMITED' });
      // spec (issue 21), as the streamed chat: "guests keep the robot_ask limits; signed-in learners
      // pay credits": one `answer`, charged before the work and refunded when it fails.
      return user ? chargeCredits(trx, { userId: user.userId, use: 'answer', note: MESSAGES[lang].charge([...question].slice(0, 60).join('')), lang }) : null;
    });
    const refund = (trx: Transaction<DB>) => (user && charge
      ? refundCredits(trx, { userId: user.userId, ledgerId: charge.ledgerId, note: MESSAGES[lang].refund }) : Promise.resolve());
    /** A failure after the charge gives it back, then goes on as the failure it was. */
    const refundAndThrow = async (error: unknown): Promise<never> => {
      if (charge) {
        await withTenant(app.db.app, tenantId, refund)
          .catch((refundError: unknown) => req.log.error({ err: refundError }, 'Refunding a failed assistant answer did not work.'));
      }
      throw error;
    };

    const found = await withTenant(app.db.app, tenantId, (trx) => retrieve(app, trx, question, opts.searchExams)).catch(refundAndThrow);
    const built = retrievalAnswer(found, lang);
    let answer = built.answer;
    let source: 'retrieval' | 'provider' = 'retrieval';
    let fallback: 'notConfigured' | 'providerFailed' | null = null;
    const material = materialOf(found, lang);
    // With nothing found there is nothing to rewrite: the honest "not found" stands.
    if (material) {
      const provider = providerFromEnv();
      if (!provider) {
        fallback = 'notConfigured';
      } else {
        const rewritten = await providerAnswer(provider, { site: tenant.name, question, material, lang }, req.log);
        if (rewritten) {
          answer = rewritten;
          source = 'provider';
        } else {
          fallback = 'providerFailed';
        }
      }
    }

    let conversation: { id: number; title: string } | null = null;
    if (user) {
      conversation = await withTenant(app.db.app, tenantId, async (trx) => {
        const target = conversationId ? await findConversation(trx, user.userId, conversationId) : await insertConversation(trx, tenantId, user.userId, question);
        // Deleted from another tab while the answer was being made.
        if (!target) throw notFound(lang);
        await appendExchange(trx, tenantId, target.id, { question, answer, links: built.links, source, fallback });
        // As the writing help: the provider failed, so the retrieval answer stands and the charge goes back.
        if (fallback === 'providerFailed') await refund(trx);
        return target;
      }).catch(refundAndThrow);
    }
    return ok({
      answer, links: built.links, source, fallback, conversationId: conversation?.id ?? null, conversationTitle: conversation?.title ?? null,
    });
  });

  r.get('/cm/api/robot/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s conversations with the assistant, most recently active first; title filters by a part of the title',
      querystring: ConversationListQuery, response: { 200: Envelope(Paged(ConversationItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchConversations(trx, user.userId, { pageNo, pageSize, title: req.query.title })));
  });

  r.get('/cm/api/robot/detail', {
    schema: {
      tags: ['cm'], summary: 'One of the caller\'s conversations with its messages, oldest first',
      querystring: ConversationIdQuery, response: { 200: Envelope(ConversationDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const found = await findConversation(trx, user.userId, req.query.id);
      if (!found) throw notFound('zh');
      return { ...found, messages: await listMessages(trx, found.id) };
    }));
  });

  r.post('/cm/api/robot/delConversation', {
    schema: {
      tags: ['cm'], summary: 'Deletes one of the caller\'s conversations with its messages',
      body: ConversationIdBody, response: { 200: Envelope(Type.Boolean()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      if (!(await deleteConversation(trx, user.userId, req.body.id))) throw notFound('zh');
      return true;
    }));
  });
}
