// Texts of the course detail page (zh default, en), shipped with its chunk. {{name}} placeholders.
import { createTextsHook, type TextTable } from '../../../lib/local-texts';

const TEXTS = {
  zh: {
    title: '课程详情',
    back: '返回列表',
    teacher: '讲师：{{name}}',
    teacherWithTitle: '讲师：{{name}}（{{title}}）',
    lessons: '{{n}} 课时',
    chapters: '{{n}} 章',
    duration: '总时长 {{time}}',
    studyCount: '{{n}}人学习',
    score: '{{score}} 分',
    noSummary: '暂无简介',
    noCover: '暂无封面',
    progress: '学习进度',
    progressText: '已学 {{done}}/{{total}} 课时',
    progressNone: '本课程暂无可记录进度的课时',
    progressFailed: '学习进度加载失败。',
    start: '开始学习',
    continue: '继续学习',
    review: '再次学习',
    nextLesson: '下一课：{{title}}',
    catalogue: '课程目录',
    noChapters: '本课程还没有章节。',
    noLessons: '本章暂无课时',
    kindVideo: '视频',
    kindAudio: '音频',
    kindPdf: '文档',
    kindArticle: '图文',
    kindLink: '链接',
    stateNew: '未开始',
    stateStudying: '已学 {{n}}%',
    stateFinished: '已完成',
    notReady: '暂未开放',
    playing: '正在播放',
    playTitle: '播放《{{title}}》',
    openTitle: '学习《{{title}}》',
    phasesFailed: '课程目录加载失败。',
    notFound: '没有找到这门课程',
    notFoundHint: '编号为 {{id}} 的课程不存在或已下线。',
    loadFailed: '课程加载失败',
    retry: '重试',
  },
  en: {
    title: 'Course details',
    back: 'Back to the list',
    teacher: 'Teacher: {{name}}',
    teacherWithTitle: 'Teacher: {{name}} ({{title}})',
    lessons: '{{n}} lessons',
    chapters: '{{n}} chapters',
    duration: 'Total {{time}}',
    studyCount: '{{n}} learners',
    score: 'Rated {{score}}',
    noSummary: 'No summary yet',
    noCover: 'No cover',
    progress: 'Progress',
    progressText: '{{done}}/{{total}} lessons studied',
    progressNone: 'This course has no lessons that record progress yet',
    progressFailed: 'Could not load your progress.',
    start: 'Start',
    continue: 'Continue',
    review: 'Study again',
    nextLesson: 'Next: {{title}}',
    catalogue: 'Contents',
    noChapters: 'This course has no chapters yet.',
    noLessons: 'No lessons in this chapter yet',
    kindVideo: 'Video',
    kindAudio: 'Audio',
    kindPdf: 'Document',
    kindArticle: 'Article',
    kindLink: 'Link',
    stateNew: 'Not started',
    stateStudying: '{{n}}% studied',
    stateFinished: 'Finished',
    notReady: 'Not open yet',
    playing: 'Playing',
    playTitle: 'Play “{{title}}”',
    openTitle: 'Study “{{title}}”',
    phasesFailed: 'Could not load the contents.',
    notFound: 'This course was not found',
    notFoundHint: 'No course has the number {{id}}, or it was taken down.',
    loadFailed: 'The course could not load',
    retry: 'Retry',
  },
} satisfies TextTable<string>;

export type CourseDetailText = keyof (typeof TEXTS)['zh'];

/** The course detail texts in the app's language. */
export const useCourseDetailTexts = createTextsHook<CourseDetailText>(TEXTS);

/** The label of a lesson kind. */
export function kindKey(kind: string): CourseDetailText | null {
  switch (kind) {
    case 'video': return 'kindVideo';
    case 'audio': return 'kindAudio';
    case 'pdf': return 'kindPdf';
    case 'article': return 'kindArticle';
    case 'link': return 'kindLink';
    default: return null;
  }
}
