// An optional OpenAI-compatible chat provider that rewrites the assistant's answer from the
// retrieved material (docs/operations.md "AI provider"). Configured by the environment:
// AI_API_BASE (e.g. https://api.example.com/v1), AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS. Without
// AI_API_BASE nothing is called; any failure leaves the retrieval answer in place.

/** The provider settings, or null when none is configured. */
export interface ProviderConfig {
  base: string;
  key: string | null;
  model: string;
  timeoutMs: number;
}

/** Reads the provider settings from the environment; an address that is not http(s) counts as none. */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderConfig | null {
  const base = env.AI_API_BASE?.trim();
  if (!base || !/^https?:\/\//i.test(base)) return null;
  const timeout = Number(env.AI_TIMEOUT_MS);
  return {
    base: base.replace(/\/+$/, ''),
    key: env.AI_API_KEY?.trim() || null,
    model: env.AI_MODEL?.trim() || 'gpt-4o-mini',
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 120_000) : 20_000,
  };
}

/** The longest provider answer kept, in characters. */
const MAX_ANSWER = 2000;

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
