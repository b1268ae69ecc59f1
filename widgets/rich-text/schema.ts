import { Type, type Static } from 'typebox';

export const RichTextProps = Type.Object({
  html: Type.Optional(Type.String({ title: '内容', description: 'Rich text (HTML); scripts, event handlers and unsafe links are removed before it is shown. Unset: a placeholder line in the visitor\'s language.', maxLength: 100_000 })),
  padding: Type.Integer({ title: '内边距', description: 'Space around the text in pixels, 0 to 64.', minimum: 0, maximum: 64, default: 0 }),
});
export type RichTextProps = Static<typeof RichTextProps>;
