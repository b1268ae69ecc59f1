// The question bank: categories and questions of every kind, from the subject banks (issue 18, back-office).
//
// Categories: one parent per area of the tenant's course vocabulary (数字技术, Leadership…) and under
// it one category per subject that has a bank (seed-exam-banks*.ts), in the tenant's language
// (acme English, the school its school subjects, every other tenant the zh academy's). Each subject's
// single, multiple and judge questions become bank questions with an explanation; from the same
// material each category also gets fill-in questions (a single question's stem with a blank, its
// right option accepted), short questions (a multiple question asked open, its right options the
// reference answer) and one composite (a passage of the subject's true statements with two judge and
// one single sub-question). Difficulty runs 1–5 through each category. Four inserts per tenant.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { AcademyVocab, CategorySpec } from './seed-catalogue-vocab';
import { EN_ACADEMY } from './seed-catalogue-words-en';
import { ZH_SCHOOL } from './seed-catalogue-words-school';
import { ZH_ACADEMY } from './seed-catalogue-words-zh';
import { hasExamBank, type SubjectBank } from './seed-exam-banks';
import { EN_BANKS } from './seed-exam-banks-en';
import { ZH_BANKS } from './seed-exam-banks-zh';

const VOCABS: Record<number, AcademyVocab> = { 1001: ZH_ACADEMY, 1002: EN_ACADEMY, 1533: ZH_SCHOOL };
const BANKS: Record<string, SubjectBank> = { ...ZH_BANKS, ...EN_BANKS };

interface Words {
  yesNo: [string, string];
  answerIs: (keys: string, text: string) => string;
  blankIs: (text: string) => string;
  statementTrue: string;
  statementFalse: string;
  notIt: (texts: string) => string;
  fillOf: (stem: string) => string;
  shortOf: (stem: string) => string;
  referenceOf: (texts: string[]) => string;
  passage: (subject: string, facts: string[]) => string;
  list: string;
}

const ZH: Words = {
  yesNo: ['正确', '错误'],
  answerIs: (keys, text) => `正确答案：${keys}（${text}）。`,
  blankIs: (text) => `空白处应填「${text}」。`,
  statementTrue: '该说法正确。',
  statementFalse: '该说法错误。',
  notIt: (texts) => `「${texts}」不符合题意。`,
  fillOf: (stem) => `${stem.replace(/[？?]\s*$/, '')}：____`,
  shortOf: (stem) => `简答：${stem.replace(/[？?]\s*$/, '')}？请列出要点并简要说明理由。`,
  referenceOf: (texts) => `要点：${texts.join('；')}。每点说明理由即可得分。`,
  passage: (subject, facts) => `阅读下面关于「${subject}」的材料，回答问题。\n\n${facts.join('')}`,
  list: '、',
};

const EN: Words = {
  yesNo: ['True', 'False'],
  answerIs: (keys, text) => `The answer is ${keys} (${text}).`,
  blankIs: (text) => `The blank is "${text}".`,
  statementTrue: 'The statement is true.',
  statementFalse: 'The statement is false.',
  notIt: (texts) => `"${texts}" does not fit.`,
  fillOf: (stem) => `${stem.replace(/[？?]\s*$/, '').replace(/…$/, '')}: ____`,
  shortOf: (stem) => `Short answer: ${stem.replace(/[？?]\s*$/, '').replace(/…$/, '')}? List the points and give a reason for each.`,
  referenceOf: (texts) => `Points: ${texts.join('; ')}. One mark per point with a reason.`,
  passage: (subject, facts) => `Read this passage about ${subject} and answer the questions.\n\n${facts.join(' ')}`,
  list: ', ',
};

const keyOf = (i: number) => String.fromCharCode(65 + i);
const optionsOf = (texts: string[]) => texts.map((text, i) => ({ key: keyOf(i), text }));

/** The areas of a vocabulary with the subjects (leaves with a bank) under each, in tree order. */
function areasOf(vocab: AcademyVocab): Array<{ area: string; subjects: string[] }> {
  const leaves = (spec: CategorySpec): string[] =>
    spec.children?.length ? spec.children.flatMap(leaves) : hasExamBank(spec.name) ? [spec.name] : [];
  return vocab.trees.course.map((s) => ({ area: s.name, subjects: leaves(s) })).filter((a) => a.subjects.length > 0);
}

interface Row {
  tenant_id: number; category_id: number; parent_id?: number | null; kind: 'single' | 'multiple' | 'judge' | 'fill' | 'short' | 'composite';
  stem: string; options: string; answer: string | null; reference?: string | null; explanation: string | null; difficulty: number; score: number; sort: number;
}

export async function seedQuestionBank(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const vocab = VOCABS[tenantId] ?? ZH_ACADEMY;
  const w = vocab.locale === 'en' ? EN : ZH;
  const areas = areasOf(vocab);
  if (areas.length === 0) return;
  // An explicit tenant on every row: the owner may be a superuser, which row-level security does not bind.
  const parents = await trx.insertInto('question_category')
    .values(areas.map((a, i) => ({ tenant_id: tenantId, parent_id: null, name: a.area, sort: i + 1 })))
    .returning(['id', 'name']).execute();
  const parentId = new Map(parents.map((p) => [p.name, Number(p.id)]));
  const children = await trx.insertInto('question_category')
    .values(areas.flatMap((a) => a.subjects.map((s, i) => ({ tenant_id: tenantId, parent_id: parentId.get(a.area)!, name: s, sort: i + 1 }))))
    .returning(['id', 'name']).execute();

  const top: Row[] = [];
  const subs = new Map<string, Row[]>(); // composite "categoryId|stem" → its sub-questions (parent_id set after insert)
  for (const c of children) {
    const bank = BANKS[c.name]!;
    const categoryId = Number(c.id);
    let sort = 0;
    const push = (row: Omit<Row, 'tenant_id' | 'category_id' | 'sort' | 'difficulty'>) => {
      sort += 1;
      const full: Row = { tenant_id: tenantId, category_id: categoryId, sort, difficulty: ((sort - 1) % 5) + 1, ...row };
      top.push(full);
      return full;
    };
    const single = (stem: string, options: string[], answer: number): Omit<Row, 'tenant_id' | 'category_id' | 'sort' | 'difficulty'> => ({
      kind: 'single', stem, options: JSON.stringify(optionsOf(options)), answer: JSON.stringify([keyOf(answer)]),
      explanation: w.answerIs(keyOf(answer), options[answer]!), score: 2,
    });
    const judge = (stem: string, right: boolean): Omit<Row, 'tenant_id' | 'category_id' | 'sort' | 'difficulty'> => ({
      kind: 'judge', stem, options: JSON.stringify(optionsOf(w.yesNo)), answer: JSON.stringify([right ? 'A' : 'B']),
      explanation: right ? w.statementTrue : w.statementFalse, score: 2,
    });
    for (const [stem, options, answer] of bank.single) push(single(stem, options, answer));
    for (const [stem, options, answers] of bank.multiple) {
      const wrong = options.filter((_, i) => !answers.includes(i));
      push({
        kind: 'multiple', stem, options: JSON.stringify(optionsOf(options)), answer: JSON.stringify(answers.map(keyOf)),
        explanation: w.answerIs(answers.map(keyOf).join(w.list), answers.map((i) => options[i]).join(w.list)) + (wrong.length ? w.notIt(wrong.join(w.list)) : ''),
        score: 4,
      });
    }
    for (const [stem, right] of bank.judge) push(judge(stem, right));
    // Fill-in: the first two single questions with their right option as the blank's answer.
    for (const [stem, options, answer] of bank.single.slice(0, 2)) {
      push({ kind: 'fill', stem: w.fillOf(stem), options: '[]', answer: JSON.stringify([[options[answer]!]]), explanation: w.blankIs(options[answer]!), score: 3 });
    }
    // Short: the multiple questions asked open; their right options are the reference answer.
    for (const [stem, options, answers] of bank.multiple.slice(0, 2)) {
      push({ kind: 'short', stem: w.shortOf(stem), options: '[]', answer: null, reference: w.referenceOf(answers.map((i) => options[i]!)), explanation: null, score: 10 });
    }
    // Composite: a passage of the subject's true statements, two judge and one single sub-question.
    const facts = bank.judge.filter(([, right]) => right).map(([s]) => s);
    const subRows: Row[] = [...bank.judge.slice(0, 2).map(([s, r]) => judge(s, r)), single(...bank.single[bank.single.length - 1]!)]
      .map((r, i) => ({ ...r, tenant_id: tenantId, category_id: categoryId, sort: i + 1, difficulty: 3 }));
    const composite = push({
      kind: 'composite', stem: w.passage(c.name, facts.length ? facts : bank.judge.map(([s]) => s)), options: '[]', answer: null, explanation: null,
      score: subRows.reduce((n, r) => n + r.score, 0),
    });
    subs.set(`${categoryId}|${composite.stem}`, subRows);
  }
  const written = await trx.insertInto('bank_question').values(top).returning(['id', 'category_id', 'stem', 'kind']).execute();
  const childRows = written.filter((r) => r.kind === 'composite')
    .flatMap((r) => (subs.get(`${Number(r.category_id)}|${r.stem}`) ?? []).map((s) => ({ ...s, parent_id: Number(r.id) })));
  if (childRows.length) await trx.insertInto('bank_question').values(childRows).execute();
}
