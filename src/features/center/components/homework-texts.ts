// The `center-homework` namespace (docs/i18n.md): myHomework, and the teachers' myZuoye and myWork.
import { defineTexts, useTexts } from '../../../i18n/texts';

const CENTER_HOMEWORK = defineTexts('center-homework', {
  zh: {
    all: '全部', todo: '未提交', submitted: '已提交', returned: '已退回', marked: '已批改', overdue: '已逾期', late: '迟交', closed: '已停止收取',
    filter: '按状态筛选', noHomework: '暂时没有作业', noHomeworkHint: '加入培训班后，老师布置的作业会出现在这里', findClasses: '去看看培训班',
    deadline: '截止 {{time}}', noDeadline: '不限时间', scoreOf: '{{score}} / {{total}} 分', className: '培训班：{{name}}',
    open: '去完成', view: '查看',
    teachersOnly: '此页面仅对老师开放', teachersOnlyHint: '你的账号还没有老师权限；老师由机构管理员在后台按培训班指定。', toCenter: '返回个人中心',
    loadFailed: '加载失败', retry: '重试',
    newHomework: '布置作业', edit: '编辑', close: '停止收取', reopen: '重新开放', closeConfirm: '停止收取后学员不能再提交，确定吗？', ok: '确定', cancel: '取消',
    counts: '已交 {{handed}} / {{members}} 人 · 待批改 {{submitted}} · 已退回 {{returned}} · 已批改 {{marked}}',
    toMark: '批改', noAssignments: '还没有布置过作业', noAssignmentsHint: '点“布置作业”给你的培训班布置第一份作业。', noClasses: '你还不是任何培训班的老师，暂时不能布置作业。',
    drawerNew: '布置作业', drawerEdit: '编辑作业', classLabel: '培训班', titleLabel: '作业标题', instructionsLabel: '作业要求', instructionsHint: '可以写多段文字；保存时会清理不安全的内容。',
    attachmentsLabel: '附件（最多 {{n}} 个）', deadlineLabel: '截止时间', deadlineHint: '不填则不限时间', pointsLabel: '满分', allowLateLabel: '允许迟交',
    save: '保存', saved: '已保存', pickClass: '请选择培训班', needTitle: '请填写作业标题',
    pickAssignment: '选择作业', queue: '提交列表', noSubmissions: '这份作业还没有学员。', noQueueSelected: '请选择一份作业查看提交。',
    revision: '第 {{n}} 次', submittedAt: '提交于 {{time}}', notSubmitted: '未提交',
    markTitle: '批改：{{name}}', content: '作答内容', noContent: '（没有文字内容）', files: '提交的文件', noFiles: '没有文件',
    score: '分数（0–{{max}}）', comment: '评语', commentHint: '退回重做时必须写明原因', markSave: '保存批改', returnForRedo: '退回重做',
    needComment: '退回重做时请写明原因。', needScore: '请给出分数。', markedOk: '批改已保存', returnedOk: '已退回重做', next: '下一份',
    pickSubmission: '从左侧列表选择一份提交开始批改。', finalNote: '已批改；可以修改分数和评语。', returnedNote: '已退回，等待学员重新提交。', openHomework: '查看作业页',
  },
  en: {
    all: 'All', todo: 'Not submitted', submitted: 'Submitted', returned: 'Returned', marked: 'Marked', overdue: 'Overdue', late: 'Late', closed: 'Closed',
    filter: 'Filter by status', noHomework: 'No homework yet', noHomeworkHint: 'When you join a class, homework your teachers set shows here', findClasses: 'Browse classes',
    deadline: 'Due {{time}}', noDeadline: 'No deadline', scoreOf: '{{score}} / {{total}}', className: 'Class: {{name}}',
    open: 'Do it', view: 'View',
    teachersOnly: 'This page is for teachers', teachersOnlyHint: 'Your account has no teacher role yet; the organisation\'s admin assigns teachers to classes in the back-office.', toCenter: 'Back to my center',
    loadFailed: 'Loading failed', retry: 'Retry',
    newHomework: 'Set homework', edit: 'Edit', close: 'Close', reopen: 'Reopen', closeConfirm: 'Learners cannot submit once it is closed. Close it?', ok: 'OK', cancel: 'Cancel',
    counts: '{{handed}} of {{members}} handed in · {{submitted}} to mark · {{returned}} returned · {{marked}} marked',
    toMark: 'Mark', noAssignments: 'You have not set any homework', noAssignmentsHint: 'Use "Set homework" to give your class its first assignment.', noClasses: 'You do not teach any class yet, so you cannot set homework.',
    drawerNew: 'Set homework', drawerEdit: 'Edit homework', classLabel: 'Class', titleLabel: 'Title', instructionsLabel: 'Instructions', instructionsHint: 'Several paragraphs are fine; unsafe content is removed on save.',
    attachmentsLabel: 'Attachments (up to {{n}})', deadlineLabel: 'Deadline', deadlineHint: 'Leave empty for no deadline', pointsLabel: 'Points', allowLateLabel: 'Accept late work',
    save: 'Save', saved: 'Saved', pickClass: 'Choose a class', needTitle: 'Enter a title',
    pickAssignment: 'Assignment', queue: 'Submissions', noSubmissions: 'This class has no learners yet.', noQueueSelected: 'Choose an assignment to see its submissions.',
    revision: 'Try {{n}}', submittedAt: 'Submitted {{time}}', notSubmitted: 'Not submitted',
    markTitle: 'Marking: {{name}}', content: 'Answer', noContent: '(no text)', files: 'Files', noFiles: 'No files',
    score: 'Score (0–{{max}})', comment: 'Comment', commentHint: 'Required when returning for redo', markSave: 'Save mark', returnForRedo: 'Return for redo',
    needComment: 'Say why you return it.', needScore: 'Give a score.', markedOk: 'Mark saved', returnedOk: 'Returned for redo', next: 'Next',
    pickSubmission: 'Choose a submission on the left to start marking.', finalNote: 'Marked; you may change the score and comment.', returnedNote: 'Returned; waiting for the learner to submit again.', openHomework: 'Open the homework page',
  },
});

/** The homework texts of the personal center in the app's language. */
export const useCenterHomeworkTexts = () => useTexts(CENTER_HOMEWORK);
