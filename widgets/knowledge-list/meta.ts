import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'knowledge-list',
  label: { zh: '微课知识', en: 'Micro-lessons' },
  description: { zh: '展示微课与知识', en: 'Micro-lessons and knowledge items of a category.' },
  icon: 'bulb',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 2 } } },
};
