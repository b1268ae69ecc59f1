import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'content-list',
  label: { zh: '内容列表', en: 'Content list' },
  description: { zh: '按用途展示内容、作品或读物', en: 'Contents, works or reading of one purpose.' },
  icon: 'file-text',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 3 } } },
};
