import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'exam-cards',
  label: { zh: '考试卡片', en: 'Exam cards' },
  description: { zh: '展示考试或问卷及其答题状态', en: 'Exams or surveys with the state of their window.' },
  icon: 'form',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 8 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
      type: 'exam：带题目、时限和及格分的考试；survey：问卷。',
      windowState: '只显示答题窗口未开始、进行中或已结束的考试；不选则显示全部。',
    },
  },
};
