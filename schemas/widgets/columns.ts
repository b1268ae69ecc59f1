import { Type, type Static } from 'typebox';
import type { WidgetContract } from './contract';

export const ColumnsProps = Type.Object({
  ratio: Type.String({
    title: '列宽比例',
    description: 'Two or three columns and their widths, such as "1:1", "2:1" or "1:1:1"; the columns hold the slots col1, col2 and col3.',
    pattern: '^[1-9](:[1-9]){1,2}$',
    default: '1:1',
  }),
  gap: Type.Integer({ title: '列间距', description: 'Space between the columns in pixels.', minimum: 0, maximum: 64, default: 16 }),
  stackBelow: Type.Integer({ title: '堆叠宽度', description: 'Below this page width in pixels the columns stack vertically; 0 never stacks.', minimum: 0, maximum: 1600, default: 0 }),
});
export type ColumnsProps = Static<typeof ColumnsProps>;

/** The slots a columns block renders; a "1:1" ratio shows col1 and col2 only. */
export const COLUMN_SLOTS = ['col1', 'col2', 'col3'] as const;

/** The contract of the columns widget (widgets/columns/): what the runtime and the server's template check share. */
export const columnsContract = {
  type: 'columns',
  version: 1,
  propsSchema: ColumnsProps,
  defaultProps: { ratio: '1:1', gap: 16, stackBelow: 0 },
  migrations: [],
  slots: COLUMN_SLOTS,
} satisfies WidgetContract<ColumnsProps>;
