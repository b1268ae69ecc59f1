import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'content-list',
  label: { zh: '内容列表', en: 'Content list' },
  description: { zh: '按用途展示内容、作品或读物', en: 'Contents, works or reading of one purpose.' },
  icon: 'file-text',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 3 } } },
  descriptions: {
    zh: {
      ...LIST_FIELD_HELP_ZH,
      purpose: '1 微课，2 知识，3 内容，4 作品，5/6/7 阅读（在阅读器中打开）。',
      kind: '只显示此类媒体（视频、音频、PDF、文章或链接）；不选则显示全部。',
    },
  },
};
