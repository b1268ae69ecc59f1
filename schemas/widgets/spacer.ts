import { Type, type Static } from 'typebox';
import type { WidgetContract } from './contract';

export const SpacerProps = Type.Object({
  height: Type.Integer({ title: '高度', description: 'Blank space in pixels, 0 to 200.', minimum: 0, maximum: 200, default: 24 }),
  divider: Type.Boolean({ title: '分割线', description: 'Draw a thin line across the middle of the space.', default: false }),
});
export type SpacerProps = Static<typeof SpacerProps>;

/** The contract of the spacer widget (widgets/spacer/): what the runtime and the server's template check share. */
export const spacerContract = {
  type: 'spacer',
  version: 1,
  propsSchema: SpacerProps,
  defaultProps: { height: 24, divider: false },
  migrations: [],
} satisfies WidgetContract<SpacerProps>;
