// Texts of the subject (topic) detail page (zh default, en), shipped with its chunk. {{name}} placeholders.
import { defineTexts, useTexts } from '../../../i18n/texts';
import { kindKey, LESSON_TEXTS } from './lesson-texts';

const TEXTS = {
  zh: {
    ...LESSON_TEXTS.zh,
    title: '专题详情',
    back: '返回列表',
    courses: '{{n}} 门课程',
    contents: '{{n}} 个内容',
    duration: '总时长 {{time}}',
    studyCount: '{{n}}人学习',
    noSummary: '暂无简介',
    noCover: '暂无封面',
    progress: '学习进度',
    progressText: '已学 {{done}}/{{total}}',
    progressNone: '本专题暂无可记录进度的内容',
    progressFailed: '学习进度加载失败。',
    signInForProgress: '登录后记录学习进度',
    signIn: '登录',
    items: '专题内容',
    noItems: '本专题还没有内容。',
    itemsFailed: '专题内容加载失败。',
    kindCourse: '课程',
    courseTitle: '进入课程《{{title}}》',
    notFound: '没有找到这个专题',
    notFoundHint: '编号为 {{id}} 的专题不存在或已下线。',
    loadFailed: '专题加载失败',
    retry: '重试',
  },
  en: {
    ...LESSON_TEXTS.en,
    title: 'Topic details',
    back: 'Back to the list',
    courses_one: '{{n}} course', courses_other: '{{n}} courses',
    contents_one: '{{n}} resource', contents_other: '{{n}} resources',
    duration: 'Total {{time}}',
    studyCount_one: '{{n}} learner', studyCount_other: '{{n}} learners',
    noSummary: 'No summary yet',
    noCover: 'No cover',
    progress: 'Progress',
    progressText: '{{done}}/{{total}} studied',
    progressNone: 'This topic has nothing that records progress yet',
    progressFailed: 'Could not load your progress.',
    signInForProgress: 'Sign in to keep track of your progress',
    signIn: 'Sign in',
    items: 'In this topic',
    noItems: 'This topic has nothing in it yet.',
    itemsFailed: 'Could not load what is in this topic.',
    kindCourse: 'Course',
    courseTitle: 'Open the course “{{title}}”',
    notFound: 'This topic was not found',
    notFoundHint: 'No topic has the number {{id}}, or it was taken down.',
    loadFailed: 'The topic could not load',
    retry: 'Retry',
  },
};

/** The `learning-subject-detail` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('learning-subject-detail', TEXTS);

export type SubjectDetailText = keyof (typeof TEXTS)['zh'];

/** The subject detail texts in the app's language. */
export const useSubjectDetailTexts = () => useTexts(NAMESPACE);

/** The label of an item: a course, or its content's kind. */
export function itemKindKey(kind: 'course' | 'content', contentKind: string | null): SubjectDetailText | null {
  return kind === 'course' ? 'kindCourse' : kindKey(contentKind);
}
