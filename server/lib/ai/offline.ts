// The offline provider (issue 21 part A; docs/ai.md A "The offline default"): no network and no
// model. `chat` cannot follow free instructions, so it does the request's `task` by the rules of the
// other parts' pure functions (answer: B's composeAnswer; outline, summary, rewrite: E's
// offlineWriting; plan, quiz: D's offlineApplication) and streams the text in small pieces, so a
// page's streaming path is the same for both providers. Images and embeddings need a model: they
// throw AiNotConfiguredError with the words of what to configure.
import { composeAnswer } from './offline-answer';
import { offlineApplication } from './offline-apps';
import { offlineWriting } from './offline-writing';
import { AiNotConfiguredError, type AiProvider, type ChatRequest } from './types';

/** Characters per streamed piece. */
const PIECE = 6;

/** What the offline provider says instead of an image or a vector; the pages show it as it is. */
export const NOT_CONFIGURED = {
  images: { zh: '图片生成需要管理员在「AI 服务设置」中配置图片模型。', en: 'Image generation needs an image model, which an administrator sets up in "AI service settings".' },
  embeddings: { zh: '语义检索需要管理员在「AI 服务设置」中配置向量模型。', en: 'Semantic search needs an embedding model, which an administrator sets up in "AI service settings".' },
  tts: { zh: '语音播报需要管理员在「AI 服务设置」中配置语音模型。', en: 'Speech needs a text-to-speech model, which an administrator sets up in "AI service settings".' },
} as const;

/** The whole offline text of a request (what `chat` then streams). */
export function offlineText(request: ChatRequest): string {
  const task = request.task;
  switch (task.kind) {
    case 'answer': {
      // The question itself (`input`), not the last user turn: for an HTTP provider the caller puts
      // the material into that turn (资料：… 问题：…), and every sentence of the material would then
      // "match" the question it was retrieved for.
      const question = request.input ?? [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      return composeAnswer(question, request.material, request.lang).text;
    }
    case 'outline':
    case 'summary':
    case 'rewrite': {
      const result = offlineWriting(task, request.input ?? '', request.lang);
      // Never pretend: a tone the rules cannot do says so after the text it could make.
      return result.note ? `${result.text}\n\n${result.note}` : result.text;
    }
    case 'plan':
    case 'quiz':
      return offlineApplication(task, request.material, request.lang);
  }
}

/** Splits text into pieces of a few characters, never inside a surrogate pair. */
export function pieces(text: string, size = PIECE): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The offline AiProvider; one instance serves every tenant (it holds nothing). */
export const offlineProvider: AiProvider = {
  kind: 'offline',
  async *chat(request: ChatRequest) {
    const text = offlineText(request);
    for (const piece of pieces(text)) {
      if (request.signal?.aborted) throw new DOMException('The request was stopped.', 'AbortError');
      yield piece;
      // A yield to the event loop, no artificial delay: the stop button and other requests get their turn.
      await nextTurn();
    }
  },
  images() {
    return Promise.reject(new AiNotConfiguredError('images', NOT_CONFIGURED.images.zh));
  },
  embed() {
    return Promise.reject(new AiNotConfiguredError('embeddings', NOT_CONFIGURED.embeddings.zh));
  },
};
