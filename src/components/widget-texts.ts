// Texts of the catalogue widgets and their shared pieces, in { zh, en } pairs. They live here rather
// than in src/i18n so widgets stay self-contained; the block's ctx.locale picks the language, and
// the app's i18next language when the page sets none.
import { useTranslation } from 'react-i18next';

/** Every widget text, Chinese first (spec shell §1: Chinese by default). `{n}` is replaced by vars.n. */
export const WIDGET_TEXTS = {
  empty: { zh: '暂无数据', en: 'No data' },
  loadFailed: { zh: '加载失败，请稍后重试。', en: 'Could not load this list; try again.' },
  retry: { zh: '重试', en: 'Retry' },
  more: { zh: '更多', en: 'More' },
  loading: { zh: '加载中', en: 'Loading' },
  noCover: { zh: '暂无封面', en: 'No cover' },
  lessons: { zh: '{n}课时', en: '{n} lessons' },
  learners: { zh: '{n}人学习', en: '{n} learners' },
  courses: { zh: '{n}门课程', en: '{n} courses' },
  views: { zh: '{n}次浏览', en: '{n} views' },
  parts: { zh: '{n}集', en: '{n} parts' },
  enrolled: { zh: '{n}人报名', en: '{n} enrolled' },
  enrolledOf: { zh: '{n}/{m}人报名', en: '{n}/{m} enrolled' },
  audience: { zh: '{n}人观看', en: '{n} viewers' },
  joined: { zh: '{n}人参与', en: '{n} joined' },
  questions: { zh: '{n}题', en: '{n} questions' },
  minutes: { zh: '{n}分钟', en: '{n} min' },
  passScore: { zh: '及格{n}分', en: 'pass {n}' },
  points: { zh: '{n}积分', en: '{n} points' },
  steps: { zh: '{n}项任务', en: '{n} steps' },
  rounds: { zh: '{n}关', en: '{n} rounds' },
  players: { zh: '{n}人挑战', en: '{n} players' },
  classEnrolling: { zh: '报名中', en: 'Enrolling' },
  classRunning: { zh: '进行中', en: 'In progress' },
  classFinished: { zh: '已结束', en: 'Finished' },
  liveUpcoming: { zh: '未开始', en: 'Upcoming' },
  liveOn: { zh: '直播中', en: 'Live' },
  liveEnded: { zh: '已结束', en: 'Ended' },
  windowUpcoming: { zh: '未开始', en: 'Not started' },
  windowOpen: { zh: '进行中', en: 'Open' },
  windowClosed: { zh: '已结束', en: 'Closed' },
  survey: { zh: '问卷', en: 'Survey' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type WidgetTextKey = keyof typeof WIDGET_TEXTS;
export type WidgetLocale = 'zh' | 'en';

/** A text in a language, with {name} placeholders filled from vars. */
export function widgetText(locale: WidgetLocale, key: WidgetTextKey, vars?: Record<string, string | number>): string {
  const text: string = WIDGET_TEXTS[key][locale];
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** The translate function of a widget: ctx.locale first, else the app's i18next language. */
export function useWidgetTexts(locale?: WidgetLocale) {
  const { i18n } = useTranslation();
  const language: WidgetLocale = locale ?? (i18n?.language?.startsWith('en') ? 'en' : 'zh');
  return { locale: language, t: (key: WidgetTextKey, vars?: Record<string, string | number>) => widgetText(language, key, vars) };
}
