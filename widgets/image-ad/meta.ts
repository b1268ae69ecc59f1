import type { WidgetEditorMeta } from '../../src/runtime/widget-definition';

export const meta: WidgetEditorMeta = {
  type: 'image-ad',
  label: { zh: '图片广告', en: 'Image ad' },
  description: { zh: '一张或并排两张可点击的图片', en: 'One picture, or two side by side, each optionally a link.' },
  icon: 'picture',
  category: 'content',
  uiSchema: { image: { 'ui:widget': 'image-upload' }, image2: { 'ui:widget': 'image-upload' }, link: { 'ui:field': 'link-item', 'ui:title': '链接' }, link2: { 'ui:field': 'link-item', 'ui:title': '第二张图片的链接' } },
  descriptions: {
    zh: {
      image: '图片地址（http(s) 地址，或站内路径如 /uploads/…）。',
      alt: '图片的内容（有链接时为链接去向），供读屏软件朗读。带链接的图片必须填写；只有无链接的纯装饰图片才可留空。',
      link: '点击图片打开的页面；不设置则图片不可点击。',
      image2: '与第一张并排显示的第二张图片；只显示一张时留空。',
      alt2: '第二张图片的内容（或其链接去向）；只有无链接的纯装饰图片才可留空。',
      link2: '点击第二张图片打开的页面。',
      height: '图片高度（像素）；0 表示保持每张图片原有比例。',
      radius: '圆角半径（像素）。',
      a11yLabel: '读屏软件对此模块的称呼，例如“春季促销”。不填则为访客语言的“图片广告”。',
    },
  },
};
