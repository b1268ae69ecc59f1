import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'class-list',
  label: { zh: '培训班列表', en: 'Class list' },
  description: { zh: '展示公开的培训班及其报名状态', en: 'Public training classes with their enrolment state.' },
  icon: 'team',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 7 } } },
};
