// Texts of the content detail page (zh default, en), shipped with its chunk. {{name}} placeholders.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    titleContent: '内容详情',
    titleMicro: '微课详情',
    titleKnowledge: '知识详情',
    titleWork: '作品详情',
    titleHelp: '帮助详情',
    back: '返回列表', backToTask: '返回任务',
    author: '作者：{{name}}',
    duration: '时长 {{time}}',
    views: '{{n}}次浏览',
    parts: '共 {{n}} 集',
    noSummary: '暂无简介',
    noCover: '暂无封面',
    playlist: '播放列表',
    chapters: '目录',
    play: '播放',
    playAll: '全部播放',
    playTitle: '播放《{{title}}》',
    noMedia: '暂无音频',
    handedOff: '已在播放器中播放',
    partsFailed: '目录加载失败。',
    videoNotPlayable: '该视频暂不支持在此播放。',
    videoNoMedia: '该视频还没有上传。',
    videoSignIn: '登录后即可观看视频。',
    videoFailed: '视频加载失败',
    signIn: '去登录',
    openDocument: '查看文档',
    openLink: '打开链接',
    documentMissing: '该文档还没有上传。',
    openInNewTab: '在新标签页中打开',
    textFailed: '正文加载失败。',
    notFound: '没有找到这条内容',
    notFoundHint: '编号为 {{id}} 的内容不存在或已下线。',
    loadFailed: '内容加载失败',
    retry: '重试',
  },
  en: {
    titleContent: 'Content details',
    titleMicro: 'Micro-lesson details',
    titleKnowledge: 'Knowledge details',
    titleWork: 'Work details',
    titleHelp: 'Help details',
    back: 'Back to the list', backToTask: 'Back to the task',
    author: 'By {{name}}',
    duration: 'Length {{time}}',
    views_one: '{{n}} view', views_other: '{{n}} views',
    parts_one: '{{n}} part', parts_other: '{{n}} parts',
    noSummary: 'No summary yet',
    noCover: 'No cover',
    playlist: 'Playlist',
    chapters: 'Contents',
    play: 'Play',
    playAll: 'Play all',
    playTitle: 'Play “{{title}}”',
    noMedia: 'No audio yet',
    handedOff: 'Playing in the player',
    partsFailed: 'Could not load the parts.',
    videoNotPlayable: 'This video cannot be played here yet.',
    videoNoMedia: 'This video has not been uploaded yet.',
    videoSignIn: 'Sign in to watch this video.',
    videoFailed: 'The video could not be loaded',
    signIn: 'Sign in',
    openDocument: 'Open the document',
    openLink: 'Open the link',
    documentMissing: 'This document has not been uploaded yet.',
    openInNewTab: 'Open in a new tab',
    textFailed: 'The text could not load.',
    notFound: 'This content was not found',
    notFoundHint: 'No content has the number {{id}}, or it was taken down.',
    loadFailed: 'The content could not load',
    retry: 'Retry',
  },
};

/** The `learning-content-detail` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('learning-content-detail', TEXTS);

export type ContentDetailText = keyof (typeof TEXTS)['zh'];

/** The content detail texts in the app's language. */
export const useContentDetailTexts = () => useTexts(NAMESPACE);

/**
 * The page's title by purpose (spec shell §2 "Query meaning on detail routes"): 1 micro-course,
 * 2 knowledge, 4 work, 99 help, anything else content.
 */
export function detailTitleKey(purpose: number | undefined): ContentDetailText {
  switch (purpose) {
    case 1: return 'titleMicro';
    case 2: return 'titleKnowledge';
    case 4: return 'titleWork';
    case 99: return 'titleHelp';
    default: return 'titleContent';
  }
}

/** Seconds as m:ss, or h:mm:ss from an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
