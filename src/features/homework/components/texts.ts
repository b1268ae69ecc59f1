// The `homework` namespace (docs/i18n.md): the assignment page, registered when its chunk loads.
import { defineTexts, useTexts } from '../../../i18n/texts';

const HOMEWORK = defineTexts('homework', {
  zh: {
    badId: '作业编号无效', badIdHint: '请从“我的作业”打开作业。', myHomework: '我的作业', loadFailed: '作业加载失败', retry: '重试',
    notMember: '无法查看这份作业', classLabel: '培训班', deadline: '截止时间', noDeadline: '不限时间', points: '满分', pointsValue: '{{n}} 分',
    lateAllowed: '允许迟交', closed: '已停止收取', overdue: '已截止', left: '剩余 {{time}}', days: '{{n}} 天', hours: '{{n}} 小时', minutes: '{{n}} 分钟',
    lessThanMinute: '不到 1 分钟', instructions: '作业要求', noInstructions: '老师没有写作业要求。', attachments: '附件',
    teacherView: '你是这个培训班的老师。', toMarking: '去批改', mySubmission: '我的提交', statusTodo: '未提交', statusSubmitted: '已提交',
    statusReturned: '已退回', statusMarked: '已批改', late: '迟交', revision: '第 {{n}} 次提交', submittedAt: '提交于 {{time}}',
    score: '得分', scoreValue: '{{score}} / {{total}} 分', comment: '老师评语', noComment: '老师没有写评语。', returnedTitle: '老师退回了你的作业，请修改后重新提交',
    waiting: '已提交，等待老师批改。', answer: '作答内容', answerPlaceholder: '在这里写下你的作答', files: '上传文件（最多 {{n}} 个）',
    submit: '提交作业', resubmit: '重新提交', submitted: '提交成功', emptyAnswer: '请填写作答内容或上传至少一个文件。',
    cannotClosed: '这份作业已停止收取。', cannotOverdue: '已过截止时间，这份作业不接受迟交。', notMemberNote: '你不是这个培训班的学员，不能提交作业。',
    lateWarning: '已过截止时间，现在提交会记为迟交。',
  },
  en: {
    badId: 'This homework link is not valid', badIdHint: 'Open the homework from My homework.', myHomework: 'My homework', loadFailed: 'The homework could not be loaded', retry: 'Retry',
    notMember: 'You cannot see this homework', classLabel: 'Class', deadline: 'Deadline', noDeadline: 'No deadline', points: 'Points', pointsValue: '{{n}} points',
    lateAllowed: 'Late work accepted', closed: 'Closed', overdue: 'Past the deadline', left: '{{time}} left', days: '{{n}} d', hours: '{{n}} h', minutes: '{{n}} min',
    lessThanMinute: 'under a minute', instructions: 'Instructions', noInstructions: 'The teacher wrote no instructions.', attachments: 'Attachments',
    teacherView: 'You teach this class.', toMarking: 'Mark submissions', mySubmission: 'My submission', statusTodo: 'Not submitted', statusSubmitted: 'Submitted',
    statusReturned: 'Returned', statusMarked: 'Marked', late: 'Late', revision: 'Submission {{n}}', submittedAt: 'Submitted {{time}}',
    score: 'Score', scoreValue: '{{score}} / {{total}}', comment: 'Teacher\'s comment', noComment: 'The teacher left no comment.', returnedTitle: 'Your teacher returned this homework; revise it and submit again',
    waiting: 'Submitted; waiting for the teacher to mark it.', answer: 'Your answer', answerPlaceholder: 'Write your answer here', files: 'Files (up to {{n}})',
    submit: 'Submit', resubmit: 'Submit again', submitted: 'Submitted', emptyAnswer: 'Write an answer or upload at least one file.',
    cannotClosed: 'This homework no longer takes submissions.', cannotOverdue: 'The deadline has passed and this homework does not take late work.', notMemberNote: 'You are not a member of this class, so you cannot submit.',
    lateWarning: 'The deadline has passed; a submission now is marked late.',
  },
});

/** The homework page's texts in the app's language. */
export const useHomeworkTexts = () => useTexts(HOMEWORK);
