import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'teacher-list',
  label: { zh: '名师风采', en: 'Teachers' },
  description: { zh: '按排行展示讲师', en: 'Teachers, best ranked first.' },
  icon: 'team',
  category: 'community',
  uiSchema: { more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '列表上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少位老师（排名靠前的在前），1 到 50。',
      columns: '每行的老师数，1 到 8。',
      showIntro: '显示每位老师两行简介。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
