// Which AiProvider a tenant's AI area uses (issue 21 part A; docs/ai.md A): the tenant's own
// OpenAI-compatible provider when its settings are enabled and complete (a base URL and a chat
// model), else the deployment default from the environment (AI_API_BASE, AI_API_KEY, AI_MODEL, …),
// else the offline provider. Every call reads the tenant's one settings row (a primary-key read,
// nothing beside a model call); what is cached, per tenant for CACHE_TTL_MS, is the provider built
// from that row (the key opened), keyed by the row's content. So a save takes effect at once on
// every node, and test files that share a worker and tenant ids over different databases never see
// each other's provider.
import type { Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../db/types';
import { createOpenAiProvider, type OpenAiConfig } from './openai';
import { offlineProvider } from './offline';
import { privateHostsAllowed } from './safe-http';
import { openSecret, SecretKeyError } from './secret';
import type { AiProvider } from './types';

/** How long a node keeps a tenant's provider before reading the settings again. */
export const CACHE_TTL_MS = 30_000;

/** Where a tenant's provider comes from, and what is wrong with its own settings (if anything). */
export interface ProviderChoice {
  provider: AiProvider;
  source: 'tenant' | 'deployment' | 'offline';
  config: OpenAiConfig | null;
  /** Why the tenant's enabled settings are not used (e.g. the key cannot be opened), in both languages; null when fine. */
  problem: { zh: string; en: string } | null;
}

/** The built provider for a tenant, with the settings (row fingerprint) it was built from. */
const cache = new LRUCache<number, { fingerprint: string; choice: ProviderChoice }>({ max: 1000, ttl: CACHE_TTL_MS });

/** Drops a tenant's cached provider (its settings were saved on this node). */
export function forgetProvider(tenantId: number): void {
  cache.delete(tenantId);
}

/** Clamps a number from the environment into [min, max], else the default. */
function envNumber(raw: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.max(Math.round(n), min), max) : fallback;
}

/** The deployment-wide default from the environment, or null when AI_API_BASE is not an http(s) address. */
export function deploymentConfig(env: NodeJS.ProcessEnv = process.env): OpenAiConfig | null {
  const base = env.AI_API_BASE?.trim();
  if (!base || !/^https?:\/\//i.test(base)) return null;
  return {
    baseUrl: base.replace(/\/+$/, ''),
    apiKey: env.AI_API_KEY?.trim() || null,
    chatModel: env.AI_MODEL?.trim() || 'gpt-4o-mini',
    imageModel: env.AI_IMAGE_MODEL?.trim() ?? '',
    embeddingModel: env.AI_EMBEDDING_MODEL?.trim() ?? '',
    ttsModel: env.AI_TTS_MODEL?.trim() ?? '',
    timeoutMs: envNumber(env.AI_TIMEOUT_MS, 20_000, 1_000, 120_000),
    maxTokens: envNumber(env.AI_MAX_TOKENS, 1024, 16, 32_000),
    // The operator typed this address, not a tenant: it may be on the operator's own network.
    allowPrivate: true,
  };
}

type SettingsRow = Awaited<ReturnType<typeof readSettings>>;

/** The tenant's settings row, or undefined. */
function readSettings(trx: Transaction<DB>, tenantId: number) {
  return trx.selectFrom('ai_provider').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Decides from a settings row (or none) and the environment. */
function decide(row: SettingsRow): ProviderChoice {
  let problem: ProviderChoice['problem'] = null;
  if (row?.enabled && row.base_url && row.chat_model) {
    let apiKey: string | null = null;
    try {
      apiKey = row.api_key_sealed ? openSecret(row.api_key_sealed) : null;
    } catch (error) {
      // A missing or unreadable key-encryption key must not take the AI area down: it falls back and says why.
      problem = error instanceof SecretKeyError ? { zh: error.zh, en: error.message } : {
        zh: '服务器无法读取密钥加密设置（AI_SECRET_KEY 或 data/pg.ai-key），请联系运维。',
        en: 'The server cannot read its key encryption setting (AI_SECRET_KEY or data/pg.ai-key); ask the operator.',
      };
    }
    if (!problem) {
      const config: OpenAiConfig = {
        baseUrl: row.base_url, apiKey, chatModel: row.chat_model, imageModel: row.image_model,
        embeddingModel: row.embedding_model, ttsModel: row.tts_model, timeoutMs: row.timeout_ms,
        maxTokens: row.max_tokens, allowPrivate: privateHostsAllowed(),
      };
      return { provider: createOpenAiProvider(config), source: 'tenant', config, problem: null };
    }
  }
  const fallback = deploymentConfig();
  if (fallback) return { provider: createOpenAiProvider(fallback), source: 'deployment', config: fallback, problem };
  return { provider: offlineProvider, source: 'offline', config: null, problem };
}

/** What the choice depends on: the row's content and the environment's AI settings. */
function fingerprint(row: SettingsRow): string {
  const env = ['AI_API_BASE', 'AI_API_KEY', 'AI_MODEL', 'AI_IMAGE_MODEL', 'AI_EMBEDDING_MODEL', 'AI_TTS_MODEL', 'AI_TIMEOUT_MS', 'AI_MAX_TOKENS', 'AI_ALLOW_PRIVATE_HOSTS', 'AI_SECRET_KEY']
    .map((name) => process.env[name] ?? '');
  const settings = row ? [row.enabled, row.base_url, row.api_key_sealed, row.chat_model, row.image_model, row.embedding_model, row.tts_model, row.timeout_ms, row.max_tokens] : [];
  return JSON.stringify([settings, env]);
}

/** The provider and where it comes from; the built provider is reused while the settings are the same. */
export async function providerChoiceFor(trx: Transaction<DB>, tenantId: number): Promise<ProviderChoice> {
  const row = await readSettings(trx, tenantId);
  const print = fingerprint(row);
  const hit = cache.get(tenantId);
  if (hit?.fingerprint === print) return hit.choice;
  const choice = decide(row);
  cache.set(tenantId, { fingerprint: print, choice });
  return choice;
}

/** The provider the calling tenant has configured, or the offline default (never null). */
export async function providerFor(trx: Transaction<DB>, tenantId: number): Promise<AiProvider> {
  return (await providerChoiceFor(trx, tenantId)).provider;
}
