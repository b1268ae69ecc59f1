import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'title-bar',
  label: { zh: '标题栏', en: 'Title bar' },
  description: { zh: '分区标题、副标题和“更多”链接', en: 'A section heading with a subtitle and a "more" link.' },
  icon: 'font-size',
  category: 'layout',
  uiSchema: { more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '标题文字；不填则显示访客语言的占位标题。',
      subtitle: '标题旁边或下方的一行小字。',
      align: '标题靠左（“更多”在右侧）或居中。',
      moreText: '“更多”链接的文字；留空则为 更多 / More。',
      'more': '“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
