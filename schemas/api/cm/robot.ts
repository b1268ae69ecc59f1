// The AI assistant's payloads (spec learning §2 "AI area"; docs/api.md "AI assistant").
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable, PageNo, PageSize } from '../list';

/** What a link of an answer leads to; the portal maps each kind to its route (jump rules, spec learning §2). */
export const RobotLinkKind = Type.Enum(['help', 'helpCenter', 'course', 'subject', 'content', 'exam', 'link'], {
  description: 'help: a help article (/helpCenter?id=); helpCenter: the help center; course, subject, content (by purpose), exam: their detail pages; link: a portal path in `path` (answers streamed since issue 21).',
});

/** A catalogue item or help article an answer points to. */
export const RobotLink = Type.Object({
  kind: RobotLinkKind,
  id: Nullable(Type.Integer({ description: 'The item id; null for helpCenter.' })),
  title: Type.String(),
  purpose: Nullable(Type.Integer({ description: 'A content\'s purpose (it picks the detail page); null for other kinds.' })),
  path: Type.Optional(Type.String({ description: 'kind link: the portal path under /study (e.g. /course/detail/12).' })),
});
export type RobotLink = Static<typeof RobotLink>;

/** Why the answer is the retrieval answer although a provider may rewrite answers. */
export const RobotFallback = Nullable(Type.Enum(['notConfigured', 'providerFailed'], {
  description: 'notConfigured: no AI provider is set up (AI_API_BASE); providerFailed: the provider did not answer usably. null: the provider answered, or there was no material to give it.',
}));

export const AskBody = Type.Object({
  tenantId: TenantIdParam,
  question: Type.String({ maxLength: 20_000, description: 'The question: 1 to 500 characters after trimming (longer is refused with a message).' }),
  conversationId: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'Signed in: continue this conversation of yours. Absent or null: a new one. Guests: ignored.' }))),
  lang: Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of the answer\'s own sentences and of refusals (zh default).' })),
});

export const AskResult = Type.Object({
  answer: Type.String({ description: 'Plain text; lines are separated by \\n.' }),
  links: Type.Array(RobotLink),
  source: Type.Enum(['retrieval', 'provider'], { description: 'retrieval: built from the best help article; provider: rewritten by the AI provider from the same material.' }),
  fallback: RobotFallback,
  conversationId: Nullable(Type.Integer({ description: 'The conversation the exchange was stored in; null for guests.' })),
  conversationTitle: Nullable(Type.String()),
});
export type AskResult = Static<typeof AskResult>;

export const RobotMessage = Type.Object({
  id: Type.Integer(),
  role: Type.Enum(['user', 'assistant']),
  text: Type.String(),
  links: Type.Array(RobotLink),
  source: Nullable(Type.Enum(['retrieval', 'provider'])),
  fallback: RobotFallback,
  createdAt: Type.String({ format: 'date-time' }),
  state: Type.Enum(['complete', 'stopped', 'failed'], { description: 'An answer\'s end: complete, stopped by the learner (the text so far is kept) or failed; complete for questions.' }),
  provider: Nullable(Type.Enum(['offline', 'openai'], { description: 'Which provider wrote the answer; null for questions and older answers.' })),
  feedback: Nullable(Type.Enum(['up', 'down'])),
  feedbackReason: Nullable(Type.String()),
  previous: Type.Array(Type.Object({
    text: Type.String(), links: Type.Array(RobotLink), state: Type.Enum(['complete', 'stopped', 'failed']), createdAt: Type.String(),
  }), { description: 'Earlier answers a retry replaced, oldest first (the current one is the last version).' }),
});
export type RobotMessage = Static<typeof RobotMessage>;

export const ConversationItem = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: 'The first question cut to 40 characters, or the name the learner gave it (1 to 100 characters).' }),
  messageCount: Type.Integer(),
  assistantId: Nullable(Type.Integer({ description: 'The assistant the conversation was started with (issue 21 D); null for the default.' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ConversationItem = Static<typeof ConversationItem>;

export const ConversationDetail = Type.Object({ ...ConversationItem.properties, messages: Type.Array(RobotMessage) });
export type ConversationDetail = Static<typeof ConversationDetail>;

export const ConversationListQuery = Type.Object({
  tenantId: TenantIdParam, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'Only conversations whose title contains this (case-insensitive).' })),
});
export const ConversationIdQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The conversation id.' }) });
export const ConversationIdBody = ConversationIdQuery;
