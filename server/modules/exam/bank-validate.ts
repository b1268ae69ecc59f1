// The per-kind rules of a bank question (issue 18 part A; docs/exams.md "Question kinds"), shared by
// the form's save and the spreadsheet import, so both refuse the same things with the same words.
import type { BankKind, BankQuestionInput } from '../../../schemas/api/exam-admin';

/** What a problem is about: the form field (and the import column it comes from). */
export type QuestionField = 'kind' | 'stem' | 'options' | 'answer' | 'reference' | 'explanation' | 'difficulty' | 'score' | 'children';

export interface QuestionProblem {
  field: QuestionField;
  reason: string;
}

type Fields = Pick<BankQuestionInput, 'kind' | 'stem' | 'options' | 'answer' | 'difficulty' | 'score'> & {
  reference?: string | null | undefined;
  explanation?: string | null | undefined;
  children?: Array<Omit<Fields, 'children'>> | undefined;
};

export const KIND_NAMES: Record<BankKind, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', short: '简答题', composite: '组合题' };

/** The blanks of a fill-in stem: each run of 3 or more underscores (written ____). */
export function blankCount(stem: string): number {
  return (stem.match(/_{3,}/g) ?? []).length;
}

/** Every problem of one question (empty: it may be saved). Sub-questions are checked as their own questions. */
export function questionProblems(q: Fields, nested = false): QuestionProblem[] {
  const out: QuestionProblem[] = [];
  const add = (field: QuestionField, reason: string) => out.push({ field, reason });
  const name = KIND_NAMES[q.kind];
  if (!q.stem.trim()) add('stem', '请填写题干。');
  if (!Number.isInteger(q.difficulty) || q.difficulty < 1 || q.difficulty > 5) add('difficulty', '难度须为 1 到 5 的整数。');
  if (!Number.isInteger(q.score) || q.score < 0 || q.score > 1000) add('score', '分值须为 0 到 1000 的整数。');
  const choice = q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge';
  if (choice) {
    const keys = q.options.map((o) => o.key);
    const expected = keys.map((_, i) => String.fromCharCode(65 + i));
    // spec learning §7 (exam paper): options are lettered A, B, C…; ours: in order, once each.
    if (keys.some((k, i) => k !== expected[i])) add('options', '选项须依次为 A、B、C…，不能重复或跳过。');
    if (q.options.some((o) => !o.text.trim())) add('options', '选项内容不能为空。');
    if (q.kind === 'judge' && q.options.length !== 2) add('options', '判断题须恰好有两个选项（正确、错误）。');
    if (q.kind !== 'judge' && q.options.length < 2) add('options', `${name}至少需要两个选项。`);
    const answer = Array.isArray(q.answer) ? q.answer : [];
    if (answer.some((a) => typeof a !== 'string')) add('answer', `${name}的答案是选项字母。`);
    else {
      const letters = answer as string[];
      if (letters.length === 0) add('answer', '请填写正确答案。');
      else if (letters.some((a) => !keys.includes(a))) add('answer', `答案须是已有选项的字母（${keys.join('、') || '无选项'}）。`);
      else if (new Set(letters).size !== letters.length) add('answer', '答案中有重复的选项。');
      else if (q.kind !== 'multiple' && letters.length !== 1) add('answer', `${name}只能有一个正确答案。`);
      else if (q.kind === 'multiple' && letters.length < 2) add('answer', '多选题至少需要两个正确答案。');
    }
  } else if (q.options.length > 0) add('options', `${name}没有选项。`);
  if (q.kind === 'fill') {
    const blanks = blankCount(q.stem);
    const answer = Array.isArray(q.answer) ? q.answer : [];
    if (blanks === 0) add('stem', '填空题的题干须用 ____（至少三个下划线）标出空位。');
    if (!answer.every((a) => Array.isArray(a))) add('answer', '填空题的答案是每个空的可接受答案列表。');
    else {
      const lists = answer as string[][];
      if (blanks > 0 && lists.length !== blanks) add('answer', `题干有 ${blanks} 个空，答案却有 ${lists.length} 组。`);
      else if (lists.some((l) => l.length === 0 || l.some((a) => !a.trim()))) add('answer', '每个空至少需要一个非空的可接受答案。');
    }
  }
  if ((q.kind === 'short' || q.kind === 'composite') && q.answer !== null && !(Array.isArray(q.answer) && q.answer.length === 0)) {
    add('answer', `${name}由阅卷人评分，没有标准答案（简答题的参考答案填在“参考答案”里）。`);
  }
  if (q.kind !== 'short' && q.reference) add('reference', '只有简答题有参考答案。');
  if (q.kind === 'composite') {
    if (nested) add('kind', '组合题的小题不能再是组合题。');
    const kids = q.children ?? [];
    if (kids.length < 1 || kids.length > 20) add('children', '组合题须有 1 到 20 道小题。');
    kids.forEach((kid, i) => {
      for (const p of questionProblems(kid, true)) add('children', `第 ${i + 1} 小题：${p.reason}`);
    });
  } else if (q.children && q.children.length > 0) add('children', '只有组合题有小题。');
  return out;
}

/** The answer as stored: option keys; fill lists trimmed; null for short and composite. */
export function storedAnswer(kind: BankKind, answer: BankQuestionInput['answer']): string[] | string[][] | null {
  if (kind === 'short' || kind === 'composite') return null;
  if (kind === 'fill') return (answer as string[][]).map((l) => l.map((a) => a.trim()));
  return [...(answer as string[])].sort();
}
