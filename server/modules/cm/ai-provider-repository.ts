// The tenant's AI provider settings row (issue 21 part A; docs/ai.md A). Reads and writes run in
// the tenant's transaction; the key is sealed before it is written and never read back out here
// except as its hint (provider.ts opens it to call the provider).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { keyHint, sealSecret } from '../../lib/ai/secret';
import type { ProviderForm } from '../../../schemas/api/ai-provider';

/** The saved settings (with the sealed key) or undefined when the tenant never saved any. */
export function providerSettingsRow(trx: Transaction<DB>) {
  return trx.selectFrom('ai_provider').selectAll().executeTakeFirst();
}

/** The defaults a tenant without a row sees in the form. */
export const FORM_DEFAULTS = { timeoutMs: 30_000, maxTokens: 1024 } as const;

/** Writes the settings; an empty `apiKey` keeps the saved key, `clearKey` removes it. */
export async function saveProviderSettings(trx: Transaction<DB>, tenantId: number, userId: number, form: ProviderForm): Promise<void> {
  const newKey = form.apiKey?.trim() ?? '';
  const key = form.clearKey ? { api_key_sealed: null, api_key_hint: '' }
    : newKey ? { api_key_sealed: sealSecret(newKey), api_key_hint: keyHint(newKey) } : {};
  const values = {
    enabled: form.enabled,
    base_url: form.baseUrl.trim().replace(/\/+$/, ''),
    chat_model: form.chatModel.trim(),
    image_model: form.imageModel.trim(),
    embedding_model: form.embeddingModel.trim(),
    tts_model: form.ttsModel.trim(),
    timeout_ms: form.timeoutMs,
    max_tokens: form.maxTokens,
    updated_at: new Date(),
    updated_by: userId,
    ...key,
  };
  await trx.insertInto('ai_provider').values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
}
