import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'notice-list',
  label: { zh: '通知公告', en: 'Notices' },
  description: { zh: '公开通知，置顶的排在最前', en: 'Public notices, pinned ones first.' },
  icon: 'notification',
  category: 'community',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item' } },
};
