import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'product-list',
  label: { zh: '商品列表', en: 'Products' },
  description: { zh: '商城商品，含价格、划线价和商家', en: 'Shop products with price, struck retail price and provider.' },
  icon: 'shopping',
  category: 'shop',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, providerId: { 'ui:widget': 'provider-picker' }, more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '列表上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '显示多少件商品，1 到 50。',
      columns: '每行的商品数，1 到 6。',
      categoryId: '只显示此分类（及其下级分类）的商品。',
      providerId: '只显示此学校或商家的商品。',
      productTypes: '只显示这些类型的商品；不选则显示全部类型。',
      'productTypes[]': '一种商品类型；8、9、10 为阅读类。',
      sort: '最新的在前，或销量最高的在前。',
      showProvider: '在每件商品下方显示学校或商家，并链接到其页面。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
