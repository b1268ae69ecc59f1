// The `center-sharing` namespace (docs/i18n.md): myArticle (write, edit, publish, withdraw, delete),
// myShare (what I shared on /share) and myNotice (my notices with read state). Issue 19 part H.
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_SHARING = defineTexts('center-sharing', {
  zh: {
    all: '全部', published: '已发布', draft: '草稿', filter: '按状态筛选',
    write: '写文章', edit: '编辑', publish: '发布', withdraw: '撤回', remove: '删除', view: '查看',
    removeConfirm: '删除后不能恢复，确定删除这篇文章吗？', withdrawConfirm: '撤回后文章从学员分享中下架，变回草稿。确定吗？', ok: '确定', cancel: '取消',
    updated: '更新于 {{time}}', publishedAt: '发布于 {{time}}', views: '阅读 {{n}}', favours: '收藏 {{n}}',
    noArticles: '还没有写过文章', noArticlesHint: '把学习心得写下来，发布后其他学员可以在“学员分享”里读到', toWrite: '写第一篇',
    editorNew: '写文章', editorEdit: '编辑文章', titleLabel: '标题', titlePlaceholder: '一句话说清楚这篇文章讲什么',
    summaryLabel: '摘要（选填）', summaryHint: '不填则取正文开头的文字', bodyLabel: '正文', bodyHint: '可直接写 HTML，或用工具栏加格式；保存时会清除脚本等不安全的内容。',
    bodyEdit: '编辑', bodyPreview: '预览', emptyPreview: '正文还是空的',
    bold: '加粗', italic: '斜体', heading: '小标题', list: '列表', quote: '引用', link: '链接', toolbar: '格式工具栏',
    saveDraft: '保存草稿', saveAndPublish: '发布', update: '保存修改', saved: '已保存为草稿', publishedOk: '已发布到学员分享', updatedOk: '已保存',
    withdrawnOk: '已撤回为草稿', removedOk: '已删除', needTitle: '请填写标题', needBody: '正文是空的：写点内容再发布', loadFailed: '加载失败', retry: '重试',
    shareIntro: '这里是你发布到“学员分享”的文章，所有人都能读到；草稿和写作在“我的文章”。', toMyArticles: '去我的文章',
    noShares: '还没有分享过文章', noSharesHint: '在“我的文章”写一篇并发布，它就会出现在这里和学员分享中', toShare: '看看学员分享',
    unread: '未读', read: '已读', unreadCount: '{{n}} 条未读', readAll: '全部标为已读', readAllOk: '已全部标为已读', markRead: '标为已读',
    readAllHint: '需要回执的公文要打开确认', pinned: '置顶',
    sourceTenant: '通知', sourceClasses: '班级通知', sourceAffair: '公文', needConfirm: '待确认回执',
    noNotices: '暂时没有通知', noNoticesHint: '机构和你所在培训班发布的通知会出现在这里', noUnread: '没有未读通知', toClasses: '看看培训班',
    className: '培训班：{{name}}', openClass: '进入培训班', close: '关闭',
  },
  en: {
    all: 'All', published: 'Published', draft: 'Draft', filter: 'Filter by state',
    write: 'Write an article', edit: 'Edit', publish: 'Publish', withdraw: 'Withdraw', remove: 'Delete', view: 'View',
    removeConfirm: 'This cannot be undone. Delete this article?', withdrawConfirm: 'Withdrawing takes it off the shared articles and makes it a draft again. Go ahead?', ok: 'OK', cancel: 'Cancel',
    updated: 'Updated {{time}}', publishedAt: 'Published {{time}}', views: '{{n}} views', favours: '{{n}} saves',
    noArticles: 'You have not written any article', noArticlesHint: 'Write down what you learned; once published, other learners read it under shared articles', toWrite: 'Write the first one',
    editorNew: 'New article', editorEdit: 'Edit article', titleLabel: 'Title', titlePlaceholder: 'Say in one line what the article is about',
    summaryLabel: 'Summary (optional)', summaryHint: 'Left empty, the first words of the text are used', bodyLabel: 'Text', bodyHint: 'Write HTML or use the toolbar for formatting; scripts and other unsafe content are removed on save.',
    bodyEdit: 'Edit', bodyPreview: 'Preview', emptyPreview: 'The text is empty',
    bold: 'Bold', italic: 'Italic', heading: 'Heading', list: 'List', quote: 'Quote', link: 'Link', toolbar: 'Formatting toolbar',
    saveDraft: 'Save draft', saveAndPublish: 'Publish', update: 'Save changes', saved: 'Saved as a draft', publishedOk: 'Published to shared articles', updatedOk: 'Saved',
    withdrawnOk: 'Withdrawn to drafts', removedOk: 'Deleted', needTitle: 'Enter a title', needBody: 'The text is empty: write something before publishing', loadFailed: 'Loading failed', retry: 'Retry',
    shareIntro: 'These are the articles you published to shared articles, which everyone can read; drafts and writing are under My articles.', toMyArticles: 'Go to My articles',
    noShares: 'You have not shared any article', noSharesHint: 'Write one under My articles and publish it: it shows here and under shared articles', toShare: 'Browse shared articles',
    unread: 'Unread', read: 'Read', unreadCount: '{{n}} unread', readAll: 'Mark all read', readAllOk: 'All marked read', markRead: 'Mark read',
    readAllHint: 'Notices that ask for a receipt are confirmed on their page', pinned: 'Pinned',
    sourceTenant: 'Notice', sourceClasses: 'Class notice', sourceAffair: 'Official notice', needConfirm: 'Receipt required',
    noNotices: 'No notices yet', noNoticesHint: 'Notices from your organisation and your classes show here', noUnread: 'No unread notices', toClasses: 'Browse classes',
    className: 'Class: {{name}}', openClass: 'Open the class', close: 'Close',
  },
});

export const useCenterSharingTexts = () => useTexts(CENTER_SHARING);
