import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'nav-grid',
  label: { zh: '图标导航', en: 'Icon grid' },
  description: { zh: '图标加文字的快捷入口，可跳转路由、分类或外链', en: 'Shortcut icons leading to routes, category lists or addresses.' },
  icon: 'appstore',
  category: 'layout',
  uiSchema: { items: { items: { icon: { 'ui:widget': 'image-upload' }, link: { 'ui:field': 'link-item', 'ui:title': '链接' } } } },
  descriptions: {
    zh: {
      title: '宫格上方的标题；留空则不显示。',
      columns: '每行的入口数，2 到 10。',
      iconSize: '图标的宽度和高度（像素）。',
      items: '各个入口，按顺序排列。不设置则显示课程、知识、班级、考试和积分排行的快捷入口，名称为访客的语言。',
      'items[]': '宫格中的一个入口：图标、名称和去向（页面、按用途的分类跳转、网址等）。',
      'items[].title': '图标下方的文字。',
      'items[].icon': '图标图片的地址；留空则显示名称的首字。',
      'items[].link': '点击此入口打开的页面。',
    },
  },
};
