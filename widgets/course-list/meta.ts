import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'course-list',
  label: { zh: '课程列表', en: 'Course list' },
  description: { zh: '按分类展示最新或最热的课程', en: 'The newest or most studied courses of a category.' },
  icon: 'play-square',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 1 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
    },
  },
};
