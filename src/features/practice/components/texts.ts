// Texts of the practice pages (zh default, en): the `practice` namespace (docs/i18n.md), loaded with
// the practice chunk: /paper, /paper/latest and /exam/practice.
import { defineTexts, useTexts } from '../../../i18n/texts';

export const PRACTICE_TEXTS = defineTexts('practice', {
  zh: {
    colon: '：', blankSep: '；', paperTitle: '模拟练习', pickCategory: '选择题目分类', pickCount: '题目数量', countOption: '{{n}} 题', start: '开始练习', starting: '正在出题…',
    categoryCount: '{{name}}（{{n}} 题）', noCategories: '题库里还没有题目分类', noCategoryChosen: '请先在左侧选择一个分类',
    chosen: '已选：{{name}}，共 {{n}} 道题可练', latest: '最新练习题集', latestTitle: '最新题集', allCategories: '全部分类',
    loading: '加载中', loadFailed: '加载失败', retry: '重试',
    progress: '第 {{n}} / {{all}} 题', answeredOf: '已答 {{done}} / {{all}}', check: '核对答案', checking: '正在核对…', next: '下一题', prev: '上一题',
    finish: '完成练习', finishing: '正在交卷…', right: '回答正确', wrong: '回答错误', yourAnswer: '你的答案', correctAnswer: '正确答案',
    explanation: '解析', reference: '参考答案', noExplanation: '暂无解析', notAnswered: '未作答', assessAsk: '对照参考答案，你答对了吗？',
    gotIt: '我答对了', missedIt: '我没答对', selfRight: '自评：答对', selfWrong: '自评：没答对', partN: '第 {{n}} 小题',
    fewer: '题库中只有 {{n}} 道题，本次练习 {{n}} 道（你选择了 {{asked}} 道）。',
    summary: '练习完成', accuracy: '正确率', summaryMeta: '共 {{all}} 题 · 已答 {{done}} 题 · 答对 {{right}} 题', practiseWrong: '练习我的错题',
    again: '再练一组', myTest: '我的练习', review: '答题回顾', reviewNote: '这次练习已经结束，下面是每道题的答案与解析。',
    sourceCategory: '随机练习', sourceSet: '练习题集', sourceExam: '考试错题', sourceBook: '错题本练习', sessionTitle: '{{title}} · {{source}}',
    setMeta: '{{n}} 题 · {{time}}', startSet: '开始练习', signIn: '登录后练习', noSets: '还没有发布的练习题集', goPaper: '去模拟练习',
    examPractice: '考试错题练习', examWrongCount: '这场考试最近一次作答有 {{n}} 道错题，逐题练习并查看解析。', startExam: '开始练习错题',
    examNoWrong: '最近一次作答没有错题，无需练习。', examOff: '这场考试未开放错题练习。', examNotFinished: '您还没有完成这场考试，交卷后才能练习错题。',
    noExamId: '缺少考试编号，请从“我的考试”中进入错题练习。', backExam: '返回考试详情', myExams: '我的考试',
  },
  en: {
    colon: ': ', blankSep: '; ', paperTitle: 'Mock practice', pickCategory: 'Choose a category', pickCount: 'Questions', countOption: '{{n}}', start: 'Start practice', starting: 'Drawing questions…',
    categoryCount: '{{name}} ({{n}})', noCategories: 'The question bank has no categories yet', noCategoryChosen: 'Choose a category first',
    chosen: 'Chosen: {{name}}, {{n}} questions to practise', latest: 'Latest practice sets', latestTitle: 'Latest sets', allCategories: 'All categories',
    loading: 'Loading', loadFailed: 'Could not load', retry: 'Retry',
    progress: 'Question {{n}} of {{all}}', answeredOf: 'Answered {{done}} / {{all}}', check: 'Check answer', checking: 'Checking…', next: 'Next', prev: 'Previous',
    finish: 'Finish', finishing: 'Finishing…', right: 'Correct', wrong: 'Not correct', yourAnswer: 'Your answer', correctAnswer: 'Correct answer',
    explanation: 'Explanation', reference: 'Reference answer', noExplanation: 'No explanation', notAnswered: 'Not answered', assessAsk: 'Compare with the reference answer: did you get it?',
    gotIt: 'I got it', missedIt: 'I missed it', selfRight: 'Self-assessed: got it', selfWrong: 'Self-assessed: missed it', partN: 'Part {{n}}',
    fewer: 'The bank has only {{n}} questions here, so this practice has {{n}} (you chose {{asked}}).',
    summary: 'Practice finished', accuracy: 'Accuracy', summaryMeta: '{{all}} questions · {{done}} answered · {{right}} correct', practiseWrong: 'Practise my wrong answers',
    again: 'Practise again', myTest: 'My practice', review: 'Review', reviewNote: 'This practice is finished; here are the answers and explanations.',
    sourceCategory: 'Random practice', sourceSet: 'Practice set', sourceExam: 'Exam mistakes', sourceBook: 'Wrong-answer book', sessionTitle: '{{title}} · {{source}}',
    setMeta: '{{n}} questions · {{time}}', startSet: 'Start', signIn: 'Sign in to practise', noSets: 'No practice sets yet', goPaper: 'Go to mock practice',
    examPractice: 'Exam mistakes practice', examWrongCount: 'Your latest attempt has {{n}} wrong answers. Practise them one by one and read the explanations.', startExam: 'Practise mistakes',
    examNoWrong: 'Your latest attempt has no wrong answers: nothing to practise.', examOff: 'This exam does not offer practice of its mistakes.', examNotFinished: 'Finish the exam first; then you can practise its mistakes.',
    noExamId: 'No exam given; open mistake practice from My exams.', backExam: 'Back to the exam', myExams: 'My exams',
  },
});

/** The practice pages' texts for the active language. */
export const usePracticeTexts = () => useTexts(PRACTICE_TEXTS);
