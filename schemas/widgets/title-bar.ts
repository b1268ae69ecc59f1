import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';

export const TitleBarProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "The heading text; unset shows a placeholder heading in the visitor's language.", minLength: 1, maxLength: 60 })),
  subtitle: Type.Optional(Type.String({ title: '副标题', description: 'A smaller line beside or under the heading.', maxLength: 120 })),
  align: Type.Union([Type.Literal('left'), Type.Literal('center')], { title: '对齐', description: 'Heading at the left (with "more" at the right) or centred.', default: 'left' }),
  moreText: Type.Optional(Type.String({ title: '更多文字', description: 'Text of the "more" link; 更多 / More when empty.', maxLength: 20 })),
  more: Type.Optional(LinkItem),
});
export type TitleBarProps = Static<typeof TitleBarProps>;

/** The contract of the title-bar widget (widgets/title-bar/): what the runtime and the server's template check share. */
export const titleBarContract = {
  type: 'title-bar',
  version: 1,
  propsSchema: TitleBarProps,
  defaultProps: { align: 'left' },
  migrations: [],
} satisfies WidgetContract<TitleBarProps>;
