// Texts of the reader /content/noval/{id} (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    back: '返回',
    contents: '目录',
    chapterOf: '第 {{n}} / {{all}} 章',
    previous: '上一章',
    next: '下一章',
    finishedBook: '已读到最后一章',
    noChapters: '这本书还没有可阅读的章节。',
    continueAt: '上次读到：{{title}}',
    author: '作者：{{name}}',
    chapters: '共 {{n}} 章',
    episodes: '共 {{n}} 集',
    textFailed: '本章加载失败。',
    retry: '重试',
  },
  en: {
    back: 'Back',
    contents: 'Contents',
    chapterOf: 'Chapter {{n}} of {{all}}',
    previous: 'Previous chapter',
    next: 'Next chapter',
    finishedBook: 'This is the last chapter',
    noChapters: 'This book has no chapters to read yet.',
    continueAt: 'Last read: {{title}}',
    author: 'By {{name}}',
    chapters_one: '{{n}} chapter', chapters_other: '{{n}} chapters',
    episodes_one: '{{n}} episode', episodes_other: '{{n}} episodes',
    textFailed: 'Could not load this chapter.',
    retry: 'Retry',
  },
};

/** The `learning-reader` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('learning-reader', TEXTS);

export type ReaderText = keyof typeof TEXTS.zh;
export const useReaderTexts = () => useTexts(NAMESPACE);
