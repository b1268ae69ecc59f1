import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'exam-cards',
  label: { zh: '考试卡片', en: 'Exam cards' },
  description: { zh: '展示考试或问卷及其答题状态', en: 'Exams or surveys with the state of their window.' },
  icon: 'form',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 8 } } },
};
