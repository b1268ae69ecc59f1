import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'rank-board',
  label: { zh: '积分排行榜', en: 'Points ranking' },
  description: { zh: '学员积分排行，前三名突出显示', en: 'Learners ranked by points; the top three stand out.' },
  icon: 'trophy',
  category: 'community',
  uiSchema: { more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '排行榜上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少行，1 到 50。',
      showAvatar: '显示每位学员的头像。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
