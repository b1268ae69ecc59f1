// The provider's failures in words, Chinese and English (issue 21 part A; docs/ai.md A "Errors").
// AiProviderError's `message` is the Chinese sentence (the portal's default language); a page in
// English shows `aiErrorText(error, 'en')`. Never the key, never the provider's raw body.
import { AiNotConfiguredError, AiProviderError } from './types';

/** An AiProviderError that also knows its English sentence. */
export class ProviderFailure extends AiProviderError {
  constructor(message: string, readonly en: string, status?: number) {
    super(message, status);
  }
}

export const FAILURES = {
  timeout: (s: number) => [`AI 服务在 ${s} 秒内没有响应（超时）。`, `The AI service did not answer within ${s} seconds (timed out).`],
  notFound: () => ['找不到 AI 服务的主机，请检查服务地址。', 'The AI service\'s host was not found; check the service address.'],
  refused: () => ['AI 服务拒绝连接，请检查服务地址和端口。', 'The AI service refused the connection; check the address and port.'],
  reset: () => ['与 AI 服务的连接被中断。', 'The connection to the AI service was cut.'],
  certificate: () => ['AI 服务的 HTTPS 证书无效。', 'The AI service\'s HTTPS certificate is not valid.'],
  unreachable: () => ['无法连接 AI 服务。', 'The AI service cannot be reached.'],
  unreadable: () => ['AI 服务返回了无法读取的内容。', 'The AI service answered something that cannot be read.'],
  streamError: () => ['AI 服务在回答中途出错。', 'The AI service failed in the middle of its answer.'],
  tooLarge: () => ['AI 服务的回答太大。', 'The AI service\'s answer is too large.'],
  lineTooLong: () => ['AI 服务的流式回答中有一行超过 1 MB，已停止读取。', 'A line of the AI service\'s streamed answer is over 1 MB; reading stopped.'],
  noChatModel: () => ['对话需要管理员在「AI 服务设置」中配置对话模型。', 'Chat needs a chat model, which an administrator sets up in "AI service settings".'],
  noText: () => ['AI 服务的回答里没有文字。', 'The AI service\'s answer has no text.'],
  imageTooLarge: () => ['AI 服务生成的图片太大。', 'The image the AI service made is too large.'],
  notImage: () => ['AI 服务返回的不是图片。', 'The AI service answered something that is not an image.'],
  noImages: () => ['AI 服务没有返回图片。', 'The AI service answered no image.'],
  vectorCount: () => ['AI 服务返回的向量数量不对。', 'The AI service answered the wrong number of vectors.'],
  badImageUrl: () => ['AI 服务返回的图片地址无效。', 'The AI service answered an image address that is not valid.'],
  imageDownload: (status: number) => [`下载生成的图片失败（HTTP ${status}）。`, `Downloading the generated image failed (HTTP ${status}).`],
} as const satisfies Record<string, (...args: never[]) => readonly [string, string]>;

/** Builds the failure `key` with its arguments. */
export function failure<K extends keyof typeof FAILURES>(key: K, ...args: Parameters<(typeof FAILURES)[K]>): ProviderFailure {
  const [zh, en] = (FAILURES[key] as (...a: Parameters<(typeof FAILURES)[K]>) => readonly [string, string])(...args);
  return new ProviderFailure(zh, en);
}

/** A non-2xx answer: what it means and, when the body says one, a short reason. */
export function statusFailure(status: number, reason: string): ProviderFailure {
  const [zh, en] = status === 401 || status === 403 ? ['API 密钥无效或没有权限', 'The API key is wrong or lacks permission']
    : status === 404 ? ['地址或模型不存在', 'The address or the model does not exist']
      : status === 429 ? ['请求太频繁或额度已用完', 'Too many requests, or the quota is used up']
        : status >= 500 ? ['AI 服务内部出错', 'The AI service had an internal error'] : ['AI 服务拒绝了请求', 'The AI service refused the request'];
  return new ProviderFailure(`${zh}（HTTP ${status}${reason ? `：${reason}` : ''}）。`, `${en} (HTTP ${status}${reason ? `: ${reason}` : ''}).`, status);
}

const NOT_CONFIGURED_EN: Record<AiNotConfiguredError['what'], string> = {
  images: 'Image generation needs an image model, which an administrator sets up in "AI service settings".',
  embeddings: 'Semantic search needs an embedding model, which an administrator sets up in "AI service settings".',
  tts: 'Speech needs a text-to-speech model, which an administrator sets up in "AI service settings".',
};

/** The sentence to show for a provider error in the page's language. */
export function aiErrorText(error: unknown, lang: 'zh' | 'en'): string {
  if (lang === 'en') {
    if (error instanceof ProviderFailure) return error.en;
    if (error instanceof AiNotConfiguredError) return NOT_CONFIGURED_EN[error.what];
    if (error instanceof AiProviderError) return 'The AI service failed.';
  }
  if (error instanceof AiProviderError || error instanceof AiNotConfiguredError) return error.message;
  return lang === 'en' ? 'The AI service failed.' : 'AI 服务出错。';
}
