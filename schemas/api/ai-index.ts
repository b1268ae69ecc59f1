// The retrieval index's back-office calls (issue 21 part B, ours: docs/api.md "AI: the retrieval
// index"): its state per kind, a rebuild, and a preview of what the offline assistant would find
// and answer for a question.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';

const Kind = Type.Union([
  Type.Literal('course'), Type.Literal('subject'), Type.Literal('content'), Type.Literal('help'), Type.Literal('product'), Type.Literal('exam'),
], {
  description: 'What an indexed item is: course, subject, content (the library), help (help center articles), product (shop) or exam.',
});

export const AiIndexTenantQuery = Type.Object({ tenantId: TenantIdParam });
export const AiIndexTenantBody = Type.Object({ tenantId: TenantIdParam });

export const AiIndexKindCount = Type.Object({
  kind: Kind,
  items: Type.Integer({ description: 'Items of this kind in the index.' }),
  passages: Type.Integer({ description: 'Their passages.' }),
});

export const AiIndexStatus = Type.Object({
  builtAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the index was last built; null before the first build.' }),
  passages: Type.Integer({ description: 'Passages in the index.' }),
  buildMs: Type.Integer({ description: 'How long the last build took, in milliseconds.' }),
  fresh: Type.Boolean({ description: 'False when the catalogue changed since the build: the next search (or a rebuild) builds it again.' }),
  kinds: Type.Array(AiIndexKindCount, { description: 'Items and passages per kind, every kind listed (0 when none).' }),
});
export type AiIndexStatus = Static<typeof AiIndexStatus>;

export const AiIndexPreviewBody = Type.Object({
  tenantId: TenantIdParam,
  question: Type.String({ minLength: 1, maxLength: 500, description: 'The question to try, as a learner would ask it.' }),
  lang: Type.Optional(Type.Union([Type.Literal('zh'), Type.Literal('en')], { description: 'The answer language; zh by default.' })),
});

export const AiIndexPassage = Type.Object({
  kind: Kind,
  refId: Type.Integer({ description: 'The item id in its own table.' }),
  title: Type.String(),
  text: Type.String({ description: 'The passage, plain text of at most 400 characters.' }),
  link: Type.String({ description: 'The portal path under /study that opens the item.' }),
  score: Type.Number({ description: 'Retrieval score; higher is closer.' }),
});

export const AiIndexPreview = Type.Object({
  passages: Type.Array(AiIndexPassage, { description: 'What the search found, best first.' }),
  answer: Type.String({ description: "The offline default's answer composed from them." }),
  links: Type.Array(Type.Object({ title: Type.String(), path: Type.String() }), { description: 'The links sent with the answer.' }),
});
export type AiIndexPreview = Static<typeof AiIndexPreview>;
