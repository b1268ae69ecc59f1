import { defineWidget } from '../../src/runtime/widget-definition';
import { columnsContract, type ColumnsProps } from '../../schemas/widgets/columns';

/** A container of two or three columns; child blocks sit in the slots col1, col2 and col3. */
export const widget = defineWidget<ColumnsProps>({
  ...columnsContract,
  load: () => import('./columns'),
});
