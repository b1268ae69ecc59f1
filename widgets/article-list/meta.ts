import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'article-list',
  label: { zh: '文章资讯', en: 'Articles' },
  description: { zh: '分享文章与新闻资讯', en: 'Shared articles and news.' },
  icon: 'read',
  category: 'community',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '列表上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少篇文章，1 到 50。',
      kind: '共享文章、新闻，或两者都显示。',
      categoryId: '只显示此分类（及其下级分类）的文章。',
      sort: '最新的在前，或浏览最多的在前。',
      layout: '每篇一行、封面在左，或卡片网格。',
      columns: '网格布局下每行的卡片数，1 到 6。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
