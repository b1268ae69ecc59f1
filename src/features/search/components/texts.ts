// Texts of the search page (zh default, en), kept next to the feature. `{{q}}` is the search text,
// `{{n}}` a count.
import { useTranslation } from 'react-i18next';
import { defineTexts, textsIn } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    placeholder: '搜索课程、专题、知识、资源',
    submit: '搜索',
    tabTotal: '综合',
    tabCourse: '课程',
    tabSubject: '专题',
    tabKnowledge: '微课知识',
    tabContent: '资源',
    tabProduct: '商品',
    prompt: '输入关键词，搜索课程、专题、微课知识和资源。',
    empty: '没有找到与“{{q}}”相关的内容，换个关键词试试。',
    emptyKind: '没有找到与“{{q}}”相关的{{kind}}。',
    found: '共 {{n}} 条',
    more: '查看全部',
    resultsFor: '“{{q}}”的搜索结果',
  },
  en: {
    placeholder: 'Search courses, subjects, knowledge and resources',
    submit: 'Search',
    tabTotal: 'All',
    tabCourse: 'Courses',
    tabSubject: 'Subjects',
    tabKnowledge: 'Micro-lessons',
    tabContent: 'Resources',
    tabProduct: 'Products',
    prompt: 'Enter a keyword to search courses, subjects, micro-lessons and resources.',
    empty: 'Nothing matches “{{q}}”. Try another keyword.',
    emptyKind: 'No {{kind}} match “{{q}}”.',
    found: '{{n}} found',
    more: 'See all',
    resultsFor: 'Results for “{{q}}”',
  },
} as const;

/** The `search` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('search', TEXTS);

export type SearchText = keyof (typeof TEXTS)['zh'];
export type SearchLocale = 'zh' | 'en';

/** A search page text in the given language, with {{name}} placeholders filled from vars. */
export function searchText(locale: SearchLocale, key: SearchText, vars?: Record<string, string | number>): string {
  return textsIn(NAMESPACE, locale === 'en' ? 'en' : 'zh')(key, vars);
}

/** The page's language (the app's i18next language) and a bound text function. */
export function useSearchTexts() {
  const { i18n } = useTranslation();
  const locale: SearchLocale = i18n.language === 'en' ? 'en' : 'zh';
  return { locale, t: (key: SearchText, vars?: Record<string, string | number>) => searchText(locale, key, vars) };
}
