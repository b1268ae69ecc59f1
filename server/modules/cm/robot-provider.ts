// The old POST /cm/api/robot/ask's optional rewrite by the deployment's OpenAI-compatible provider
// (docs/ai.md C: the call stays for API clients; the talk page streams through ai-chat-routes.ts).
// The environment is read by part A's deploymentConfig (server/lib/ai/provider.ts). Without
// AI_API_BASE nothing is called; any failure leaves the retrieval answer in place.
import { deploymentConfig } from '../../lib/ai/provider';

/** The provider settings, or null when none is configured. */
export interface ProviderConfig {
  base: string;
  key: string | null;
  model: string;
  timeoutMs: number;
  /** The deployment's token cap (AI_MAX_TOKENS). */
  maxTokens: number;
}

/** The deployment's provider from the environment (part A's deploymentConfig reads it), or null. */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderConfig | null {
  const config = deploymentConfig(env);
  return config && { base: config.baseUrl, key: config.apiKey, model: config.chatModel, timeoutMs: config.timeoutMs, maxTokens: config.maxTokens };
}

/** The longest provider answer kept, in characters. */
const MAX_ANSWER = 2000;
/** The most tokens asked for (the prompt asks for 300 characters; MAX_ANSWER is kept at most). */
const MAX_TOKENS = 1024;

const SYSTEM = {
  zh: (site: string) => `你是“${site}”学习平台的学习助手。只根据用户消息里“资料”部分回答问题，不要编造资料里没有的信息；资料不足以回答时，直接说明。用简体中文回答，简洁，不超过 300 字，使用纯文本，不要使用 Markdown。`,
  en: (site: string) => `You are the learning assistant of the "${site}" learning portal. Answer only from the "Material" part of the user's message and never invent facts it does not contain; if it is not enough, say so. Answer in English, briefly (at most 150 words), in plain text without Markdown.`,
};

/**
 * Asks the provider to answer the question from the material. Returns the answer, or null when the
 * call fails, times out or answers nothing usable (the caller falls back and says so).
 */
export async function providerAnswer(
  config: ProviderConfig,
  input: { site: string; question: string; material: string; lang: 'zh' | 'en' },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<string | null> {
  const user = input.lang === 'zh'
    ? `资料：\n${input.material}\n\n问题：${input.question}`
    : `Material:\n${input.material}\n\nQuestion: ${input.question}`;
  try {
    const res = await fetch(`${config.base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.2,
        max_tokens: Math.min(config.maxTokens, MAX_TOKENS),
        messages: [{ role: 'system', content: SYSTEM[input.lang](input.site) }, { role: 'user', content: user }],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) {
      log?.warn({ status: res.status }, 'AI provider answered with an error status; using the retrieval answer.');
      return null;
    }
    const body = await res.json() as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) {
      log?.warn({}, 'AI provider answered without text; using the retrieval answer.');
      return null;
    }
    const text = content.trim();
    return text.length > MAX_ANSWER ? `${text.slice(0, MAX_ANSWER)}…` : text;
  } catch (error) {
    log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'AI provider call failed; using the retrieval answer.');
    return null;
  }
}
