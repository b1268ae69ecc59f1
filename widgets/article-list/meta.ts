import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'article-list',
  label: { zh: '文章资讯', en: 'Articles' },
  description: { zh: '分享文章与新闻资讯', en: 'Shared articles and news.' },
  icon: 'read',
  category: 'community',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item' } },
};
