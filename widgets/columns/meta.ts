import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'columns',
  label: { zh: '分栏', en: 'Columns' },
  description: { zh: '两栏或三栏容器，按比例分配宽度', en: 'A two- or three-column container with width ratios.' },
  icon: 'layout',
  category: 'layout',
  uiSchema: { ratio: { 'ui:widget': 'select', 'ui:options': { enumOptions: ['1:1', '2:1', '1:2', '1:1:1', '2:1:1', '1:2:1'] } } },
};
