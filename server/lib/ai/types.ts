// The AI area's provider interface (issue 21 "AI area"; docs/ai.md). Two implementations: the
// OpenAI-compatible HTTP provider a tenant configures in the back office (chat with streaming,
// images, embeddings) and the offline default, which needs no network and answers from the
// tenant's own catalogue through the retrieval index. Every page of the AI area goes through
// `providerFor` (provider.ts), so a tenant switches between them by settings alone.

/** What a passage of the retrieval index comes from; an assistant may be limited to some kinds. */
export type PassageKind = 'course' | 'subject' | 'content' | 'help' | 'product' | 'exam';
export const PASSAGE_KINDS: readonly PassageKind[] = ['course', 'subject', 'content', 'help', 'product', 'exam'];

/** One retrieved passage: a piece of a catalogue item with the link that opens the item. */
export interface Passage {
  kind: PassageKind;
  /** The item's id in its own table. */
  refId: number;
  title: string;
  /** The passage's text (plain, at most a few hundred characters). */
  text: string;
  /** Where the item opens in the portal, a path under /study without the prefix (e.g. /course/detail/12). */
  link: string;
  /** The retrieval score (higher is closer); 0 when not ranked. */
  score: number;
}

/**
 * The most text kept from one chat answer of a provider (the talk page's message column holds
 * 8000): a caller stops reading there, so a runaway provider cannot fill memory or a row.
 */
export const MAX_ANSWER_CHARS = 8000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What the caller asks for. The HTTP provider sends `messages` (the caller puts the material into
 * them); the offline provider cannot follow free instructions, so it does `task` with `material`
 * and `input` by its own rules (offline-*.ts, one file per kind of task).
 */
export type AiTask =
  /** Answer the last user message from the material (the talk page, assistants). */
  | { kind: 'answer' }
  /** Writing help (/robot/text) on `input`: an outline, a rewrite in a tone, a summary. */
  | { kind: 'outline' | 'summary' }
  | { kind: 'rewrite'; tone: 'formal' | 'plain' | 'concise' }
  /** Applications (/robot/application): a study plan over days, questions on the material. */
  | { kind: 'plan'; days: number }
  | { kind: 'quiz'; count: number };

export interface ChatRequest {
  messages: ChatMessage[];
  task: AiTask;
  /** Retrieved or chosen passages the answer must rest on (may be empty). */
  material: Passage[];
  /** The text the task works on (writing help), when there is one. */
  input?: string;
  lang: 'zh' | 'en';
  /** Aborted when the learner presses stop or the connection closes. */
  signal?: AbortSignal;
  temperature?: number;
  maxTokens?: number;
}

export interface ImageRequest {
  prompt: string;
  negativePrompt?: string;
  /** width x height, e.g. '1024x1024'. */
  size: string;
  count: number;
  /** A saved style's prompt suffix (/mjpic/training), already resolved by the caller. */
  style?: string;
  signal?: AbortSignal;
}

/** A generated image: PNG (or JPEG/WebP) bytes, which the caller stores. */
export interface GeneratedImage {
  bytes: Uint8Array;
  mime: string;
}

export interface AiProvider {
  readonly kind: 'offline' | 'openai';
  /** Streams the answer's text in pieces, in order; ends when the answer is complete. */
  chat(request: ChatRequest): AsyncIterable<string>;
  /** Throws AiNotConfiguredError when the provider has no image model (the offline default never has). */
  images(request: ImageRequest): Promise<GeneratedImage[]>;
  /** One vector per text; throws AiNotConfiguredError without an embedding model. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** A capability the tenant has not configured: the page says exactly what is missing (`what`). */
export class AiNotConfiguredError extends Error {
  constructor(readonly what: 'images' | 'embeddings' | 'tts', message: string) {
    super(message);
    this.name = 'AiNotConfiguredError';
  }
}

/** The provider failed (status, timeout, unreadable answer); `message` is safe to show. */
export class AiProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'AiProviderError';
  }
}
