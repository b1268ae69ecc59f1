// The back office's AI provider calls (issue 21 part A; docs/api.md "AI provider"): the settings
// (never the key: keySet and its last four characters), save, and the connection test.
import type { ProviderForm, ProviderSettings, ProviderTestResult } from '../../../../schemas/api/ai-provider';
import { apiGet, apiPost } from '../../../api/client';

export type { ProviderForm, ProviderSettings, ProviderTestResult } from '../../../../schemas/api/ai-provider';

type Lang = 'zh' | 'en';

export const getProviderSettings = (lang: Lang, signal?: AbortSignal) =>
  apiGet<ProviderSettings>('/cm/api/ai/provider/get', { lang }, { silent: true, ...(signal ? { signal } : {}) });
/** Saves the form; an empty apiKey keeps the saved key. Refusals come back in `lang`. */
export const saveProviderSettings = (form: ProviderForm, lang: Lang) =>
  apiPost<ProviderSettings>('/cm/api/ai/provider/save', { ...form, lang }, { silent: true });
/** Tries the form as typed (an empty apiKey uses the saved key); the provider may take up to the timeout. */
export const testProviderSettings = (form: ProviderForm, lang: Lang) =>
  apiPost<ProviderTestResult>('/cm/api/ai/provider/test', { ...form, lang }, { silent: true, timeout: 120_000 });
