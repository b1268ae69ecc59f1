// Issue 21 part C's payloads (docs/ai.md C; docs/api.md "AI conversations"): the streamed answer
// and its retry (text/event-stream; the events are described on the calls), feedback and rename.
// A conversation and its messages are schemas/api/cm/robot.ts's.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable } from './list';

const Lang = Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of the answer\'s own sentences and of refusals (zh default).' }));

export const ChatStreamBody = Type.Object({
  tenantId: TenantIdParam,
  question: Type.String({ maxLength: 20_000, description: 'The question: 1 to 500 characters after trimming (longer is refused with a message).' }),
  conversationId: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'Signed in: continue this conversation of yours. Absent or null: a new one. Guests: ignored.' }))),
  assistantId: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'A new conversation with this assistant of the tenant (issue 21 D); ignored when continuing one (it keeps its own).' }))),
  lang: Lang,
});
export type ChatStreamBody = Static<typeof ChatStreamBody>;

export const ChatRetryBody = Type.Object({
  tenantId: TenantIdParam,
  conversationId: Type.Integer({ minimum: 1, description: 'One of your conversations: its last answer is made again.' }),
  lang: Lang,
});

export const ChatFeedbackBody = Type.Object({
  tenantId: TenantIdParam,
  messageId: Type.Integer({ minimum: 1, description: 'An answer in one of your conversations.' }),
  value: Nullable(Type.Enum(['up', 'down'], { description: 'up, down, or null to take the rating back.' })),
  reason: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'With down: why, at most 200 characters after trimming.' }))),
  lang: Lang,
});

export const ChatRenameBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'One of your conversations.' }),
  title: Type.String({ maxLength: 1000, description: 'The new title: 1 to 100 characters after trimming.' }),
  lang: Lang,
});

/** The `meta` event, first on every stream. */
export const ChatMeta = Type.Object({
  conversationId: Nullable(Type.Integer({ description: 'The conversation (null for guests: not kept).' })),
  conversationTitle: Nullable(Type.String()),
  questionId: Nullable(Type.Integer()),
  answerId: Nullable(Type.Integer({ description: 'The answer\'s message id (for feedback and retry); null for guests.' })),
  cost: Nullable(Type.Integer({ description: 'Credits charged for this answer; null for guests.' })),
  balance: Nullable(Type.Integer({ description: 'Credits left after the charge; null for guests.' })),
  provider: Type.Enum(['offline', 'openai']),
  version: Type.Integer({ description: 'Which version of the answer this is (1, or 2+ after retries).' }),
});
export type ChatMeta = Static<typeof ChatMeta>;

/** The events of the stream, for the docs. */
export const CHAT_EVENTS = 'text/event-stream. Events (data is JSON): meta (ChatMeta: conversation, message ids, cost, balance, provider, version), delta ({ text }: the next piece, in order), links ({ links: RobotLink[] }), done ({ state: complete | stopped | failed, answerId }), error ({ message, errorCode }: the provider failed; the charge is refunded when no text came). Refusals before the stream (not signed in, bad input, limits, no credits: AI_CREDITS_EXHAUSTED) are the usual JSON envelope.';
