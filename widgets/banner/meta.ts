import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'banner',
  label: { zh: '轮播图', en: 'Banner carousel' },
  description: { zh: '按位置展示后台配置的轮播图，每张可跳转', en: 'The banner slides of a position; each slide is a link.' },
  icon: 'picture',
  category: 'content',
  descriptions: {
    zh: {
      position: '显示哪一组轮播图（后台配置的轮播位置），例如 “home”。',
      autoplay: '自动切换到下一张（鼠标悬停或获得焦点时暂停，带暂停按钮；访客要求减少动态效果时不自动播放）。',
      interval: '每张停留的毫秒数，1000 到 30000。',
      height: '轮播图的高度（像素）。',
      arrows: '有多张时显示上一张 / 下一张按钮。',
      a11yLabel: '读屏软件对轮播图的称呼，例如“本月活动”。不填则为访客语言的“轮播图”。每张图片由后台为其设置的标题描述。',
    },
  },
};
