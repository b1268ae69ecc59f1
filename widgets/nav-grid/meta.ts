import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'nav-grid',
  label: { zh: '图标导航', en: 'Icon grid' },
  description: { zh: '图标加文字的快捷入口，可跳转路由、分类或外链', en: 'Shortcut icons leading to routes, category lists or addresses.' },
  icon: 'appstore',
  category: 'layout',
  uiSchema: { items: { items: { icon: { 'ui:widget': 'image-upload' }, link: { 'ui:field': 'link-item' } } } },
};
