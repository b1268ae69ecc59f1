import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'rich-text',
  label: { zh: '富文本', en: 'Rich text' },
  description: { zh: '图文混排的内容，显示前会过滤脚本', en: 'Formatted text and pictures; scripts are removed before display.' },
  icon: 'file-text',
  category: 'content',
  uiSchema: { html: { 'ui:widget': 'rich-text' } },
  descriptions: {
    zh: {
      html: '富文本（HTML）；脚本、事件属性和不安全的链接在显示前会被移除。不填则显示访客语言的占位文字。',
      padding: '文字四周的留白（像素），0 到 64。',
      a11yLabel: '读屏软件对此模块的称呼，例如“关于我们”。不填则使用正文自带的标题，没有标题时为访客语言的“图文”。',
    },
  },
};
