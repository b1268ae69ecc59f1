import { Type, type Static } from 'typebox';

export const SpacerProps = Type.Object({
  height: Type.Integer({ title: '高度', description: 'Blank space in pixels, 0 to 200.', minimum: 0, maximum: 200, default: 24 }),
  divider: Type.Boolean({ title: '分割线', description: 'Draw a thin line across the middle of the space.', default: false }),
});
export type SpacerProps = Static<typeof SpacerProps>;
