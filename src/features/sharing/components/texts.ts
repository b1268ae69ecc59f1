// The `sharing` namespace (docs/i18n.md): the topic page and the affair page (issue 19 part H).
import { defineTexts, useTexts } from '../../../i18n/texts';

const SHARING = defineTexts('sharing', {
  zh: {
    loading: '正在加载', loadFailed: '加载失败', retry: '重试', home: '返回首页',
    topicNotFound: '没有找到这个专题', topicNotFoundHint: '编号为 {{id}} 的专题不存在或已下线。',
    views: '浏览 {{n}}', topicEmpty: '这个专题里的内容都已下线。',
    kindCourse: '课程', kindContent: '微课', kindExam: '考试', kindClasses: '培训班',
    affairNotFound: '没有找到这份公文', affairNotFoundHint: '编号为 {{id}} 的公文不存在或已撤下。',
    issuer: '发文单位：{{name}}', docNo: '文号：{{no}}', publishedAt: '发布于 {{time}}',
    attachments: '附件', download: '下载', receipt: '阅读回执', confirm: '确认已读', confirmedAt: '你已于 {{time}} 确认阅读。',
    confirmDeadline: '请在 {{time}} 前确认。', confirmLate: '确认期限（{{time}}）已过，仍可确认，将记为逾期确认。',
    confirmedCount: '已有 {{n}} 人确认', confirmedOk: '已确认阅读', signInToConfirm: '登录后确认已读', signInHint: '这份公文需要阅读回执。',
    noReceipt: '这份公文无需回执，打开即视为已读。', myNotices: '我的通知',
  },
  en: {
    loading: 'Loading', loadFailed: 'Loading failed', retry: 'Retry', home: 'Back to home',
    topicNotFound: 'Topic not found', topicNotFoundHint: 'There is no topic {{id}}, or it has been taken down.',
    views: '{{n}} views', topicEmpty: 'Everything in this topic has been taken down.',
    kindCourse: 'Course', kindContent: 'Lesson', kindExam: 'Exam', kindClasses: 'Class',
    affairNotFound: 'Notice not found', affairNotFoundHint: 'There is no official notice {{id}}, or it has been withdrawn.',
    issuer: 'Issued by {{name}}', docNo: 'No. {{no}}', publishedAt: 'Published {{time}}',
    attachments: 'Attachments', download: 'Download', receipt: 'Read receipt', confirm: 'Confirm I have read it', confirmedAt: 'You confirmed reading it on {{time}}.',
    confirmDeadline: 'Please confirm by {{time}}.', confirmLate: 'The deadline ({{time}}) has passed; you can still confirm, recorded as late.',
    confirmedCount: '{{n}} confirmed so far', confirmedOk: 'Confirmed', signInToConfirm: 'Sign in to confirm', signInHint: 'This notice asks for a read receipt.',
    noReceipt: 'This notice needs no receipt: opening it counts as read.', myNotices: 'My notices',
  },
});

export const useSharingTexts = () => useTexts(SHARING);
