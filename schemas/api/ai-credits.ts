// AI credits' payloads (issue 21 part F; the spec names no calls for them: docs/api.md "AI credits",
// rules in docs/ai.md "F. Credits, top-ups and the digital human"). The server validates with these;
// src/features/robot/api/credits.ts derives its types.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { Nullable, PageNo, PageSize } from './list';

export const CREDIT_USE_VALUES = ['answer', 'image', 'application', 'writing', 'speech'] as const;
export const CreditUse = Type.Enum([...CREDIT_USE_VALUES], { description: 'What credits are spent on.' });
export const CreditKind = Type.Enum(['grant', 'topup', 'charge', 'refund', 'adjust', 'reversal'], {
  description: 'grant: welcome credits; topup: a paid package order; charge: a use; refund: a charge given back; adjust: an admin; reversal: a refunded top-up taken back.',
});

/** Credits one of each use costs. */
export const CreditPrices = Type.Object({
  answer: Type.Integer({ minimum: 0, maximum: 10_000 }),
  image: Type.Integer({ minimum: 0, maximum: 10_000 }),
  application: Type.Integer({ minimum: 0, maximum: 10_000 }),
  writing: Type.Integer({ minimum: 0, maximum: 10_000 }),
  speech: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type CreditPrices = Static<typeof CreditPrices>;

export const LangParam = Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of notes and refusals (zh default).' }));

export const CreditTenantQuery = Type.Object({ tenantId: TenantIdParam, lang: LangParam });

export const CreditBalance = Type.Object({
  balance: Type.Integer({ description: 'Credits left (never negative).' }),
  prices: CreditPrices,
  welcomeGrant: Type.Integer({ description: 'Credits a learner receives on first use (already given to the caller).' }),
  dailyFreeAnswers: Type.Integer({ description: 'Free answers per tenant day; 0 none.' }),
  freeAnswersLeft: Type.Integer({ description: 'Free answers the caller has left today.' }),
});
export type CreditBalance = Static<typeof CreditBalance>;

export const LedgerQuery = Type.Object({ tenantId: TenantIdParam, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) });

export const LedgerRow = Type.Object({
  id: Type.Integer(),
  kind: CreditKind,
  use: Nullable(CreditUse),
  units: Type.Integer(),
  amount: Type.Integer({ description: 'Signed: positive added, negative taken; 0 a free answer.' }),
  balanceAfter: Type.Integer(),
  note: Type.String(),
  orderId: Nullable(Type.Integer({ description: 'The shop order of a top-up or its reversal.' })),
  createdAt: Type.String({ description: 'ISO time.' }),
});
export type LedgerRow = Static<typeof LedgerRow>;

/** A credits package the tenant sells (a shop product of type 13 with product.ai_credits). */
export const CreditPackage = Type.Object({
  prodId: Type.Integer({ description: 'The product: buy it at /sub_shop/order_confirm/order_confirm?prodId=.' }),
  title: Type.String(),
  credits: Type.Integer({ description: 'Credits one package grants.' }),
  price: Type.Number({ description: 'Price in yuan.' }),
  retailPrice: Nullable(Type.Number({ description: 'The list price shown struck through; null none.' })),
  summary: Nullable(Type.String()),
  stock: Type.Integer(),
});
export type CreditPackage = Static<typeof CreditPackage>;

export const CreditRules = Type.Object({
  prices: CreditPrices,
  welcomeGrant: Type.Integer({ minimum: 0, maximum: 100_000 }),
  dailyFreeAnswers: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export type CreditRules = Static<typeof CreditRules>;

export const CreditRulesBody = Type.Object({ tenantId: TenantIdParam, rules: CreditRules });

export const AdjustBody = Type.Object({
  tenantId: TenantIdParam,
  userId: Id({ description: 'The learner.' }),
  amount: Type.Integer({ minimum: -100_000, maximum: 100_000, description: 'Credits to grant (positive) or deduct (negative); not 0.' }),
  reason: Type.String({ maxLength: 2000, description: 'Why, 2 to 100 characters after trimming; the learner sees it in the ledger.' }),
  lang: LangParam,
});

export const AdjustResult = Type.Object({ ledgerId: Type.Integer(), balance: Type.Integer() });

export const AccountQuery = Type.Object({
  tenantId: TenantIdParam,
  searchValue: Type.Optional(Type.String({ maxLength: 100, description: 'Part of an account, name or mobile.' })),
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
});

/** A learner with the balance, for the back office's adjust form. */
export const CreditAccountRow = Type.Object({
  userId: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  balance: Type.Integer({ description: '0 for a learner who has not used the AI area yet.' }),
  spent: Type.Integer({ description: 'Credits spent in total (charges less refunds).' }),
  updatedAt: Nullable(Type.String()),
});
export type CreditAccountRow = Static<typeof CreditAccountRow>;

// POST /cm/api/ai/speech (server/modules/cm/ai-speech-routes.ts): the digital human's AI voice.
/** The longest text one reading takes, in characters (OpenAI's /audio/speech takes 4096). */
export const MAX_SPEECH_TEXT = 2000;
const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;

export const SpeechBody = Type.Object({
  tenantId: TenantIdParam,
  text: Type.String({ maxLength: 20_000, description: `What to read: 1 to ${MAX_SPEECH_TEXT} characters after trimming.` }),
  voice: Type.Optional(Type.Enum([...VOICES], { default: 'alloy', description: 'The provider\'s voice.' })),
  speed: Type.Optional(Type.Number({ minimum: 0.25, maximum: 4, default: 1 })),
  lang: Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh' })),
});
export const SpeechResult = Type.Object({
  mime: Type.String({ description: 'audio/mpeg unless the provider says otherwise.' }),
  audio: Type.String({ description: 'The audio, base64.' }),
  cost: Type.Integer(),
  balance: Type.Integer(),
});
