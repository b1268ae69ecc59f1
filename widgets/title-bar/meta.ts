import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'title-bar',
  label: { zh: '标题栏', en: 'Title bar' },
  description: { zh: '分区标题、副标题和“更多”链接', en: 'A section heading with a subtitle and a "more" link.' },
  icon: 'font-size',
  category: 'layout',
  uiSchema: { more: { 'ui:field': 'link-item' } },
};
