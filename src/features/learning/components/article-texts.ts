// Texts of the article page /share/article/detail/{id} (zh default, en).
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    share: '分享',
    news: '资讯',
    back: '返回',
    author: '作者：{{name}}',
    views: '阅读 {{n}}',
    notFound: '没有找到这篇文章',
    notFoundHint: '编号为 {{id}} 的文章不存在或已下架。',
    loadFailed: '文章加载失败',
    retry: '重试',
    noText: '这篇文章暂无正文。',
    textFailed: '正文加载失败，请重试。',
    more: '更多文章',
  },
  en: {
    share: 'Shared article',
    news: 'News',
    back: 'Back',
    author: 'By {{name}}',
    views_one: '{{n}} view', views_other: '{{n}} views',
    notFound: 'Article not found',
    notFoundHint: 'There is no article {{id}}, or it has been taken down.',
    loadFailed: 'Could not load the article',
    retry: 'Retry',
    noText: 'This article has no text yet.',
    textFailed: 'Could not load the text. Please try again.',
    more: 'More articles',
  },
};

/** The `learning-article` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('learning-article', TEXTS);

export type ArticleText = keyof typeof TEXTS.zh;
export const useArticleTexts = () => useTexts(NAMESPACE);
