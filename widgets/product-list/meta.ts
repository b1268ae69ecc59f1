import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'product-list',
  label: { zh: '商品列表', en: 'Products' },
  description: { zh: '商城商品，含价格、划线价和商家', en: 'Shop products with price, struck retail price and provider.' },
  icon: 'shopping',
  category: 'shop',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, providerId: { 'ui:widget': 'provider-picker' }, more: { 'ui:field': 'link-item' } },
};
