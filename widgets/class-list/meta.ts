import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'class-list',
  label: { zh: '培训班列表', en: 'Class list' },
  description: { zh: '展示公开的培训班及其报名状态', en: 'Public training classes with their enrolment state.' },
  icon: 'team',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 7 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
      state: '1 报名中（未开始），2 进行中，3 已结束；不选则显示全部状态。',
    },
  },
};
