// Texts of /user/center/study/myTest (zh default, en): the `center-my-test` namespace (docs/i18n.md).
import { defineTexts, useTexts } from '../../../i18n/texts';

export const MY_TEST_TEXTS = defineTexts('center-my-test', {
  zh: {
    title: '我的练习', tabHistory: '练习记录', tabWrong: '错题本', tabMastered: '已掌握',
    noHistory: '还没有练习记录', goPractice: '去模拟练习', noWrong: '错题本里没有待练习的题目', noMastered: '还没有已掌握的错题', goLatest: '看看最新题集',
    sourceCategory: '随机练习', sourceSet: '练习题集', sourceExam: '考试错题', sourceBook: '错题本练习', sessionTitle: '{{title}} · {{source}}',
    counts: '共 {{all}} 题 · 已答 {{done}} · 答对 {{right}}', accuracy: '正确率 {{n}}%', noAccuracy: '未作答', started: '开始于 {{time}}',
    finished: '已完成', inProgress: '未完成', resume: '继续练习', review: '查看解析',
    practiseThese: '练习这些错题', wrongCount: '错 {{n}} 次', lastWrong: '最近 {{time}}', masteredAt: '掌握于 {{time}}', fromExam: '来自考试：{{title}}',
    fromPractice: '来自练习', lastAnswer: '上次作答：{{answer}}', remove: '移除', removeConfirm: '把这道题移出错题本？', removeOk: '移除', cancel: '取消', removed: '已移出错题本',
    practiceLinks: '练习入口', examMistakes: '练习这场考试的错题',
    kindSingle: '单选题', kindMultiple: '多选题', kindJudge: '判断题', kindFill: '填空题', kindShort: '简答题', kindComposite: '综合题',
  },
  en: {
    title: 'My practice', tabHistory: 'History', tabWrong: 'Wrong answers', tabMastered: 'Mastered',
    noHistory: 'No practice yet', goPractice: 'Go to mock practice', noWrong: 'No wrong answers to practise', noMastered: 'Nothing mastered yet', goLatest: 'See the latest sets',
    sourceCategory: 'Random practice', sourceSet: 'Practice set', sourceExam: 'Exam mistakes', sourceBook: 'Wrong-answer book', sessionTitle: '{{title}} · {{source}}',
    counts: '{{all}} questions · {{done}} answered · {{right}} correct', accuracy: 'Accuracy {{n}}%', noAccuracy: 'Not answered', started: 'Started {{time}}',
    finished: 'Finished', inProgress: 'Not finished', resume: 'Resume', review: 'Review',
    practiseThese: 'Practise these', wrongCount_one: 'Wrong {{n}} time', wrongCount_other: 'Wrong {{n}} times', lastWrong: 'Last {{time}}', masteredAt: 'Mastered {{time}}', fromExam: 'From exam: {{title}}',
    fromPractice: 'From practice', lastAnswer: 'Last answer: {{answer}}', remove: 'Remove', removeConfirm: 'Remove this question from the wrong-answer book?', removeOk: 'Remove', cancel: 'Cancel', removed: 'Removed from the wrong-answer book',
    practiceLinks: 'Practice', examMistakes: "Practise this exam's mistakes",
    kindSingle: 'Single choice', kindMultiple: 'Multiple choice', kindJudge: 'True or false', kindFill: 'Fill in the blanks', kindShort: 'Short answer', kindComposite: 'Passage',
  },
});

/** myTest's texts for the active language. */
export const useMyTestTexts = () => useTexts(MY_TEST_TEXTS);
