// The question form's per-kind @rjsf schema and the conversions between a bank question and the
// form's data (issue 18 part A). Options are a list of texts lettered A, B, C… by position; the
// answer field follows the kind: one letter (single, judge), letters (multiple), one line of
// accepted answers per blank separated by ; (fill), a reference answer (short). A composite's
// sub-questions use the spreadsheet's answer notation (docs/exams.md "Import layout").
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { BankKind, BankQuestion, BankQuestionInput } from '../api/bank';

export const KINDS: BankKind[] = ['single', 'multiple', 'judge', 'fill', 'short', 'composite'];
export const SUB_KINDS: BankKind[] = ['single', 'multiple', 'judge', 'fill', 'short'];

export const letter = (i: number) => String.fromCharCode(65 + i);

/** The labels the schema needs, in the page's language. */
export interface FormWords {
  stem: string; stemHelp: Record<BankKind, string>; options: string; option: string; answer: string; answers: string; blanks: string; blank: string; blankHelp: string;
  reference: string; explanation: string; difficulty: string; score: string; children: string; child: string; kind: string; kinds: Record<BankKind, string>;
  childAnswer: string; childAnswerHelp: string; trueText: string; falseText: string;
}

export interface SubForm { kind: BankKind; stem: string; options: string[]; answer: string; score: number; difficulty: number }
export interface QuestionForm {
  stem: string;
  options?: string[];
  answer?: string;
  answers?: string[];
  blanks?: string[];
  reference?: string;
  explanation?: string;
  difficulty: number;
  score: number;
  children?: SubForm[];
}

const choice = (kind: BankKind) => kind === 'single' || kind === 'multiple' || kind === 'judge';

/** The schema of one kind; `optionCount` sizes the answer's letters. */
export function questionSchema(kind: BankKind, optionCount: number, w: FormWords): RJSFSchema {
  const keys = Array.from({ length: Math.max(optionCount, 0) }, (_, i) => letter(i));
  const properties: Record<string, RJSFSchema> = {
    stem: { type: 'string', title: w.stem, minLength: 1, maxLength: 4000 },
  };
  if (kind === 'single' || kind === 'multiple') {
    properties.options = { type: 'array', title: w.options, minItems: 2, maxItems: 8, items: { type: 'string', title: w.option, minLength: 1, maxLength: 1000 } };
  }
  if (kind === 'single') properties.answer = { type: 'string', title: w.answer, ...(keys.length ? { enum: keys } : {}) };
  if (kind === 'judge') properties.answer = { type: 'string', title: w.answer, oneOf: [{ const: 'A', title: w.trueText }, { const: 'B', title: w.falseText }] };
  if (kind === 'multiple') properties.answers = { type: 'array', title: w.answers, uniqueItems: true, minItems: 2, items: { type: 'string', enum: keys.length ? keys : ['A'] } };
  if (kind === 'fill') properties.blanks = { type: 'array', title: w.blanks, minItems: 1, maxItems: 20, items: { type: 'string', title: w.blank, minLength: 1 } };
  if (kind === 'short') properties.reference = { type: 'string', title: w.reference, maxLength: 4000 };
  if (kind === 'composite') {
    properties.children = {
      type: 'array', title: w.children, minItems: 1, maxItems: 20,
      items: {
        type: 'object', title: w.child, required: ['kind', 'stem'],
        properties: {
          kind: { type: 'string', title: w.kind, oneOf: SUB_KINDS.map((k) => ({ const: k, title: w.kinds[k] })) },
          stem: { type: 'string', title: w.stem, minLength: 1 },
          options: { type: 'array', title: w.options, maxItems: 8, items: { type: 'string', title: w.option } },
          answer: { type: 'string', title: w.childAnswer },
          score: { type: 'integer', title: w.score, minimum: 0, maximum: 1000 },
          difficulty: { type: 'integer', title: w.difficulty, minimum: 1, maximum: 5 },
        },
      },
    };
  }
  if (kind !== 'composite') properties.explanation = { type: 'string', title: w.explanation, maxLength: 4000 };
  properties.difficulty = { type: 'integer', title: w.difficulty, minimum: 1, maximum: 5 };
  if (kind !== 'composite') properties.score = { type: 'integer', title: w.score, minimum: 0, maximum: 1000 };
  const required = ['stem', 'difficulty', ...(kind !== 'composite' ? ['score'] : []), ...(kind === 'single' || kind === 'judge' ? ['answer'] : [])];
  return { type: 'object', required, properties };
}

export function questionUiSchema(kind: BankKind, w: FormWords): UiSchema {
  return {
    'ui:submitButtonOptions': { norender: true },
    stem: { 'ui:widget': 'textarea', 'ui:options': { rows: kind === 'composite' ? 6 : 3 }, 'ui:help': w.stemHelp[kind] },
    answer: { 'ui:widget': 'radio' },
    answers: { 'ui:widget': 'checkboxes' },
    blanks: { 'ui:help': w.blankHelp },
    reference: { 'ui:widget': 'textarea' },
    explanation: { 'ui:widget': 'textarea' },
    difficulty: { 'ui:widget': 'updown' },
    children: { items: { stem: { 'ui:widget': 'textarea' }, answer: { 'ui:help': w.childAnswerHelp } } },
  };
}

/** Sub-question answer notation: letters (AB), 正确/错误, blanks a|b with alternatives ;. */
function subAnswerText(q: { kind: BankKind; answer: BankQuestion['answer']; reference: string | null }): string {
  if (q.kind === 'short') return q.reference ?? '';
  if (q.kind === 'fill') return ((q.answer ?? []) as string[][]).map((l) => l.join(';')).join('|');
  return ((q.answer ?? []) as string[]).join('');
}

function subAnswerOf(kind: BankKind, text: string): { answer: string[] | string[][] | null; reference: string | null } {
  if (kind === 'short') return { answer: null, reference: text.trim() || null };
  if (kind === 'fill') return { answer: text.split('|').map((b) => b.split(/[;；]/).map((a) => a.trim()).filter(Boolean)), reference: null };
  return { answer: text.toUpperCase().replace(/[^A-H]/g, '').split(''), reference: null };
}

/** A new question's form data. */
export function emptyForm(kind: BankKind, w: FormWords): QuestionForm {
  return {
    stem: '', difficulty: 3, score: kind === 'short' ? 10 : kind === 'multiple' ? 4 : 2,
    ...(kind === 'single' || kind === 'multiple' ? { options: ['', '', '', ''] } : {}),
    ...(kind === 'fill' ? { blanks: [''] } : {}),
    ...(kind === 'judge' ? { answer: 'A' } : {}),
    ...(kind === 'composite' ? { children: [{ kind: 'judge', stem: '', options: [w.trueText, w.falseText], answer: 'A', score: 2, difficulty: 3 }] } : {}),
  };
}

/** A saved question as form data. */
export function toForm(q: BankQuestion): QuestionForm {
  const base: QuestionForm = { stem: q.stem, difficulty: q.difficulty, score: q.score, explanation: q.explanation ?? '' };
  if (q.kind === 'single' || q.kind === 'multiple') base.options = q.options.map((o) => o.text);
  if (q.kind === 'single' || q.kind === 'judge') base.answer = ((q.answer ?? []) as string[])[0] ?? '';
  if (q.kind === 'multiple') base.answers = (q.answer ?? []) as string[];
  if (q.kind === 'fill') base.blanks = ((q.answer ?? []) as string[][]).map((l) => l.join(';'));
  if (q.kind === 'short') base.reference = q.reference ?? '';
  if (q.kind === 'composite') {
    base.children = q.children.map((c) => ({ kind: c.kind, stem: c.stem, options: c.options.map((o) => o.text), answer: subAnswerText(c), score: c.score, difficulty: c.difficulty }));
  }
  return base;
}

/** The form's data as what the server saves (its per-kind checks speak for what is wrong). */
export function fromForm(kind: BankKind, categoryId: number, f: QuestionForm, w: FormWords, id?: number): BankQuestionInput {
  const optionsOf = (texts: string[]) => texts.map((text, i) => ({ key: letter(i), text: text ?? '' }));
  const judgeOptions = optionsOf([w.trueText, w.falseText]);
  const out: BankQuestionInput = {
    ...(id !== undefined ? { id } : {}), categoryId, kind, stem: f.stem ?? '', difficulty: f.difficulty ?? 3, score: f.score ?? 0,
    options: kind === 'judge' ? judgeOptions : choice(kind) ? optionsOf(f.options ?? []) : [],
    answer: null, explanation: kind === 'composite' ? null : f.explanation?.trim() || null, reference: null,
  };
  if (kind === 'single' || kind === 'judge') out.answer = f.answer ? [f.answer] : [];
  if (kind === 'multiple') out.answer = [...(f.answers ?? [])].sort();
  if (kind === 'fill') out.answer = (f.blanks ?? []).map((b) => (b ?? '').split(/[;；]/).map((a) => a.trim()).filter(Boolean));
  if (kind === 'short') out.reference = f.reference?.trim() || null;
  if (kind === 'composite') {
    out.children = (f.children ?? []).map((c) => {
      const { answer, reference } = subAnswerOf(c.kind, c.answer ?? '');
      const options = c.kind === 'judge' ? judgeOptions : choice(c.kind) ? optionsOf((c.options ?? []).filter((o) => o?.trim())) : [];
      return { kind: c.kind, stem: c.stem ?? '', options, answer, reference, explanation: null, difficulty: c.difficulty ?? 3, score: c.score ?? 0 };
    });
  }
  return out;
}
