import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'book-shelf',
  label: { zh: '书架', en: 'Book shelf' },
  description: { zh: '阅读类商品（电子书、有声书），以书封展示', en: 'Reading products (e-books, audio books) as book covers.' },
  icon: 'book',
  category: 'shop',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '书架上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少本书，1 到 50。',
      columns: '每行的书本数，2 到 8。',
      categoryId: '只显示此分类（及其下级分类）的书。',
      sort: '最新的在前，或销量最高的在前。',
      showPrice: '在每本书下方显示价格。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
