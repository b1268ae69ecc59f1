// Texts of the favourite, appraise, rating and comment blocks (zh default, en). {{name}} placeholders.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    favorite: '收藏',
    favorited: '已收藏',
    favoriteCount: '{{n}}人收藏',
    like: '赞',
    dislike: '踩',
    likeLabel: '赞（{{n}}）',
    dislikeLabel: '踩（{{n}}）',
    rating: '评分',
    ratingCount: '{{n}}人评分',
    noRating: '暂无评分',
    starRow: '{{star}}星',
    comments: '评论',
    commentCount: '评论（{{n}}）',
    noComments: '还没有评论，来说两句吧',
    placeholder: '写下你的评论（最多 {{max}} 字）',
    yourScore: '我的评分',
    submit: '发表评论',
    chars: '{{n}}/{{max}}',
    loginToComment: '登录后参与评论',
    delete: '删除',
    confirmDelete: '确定删除这条评论吗？',
    confirmOk: '删除',
    cancel: '取消',
    deleted: '评论已删除',
    posted: '评论成功',
    empty: '请输入评论内容',
    tooLong: '评论最多 {{max}} 字',
    loadFailed: '加载失败。',
    retry: '重试',
    me: '我',
  },
  en: {
    favorite: 'Save',
    favorited: 'Saved',
    favoriteCount: '{{n}} saved',
    like: 'Like',
    dislike: 'Dislike',
    likeLabel: 'Like ({{n}})',
    dislikeLabel: 'Dislike ({{n}})',
    rating: 'Rating',
    ratingCount_one: '{{n}} rating', ratingCount_other: '{{n}} ratings',
    noRating: 'No ratings yet',
    starRow: '{{star}} stars',
    comments: 'Comments',
    commentCount: 'Comments ({{n}})',
    noComments: 'No comments yet. Be the first.',
    placeholder: 'Write a comment (up to {{max}} characters)',
    yourScore: 'Your rating',
    submit: 'Post',
    chars: '{{n}}/{{max}}',
    loginToComment: 'Sign in to comment',
    delete: 'Delete',
    confirmDelete: 'Delete this comment?',
    confirmOk: 'Delete',
    cancel: 'Cancel',
    deleted: 'Comment deleted',
    posted: 'Comment posted',
    empty: 'Write something first',
    tooLong: 'A comment has at most {{max}} characters',
    loadFailed: 'Could not load.',
    retry: 'Retry',
    me: 'Me',
  },
};

/** The `learning-social` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('learning-social', TEXTS);

export type SocialText = keyof (typeof TEXTS)['zh'];

/** The social texts in the app's language. */
export const useSocialTexts = () => useTexts(NAMESPACE);
