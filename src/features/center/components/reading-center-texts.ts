// The `center-reading` namespace (docs/i18n.md): the personal center's content section pages of
// issue 20 part U, /user/center/content/myFollow and /user/center/content/myComment.
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_READING = defineTexts('center-reading', {
  zh: {
    myFollow: '我的关注', contentComment: '我的书评',
    following: '我关注的作者', followers: '我的粉丝',
    noFollowing: '你还没有关注任何作者。', findAuthors: '去文学平台看看',
    noFollowers: '还没有人关注你。发布作品后，关注你的读者会显示在这里。', writeWork: '去创作',
    works: '{{n}} 部作品', fans: '{{n}} 位粉丝', followedAt: '关注于 {{time}}',
    unfollow: '取消关注', unfollowConfirm: '确定不再关注“{{name}}”吗？', unfollowed: '已取消关注',
    confirm: '确定', cancel: '取消',
    noComments: '你还没有写过书评。', findBooks: '去找本书读读',
    commentOn: '评论了', offShelf: '（作品已下架）', byAuthor: '作者：{{name}}',
    deleteComment: '删除', deleteConfirm: '确定删除这条书评吗？删除后无法恢复。', deleted: '书评已删除',
    score: '评分',
  },
  en: {
    myFollow: 'Following', contentComment: 'My reviews',
    following: 'Authors I follow', followers: 'My followers',
    noFollowing: 'You do not follow any author yet.', findAuthors: 'Explore the text platform',
    noFollowers: 'Nobody follows you yet. Once you publish a work, readers who follow you show here.', writeWork: 'Start writing',
    works_one: '{{n}} work', works_other: '{{n}} works', fans_one: '{{n}} follower', fans_other: '{{n}} followers', followedAt: 'Followed {{time}}',
    unfollow: 'Unfollow', unfollowConfirm: 'Stop following "{{name}}"?', unfollowed: 'Unfollowed',
    confirm: 'OK', cancel: 'Cancel',
    noComments: 'You have not reviewed any book yet.', findBooks: 'Find a book to read',
    commentOn: 'Review of', offShelf: '(no longer available)', byAuthor: 'by {{name}}',
    deleteComment: 'Delete', deleteConfirm: 'Delete this review? This cannot be undone.', deleted: 'Review deleted',
    score: 'Score',
  },
});

export const useReadingCenterTexts = () => useTexts(CENTER_READING);
