import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'audio-playlist',
  label: { zh: '音频列表', en: 'Audio playlist' },
  description: { zh: '音频内容列表，点击播放交给全局播放器', en: 'Audio contents; play hands them to the floating player.' },
  icon: 'sound',
  category: 'learning',
  uiSchema: { categoryId: { 'ui:widget': 'category-picker' }, more: { 'ui:field': 'link-item', 'ui:title': '更多链接' } },
  descriptions: {
    zh: {
      title: '播放列表上方的标题；留空则不显示，不填则显示该模块在访客语言下的默认标题。',
      count: '列出多少条音频，1 到 50。',
      categoryId: '只显示此分类（及其下级分类）的音频。',
      sort: '最新的在前，或播放最多的在前。',
      showCover: '在每条音频左侧显示小封面。',
      'more': '标题右侧“更多”链接打开的页面；不设置则不显示“更多”。',
    },
  },
};
