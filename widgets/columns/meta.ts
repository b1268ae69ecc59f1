import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'columns',
  label: { zh: '分栏', en: 'Columns' },
  description: { zh: '两栏或三栏容器，按比例分配宽度', en: 'A two- or three-column container with width ratios.' },
  icon: 'layout',
  category: 'layout',
  uiSchema: { ratio: { 'ui:widget': 'select', 'ui:options': { enumOptions: ['1:1', '2:1', '1:2', '1:1:1', '2:1:1', '1:2:1'] } } },
  descriptions: {
    zh: {
      ratio: '两栏或三栏及其宽度比例，例如 “1:1”、“2:1” 或 “1:1:1”；各栏依次为插槽 col1、col2、col3。',
      gap: '栏与栏之间的间距（像素）。',
      stackBelow: '页面宽度小于此值（像素）时各栏上下堆叠；0 表示从不堆叠。',
    },
  },
};
