// Texts of the question renderer (zh default, en): the `question` namespace (docs/i18n.md), loaded
// with whatever page renders a question (the paper, practice, marking, preview).
import { defineTexts, useTexts, type TextFn } from '../../i18n/texts';

export const QUESTION_TEXTS = defineTexts('question', {
  zh: {
    kindSingle: '单选题', kindMultiple: '多选题', kindJudge: '判断题', kindText: '问答题', kindFill: '填空题', kindShort: '简答题', kindComposite: '综合题',
    points: '（{{n}} 分）', textPlaceholder: '请输入您的回答（最多 1000 字）', shortPlaceholder: '请输入您的答案（最多 1000 字）',
    blankOf: '第 {{q}} 题第 {{n}} 空', passage: '阅读材料，回答下列小题',
  },
  en: {
    kindSingle: 'Single choice', kindMultiple: 'Multiple choice', kindJudge: 'True or false', kindText: 'Open answer', kindFill: 'Fill in the blanks', kindShort: 'Short answer', kindComposite: 'Passage',
    points: ' ({{n}} pts)', textPlaceholder: 'Your answer (up to 1000 characters)', shortPlaceholder: 'Your answer (up to 1000 characters)',
    blankOf: 'Question {{q}}, blank {{n}}', passage: 'Read the passage and answer the questions below',
  },
});

export type QuestionText = NonNullable<typeof QUESTION_TEXTS.keys>;
export type QuestionTextFn = TextFn<QuestionText>;

/** The question renderer's texts for the active language. */
export const useQuestionTexts = (): QuestionTextFn => useTexts(QUESTION_TEXTS);
