import { defineWidget } from '../../src/runtime/widget-definition';
import { ColumnsProps } from './schema';

/** The slots a columns block renders; a "1:1" ratio shows col1 and col2 only. */
export const COLUMN_SLOTS = ['col1', 'col2', 'col3'] as const;

/** A container of two or three columns; child blocks sit in the slots col1, col2 and col3. */
export const widget = defineWidget<ColumnsProps>({
  type: 'columns',
  version: 1,
  propsSchema: ColumnsProps,
  defaultProps: { ratio: '1:1', gap: 16, stackBelow: 0 },
  migrations: [],
  load: () => import('./columns'),
  slots: COLUMN_SLOTS,
});
