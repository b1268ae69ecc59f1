import type { CategorySpec } from './seed-catalogue-vocab';
import { EN_ACADEMY } from './seed-catalogue-words-en';
import { ZH_SCHOOL } from './seed-catalogue-words-school';
import { ZH_ACADEMY } from './seed-catalogue-words-zh';
import { EN_BANKS } from './seed-exam-banks-en';
import { ZH_BANKS } from './seed-exam-banks-zh';

// Which question bank an exam is written from: the bank of the subject (course leaf) its title
// names. The generator titles every exam after a topic of a leaf that has a bank
// (seed-catalogue-academy.ts), so the paper asks about what the exam is called (issue 13 point 10).

/** One subject's questions: single [stem, options, answer index], multiple [stem, options, answer indexes], judge [stem, true?]. */
export interface SubjectBank {
  single: [string, string[], number][];
  multiple: [string, string[], number[]][];
  judge: [string, boolean][];
}

const BANKS: Record<string, SubjectBank> = { ...ZH_BANKS, ...EN_BANKS };

/** Words that name a subject without being one of its topics (the ai tenant's "AI素养小测验"). */
const ALIASES: [string, string][] = [['AI', '大模型应用']];

/** Every course leaf of the demo vocabularies as [what a title may name, leaf name]: its topics and its own name. */
const NAMES: [string, string][] = (() => {
  const out: [string, string][] = [];
  const walk = (specs: CategorySpec[]) => specs.forEach((s) => {
    if (s.children?.length) walk(s.children);
    else for (const name of [...(s.topics ?? []), s.name]) out.push([name, s.name]);
  });
  for (const vocab of [ZH_ACADEMY, EN_ACADEMY, ZH_SCHOOL]) walk(vocab.trees.course);
  // Longest first, so "Excel 数据透视" wins over a shorter name inside it.
  return out.sort((a, b) => b[0].length - a[0].length);
})();

/** Whether exams of this course leaf can be seeded (it has a bank). */
export function hasExamBank(leafName: string): boolean {
  return leafName in BANKS;
}

/** The subject an exam title names (a topic or a leaf with a bank), with its bank; undefined when it names none. */
export function examBankOf(title: string): { subject: string; bank: SubjectBank } | undefined {
  const lower = title.toLowerCase();
  const hit = NAMES.find(([name, leaf]) => leaf in BANKS && lower.includes(name.toLowerCase()))
    ?? ALIASES.find(([name]) => title.includes(name));
  return hit ? { subject: hit[1], bank: BANKS[hit[1]]! } : undefined;
}
