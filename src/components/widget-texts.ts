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

/** English singulars of the counted texts: "1 course", not "1 courses" (n is 1). */
const ENGLISH_ONE: Partial<Record<WidgetTextKey, string>> = {
  lessons: '{n} lesson', learners: '{n} learner', courses: '{n} course', views: '{n} view', parts: '{n} part',
  audience: '{n} viewer', questions: '{n} question', points: '{n} point', steps: '{n} step', rounds: '{n} round', players: '{n} player',
};

/** A text in a language, with {name} placeholders filled from vars. */
export function widgetText(locale: WidgetLocale, key: WidgetTextKey, vars?: Record<string, string | number>): string {
  const one = locale === 'en' && vars?.n === 1 ? ENGLISH_ONE[key] : undefined;
  const text: string = one ?? WIDGET_TEXTS[key][locale];
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** The translate function of a widget: ctx.locale first, else the app's i18next language. */
export function useWidgetTexts(locale?: WidgetLocale) {
  const { i18n } = useTranslation();
  const language: WidgetLocale = locale ?? (i18n?.language?.startsWith('en') ? 'en' : 'zh');
  return { locale: language, t: (key: WidgetTextKey, vars?: Record<string, string | number>) => widgetText(language, key, vars) };
}

// spec shell §1 (Chinese by default, English available): the default headings and placeholder
// texts of the widgets, per language. A block that sets no title shows its widget's default heading
// in the visitor's language, so an English tenant never sees 精品课程 or 考试中心 from a default
// (issue 13 point 9). A block's own title is tenant data, shown as written; '' shows no heading.
export const WIDGET_HEADINGS = {
  'article-list': { zh: '文章资讯', en: 'Articles' },
  'audio-playlist': { zh: '有声精选', en: 'Audio picks' },
  'book-shelf': { zh: '精品书架', en: 'Bookshelf' },
  'class-list': { zh: '培训班', en: 'Training classes' },
  'content-list': { zh: '精选内容', en: 'Featured content' },
  'course-list': { zh: '精品课程', en: 'Featured courses' },
  'exam-cards': { zh: '考试中心', en: 'Exams' },
  'exam-cards-survey': { zh: '问卷调查', en: 'Surveys' },
  'game-list': { zh: '闯关游戏', en: 'Learning games' },
  'knowledge-list': { zh: '微课知识', en: 'Micro-lessons' },
  'live-room-list': { zh: '直播课堂', en: 'Live sessions' },
  'notice-list': { zh: '通知公告', en: 'Announcements' },
  'product-list': { zh: '精选商品', en: 'Featured products' },
  'rank-board': { zh: '积分排行', en: 'Points ranking' },
  'subject-list': { zh: '专题学习', en: 'Learning topics' },
  'task-list': { zh: '学习任务', en: 'Learning tasks' },
  'teacher-list': { zh: '名师风采', en: 'Our teachers' },
  'title-bar': { zh: '标题', en: 'Title' },
  'rich-text': { zh: '请输入内容', en: 'Enter your text here' },
  'nav-course': { zh: '课程', en: 'Courses' },
  'nav-knowledge': { zh: '知识', en: 'Knowledge' },
  'nav-classes': { zh: '培训班', en: 'Classes' },
  'nav-exams': { zh: '考试', en: 'Exams' },
  'nav-points': { zh: '积分排行', en: 'Points ranking' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type WidgetHeadingKey = keyof typeof WIDGET_HEADINGS;

/** The heading a block shows: its own title when it has one ('' hides it), else the default in the language. */
export function headingOf(locale: WidgetLocale, title: string | undefined, key: WidgetHeadingKey): string {
  return title ?? WIDGET_HEADINGS[key][locale];
}
