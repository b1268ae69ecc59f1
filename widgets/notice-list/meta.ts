import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'notice-list',
  label: { zh: '通知公告', en: 'Notices' },
  description: { zh: '公开通知，置顶的排在最前', en: 'Public notices, pinned ones first.' },
  icon: 'notification',
  category: 'community',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '列表上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少条公告，1 到 20。',
      categoryId: '只显示此分类（及其下级分类）的公告。',
      showDate: '在每条公告右侧显示发布日期。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
