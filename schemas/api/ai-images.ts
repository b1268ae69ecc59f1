// Issue 21 part E's payloads: writing help (/robot/text), image generation (/robot/pic,
// /mjpic/custom), the gallery and showcase (/mjpic) and saved styles (/mjpic/training).
// docs/api.md "Issue 21 E" and docs/ai.md section E.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable, PageParams } from './list';

const Lang = Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of messages and notes (zh default).' }));
const Time = Type.String({ format: 'date-time' });

/** The shortest and longest text the writing help works on, in characters. */
export const WRITING_MIN = 20;
export const WRITING_MAX = 20_000;
/** Images per request, and the sizes offered. */
export const IMAGE_MAX_COUNT = 4;
export const IMAGE_SIZES = ['1024x1024', '1024x1792', '1792x1024', '512x512'] as const;
export const PROMPT_MAX = 1000;
export const NEGATIVE_MAX = 500;
export const STYLE_NAME_MAX = 40;
export const STYLE_PROMPT_MAX = 500;
export const STYLE_REFERENCES_MAX = 4;

// ---- writing help ----

export const WritingTool = Type.Enum(['outline', 'summary', 'rewrite'], { description: 'outline (提纲), summary (摘要) or rewrite (改写).' });
export const WritingTone = Type.Enum(['formal', 'plain', 'concise'], { description: 'rewrite only: formal (正式), plain (通俗), concise (精简).' });
export const WritingSourceKind = Type.Enum(['text', 'content', 'course'], { description: 'text: pasted; content or course: one the learner studied (GET /cm/api/ai/writing/studied).' });

export const WritingRunBody = Type.Object({
  tenantId: TenantIdParam,
  tool: WritingTool,
  tone: Type.Optional(WritingTone),
  sourceKind: WritingSourceKind,
  sourceId: Type.Optional(Type.Integer({ minimum: 1, description: 'The content or course id (content, course).' })),
  text: Type.Optional(Type.String({ maxLength: 100_000, description: `The pasted text (text): ${WRITING_MIN} to ${WRITING_MAX} characters after trimming; longer or shorter is refused with a message.` })),
  lang: Lang,
});

export const WritingRun = Type.Object({
  id: Type.Integer(),
  tool: WritingTool,
  tone: Nullable(WritingTone),
  sourceKind: WritingSourceKind,
  sourceId: Nullable(Type.Integer()),
  sourceTitle: Type.String(),
  inputChars: Type.Integer(),
  output: Type.String({ description: 'Plain text; an outline\'s lines are separated by \\n.' }),
  engine: Type.Enum(['offline', 'openai'], { description: 'offline: the portal\'s own rules (no provider configured); openai: the tenant\'s provider.' }),
  note: Nullable(Type.String({ description: 'What the learner should know (e.g. tone rewriting needs the provider).' })),
  createdAt: Time,
});
export type WritingRun = Static<typeof WritingRun>;

export const WritingRunResult = Type.Object({
  run: WritingRun,
  cost: Type.Integer({ description: 'Credits charged for this run.' }),
  balance: Type.Integer({ description: 'Credits left.' }),
});
export type WritingRunResult = Static<typeof WritingRunResult>;

export const WritingRunsQuery = Type.Object(PageParams);

export const StudiedQuery = Type.Object({
  tenantId: TenantIdParam,
  keyword: Type.Optional(Type.String({ maxLength: 50, description: 'Words in the title.' })),
});

export const StudiedItem = Type.Object({
  kind: Type.Enum(['content', 'course']),
  id: Type.Integer(),
  title: Type.String(),
  lastStudyTime: Time,
});
export type StudiedItem = Static<typeof StudiedItem>;

export const StudiedList = Type.Object({ list: Type.Array(StudiedItem, { description: 'At most 50, newest study first.' }) });
export type StudiedList = Static<typeof StudiedList>;

// ---- images ----

export const ImageOptionsQuery = Type.Object({ tenantId: TenantIdParam, lang: Lang });

export const ImageOptions = Type.Object({
  images: Type.Boolean({ description: 'Whether the tenant\'s provider can draw (an OpenAI-compatible provider is configured).' }),
  message: Nullable(Type.String({ description: 'When images is false: exactly what needs configuring.' })),
  sizes: Type.Array(Type.String()),
  maxCount: Type.Integer(),
  price: Type.Integer({ description: 'Credits per image.' }),
  writingPrice: Type.Integer({ description: 'Credits per writing run.' }),
  balance: Nullable(Type.Integer({ description: 'The caller\'s credits; null for a guest.' })),
});
export type ImageOptions = Static<typeof ImageOptions>;

export const GenerateBody = Type.Object({
  tenantId: TenantIdParam,
  prompt: Type.String({ maxLength: 5000, description: `What to draw: 1 to ${PROMPT_MAX} characters after trimming.` }),
  negativePrompt: Type.Optional(Type.String({ maxLength: 5000, description: `What the picture should not show, up to ${NEGATIVE_MAX} characters.` })),
  size: Type.Enum([...IMAGE_SIZES], { description: 'Width x height.' }),
  count: Type.Integer({ minimum: 1, maximum: IMAGE_MAX_COUNT, description: `1 to ${IMAGE_MAX_COUNT} pictures; each is charged.` }),
  styleId: Type.Optional(Type.Integer({ minimum: 1, description: 'A preset or one of the caller\'s saved styles.' })),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Passed to providers that take one.' })),
  lang: Lang,
});

export const AiImage = Type.Object({
  id: Type.Integer(),
  prompt: Type.String(),
  negativePrompt: Nullable(Type.String()),
  size: Type.String(),
  styleName: Nullable(Type.String()),
  seed: Nullable(Type.Integer()),
  url: Type.String({ description: 'Where the stored file is served.' }),
  mime: Type.String(),
  bytes: Type.Integer(),
  shared: Type.Boolean(),
  mine: Type.Boolean({ description: 'Whether the caller generated it (may delete and unshare it).' }),
  author: Nullable(Type.String({ description: 'Showcase: the learner\'s display name.' })),
  createdAt: Time,
});
export type AiImage = Static<typeof AiImage>;

export const GenerateResult = Type.Object({
  images: Type.Array(AiImage),
  cost: Type.Integer(),
  balance: Type.Integer(),
});
export type GenerateResult = Static<typeof GenerateResult>;

export const ImageListQuery = Type.Object(PageParams);
export const ImageIdBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }), lang: Lang });
export const ShareBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }), shared: Type.Boolean(), lang: Lang });

// ---- styles ----

export const AiStyle = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  prompt: Type.String(),
  referenceUrls: Type.Array(Type.String()),
  preset: Type.Boolean({ description: 'The tenant\'s preset (read-only); false: the caller\'s own.' }),
  updatedAt: Time,
});
export type AiStyle = Static<typeof AiStyle>;

export const StyleListQuery = Type.Object({ tenantId: TenantIdParam });
export const StyleList = Type.Object({ list: Type.Array(AiStyle, { description: 'Presets first, then the caller\'s own, newest first.' }) });

export const StyleSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Type.Integer({ minimum: 1, description: 'Edit this style of the caller\'s; absent: a new one.' })),
  name: Type.String({ maxLength: 200, description: `1 to ${STYLE_NAME_MAX} characters, unique among the caller's styles and the presets.` }),
  prompt: Type.String({ maxLength: 5000, description: `1 to ${STYLE_PROMPT_MAX} characters.` }),
  referenceUrls: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 10, description: `Up to ${STYLE_REFERENCES_MAX} images uploaded through /sm/sys/fc (the fileUrl it answered).` })),
  lang: Lang,
});
