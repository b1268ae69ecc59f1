// The widget kit's texts (card-grid.tsx, widget-parts.tsx and the widgets in widgets/*): the
// `widgets` namespace of the app's i18next instance (docs/i18n.md). It registers when the first
// widget or list page that uses it loads; the block's ctx.locale picks the language, and the app's
// i18next language when the page sets none. Counts take `n` (passed on as i18next's `count`), so
// English reads "1 course" and "3 courses".
import { appLanguageNow, defineTexts, localeOf, textsIn, useAppLanguage, type BaseKey, type TextVars } from '../i18n/texts';

const WIDGETS = defineTexts('widgets', {
  // spec shell §1: Chinese by default.
  zh: {
    empty: '暂无数据',
    loadFailed: '加载失败，请稍后重试。',
    retry: '重试',
    more: '更多',
    loading: '加载中',
    noCover: '暂无封面',
    lessons: '{{n}}课时',
    learners: '{{n}}人学习',
    courses: '{{n}}门课程',
    views: '{{n}}次浏览',
    parts: '{{n}}集',
    enrolled: '{{n}}人报名',
    enrolledOf: '{{n}}/{{m}}人报名',
    audience: '{{n}}人观看',
    joined: '{{n}}人参与',
    questions: '{{n}}题',
    minutes: '{{n}}分钟',
    passScore: '及格{{n}}分',
    points: '{{n}}积分',
    steps: '{{n}}项任务',
    rounds: '{{n}}关',
    players: '{{n}}人挑战',
    classEnrolling: '报名中',
    classRunning: '进行中',
    classFinished: '已结束',
    liveUpcoming: '未开始',
    liveOn: '直播中',
    liveEnded: '已结束',
    windowUpcoming: '未开始',
    windowOpen: '进行中',
    windowClosed: '已结束',
    survey: '问卷',
    // The banner, community, shop, layout and audio widgets.
    previous: '上一张',
    next: '下一张',
    slide: '第{{n}}张',
    pinned: '置顶',
    rank: '第{{n}}名',
    offShelf: '已下架',
    play: '播放 {{title}}',
    playAll: '全部播放',
    sold: '已售{{n}}',
    noImage: '请设置图片',
    // Screen-reader names of the headless widgets (issue 23 point 4, docs/widgets.md "Accessibility").
    carousel: '轮播图',
    slideOf: '第{{n}}张，共{{m}}张',
    pauseSlides: '暂停轮播',
    playSlides: '播放轮播',
    imageAd: '图片广告',
    richText: '图文',
    shortcuts: '快捷入口',
    // Default headings (WIDGET_HEADING_KEYS): heading-<widget type>.
    'heading-article-list': '文章资讯',
    'heading-audio-playlist': '有声精选',
    'heading-book-shelf': '精品书架',
    'heading-class-list': '培训班',
    'heading-content-list': '精选内容',
    'heading-course-list': '精品课程',
    'heading-exam-cards': '考试中心',
    'heading-exam-cards-survey': '问卷调查',
    'heading-game-list': '闯关游戏',
    'heading-knowledge-list': '微课知识',
    'heading-live-room-list': '直播课堂',
    'heading-notice-list': '通知公告',
    'heading-product-list': '精选商品',
    'heading-rank-board': '积分排行',
    'heading-subject-list': '专题学习',
    'heading-task-list': '学习任务',
    'heading-teacher-list': '名师风采',
    'heading-title-bar': '标题',
    'heading-rich-text': '请输入内容',
    'heading-nav-course': '课程',
    'heading-nav-knowledge': '知识',
    'heading-nav-classes': '培训班',
    'heading-nav-exams': '考试',
    'heading-nav-points': '积分排行',
  },
  en: {
    empty: 'No data',
    loadFailed: 'Could not load this list; try again.',
    retry: 'Retry',
    more: 'More',
    loading: 'Loading',
    noCover: 'No cover',
    lessons_one: '{{n}} lesson',
    lessons_other: '{{n}} lessons',
    learners_one: '{{n}} learner',
    learners_other: '{{n}} learners',
    courses_one: '{{n}} course',
    courses_other: '{{n}} courses',
    views_one: '{{n}} view',
    views_other: '{{n}} views',
    parts_one: '{{n}} part',
    parts_other: '{{n}} parts',
    enrolled: '{{n}} enrolled',
    enrolledOf: '{{n}}/{{m}} enrolled',
    audience_one: '{{n}} viewer',
    audience_other: '{{n}} viewers',
    joined: '{{n}} joined',
    questions_one: '{{n}} question',
    questions_other: '{{n}} questions',
    minutes: '{{n}} min',
    passScore: 'pass {{n}}',
    points_one: '{{n}} point',
    points_other: '{{n}} points',
    steps_one: '{{n}} step',
    steps_other: '{{n}} steps',
    rounds_one: '{{n}} round',
    rounds_other: '{{n}} rounds',
    players_one: '{{n}} player',
    players_other: '{{n}} players',
    classEnrolling: 'Enrolling',
    classRunning: 'In progress',
    classFinished: 'Finished',
    liveUpcoming: 'Upcoming',
    liveOn: 'Live',
    liveEnded: 'Ended',
    windowUpcoming: 'Not started',
    windowOpen: 'Open',
    windowClosed: 'Closed',
    survey: 'Survey',
    // The banner, community, shop, layout and audio widgets.
    previous: 'Previous slide',
    next: 'Next slide',
    slide: 'Slide {{n}}',
    pinned: 'Pinned',
    rank: 'No. {{n}}',
    offShelf: 'Off shelf',
    play: 'Play {{title}}',
    playAll: 'Play all',
    sold: '{{n}} sold',
    noImage: 'Set an image',
    // Screen-reader names of the headless widgets (issue 23 point 4, docs/widgets.md "Accessibility").
    carousel: 'Featured slides',
    slideOf: '{{n}} of {{m}}',
    pauseSlides: 'Pause slides',
    playSlides: 'Play slides',
    imageAd: 'Promotion',
    richText: 'Text',
    shortcuts: 'Shortcuts',
    // Default headings (WIDGET_HEADING_KEYS): heading-<widget type>.
    'heading-article-list': 'Articles',
    'heading-audio-playlist': 'Audio picks',
    'heading-book-shelf': 'Bookshelf',
    'heading-class-list': 'Training classes',
    'heading-content-list': 'Featured content',
    'heading-course-list': 'Featured courses',
    'heading-exam-cards': 'Exams',
    'heading-exam-cards-survey': 'Surveys',
    'heading-game-list': 'Learning games',
    'heading-knowledge-list': 'Micro-lessons',
    'heading-live-room-list': 'Live sessions',
    'heading-notice-list': 'Announcements',
    'heading-product-list': 'Featured products',
    'heading-rank-board': 'Points ranking',
    'heading-subject-list': 'Learning topics',
    'heading-task-list': 'Learning tasks',
    'heading-teacher-list': 'Our teachers',
    'heading-title-bar': 'Title',
    'heading-rich-text': 'Enter your text here',
    'heading-nav-course': 'Courses',
    'heading-nav-knowledge': 'Knowledge',
    'heading-nav-classes': 'Classes',
    'heading-nav-exams': 'Exams',
    'heading-nav-points': 'Points ranking',
  },
});

export type WidgetTextKey = BaseKey<NonNullable<typeof WIDGETS.keys>>;
export type WidgetLocale = 'zh' | 'en';

/** A widget text in a language (Chinese when unset), with {{name}} placeholders filled from vars. */
export function widgetText(locale: WidgetLocale | undefined, key: WidgetTextKey, vars?: TextVars): string {
  return textsIn(WIDGETS, locale ?? 'zh')(key, vars);
}

/**
 * A runtime widget's texts in ctx.locale: a plain call, no hook and no subscription per block
 * (issue 15 point 2). PageRenderer always sets ctx.locale, and a language change gives the page a
 * new ctx, so every block renders again. Without one (a widget rendered on its own), the app's
 * language at render time.
 */
export function widgetTexts(locale: WidgetLocale | undefined) {
  const language = locale ?? localeOf(appLanguageNow());
  return { locale: language, t: (key: WidgetTextKey, vars?: TextVars) => widgetText(language, key, vars) };
}

/** The translate function of a widget: ctx.locale first, else the app's i18next language. */
export function useWidgetTexts(locale?: WidgetLocale) {
  // One hook per block: a cheap language subscription, not react-i18next's useTranslation (issue 15 point 2).
  const appLanguage = useAppLanguage();
  const language = locale ?? localeOf(appLanguage);
  return { locale: language, t: (key: WidgetTextKey, vars?: TextVars) => widgetText(language, key, vars) };
}

// spec shell §1 (Chinese by default, English available): the default headings and placeholder
// texts of the widgets, per language. A block that sets no title shows its widget's default heading
// in the visitor's language, so an English tenant never sees 精品课程 or 考试中心 from a default
// (issue 13 point 9). A block's own title is tenant data, shown as written; '' shows no heading.
export const WIDGET_HEADING_KEYS = ['article-list', 'audio-playlist', 'book-shelf', 'class-list', 'content-list', 'course-list', 'exam-cards', 'exam-cards-survey', 'game-list', 'knowledge-list', 'live-room-list', 'notice-list', 'product-list', 'rank-board', 'subject-list', 'task-list', 'teacher-list', 'title-bar', 'rich-text', 'nav-course', 'nav-knowledge', 'nav-classes', 'nav-exams', 'nav-points'] as const;

export type WidgetHeadingKey = (typeof WIDGET_HEADING_KEYS)[number];

/** Whether a widget type (or other key) has a default heading. */
export function isWidgetHeadingKey(key: string): key is WidgetHeadingKey {
  return (WIDGET_HEADING_KEYS as readonly string[]).includes(key);
}

/** The default heading of a widget in a language. */
export function widgetHeading(locale: WidgetLocale | undefined, key: WidgetHeadingKey): string {
  return widgetText(locale, `heading-${key}`);
}

/** The heading a block shows: its own title when it has one ('' hides it), else the default in the language. */
export function headingOf(locale: WidgetLocale, title: string | undefined, key: WidgetHeadingKey): string {
  return title ?? widgetHeading(locale, key);
}
