import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'live-room-list',
  label: { zh: '直播列表', en: 'Live rooms' },
  description: { zh: '展示直播课堂，正在直播的带直播标记', en: 'Live rooms; rooms on air carry a live badge.' },
  icon: 'video-camera',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 7 } } },
};
