// Texts of the exam pages (zh default, en): the lists, the detail page, the paper and the result.
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    examList: '考试中心', surveyList: '问卷调查', tabAll: '全部', tabOpen: '进行中', tabUpcoming: '未开始', tabClosed: '已结束',
    searchPlaceholder: '搜索标题', found: '共 {{n}} 项', empty: '暂无考试', emptySurvey: '暂无问卷', emptySearch: '没有找到与“{{q}}”相关的内容',
    loadFailed: '加载失败', retry: '重试', loading: '加载中',
    survey: '问卷', exam: '考试', questions: '{{n}} 题', minutes: '{{n}} 分钟', noLimit: '不限时', passScore: '及格 {{n}} 分', joined: '{{n}} 人参加',
    window: '考试时间', windowSurvey: '开放时间', untilOpen: '长期有效', duration: '答题时长', totalScore: '总分', passLine: '及格分',
    questionCount: '题目数量', attemptsLeft: '剩余次数', attemptsOf: '{{left}} / {{max}} 次', bestScore: '最高分', score: '{{n}} 分',
    rules: '考试须知',
    rule1: '点击“开始考试”后开始计时，时间到系统将自动交卷。', rule2: '答案会自动保存；刷新页面或网络中断后，重新进入可继续作答。',
    rule3: '每场考试最多可参加 {{n}} 次，成绩取最高分。', rule4: '交卷后可查看成绩、对错和正确答案。',
    surveyRule: '问卷每人填写一次，答案会自动保存，提交后可查看自己的回答。',
    start: '开始考试', startSurvey: '开始填写', resume: '继续作答', starting: '正在进入…', signIn: '登录后参加',
    myAttempts: '我的记录', attemptNo: '第 {{n}} 次', stateOpen: '作答中', stateSubmitted: '已交卷', stateExpired: '超时自动交卷',
    passed: '通过', failed: '未通过', viewResult: '查看结果', notFound: '考试或问卷不存在或已下线。', backList: '返回考试列表',
    remaining: '剩余时间', noDeadline: '不限时', answered: '已答 {{done}}/{{all}}', navigator: '答题卡',
    kindSingle: '单选题', kindMultiple: '多选题', kindJudge: '判断题', kindText: '问答题', kindFill: '填空题', kindShort: '简答题', kindComposite: '综合题', points: '（{{n}} 分）',
    textPlaceholder: '请输入您的回答（最多 1000 字）', prev: '上一题', next: '下一题', submit: '交卷', submitSurvey: '提交问卷',
    confirmTitle: '确认交卷？', confirmAll: '您已答完全部 {{n}} 题，交卷后不能修改。', confirmMissing: '还有 {{n}} 题未作答，交卷后不能修改。',
    confirmOk: '确认交卷', continue: '继续作答', submitting: '正在交卷…',
    saved: '已自动保存 {{time}}', saving: '正在保存…', offline: '网络异常，答案已暂存在本机，恢复后自动保存', saveRefused: '{{message}}',
    timeUp: '时间到，系统已自动交卷', timeWarn: '距离交卷还剩 5 分钟', leaveWarn: '还有答案没有保存，确定离开吗？',
    resultTitle: '考试结果', surveyResultTitle: '提交成功', yourScore: '我的得分', pass: '通过', fail: '未通过',
    resultMeta: '总分 {{total}} · 及格 {{pass}} · 答对 {{correct}}/{{all}} 题', expiredNote: '作答时间已到，系统按截止前保存的答案自动交卷。',
    thanks: '感谢您的参与！您的回答已提交。', review: '答题详情', yourAnswer: '你的答案', correctAnswer: '正确答案', notAnswered: '未作答',
    gained: '得 {{n}} 分', backDetail: '返回考试详情', myExams: '我的考试', practiseWrong: '练习本次错题', allAttempts: '全部考试记录', noResult: '缺少答卷编号，请从考试详情页查看成绩。',
    submittedAt: '交卷时间', true: '正确', false: '错误',
    // A survey's own words (issue 13: a survey read like an exam); SURVEY_KEYS says which exam word each replaces.
    surveyRules: '问卷说明', resumeSurvey: '继续填写', fillState: '填写状态', notFilled: '未填写', myAttemptsSurvey: '我的提交', submittedAtSurvey: '提交时间',
    stateOpenSurvey: '填写中', stateSubmittedSurvey: '已提交', stateExpiredSurvey: '截止时自动提交', viewResultSurvey: '查看我的回答', backListSurvey: '返回问卷列表',
    remainingSurvey: '距离截止', navigatorSurvey: '题目导航', answeredSurvey: '已填 {{done}}/{{all}}',
    confirmTitleSurvey: '确认提交问卷？', confirmAllSurvey: '您已填写全部 {{n}} 题，提交后不能修改。', confirmMissingSurvey: '还有 {{n}} 题未填写，提交后不能修改。',
    confirmOkSurvey: '确认提交', continueSurvey: '继续填写', submittingSurvey: '正在提交…',
    timeUpSurvey: '问卷已截止，系统已自动提交您的回答', timeWarnSurvey: '距离问卷截止还剩 5 分钟',
    reviewSurvey: '我的回答', yourAnswerSurvey: '您的回答', expiredNoteSurvey: '问卷已截止，系统按截止前保存的回答自动提交。', backDetailSurvey: '返回问卷详情', myExamsSurvey: '我的问卷',
    noResultSurvey: '缺少提交编号，请从问卷详情页查看您的回答。', dueAt: '截止时间', closesAtSurvey: '问卷截止时间', titleDetailSurvey: '问卷详情', titleResultSurvey: '问卷已提交',
    // issue 18: kinds, marking, preview and history.
    awaiting: '待阅卷', awaitingNote: '简答题正在等待老师阅卷，阅卷后显示最终成绩。客观题得分：{{n}} 分', objectivePart: '客观题 {{n}} 分',
    markedBy: '阅卷得分', markComment: '评语', referenceAnswer: '参考答案', explanation: '解析',
    preview: '预览试卷', previewTitle: '试卷预览', previewNote: '仅供预览，不能作答，也不显示答案。', previewRandom: '本考试为随机组卷，每次作答从题库抽取 {{n}} 道题，无法预览具体题目。',
    previewEmpty: '这份试卷还没有题目。', backToDetail: '返回考试详情',
    history: '考试记录', historyEmpty: '还没有考试记录', colExam: '考试', colStarted: '开始时间', colUsed: '用时', colScore: '成绩', colState: '状态',
    reviewLink: '查看', usedMinutes: '{{m}} 分 {{s}} 秒', goExams: '去参加考试',
  },
  en: {
    examList: 'Exams', surveyList: 'Surveys', tabAll: 'All', tabOpen: 'Open', tabUpcoming: 'Upcoming', tabClosed: 'Closed',
    searchPlaceholder: 'Search titles', found: '{{n}} found', empty: 'No exams yet', emptySurvey: 'No surveys yet', emptySearch: 'Nothing matches "{{q}}"',
    loadFailed: 'Could not load', retry: 'Retry', loading: 'Loading',
    survey: 'Survey', exam: 'Exam', questions_one: '{{n}} question', questions_other: '{{n}} questions', minutes: '{{n}} min', noLimit: 'No time limit', passScore: 'Pass {{n}}', joined: '{{n}} joined',
    window: 'Exam window', windowSurvey: 'Open', untilOpen: 'No end date', duration: 'Time allowed', totalScore: 'Total score', passLine: 'Pass score',
    questionCount: 'Questions', attemptsLeft: 'Attempts left', attemptsOf: '{{left}} of {{max}}', bestScore: 'Best score', score_one: '{{n}} point', score_other: '{{n}} points',
    rules: 'Rules',
    rule1: 'The clock starts when you click "Start exam"; when time is up your paper is handed in automatically.',
    rule2: 'Answers are saved as you go; after a reload or a lost connection, come back and carry on.',
    rule3: 'You may take this exam up to {{n}} times; your best score counts.', rule4: 'After you submit you see your score and the correct answers.',
    surveyRule: 'Each person answers once. Answers are saved as you go; after submitting you can see your answers.',
    start: 'Start exam', startSurvey: 'Start survey', resume: 'Resume', starting: 'Opening…', signIn: 'Sign in to take part',
    myAttempts: 'My attempts', attemptNo: 'Attempt {{n}}', stateOpen: 'In progress', stateSubmitted: 'Submitted', stateExpired: 'Handed in at time-up',
    passed: 'Passed', failed: 'Not passed', viewResult: 'View result', notFound: 'This exam or survey does not exist or was taken offline.', backList: 'Back to exams',
    remaining: 'Time left', noDeadline: 'No time limit', answered: 'Answered {{done}}/{{all}}', navigator: 'Questions',
    kindSingle: 'Single choice', kindMultiple: 'Multiple choice', kindJudge: 'True or false', kindText: 'Open answer', kindFill: 'Fill in the blanks', kindShort: 'Short answer', kindComposite: 'Passage', points: ' ({{n}} pts)',
    textPlaceholder: 'Your answer (up to 1000 characters)', prev: 'Previous', next: 'Next', submit: 'Submit', submitSurvey: 'Submit survey',
    confirmTitle: 'Submit your paper?', confirmAll: 'You answered all {{n}} questions. You cannot change answers after submitting.',
    confirmMissing_one: '{{n}} question is unanswered. You cannot change answers after submitting.', confirmMissing_other: '{{n}} questions are unanswered. You cannot change answers after submitting.',
    confirmOk: 'Submit', continue: 'Keep answering', submitting: 'Submitting…',
    saved: 'Saved {{time}}', saving: 'Saving…', offline: 'Offline: answers are kept on this device and saved when the connection is back', saveRefused: '{{message}}',
    timeUp: 'Time is up; your paper was handed in', timeWarn: '5 minutes left', leaveWarn: 'Some answers are not saved yet. Leave anyway?',
    resultTitle: 'Exam result', surveyResultTitle: 'Submitted', yourScore: 'Your score', pass: 'Passed', fail: 'Not passed',
    resultMeta: 'Total {{total}} · pass {{pass}} · {{correct}}/{{all}} correct', expiredNote: 'Time ran out; the answers saved before the deadline were handed in.',
    thanks: 'Thank you for taking part! Your answers were submitted.', review: 'Review', yourAnswer: 'Your answer', correctAnswer: 'Correct answer', notAnswered: 'Not answered',
    gained: '{{n}} pts', backDetail: 'Back to the exam', myExams: 'My exams', practiseWrong: 'Practise the questions I got wrong', allAttempts: 'All my attempts', noResult: 'No attempt given; open your result from the exam page.',
    submittedAt: 'Submitted', true: 'True', false: 'False',
    surveyRules: 'About this survey', resumeSurvey: 'Continue', fillState: 'Your response', notFilled: 'Not answered yet', myAttemptsSurvey: 'My response',
    submittedAtSurvey: 'Submitted', stateOpenSurvey: 'In progress', stateSubmittedSurvey: 'Submitted', stateExpiredSurvey: 'Sent when the survey closed',
    viewResultSurvey: 'View my answers', backListSurvey: 'Back to surveys',
    remainingSurvey: 'Closes in', navigatorSurvey: 'Questions', answeredSurvey: 'Answered {{done}}/{{all}}',
    confirmTitleSurvey: 'Submit the survey?', confirmAllSurvey: 'You answered all {{n}} questions. You cannot change your answers after submitting.',
    confirmMissingSurvey_one: '{{n}} question is unanswered. You cannot change your answers after submitting.', confirmMissingSurvey_other: '{{n}} questions are unanswered. You cannot change your answers after submitting.',
    confirmOkSurvey: 'Submit', continueSurvey: 'Keep answering', submittingSurvey: 'Submitting…',
    timeUpSurvey: 'The survey has closed; your answers were sent', timeWarnSurvey: '5 minutes until the survey closes',
    reviewSurvey: 'Your answers', yourAnswerSurvey: 'Your answer', expiredNoteSurvey: 'The survey closed; the answers saved before then were sent.', backDetailSurvey: 'Back to the survey',
    myExamsSurvey: 'My surveys', dueAt: 'Due at', closesAtSurvey: 'Survey closes at', noResultSurvey: 'No response given; open your answers from the survey page.', titleDetailSurvey: 'Survey', titleResultSurvey: 'Survey submitted',
    awaiting: 'Awaiting marking', awaitingNote: 'A teacher is marking your short answers; the final score shows once marked. Machine-scored part: {{n}} points', objectivePart: 'Machine-scored {{n}}',
    markedBy: 'Mark', markComment: 'Comment', referenceAnswer: 'Model answer', explanation: 'Explanation',
    preview: 'Preview the paper', previewTitle: 'Paper preview', previewNote: 'Preview only: you cannot answer here and no answers are shown.',
    previewRandom: 'This exam draws {{n}} questions from the question bank for each attempt, so there is no fixed paper to preview.',
    previewEmpty: 'This paper has no questions yet.', backToDetail: 'Back to the exam',
    history: 'Exam history', historyEmpty: 'No exam attempts yet', colExam: 'Exam', colStarted: 'Started', colUsed: 'Time used', colScore: 'Score', colState: 'Status',
    reviewLink: 'Review', usedMinutes: '{{m}} min {{s}} s', goExams: 'Find an exam',
  },
};

/** The `exam` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('exam', TEXTS);

export type ExamText = keyof typeof TEXTS.zh;

/**
 * The word a survey says instead of an exam's (issue 13: 考试须知, 确认交卷 and 返回考试详情 on a
 * survey): a page asks for the exam's key and a survey gets its own.
 */
export const SURVEY_KEYS = {
  examList: 'surveyList', empty: 'emptySurvey', window: 'windowSurvey', rules: 'surveyRules', start: 'startSurvey', resume: 'resumeSurvey',
  attemptsLeft: 'fillState', myAttempts: 'myAttemptsSurvey', submittedAt: 'submittedAtSurvey',
  stateOpen: 'stateOpenSurvey', stateSubmitted: 'stateSubmittedSurvey', stateExpired: 'stateExpiredSurvey', viewResult: 'viewResultSurvey', backList: 'backListSurvey',
  remaining: 'remainingSurvey', noDeadline: 'untilOpen', navigator: 'navigatorSurvey', answered: 'answeredSurvey', submit: 'submitSurvey',
  confirmTitle: 'confirmTitleSurvey', confirmAll: 'confirmAllSurvey', confirmMissing: 'confirmMissingSurvey', confirmOk: 'confirmOkSurvey', continue: 'continueSurvey',
  submitting: 'submittingSurvey', timeUp: 'timeUpSurvey', timeWarn: 'timeWarnSurvey',
  resultTitle: 'surveyResultTitle', review: 'reviewSurvey', yourAnswer: 'yourAnswerSurvey', notAnswered: 'notFilled', dueAt: 'closesAtSurvey', expiredNote: 'expiredNoteSurvey', backDetail: 'backDetailSurvey', myExams: 'myExamsSurvey', noResult: 'noResultSurvey',
} as const satisfies Partial<Record<ExamText, ExamText>>;

const useTexts = () => useNamespaceTexts(NAMESPACE);

/** The exam pages' texts for the active language, in a survey's own words when `type` is survey. */
export function useExamTexts(type: 'exam' | 'survey' = 'exam'): (key: ExamText, vars?: Record<string, string | number>) => string {
  const t = useTexts();
  if (type === 'exam') return t;
  const words: Partial<Record<ExamText, ExamText>> = SURVEY_KEYS;
  return (key, vars) => t(words[key] ?? key, vars);
}
