// Texts of the runtime pages (zh default, en), kept next to the feature.
import { defineTexts, textsIn } from '../../../i18n/texts';
const TEXTS = {
  zh: {
    loading: '页面加载中',
    noTemplate: '该页面还没有设计内容。',
    noTemplateHint: '请在后台的页面设计器中设计并发布该页面。',
    notFound: '页面不存在。',
    failed: '页面加载失败',
    retry: '重试',
    unreadable: '该页面的模板无法识别，请在页面设计器中重新发布。',
    empty: '该页面暂无内容。',
  },
  en: {
    loading: 'Loading the page',
    noTemplate: 'This page has not been designed yet.',
    noTemplateHint: 'Design and publish it in the page designer of the back office.',
    notFound: 'This page does not exist.',
    failed: 'The page could not load',
    retry: 'Retry',
    unreadable: 'The template of this page cannot be read; publish it again in the page designer.',
    empty: 'This page has no content yet.',
  },
} as const;

/** The `home` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('home', TEXTS);

export type RuntimeText = keyof (typeof TEXTS)['zh'];

/** A runtime page text in the given language. */
export function runtimeText(locale: 'zh' | 'en' | undefined, key: RuntimeText): string {
  return textsIn(NAMESPACE, locale === 'en' ? 'en' : 'zh')(key);
}
