// Issue 21 part A: the tenant's AI provider settings (docs/api.md "AI provider"; rules in docs/ai.md
// A). Back office: get, save (the URL and models checked; an empty key field keeps the saved key)
// and test (a real small chat call, the models list, an embedding). Anyone: capabilities, which
// says what works now and, for the rest, what an administrator must configure. No answer ever
// carries the key: only whether one is set and its last four characters.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { readTenant } from '../../lib/tenant-context';
import { deploymentConfig, forgetProvider, providerChoiceFor } from '../../lib/ai/provider';
import { baseUrlProblem, privateHostsAllowed } from '../../lib/ai/safe-http';
import { openSecret, SecretKeyError } from '../../lib/ai/secret';
import type { OpenAiConfig } from '../../lib/ai/openai';
import { FORM_DEFAULTS, providerSettingsRow, saveProviderSettings } from './ai-provider-repository';
import { runProviderTest } from './ai-provider-test';
import { capabilityNeeds } from './ai-provider-texts';
import {
  Capabilities, ProviderQuery, ProviderSaveBody, ProviderSettings, ProviderTestResult, type ProviderForm,
} from '../../../schemas/api/ai-provider';

type Lang = 'zh' | 'en';

const REFUSALS = {
  needUrl: { zh: '启用前请填写服务地址，例如 https://api.openai.com/v1。', en: 'Enter the service address before enabling, e.g. https://api.openai.com/v1.' },
  needChat: { zh: '启用前请填写对话模型，例如 gpt-4o-mini。', en: 'Enter the chat model before enabling, e.g. gpt-4o-mini.' },
  badKey: { zh: 'API 密钥不能包含空格或换行。', en: 'The API key cannot contain spaces or line breaks.' },
  noKek: { zh: '服务器的密钥加密设置有误，暂时无法保存 API 密钥，请联系运维检查 AI_SECRET_KEY。', en: 'The server\'s key encryption is misconfigured, so the API key cannot be saved; ask the operator to check AI_SECRET_KEY.' },
} as const;

/** Refuses a form that cannot work; the message names the field and the fix. */
async function checkForm(form: ProviderForm, lang: Lang): Promise<void> {
  const refuse = (message: string) => new ApiError(message, { errorCode: 'AI_PROVIDER_INVALID' });
  const baseUrl = form.baseUrl.trim();
  if (form.enabled && !baseUrl) throw refuse(REFUSALS.needUrl[lang]);
  if (form.enabled && !form.chatModel.trim()) throw refuse(REFUSALS.needChat[lang]);
  // docs/ai.md A: a tenant admin types the URL, so only http(s) and no internal address.
  if (baseUrl) {
    const problem = await baseUrlProblem(baseUrl, privateHostsAllowed(), lang);
    if (problem) throw refuse(problem);
  }
  if (form.apiKey && /\s/.test(form.apiKey.trim())) throw refuse(REFUSALS.badKey[lang]);
}

/** The settings as the back office sees them (never the key). */
async function settingsView(app: FastifyInstance, tenantId: number, lang: Lang) {
  return readTenant(app, tenantId, async (trx) => {
    const row = await providerSettingsRow(trx);
    const choice = await providerChoiceFor(trx, tenantId);
    return {
      enabled: row?.enabled ?? false,
      kind: 'openai' as const,
      baseUrl: row?.base_url ?? '',
      keySet: Boolean(row?.api_key_sealed),
      keyHint: row?.api_key_hint ?? '',
      chatModel: row?.chat_model ?? '',
      imageModel: row?.image_model ?? '',
      embeddingModel: row?.embedding_model ?? '',
      ttsModel: row?.tts_model ?? '',
      timeoutMs: row?.timeout_ms ?? FORM_DEFAULTS.timeoutMs,
      maxTokens: row?.max_tokens ?? FORM_DEFAULTS.maxTokens,
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      active: { source: choice.source, problem: choice.problem?.[lang] ?? null },
      deploymentDefault: deploymentConfig() !== null,
    };
  });
}

/** Issue 21 part A: the tenant's AI provider settings (OpenAI-compatible: base URL, encrypted key, models) and the back-office page. */
export async function aiProviderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/ai/provider/get', {
    schema: {
      tags: ['cm'], summary: 'Back office: the tenant\'s AI provider settings and what the AI area uses now (the key is never answered: keySet and its last four characters only)',
      querystring: ProviderQuery, response: { 200: Envelope(ProviderSettings) },
    },
  }, async (req) => {
    await asBackOfficeAdmin(app, req, req.query.tenantId, async () => null);
    return ok(await settingsView(app, req.query.tenantId, req.query.lang ?? 'zh'));
  });

  r.post('/cm/api/ai/provider/save', {
    schema: {
      tags: ['cm'], summary: 'Back office: saves the AI provider settings; an empty apiKey keeps the saved key, clearKey removes it; an enabled provider needs a base URL (http(s), not internal) and a chat model',
      body: ProviderSaveBody, response: { 200: Envelope(ProviderSettings) },
    },
  }, async (req) => {
    const { tenantId } = req.body;
    const lang = req.body.lang ?? 'zh';
    await asBackOfficeAdmin(app, req, tenantId, async (trx, userId) => {
      await checkForm(req.body, lang);
      try {
        await saveProviderSettings(trx, tenantId, userId, req.body);
      } catch (error) {
        if (error instanceof SecretKeyError) throw new ApiError(REFUSALS.noKek[lang], { code: 500, errorCode: 'AI_SECRET_KEY_INVALID' });
        throw error;
      }
    });
    forgetProvider(tenantId);
    return ok(await settingsView(app, tenantId, lang));
  });

  r.post('/cm/api/ai/provider/test', {
    schema: {
      tags: ['cm'], summary: 'Back office: tries the settings as typed (an empty apiKey uses the saved key): the address, the models list, a small chat call and an embedding; answers what worked and what failed, in words',
      body: ProviderSaveBody, response: { 200: Envelope(ProviderTestResult) },
    },
  }, async (req) => {
    const { tenantId } = req.body;
    const lang = req.body.lang ?? 'zh';
    // The saved key is read in the transaction; the provider is called after it, holding no connection.
    const savedKey = await asBackOfficeAdmin(app, req, tenantId, async (trx) => {
      const row = await providerSettingsRow(trx);
      try {
        return row?.api_key_sealed ? openSecret(row.api_key_sealed) : null;
      } catch (error) {
        if (error instanceof SecretKeyError) return null;
        throw error;
      }
    });
    const form = req.body;
    const config: OpenAiConfig = {
      baseUrl: form.baseUrl.trim().replace(/\/+$/, ''),
      apiKey: form.clearKey ? null : form.apiKey?.trim() || savedKey,
      chatModel: form.chatModel.trim(), imageModel: form.imageModel.trim(), embeddingModel: form.embeddingModel.trim(),
      ttsModel: form.ttsModel.trim(), timeoutMs: Math.min(form.timeoutMs, 30_000), maxTokens: form.maxTokens,
      allowPrivate: privateHostsAllowed(),
    };
    return ok(await runProviderTest(config, lang));
  });

  r.get('/cm/api/ai/capabilities', {
    schema: {
      tags: ['cm'], summary: 'What the tenant\'s AI area can do now (chat streaming, images, embeddings, speech) and, for each missing capability, what an administrator must configure; no secrets',
      querystring: ProviderQuery, response: { 200: Envelope(Capabilities) },
    },
  }, async (req) => {
    const lang = req.query.lang ?? 'zh';
    const choice = await readTenant(app, req.query.tenantId, (trx) => providerChoiceFor(trx, req.query.tenantId));
    const config = choice.config;
    const has = { images: Boolean(config?.imageModel), embeddings: Boolean(config?.embeddingModel), tts: Boolean(config?.ttsModel) };
    return ok({
      kind: choice.provider.kind,
      source: choice.source,
      chat: { streaming: true, model: choice.provider.kind === 'openai' },
      ...has,
      needs: capabilityNeeds(has, choice.provider.kind === 'openai', lang),
    });
  });
}
