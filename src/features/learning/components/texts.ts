// Texts of the learning list pages (zh default, en), kept next to the feature. `{{q}}` is the search
// text, `{{n}}` a count, `{{name}}` a category name.
import { useTranslation } from 'react-i18next';
import { defineTexts, textsIn } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    titleCourse: '课程',
    titleCourseInfo: '课程目录',
    titleSubject: '专题',
    titleKnowledge: '微课知识',
    titleContent: '资源',
    titleShare: '分享',
    tabKnowledge: '知识',
    tabMicro: '微课',
    tabAll: '全部',
    tabContent: '资源',
    tabWork: '作品',
    tabReading: '阅读',
    tabShare: '分享',
    tabNews: '资讯',
    categories: '分类',
    allCategories: '全部分类',
    noCategories: '暂无分类',
    categoriesFailed: '分类加载失败。',
    retry: '重试',
    searchPlaceholder: '搜索标题',
    searchSubmit: '搜索',
    sort: '排序',
    sortNewest: '最新',
    sortPopular: '最热',
    found: '共 {{n}} 条',
    empty: '暂无内容。',
    emptyFiltered: '没有符合条件的内容，换个分类或关键词试试。',
    emptySearch: '没有找到与“{{q}}”相关的内容。',
    clearFilters: '清除筛选',
    labels: '标签',
    anyLabel: '不限',
  },
  en: {
    titleCourse: 'Courses',
    titleCourseInfo: 'Course catalogue',
    titleSubject: 'Subjects',
    titleKnowledge: 'Micro-lessons and knowledge',
    titleContent: 'Resources',
    titleShare: 'Articles',
    tabKnowledge: 'Knowledge',
    tabMicro: 'Micro-lessons',
    tabAll: 'All',
    tabContent: 'Resources',
    tabWork: 'Works',
    tabReading: 'Reading',
    tabShare: 'Shared',
    tabNews: 'News',
    categories: 'Categories',
    allCategories: 'All categories',
    noCategories: 'No categories',
    categoriesFailed: 'Could not load the categories.',
    retry: 'Retry',
    searchPlaceholder: 'Search titles',
    searchSubmit: 'Search',
    sort: 'Sort',
    sortNewest: 'Newest',
    sortPopular: 'Most popular',
    found: '{{n}} found',
    empty: 'Nothing here yet.',
    emptyFiltered: 'Nothing matches these filters. Try another category or keyword.',
    emptySearch: 'Nothing matches “{{q}}”.',
    clearFilters: 'Clear filters',
    labels: 'Labels',
    anyLabel: 'Any',
  },
} as const;

/** The `learning` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('learning', TEXTS);

export type LearningText = keyof (typeof TEXTS)['zh'];
export type LearningLocale = 'zh' | 'en';

/** A learning list text in the given language, with {{name}} placeholders filled from vars. */
export function learningText(locale: LearningLocale, key: LearningText, vars?: Record<string, string | number>): string {
  return textsIn(NAMESPACE, locale === 'en' ? 'en' : 'zh')(key, vars);
}

/** The page's language (the app's i18next language) and a bound text function. */
export function useLearningTexts() {
  const { i18n } = useTranslation();
  const locale: LearningLocale = i18n.language === 'en' ? 'en' : 'zh';
  return { locale, t: (key: LearningText, vars?: Record<string, string | number>) => learningText(locale, key, vars) };
}
