import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';
import { LIST_FIELD_HELP_ZH } from '../list-field-help';

export const meta: WidgetEditorMeta = {
  type: 'live-room-list',
  label: { zh: '直播列表', en: 'Live rooms' },
  description: { zh: '展示直播课堂，正在直播的带直播标记', en: 'Live rooms; rooms on air carry a live badge.' },
  icon: 'video-camera',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker', 'ui:options': { purpose: 7 } } },
  descriptions: {
    zh: {
      title: LIST_FIELD_HELP_ZH.title,
      categoryId: LIST_FIELD_HELP_ZH.categoryId,
      sort: 'schedule：直播中和即将开始的按开始时间排列；newest：最新发布的在前；popular：报名最多的在前。',
      liveState: '只显示未开始、直播中或已结束的直播间；不选则显示全部。',
      count: LIST_FIELD_HELP_ZH.count,
      columns: LIST_FIELD_HELP_ZH.columns,
      layout: LIST_FIELD_HELP_ZH.layout,
    },
  },
};
