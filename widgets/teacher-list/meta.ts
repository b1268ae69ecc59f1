import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'teacher-list',
  label: { zh: '名师风采', en: 'Teachers' },
  description: { zh: '按排行展示讲师', en: 'Teachers, best ranked first.' },
  icon: 'team',
  category: 'community',
  uiSchema: { more: { 'ui:field': 'link-item' } },
};
