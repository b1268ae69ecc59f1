import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'knowledge-list',
  label: { zh: '微课知识', en: 'Micro-lessons' },
  description: { zh: '展示微课与知识', en: 'Micro-lessons and knowledge items of a category.' },
  icon: 'bulb',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 2 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
      purpose: '1：只显示微课；2：只显示知识；不选则两者都显示。',
    },
  },
};
