// Texts of the banner, community, shop, layout and audio widgets, in { zh, en } pairs. They live
// here rather than in src/i18n so widgets stay self-contained; the block's ctx.locale picks the
// language, Chinese when the page sets none (spec shell §1). The shared empty / error / retry
// texts come from widget-texts.ts through the card-grid pieces.

export const WIDGET_TEXTS_B = {
  previous: { zh: '上一张', en: 'Previous slide' },
  next: { zh: '下一张', en: 'Next slide' },
  slide: { zh: '第{n}张', en: 'Slide {n}' },
  pinned: { zh: '置顶', en: 'Pinned' },
  views: { zh: '{n}次浏览', en: '{n} views' },
  courses: { zh: '{n}门课程', en: '{n} courses' },
  points: { zh: '{n}积分', en: '{n} points' },
  rank: { zh: '第{n}名', en: 'No. {n}' },
  offShelf: { zh: '已下架', en: 'Off shelf' },
  play: { zh: '播放 {title}', en: 'Play {title}' },
  playAll: { zh: '全部播放', en: 'Play all' },
  parts: { zh: '{n}集', en: '{n} parts' },
  sold: { zh: '已售{n}', en: '{n} sold' },
  noImage: { zh: '请设置图片', en: 'Set an image' },
  more: { zh: '更多', en: 'More' },
  loading: { zh: '加载中', en: 'Loading' },
  // Screen-reader names of the headless widgets (issue 23 point 4, docs/widgets.md "Accessibility").
  carousel: { zh: '轮播图', en: 'Featured slides' },
  slideOf: { zh: '第{n}张，共{m}张', en: '{n} of {m}' },
  pauseSlides: { zh: '暂停轮播', en: 'Pause slides' },
  playSlides: { zh: '播放轮播', en: 'Play slides' },
  imageAd: { zh: '图片广告', en: 'Promotion' },
  richText: { zh: '图文', en: 'Text' },
  shortcuts: { zh: '快捷入口', en: 'Shortcuts' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type WidgetTextBKey = keyof typeof WIDGET_TEXTS_B;

/** English singulars of the counted texts: "1 course", not "1 courses" (n is 1). */
const ENGLISH_ONE_B: Partial<Record<WidgetTextBKey, string>> = { views: '{n} view', courses: '{n} course', points: '{n} point', parts: '{n} part' };

/** A text in the block's language (zh when unset), with {name} placeholders filled from vars. */
export function textB(locale: 'zh' | 'en' | undefined, key: WidgetTextBKey, vars?: Record<string, string | number>): string {
  const one = locale === 'en' && vars?.n === 1 ? ENGLISH_ONE_B[key] : undefined;
  const text: string = one ?? WIDGET_TEXTS_B[key][locale ?? 'zh'];
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}
