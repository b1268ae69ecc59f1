// The AI provider settings' payloads (issue 21 part A; the spec names no calls for them: docs/api.md
// "AI provider", rules in docs/ai.md A). The server validates with these; the back-office page's
// api file (src/features/admin/ai/provider-api.ts) derives its types. The API key travels in on save
// and test only: no answer ever carries it, only whether one is set and its last four characters.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable } from './list';

export const AiLang = Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of the messages (zh default).' }));
export const ProviderSource = Type.Enum(['tenant', 'deployment', 'offline'], {
  description: 'tenant: these settings; deployment: the operator\'s AI_API_BASE default; offline: no model, answers by rules from the catalogue.',
});

/** A model id as providers spell them (gpt-4o-mini, deepseek-chat, qwen/qwen2.5:7b, …); empty: none. */
export const ModelId = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9._:/@+-]*$', description: 'A model id; empty for none.' });
export const TIMEOUT_MIN = 1_000;
export const TIMEOUT_MAX = 120_000;
export const MAX_TOKENS_MIN = 16;
export const MAX_TOKENS_MAX = 32_000;

export const ProviderQuery = Type.Object({ tenantId: TenantIdParam, lang: AiLang });

/** What the back office sees of the settings: never the key itself. */
export const ProviderSettings = Type.Object({
  enabled: Type.Boolean({ description: 'Whether the AI area uses this provider.' }),
  kind: Type.Literal('openai', { description: 'An OpenAI-compatible HTTP API.' }),
  baseUrl: Type.String({ description: 'The API base, e.g. https://api.openai.com/v1; empty when not set.' }),
  keySet: Type.Boolean({ description: 'Whether an API key is saved.' }),
  keyHint: Type.String({ description: 'The saved key\'s last four characters ("已设置 ••••1234"); empty for a short key or none.' }),
  chatModel: Type.String(),
  imageModel: Type.String(),
  embeddingModel: Type.String(),
  ttsModel: Type.String(),
  timeoutMs: Type.Integer({ description: 'How long a call may stay silent, in ms.' }),
  maxTokens: Type.Integer({ description: 'The cap on tokens per answer.' }),
  updatedAt: Nullable(Type.String({ description: 'ISO time of the last save; null never saved.' })),
  active: Type.Object({
    source: ProviderSource,
    problem: Nullable(Type.String({ description: 'Why the tenant\'s enabled settings are not in use (e.g. the key cannot be decrypted); null when fine.' })),
  }, { description: 'What the AI area uses right now.' }),
  deploymentDefault: Type.Boolean({ description: 'Whether the operator configured a deployment-wide provider (used when these settings are off).' }),
});
export type ProviderSettings = Static<typeof ProviderSettings>;

/** The form as saved or tested. `apiKey` empty keeps the saved key; `clearKey` removes it. */
export const ProviderForm = Type.Object({
  enabled: Type.Boolean(),
  baseUrl: Type.String({ maxLength: 500 }),
  apiKey: Type.Optional(Type.String({ maxLength: 500, description: 'A new key; empty or absent keeps the saved one.' })),
  clearKey: Type.Optional(Type.Boolean({ description: 'true: remove the saved key (a provider without keys).' })),
  chatModel: ModelId,
  imageModel: ModelId,
  embeddingModel: ModelId,
  ttsModel: ModelId,
  timeoutMs: Type.Integer({ minimum: TIMEOUT_MIN, maximum: TIMEOUT_MAX }),
  maxTokens: Type.Integer({ minimum: MAX_TOKENS_MIN, maximum: MAX_TOKENS_MAX }),
});
export type ProviderForm = Static<typeof ProviderForm>;

export const ProviderSaveBody = Type.Intersect([Type.Object({ tenantId: TenantIdParam, lang: AiLang }), ProviderForm]);

export const ProviderCheck = Type.Object({
  step: Type.Enum(['address', 'models', 'chat', 'embeddings'], { description: 'What was tried.' }),
  ok: Type.Boolean(),
  message: Type.String({ description: 'What worked or what failed, in words.' }),
});

export const ProviderTestResult = Type.Object({
  ok: Type.Boolean({ description: 'true when every step tried worked.' }),
  checks: Type.Array(ProviderCheck),
  elapsedMs: Type.Integer(),
});
export type ProviderTestResult = Static<typeof ProviderTestResult>;

/** What works now in the tenant's AI area (learner-visible; no secrets, no addresses). */
export const Capabilities = Type.Object({
  kind: Type.Enum(['offline', 'openai']),
  source: ProviderSource,
  chat: Type.Object({
    streaming: Type.Boolean({ description: 'Answers arrive piece by piece (both providers).' }),
    model: Type.Boolean({ description: 'A model writes the answers; false: offline answers by rules from the catalogue.' }),
  }),
  images: Type.Boolean(),
  embeddings: Type.Boolean(),
  tts: Type.Boolean(),
  /** For each missing capability, the sentence a page shows; null when it works. */
  needs: Type.Object({
    chat: Nullable(Type.String()),
    images: Nullable(Type.String()),
    embeddings: Nullable(Type.String()),
    tts: Nullable(Type.String()),
  }),
});
export type Capabilities = Static<typeof Capabilities>;
