import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'rich-text',
  label: { zh: '富文本', en: 'Rich text' },
  description: { zh: '图文混排的内容，显示前会过滤脚本', en: 'Formatted text and pictures; scripts are removed before display.' },
  icon: 'file-text',
  category: 'content',
  uiSchema: { html: { 'ui:widget': 'rich-text' } },
};
