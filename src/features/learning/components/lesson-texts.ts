// The texts a lesson row shows on the course and subject pages (zh, en): its kind, its study state,
// whether it can be opened, and the accessible names of its play and open actions. Both pages'
// tables include these, so a lesson reads the same wherever it is listed.
export const LESSON_TEXTS = {
  zh: {
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
  },
  en: {
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
  },
};

export type LessonKindText = 'kindVideo' | 'kindAudio' | 'kindPdf' | 'kindArticle' | 'kindLink';

/** The label of a content kind, or null for a kind without one. */
export function kindKey(kind: string | null): LessonKindText | null {
  switch (kind) {
    case 'video': return 'kindVideo';
    case 'audio': return 'kindAudio';
    case 'pdf': return 'kindPdf';
    case 'article': return 'kindArticle';
    case 'link': return 'kindLink';
    default: return null;
  }
}
