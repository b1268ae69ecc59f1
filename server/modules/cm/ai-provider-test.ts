// The back office's "测试连接" (issue 21 part A; docs/ai.md A "Testing the settings"): the address
// (scheme, not internal), the models list when the provider has one, a small real chat call and,
// with an embedding model, one embedding. Each step answers what worked or what failed in words;
// images are not generated (they cost money), only looked for in the models list.
import { createOpenAiProvider, listModels, type OpenAiConfig } from '../../lib/ai/openai';
import { aiErrorText } from '../../lib/ai/provider-errors';
import { baseUrlProblem } from '../../lib/ai/safe-http';
import type { ProviderTestResult } from '../../../schemas/api/ai-provider';
import { TEST_PROMPT, TEST_TEXTS } from './ai-provider-texts';

type Check = ProviderTestResult['checks'][number];

/** The longest answer text quoted in the report. */
const QUOTE = 60;

/** Runs the test steps in order; a failed address stops the rest. */
export async function runProviderTest(config: OpenAiConfig, lang: 'zh' | 'en'): Promise<ProviderTestResult> {
  const t = TEST_TEXTS[lang];
  const started = Date.now();
  const checks: Check[] = [];
  const done = () => ({ ok: checks.length > 0 && checks.every((c) => c.ok), checks, elapsedMs: Date.now() - started });

  if (!config.baseUrl) {
    checks.push({ step: 'address', ok: false, message: t.noUrl });
    return done();
  }
  const problem = await baseUrlProblem(config.baseUrl, config.allowPrivate, lang);
  if (problem) {
    checks.push({ step: 'address', ok: false, message: problem });
    return done();
  }
  checks.push({ step: 'address', ok: true, message: t.addressOk(new URL(config.baseUrl).host) });

  try {
    const models = await listModels(config);
    if (models === null) checks.push({ step: 'models', ok: true, message: t.modelsNone });
    else {
      const wanted = [config.chatModel, config.imageModel, config.embeddingModel, config.ttsModel].filter(Boolean);
      const missing = models.length ? wanted.filter((m) => !models.includes(m)) : [];
      checks.push(missing.length
        ? { step: 'models', ok: false, message: t.modelsMissing(missing) }
        : { step: 'models', ok: true, message: t.modelsListed(models.length) });
    }
  } catch (error) {
    checks.push({ step: 'models', ok: false, message: aiErrorText(error, lang) });
  }

  const provider = createOpenAiProvider({ ...config, maxTokens: Math.min(config.maxTokens, 32) });
  if (!config.chatModel) checks.push({ step: 'chat', ok: false, message: t.noChatModel });
  else {
    const chatStarted = Date.now();
    try {
      let text = '';
      for await (const piece of provider.chat({ messages: [{ role: 'user', content: TEST_PROMPT[lang] }], task: { kind: 'answer' }, material: [], lang, maxTokens: 32 })) {
        text += piece;
      }
      const shown = text.trim().replace(/\s+/g, ' ');
      checks.push(shown
        ? { step: 'chat', ok: true, message: t.chatOk(config.chatModel, Date.now() - chatStarted, shown.length > QUOTE ? `${shown.slice(0, QUOTE)}…` : shown) }
        : { step: 'chat', ok: false, message: t.chatEmpty(config.chatModel) });
    } catch (error) {
      checks.push({ step: 'chat', ok: false, message: aiErrorText(error, lang) });
    }
  }

  if (config.embeddingModel) {
    try {
      const [vector] = await provider.embed(['test']);
      checks.push({ step: 'embeddings', ok: true, message: t.embedOk(config.embeddingModel, vector?.length ?? 0) });
    } catch (error) {
      checks.push({ step: 'embeddings', ok: false, message: aiErrorText(error, lang) });
    }
  }
  return done();
}
