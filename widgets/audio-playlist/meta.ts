import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'audio-playlist',
  label: { zh: '音频列表', en: 'Audio playlist' },
  description: { zh: '音频内容列表，点击播放交给全局播放器', en: 'Audio contents; play hands them to the floating player.' },
  icon: 'sound',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item' } },
};
