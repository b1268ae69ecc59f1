import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'book-shelf',
  label: { zh: '书架', en: 'Book shelf' },
  description: { zh: '阅读类商品（电子书、有声书），以书封展示', en: 'Reading products (e-books, audio books) as book covers.' },
  icon: 'book',
  category: 'shop',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item' } },
};
