import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'subject-list',
  label: { zh: '专题列表', en: 'Subject list' },
  description: { zh: '按分类展示学习专题', en: 'Learning subjects of a category.' },
  icon: 'appstore',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 1 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
    },
  },
};
