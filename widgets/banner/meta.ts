import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'banner',
  label: { zh: '轮播图', en: 'Banner carousel' },
  description: { zh: '按位置展示后台配置的轮播图，每张可跳转', en: 'The banner slides of a position; each slide is a link.' },
  icon: 'picture',
  category: 'content',
  uiSchema: { interval: { 'ui:help': 'ms' } },
};
