// Texts of the help center (zh default, en), kept next to the feature.
import { useTranslation } from 'react-i18next';
import { defineTexts, textsIn } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: '帮助中心',
    searchPlaceholder: '搜索帮助文章标题',
    listEmpty: '暂无帮助文章',
    listNoMatch: '没有标题包含“{{q}}”的帮助文章',
    updated: '更新于 {{date}}',
    author: '作者：{{name}}',
    notFound: '没有找到这篇帮助文章',
    notFoundHint: '编号为 {{id}} 的帮助文章不存在或已下线，请从左侧列表中选择其他文章。',
    pick: '请从左侧选择一篇帮助文章。',
    loadFailed: '帮助文章加载失败',
    textFailed: '正文加载失败',
    retry: '重试',
    loading: '加载中',
  },
  en: {
    title: 'Help center',
    searchPlaceholder: 'Search help article titles',
    listEmpty: 'No help articles yet',
    listNoMatch: 'No help article title contains “{{q}}”',
    updated: 'Updated {{date}}',
    author: 'By {{name}}',
    notFound: 'This help article was not found',
    notFoundHint: 'No help article has the number {{id}}, or it was taken down. Choose another article from the list.',
    pick: 'Choose a help article from the list.',
    loadFailed: 'The help article could not load',
    textFailed: 'The article text could not load',
    retry: 'Retry',
    loading: 'Loading',
  },
} as const;

/** The `help` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('help', TEXTS);

export type HelpText = keyof (typeof TEXTS)['zh'];
export type HelpLocale = 'zh' | 'en';

/** A help center text in the given language, with {{name}} placeholders filled from vars. */
export function helpText(locale: HelpLocale, key: HelpText, vars?: Record<string, string | number>): string {
  return textsIn(NAMESPACE, locale === 'en' ? 'en' : 'zh')(key, vars);
}

/** The page's language (the app's i18next language) and a bound text function. */
export function useHelpTexts() {
  const { i18n } = useTranslation();
  const locale: HelpLocale = i18n.language === 'en' ? 'en' : 'zh';
  return { locale, t: (key: HelpText, vars?: Record<string, string | number>) => helpText(locale, key, vars) };
}
