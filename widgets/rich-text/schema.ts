import { Type, type Static } from 'typebox';

export const RichTextProps = Type.Object({
  html: Type.String({ title: '内容', description: 'Rich text (HTML); scripts, event handlers and unsafe links are removed before it is shown.', maxLength: 100_000, default: '<p>请输入内容</p>' }),
  padding: Type.Integer({ title: '内边距', description: 'Space around the text in pixels, 0 to 64.', minimum: 0, maximum: 64, default: 0 }),
});
export type RichTextProps = Static<typeof RichTextProps>;
