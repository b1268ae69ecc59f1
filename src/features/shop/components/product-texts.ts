// Texts of the product page's gallery, description, specifications and reviews (spec learning §9:
// English is available for the shop's texts).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    gallery: '商品图片', showImage: '显示第 {{n}} 张图片', enlarge: '查看大图',
    intro: '商品介绍', noIntro: '商家还没有填写商品介绍。', specs: '规格参数',
    reviews: '用户评价', reviewCount: '{{n}} 条评价', ratingLine: '{{score}} 分 · {{n}} 条评价', noReviews: '还没有人评价这件商品，买下后来说说吧。',
    goodRate: '好评率 {{p}}%', stars: '{{n}} 星', starsCount: '{{n}} 星：{{count}} 条', moreReviews: '查看更多评价', reviewsFailed: '评价没有加载出来',
    retry: '重试', scoreOf: '{{n}} 分',
  },
  en: {
    gallery: 'Product images', showImage: 'Show image {{n}}', enlarge: 'View larger',
    intro: 'Description', noIntro: 'The seller has not written a description yet.', specs: 'Specifications',
    reviews: 'Reviews', reviewCount_one: '{{n}} review', reviewCount_other: '{{n}} reviews', ratingLine_one: '{{score}} · {{n}} review', ratingLine_other: '{{score}} · {{n}} reviews', noReviews: 'No reviews yet. Bought it? Tell others what you think.',
    goodRate: '{{p}}% positive', stars_one: '{{n}} star', stars_other: '{{n}} stars', starsCount: '{{n}} stars: {{count}}', moreReviews: 'More reviews', reviewsFailed: 'The reviews could not be loaded',
    retry: 'Retry', scoreOf: '{{n}} out of 5',
  },
};

/** The `shop-product` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('shop-product', TEXTS);

export type ProductTextKey = keyof typeof TEXTS.zh;

/** The product page texts for the active language. */
export const useProductTexts = () => useTexts(NAMESPACE);
