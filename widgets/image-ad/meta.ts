import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'image-ad',
  label: { zh: '图片广告', en: 'Image ad' },
  description: { zh: '一张或并排两张可点击的图片', en: 'One picture, or two side by side, each optionally a link.' },
  icon: 'picture',
  category: 'content',
  uiSchema: { image: { 'ui:widget': 'image-upload' }, image2: { 'ui:widget': 'image-upload' }, link: { 'ui:field': 'link-item' }, link2: { 'ui:field': 'link-item' } },
};
