import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'task-list',
  label: { zh: '任务列表', en: 'Task list' },
  description: { zh: '展示公开的学习任务及积分', en: 'Public learning tasks with their points.' },
  icon: 'check-square',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 9 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
    },
  },
};
