// The OpenAI-compatible HTTP provider (issue 21 part A; docs/ai.md A): chat streamed over
// /chat/completions (SSE), images over /images/generations, embeddings over /embeddings, all to
// the configured base URL only (safe-http.ts refuses internal addresses). A failure throws
// AiProviderError with a short reason safe to show: never the key, never the provider's raw body.
// The caller's abort ends the HTTP request and the iteration throws an AbortError.
import type { IncomingMessage } from 'node:http';
import { AiNotConfiguredError, AiProviderError, type AiProvider, type ChatRequest, type GeneratedImage, type ImageRequest } from './types';
import { failure, statusFailure, ProviderFailure } from './provider-errors';
import { BlockedHostError, IdleTimeoutError, readBody, safeRequest } from './safe-http';

/** Everything the HTTP provider needs; `apiKey` is the opened key, held in memory only. */
export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string | null;
  chatModel: string;
  imageModel: string;
  embeddingModel: string;
  ttsModel: string;
  timeoutMs: number;
  maxTokens: number;
  /** AI_ALLOW_PRIVATE_HOSTS for a tenant's URL; true for the operator's own AI_API_BASE. */
  allowPrivate: boolean;
}

/** The most one JSON answer (non-streamed) or one fetched image may weigh. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** The longest line, and the most data of one event, a streamed answer may send (characters). */
export const MAX_SSE_LINE = 1024 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const abortError = (signal?: AbortSignal) => {
  const reason = signal?.reason as unknown;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The request was stopped.', 'AbortError');
};

/** Turns a transport failure into a safe AiProviderError (or rethrows the caller's abort). */
function transportError(error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted) return abortError(signal);
  if (error instanceof AiProviderError) return error;
  if (error instanceof IdleTimeoutError) return failure('timeout', Math.round(error.ms / 1000));
  if (error instanceof BlockedHostError) return new ProviderFailure(error.message, error.en);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return failure('notFound');
  if (code === 'ECONNREFUSED') return failure('refused');
  if (code === 'ECONNRESET' || code === 'EPIPE') return failure('reset');
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return failure('certificate');
  return failure('unreachable');
}

/** The words for a non-2xx answer: the status and, when the body says one, a short reason. */
async function statusError(res: IncomingMessage): Promise<ProviderFailure> {
  const status = res.statusCode ?? 0;
  let reason = '';
  try {
    const body = JSON.parse((await readBody(res, 64 * 1024)).toString('utf8')) as { error?: { message?: unknown } | string };
    const raw = typeof body.error === 'string' ? body.error : body.error?.message;
    // A short reason only, with anything that looks like a key masked: a key's usual prefixes, and
    // any long token-like run (a key, a session or an org id some providers echo back).
    if (typeof raw === 'string') reason = raw.replace(/\b(sk|key|bearer)[-_A-Za-z0-9]{6,}/gi, '••••').replace(/[A-Za-z0-9_-]{24,}/g, '••••').slice(0, 160);
  } catch {
    res.destroy();
  }
  return statusFailure(status, reason);
}

/**
 * Reads the `data:` lines of an SSE stream, whatever way the bytes were split. A line, or one
 * event's data, longer than MAX_SSE_LINE fails (lineTooLong) instead of growing without end.
 */
export async function* sseData(body: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let dataChars = 0;
  for await (const chunk of body) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r?\n|\r/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
        dataChars = 0;
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
        dataChars += line.length;
      }
      if (line.length > MAX_SSE_LINE || dataChars > MAX_SSE_LINE) throw failure('lineTooLong');
    }
    // What is left is a line still without its end.
    if (buffer.length > MAX_SSE_LINE) throw failure('lineTooLong');
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(5).replace(/^ /, ''));
  if (data.length) yield data.join('\n');
}

/** The text pieces of a streamed /chat/completions answer, until [DONE]. */
export async function* chatPieces(body: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  for await (const data of sseData(body)) {
    if (data.trim() === '[DONE]') return;
    let parsed: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
    try {
      parsed = JSON.parse(data) as typeof parsed;
    } catch {
      throw failure('unreadable');
    }
    if (parsed.error) throw failure('streamError');
    const piece = parsed.choices?.[0]?.delta?.content;
    if (typeof piece === 'string' && piece) yield piece;
  }
}

/** An AiProvider over an OpenAI-compatible API. */
export function createOpenAiProvider(config: OpenAiConfig): AiProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const headers = (accept: string): Record<string, string> => ({
    'content-type': 'application/json',
    accept,
    ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
  });

  /** POSTs JSON and answers the response, or throws a safe error for transport failures and non-2xx. */
  async function post(path: string, body: unknown, accept: string, signal?: AbortSignal): Promise<IncomingMessage> {
    if (signal?.aborted) throw abortError(signal);
    let res: IncomingMessage;
    try {
      res = await safeRequest(new URL(`${base}${path}`), {
        method: 'POST', headers: headers(accept), body: JSON.stringify(body),
        idleTimeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate, ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw transportError(error, signal);
    }
    if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) throw await statusError(res);
    return res;
  }

  async function json<T>(res: IncomingMessage, signal?: AbortSignal): Promise<T> {
    let text: string;
    try {
      text = (await readBody(res, MAX_JSON_BYTES)).toString('utf8');
    } catch (error) {
      if (error instanceof RangeError) throw failure('tooLarge');
      throw transportError(error, signal);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw failure('unreadable');
    }
  }

  return {
    kind: 'openai',

    async *chat(request: ChatRequest) {
      // providerFor only builds this provider with a chat model; a direct caller gets words, not a 404.
      if (!config.chatModel) throw failure('noChatModel');
      const maxTokens = Math.min(request.maxTokens ?? config.maxTokens, config.maxTokens);
      const res = await post('/chat/completions', {
        model: config.chatModel,
        messages: request.messages,
        stream: true,
        max_tokens: maxTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      }, 'text/event-stream', request.signal);
      const type = String(res.headers['content-type'] ?? '');
      if (type.includes('application/json')) {
        // A provider that ignores stream: true answers the whole message at once.
        const body = await json<{ choices?: { message?: { content?: unknown } }[] }>(res, request.signal);
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string') throw failure('noText');
        if (content) yield content;
        return;
      }
      try {
        yield* chatPieces(res as AsyncIterable<Buffer>);
      } catch (error) {
        throw transportError(error, request.signal);
      } finally {
        res.destroy();
      }
    },

    async images(request: ImageRequest): Promise<GeneratedImage[]> {
      if (!config.imageModel) throw new AiNotConfiguredError('images', '图片生成需要管理员在「AI 服务设置」中配置图片模型。');
      const prompt = [request.prompt, request.style, request.negativePrompt ? `Avoid: ${request.negativePrompt}` : '']
        .filter(Boolean).join('\n');
      const res = await post('/images/generations', {
        model: config.imageModel, prompt, n: request.count, size: request.size, response_format: 'b64_json',
      }, 'application/json', request.signal);
      const body = await json<{ data?: { b64_json?: unknown; url?: unknown }[] }>(res, request.signal);
      const out: GeneratedImage[] = [];
      for (const item of body.data ?? []) {
        let bytes: Buffer | null = null;
        if (typeof item.b64_json === 'string') bytes = Buffer.from(item.b64_json, 'base64');
        else if (typeof item.url === 'string') bytes = await fetchImage(item.url, config, request.signal);
        if (!bytes || bytes.length === 0) continue;
        if (bytes.length > MAX_IMAGE_BYTES) throw failure('imageTooLarge');
        const mime = imageMime(bytes);
        if (!mime) throw failure('notImage');
        out.push({ bytes: new Uint8Array(bytes), mime });
      }
      if (out.length === 0) throw failure('noImages');
      return out;
    },

    async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
      if (!config.embeddingModel) throw new AiNotConfiguredError('embeddings', '语义检索需要管理员在「AI 服务设置」中配置向量模型。');
      if (texts.length === 0) return [];
      const res = await post('/embeddings', { model: config.embeddingModel, input: texts }, 'application/json', signal);
      const body = await json<{ data?: { index?: unknown; embedding?: unknown }[] }>(res, signal);
      const rows = body.data ?? [];
      const vectors: number[][] = new Array<number[]>(texts.length);
      rows.forEach((row, i) => {
        const at = typeof row.index === 'number' ? row.index : i;
        if (Array.isArray(row.embedding) && row.embedding.every((x) => typeof x === 'number')) vectors[at] = row.embedding as number[];
      });
      if (vectors.length !== texts.length || [...vectors].some((v) => !v)) throw failure('vectorCount');
      return vectors;
    },
  };
}

/** The image an answer links to (an `url` answer), through the same guard and with a size cap. */
async function fetchImage(raw: string, config: OpenAiConfig, signal?: AbortSignal): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw failure('badImageUrl');
  }
  try {
    const res = await safeRequest(url, { method: 'GET', idleTimeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate, ...(signal ? { signal } : {}) });
    if ((res.statusCode ?? 0) !== 200) {
      res.destroy();
      throw failure('imageDownload', res.statusCode ?? 0);
    }
    return await readBody(res, MAX_IMAGE_BYTES);
  } catch (error) {
    if (error instanceof RangeError) throw failure('imageTooLarge');
    throw transportError(error, signal);
  }
}

/** PNG, JPEG, WebP or GIF by their first bytes; null for anything else. */
export function imageMime(bytes: Uint8Array): string | null {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) return 'image/webp';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  return null;
}

/** The provider's model ids from GET /models, or null when it has no such list. */
export async function listModels(config: OpenAiConfig, signal?: AbortSignal): Promise<string[] | null> {
  let res: IncomingMessage;
  try {
    res = await safeRequest(new URL(`${config.baseUrl.replace(/\/+$/, '')}/models`), {
      method: 'GET', headers: { accept: 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      idleTimeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate, ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw transportError(error, signal);
  }
  if (res.statusCode === 404 || res.statusCode === 405) {
    res.destroy();
    return null;
  }
  if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) throw await statusError(res);
  try {
    const body = JSON.parse((await readBody(res, MAX_JSON_BYTES)).toString('utf8')) as { data?: { id?: unknown }[] };
    return (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return null;
  }
}
