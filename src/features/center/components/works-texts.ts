// The `center-works` namespace (docs/i18n.md): a creator's pages (issue 20 part V): myWorks, the
// work editor myWorks/create, and the reviewer's page of a work.
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_WORKS = defineTexts('center-works', {
  zh: {
    all: '全部', draft: '草稿', pending: '审核中', published: '已发布', rejected: '未通过',
    filter: '按状态筛选', write: '写新作品', noWorks: '还没有作品', noWorksHint: '写下第一个故事，提交审核通过后读者就能读到', startWriting: '开始创作',
    ebook: '电子书', serial: '连载', serialising: '连载中', finished: '已完结',
    words: '{{n}} 字', chapters: '{{n}} 章', edited: '最近编辑 {{time}}', submitted: '提交于 {{time}}',
    unsubmitted: '有未提交的修改', rejectReason: '未通过原因：{{reason}}', inReviewHint: '审核中，审核结束前不能修改',
    edit: '编辑', read: '阅读', remove: '删除', removeConfirm: '删除这部作品和它的全部章节？删除后不能恢复。', removedOk: '作品已删除', ok: '确定', cancel: '取消',
    // the editor
    newWork: '创作新作品', editWork: '编辑作品', back: '返回我的作品', loadFailed: '加载失败', retry: '重试', notFound: '作品不存在，或不是你的作品。',
    basics: '作品信息', titleLabel: '作品名称', titlePlaceholder: '给作品起个名字（1–60 字）', penName: '笔名', penNameHint: '第一次创作需要一个笔名，它会显示在作品和你的作者主页上，之后不能在这里修改。',
    penNamePlaceholder: '例如：林间小鹿', kind: '作品类型', category: '分类', noCategory: '不选分类', intro: '作品简介', introPlaceholder: '用几句话介绍你的作品',
    cover: '封面', coverHint: '建议竖版 3:4 图片', serialState: '连载状态', saveBasics: '保存作品信息', createWork: '创建作品并开始写第一章',
    needTitle: '请填写作品名称。', needPenName: '请填写笔名（1–40 字）。', savedOk: '作品信息已保存',
    chapterList: '章节', addChapter: '添加章节', newChapterTitle: '第{{n}}章', noChapters: '还没有章节，点击“添加章节”开始写作。',
    moveUp: '上移 {{title}}', moveDown: '下移 {{title}}', rename: '重命名', removeChapter: '删除章节', removeChapterConfirm: '删除《{{title}}》？这一章的正文会一起删除。',
    chapterRemoved: '章节已删除', hidden: '已隐藏', show: '对读者显示', hide: '对读者隐藏', openChapter: '编辑 {{title}}',
    chapterTitle: '章节标题', chapterBody: '正文', bodyPlaceholder: '从这里开始写……', wordCount: '本章 {{n}} 字 · 全书 {{total}} 字',
    saving: '正在保存…', savedAt: '已自动保存 {{time}}', unsaved: '有未保存的修改', saveFailed: '自动保存失败：{{message}}', saveNow: '保存',
    submit: '提交审核', submitConfirm: '提交后，审核结束前不能修改作品。确定提交吗？', submittedOk: '已提交审核，结果会通过消息通知你',
    lockedInReview: '作品正在审核中，审核结束前不能修改。', rejectedBanner: '上次审核未通过：{{reason}}。修改后可以重新提交。',
    publishedBanner: '作品已发布。修改会在重新提交并通过审核后对读者生效。', readIt: '在阅读器中查看',
    attachments: '附件', addAttachment: '上传附件', download: '下载', removeAttachment: '删除附件 {{name}}', noAttachments: '没有附件',
    // review
    reviewTitle: '作品审核', backToReview: '返回作品审核', byAuthor: '作者：{{name}}', uploader: '提交人：{{name}}', approve: '通过并发布', reject: '驳回',
    rejectTitle: '驳回《{{title}}》', rejectReasonLabel: '驳回原因（作者会在消息中心看到）', needReason: '请填写 1–500 字的驳回原因。',
    approvedOk: '已通过，作品已发布', rejectedOk: '已驳回', notPending: '这部作品不在待审核状态。', readChapters: '阅读章节',
    teachersOnly: '只有老师可以审核作品；你的账号没有老师授权。', reviewNotFound: '作品不存在，或不在你的审核范围内。',
  },
  en: {
    all: 'All', draft: 'Draft', pending: 'In review', published: 'Published', rejected: 'Not approved',
    filter: 'Filter by state', write: 'Write a new work', noWorks: 'No works yet', noWorksHint: 'Write your first story; once approved, readers can read it', startWriting: 'Start writing',
    ebook: 'E-book', serial: 'Serial', serialising: 'Ongoing', finished: 'Finished',
    words_one: '{{n}} word', words_other: '{{n}} words', chapters_one: '{{n}} chapter', chapters_other: '{{n}} chapters', edited: 'Edited {{time}}', submitted: 'Submitted {{time}}',
    unsubmitted: 'Unsubmitted changes', rejectReason: 'Reason: {{reason}}', inReviewHint: 'In review; it cannot be changed until the review ends',
    edit: 'Edit', read: 'Read', remove: 'Delete', removeConfirm: 'Delete this work and all its chapters? This cannot be undone.', removedOk: 'Work deleted', ok: 'OK', cancel: 'Cancel',
    newWork: 'Write a new work', editWork: 'Edit work', back: 'Back to my works', loadFailed: 'Could not load', retry: 'Retry', notFound: 'This work does not exist or is not yours.',
    basics: 'About the work', titleLabel: 'Title', titlePlaceholder: 'Give your work a title (1–60 characters)', penName: 'Pen name', penNameHint: 'Your first work needs a pen name; it shows on your works and your author page, and cannot be changed here later.',
    penNamePlaceholder: 'e.g. Maple Quill', kind: 'Kind', category: 'Category', noCategory: 'No category', intro: 'Introduction', introPlaceholder: 'A few sentences about your work',
    cover: 'Cover', coverHint: 'A portrait 3:4 image works best', serialState: 'Status', saveBasics: 'Save details', createWork: 'Create the work and write chapter 1',
    needTitle: 'Enter a title.', needPenName: 'Enter a pen name (1–40 characters).', savedOk: 'Details saved',
    chapterList: 'Chapters', addChapter: 'Add chapter', newChapterTitle: 'Chapter {{n}}', noChapters: 'No chapters yet; click "Add chapter" to start writing.',
    moveUp: 'Move {{title}} up', moveDown: 'Move {{title}} down', rename: 'Rename', removeChapter: 'Delete chapter', removeChapterConfirm: 'Delete "{{title}}"? Its text is deleted too.',
    chapterRemoved: 'Chapter deleted', hidden: 'Hidden', show: 'Show to readers', hide: 'Hide from readers', openChapter: 'Edit {{title}}',
    chapterTitle: 'Chapter title', chapterBody: 'Text', bodyPlaceholder: 'Start writing here…', wordCount: '{{n}} words in this chapter · {{total}} in all',
    saving: 'Saving…', savedAt: 'Saved automatically at {{time}}', unsaved: 'Unsaved changes', saveFailed: 'Autosave failed: {{message}}', saveNow: 'Save',
    submit: 'Submit for review', submitConfirm: 'Once submitted, the work cannot be changed until the review ends. Submit?', submittedOk: 'Submitted; you will get a message with the result',
    lockedInReview: 'This work is in review and cannot be changed until the review ends.', rejectedBanner: 'The last review did not approve it: {{reason}}. Change it and submit again.',
    publishedBanner: 'This work is published. Changes reach readers once you submit them again and they are approved.', readIt: 'Open in the reader',
    attachments: 'Attachments', addAttachment: 'Upload attachment', download: 'Download', removeAttachment: 'Delete attachment {{name}}', noAttachments: 'No attachments',
    reviewTitle: 'Work review', backToReview: 'Back to work review', byAuthor: 'By {{name}}', uploader: 'Submitted by {{name}}', approve: 'Approve and publish', reject: 'Reject',
    rejectTitle: 'Reject "{{title}}"', rejectReasonLabel: 'Reason (the author reads it in the message center)', needReason: 'Enter a reason of 1–500 characters.',
    approvedOk: 'Approved; the work is published', rejectedOk: 'Rejected', notPending: 'This work is not waiting for review.', readChapters: 'Read chapters',
    teachersOnly: 'Only teachers review works; your account has no teacher grant.', reviewNotFound: 'This work does not exist or is not yours to review.',
  },
});

export const useWorksTexts = () => useTexts(CENTER_WORKS);
export type WorksTexts = ReturnType<typeof useWorksTexts>;
