import { Type, type Static } from 'typebox';
import type { WidgetContract } from './contract';

export const RichTextProps = Type.Object({
  html: Type.Optional(Type.String({ title: '内容', description: 'Rich text (HTML); scripts, event handlers and unsafe links are removed before it is shown. Unset: a placeholder line in the visitor\'s language.', maxLength: 100_000 })),
  padding: Type.Integer({ title: '内边距', description: 'Space around the text in pixels, 0 to 64.', minimum: 0, maximum: 64, default: 0 }),
  a11yLabel: Type.Optional(Type.String({ title: '无障碍名称', description: 'What a screen reader calls this block, e.g. "关于我们". Unset: the text\'s own heading if it has one, else "图文" in the visitor\'s language.', maxLength: 60 })),
});
export type RichTextProps = Static<typeof RichTextProps>;

/** The contract of the rich-text widget (widgets/rich-text/): what the runtime and the server's template check share. */
export const richTextContract = {
  type: 'rich-text',
  version: 2,
  propsSchema: RichTextProps,
  defaultProps: { padding: 0 },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'rich-text/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
} satisfies WidgetContract<RichTextProps>;
