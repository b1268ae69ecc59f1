import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'spacer',
  label: { zh: '间距', en: 'Spacer' },
  description: { zh: '块之间的空白，可加分割线', en: 'Blank space between blocks, optionally with a divider.' },
  icon: 'column-height',
  category: 'layout',
  uiSchema: { height: { 'ui:widget': 'range' } },
  descriptions: {
    zh: {
      height: '空白的高度（像素），0 到 200。',
      divider: '在空白中间画一条细线。',
    },
  },
};
