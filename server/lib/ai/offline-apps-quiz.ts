// The quiz task offline (issue 21 part D; docs/ai.md section D): questions made from the material's
// own sentences. Key terms are the phrases the text repeats (CJK pieces of 2–4 characters, Latin
// words) and the ones it marks (「」“”《》, "term："); a cloze blanks a term in a real sentence, a
// single choice adds distractors drawn from the other terms of the same text. Deterministic: no
// randomness, the answer's place among the options is a hash of the question. The quiz is text in
// a fixed form (quizText) that parseQuiz reads back, as it reads a provider's JSON.
import type { Passage } from './types';
import { paragraphs, splitSentences } from './offline-writing';

export type QuizLang = 'zh' | 'en';

/** One question as the page shows it; `answer` is a letter (A–D) for single choice, the term for a cloze. */
export interface QuizQuestion {
  type: 'single' | 'cloze';
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
}

export const MAX_QUIZ = 10;
const BLANK = '____';
const LETTERS = ['A', 'B', 'C', 'D'];
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
/** A CJK term never starts or ends on these function characters. */
const EDGE = new Set([...'的了是在和与及或等也都就把被从为以而这那你我他她它们着过并让给吗呢吧啊每些个一不很会要能可将其之于到时后说如该请']);
const STOP_PAIRS = new Set(['可以', '如果', '因为', '所以', '但是', '进行', '没有', '自己', '我们', '你们', '他们', '需要', '通过', '使用', '点击', '时候', '一下', '还是', '或者', '已经']);
const EN_STOP = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'your', 'you', 'are', 'was', 'were', 'have', 'has', 'can', 'will', 'not', 'but',
  'they', 'their', 'what', 'when', 'where', 'which', 'who', 'how', 'into', 'about', 'there', 'them', 'then', 'than', 'also', 'more', 'each', 'some', 'any', 'all',
  'one', 'two', 'its', 'our', 'out', 'use', 'may', 'should', 'would', 'could', 'been', 'being', 'does', 'did', 'just', 'only', 'very', 'such', 'other']);

interface Sentence {
  text: string;
  source: string;
}

const len = (s: string) => [...s].length;

/** Sentences of the material worth asking about: 8 to 120 characters, each with its passage's title. */
function sentencesOf(material: readonly Passage[]): Sentence[] {
  const out: Sentence[] = [];
  const seen = new Set<string>();
  for (const passage of material) {
    for (const para of paragraphs(passage.text)) {
      for (const text of splitSentences(para)) {
        if (len(text) < 8 || len(text) > 120 || seen.has(text)) continue;
        seen.add(text);
        out.push({ text, source: passage.title });
      }
    }
  }
  return out;
}

/** Candidate terms of one sentence: CJK pieces of 2–4 characters, Latin words of 4+ letters, marked phrases. */
function termsOf(sentence: string): { plain: Set<string>; marked: Set<string> } {
  const plain = new Set<string>();
  const marked = new Set<string>();
  for (const m of sentence.matchAll(/[「“《"]([^」”》"]{2,12})[」”》"]/gu)) if (!/[，。,.!?！？]/u.test(m[1]!)) marked.add(m[1]!.trim());
  for (const m of sentence.matchAll(/(?:^|[，。；、\s(（])([\u3400-\u9fffA-Za-z]{2,6})[：:]/gu)) marked.add(m[1]!);
  for (const run of sentence.match(/[\u3400-\u9fff\uf900-\ufaff]+|[A-Za-z][A-Za-z0-9-]*/gu) ?? []) {
    if (CJK.test(run)) {
      const chars = [...run];
      for (let size = 2; size <= 4; size += 1) {
        for (let i = 0; i + size <= chars.length; i += 1) {
          const piece = chars.slice(i, i + size);
          if (EDGE.has(piece[0]!) || EDGE.has(piece.at(-1)!)) continue;
          const term = piece.join('');
          if (size === 2 && STOP_PAIRS.has(term)) continue;
          plain.add(term);
        }
      }
    } else if (run.length >= 4 && !EN_STOP.has(run.toLowerCase())) {
      plain.add(run);
    } else if (run.length >= 2 && run === run.toUpperCase()) {
      plain.add(run); // acronyms: AI, PDF
    }
  }
  return { plain, marked };
}

/** The material's key terms, best first: repeated across sentences or marked, longer and rarer-in-sentence first. */
export function keyTerms(sentences: readonly Sentence[]): string[] {
  const count = new Map<string, number>();
  const markedTerms = new Set<string>();
  for (const s of sentences) {
    const { plain, marked } = termsOf(s.text);
    for (const term of new Set([...plain, ...marked])) count.set(term, (count.get(term) ?? 0) + 1);
    for (const term of marked) markedTerms.add(term);
  }
  const candidates = [...count.entries()].filter(([term, n]) => markedTerms.has(term) || n >= 2);
  // A piece inside a longer candidate found as often says less: keep the longer one.
  const kept = candidates.filter(([term, n]) => !candidates.some(([other, m]) => other !== term && other.includes(term) && m >= n && !markedTerms.has(term)));
  const score = (term: string, n: number) => (markedTerms.has(term) ? 3 : 0) + Math.min(n, 4) + len(term) * 0.5;
  return kept.sort((a, b) => score(b[0], b[1]) - score(a[0], a[1]) || a[0].localeCompare(b[0])).map(([term]) => term);
}

/** A small stable hash, for placing the answer among the options. */
function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

const TEXTS = {
  zh: {
    single: '单选题', cloze: '填空题', answer: '答案', explanation: '解析',
    source: (sentence: string, title: string) => `原文：“${sentence}”（出自《${title}》）`,
    none: '这份资料的文字太少，找不到可以出题的句子和关键词。请换一份文字较多的资料（如文章或帮助文档）再试。',
  },
  en: {
    single: 'Single choice', cloze: 'Fill in the blank', answer: 'Answer', explanation: 'Explanation',
    source: (sentence: string, title: string) => `From "${title}": "${sentence}"`,
    none: 'This material has too little text to find sentences and key terms to ask about. Please try a material with more text, such as an article or a help page.',
  },
} as const;

/**
 * Up to `count` questions from the material's sentences: single choice where three distractors
 * exist (odd numbers), otherwise and in between a cloze. Each sentence and each term is used once.
 */
export function makeQuiz(material: readonly Passage[], count: number): QuizQuestion[] {
  const sentences = sentencesOf(material);
  const terms = keyTerms(sentences);
  const want = Math.min(MAX_QUIZ, Math.max(1, Math.round(count)));
  const used = new Set<number>();
  const questions: QuizQuestion[] = [];
  const lang: QuizLang = sentences.some((s) => CJK.test(s.text)) ? 'zh' : 'en';
  for (const term of terms) {
    if (questions.length >= want) break;
    const at = sentences.findIndex((s, i) => !used.has(i) && s.text.includes(term) && len(s.text) - len(term) >= 6);
    if (at < 0) continue;
    // A term overlapping an answer already asked would give the earlier question away.
    if (questions.some((q) => q.type === 'cloze' ? q.answer.includes(term) || term.includes(q.answer) : false)) continue;
    used.add(at);
    const sentence = sentences[at]!;
    const stem = sentence.text.replace(term, BLANK);
    const explanation = TEXTS[lang].source(sentence.text, sentence.source);
    // Distractors are written like the answer (Chinese for Chinese, Latin for Latin) and absent from the sentence.
    const distractors = terms.filter((t) => t !== term && CJK.test(t) === CJK.test(term) && !sentence.text.includes(t) && !t.includes(term) && !term.includes(t))
      .sort((a, b) => Math.abs(len(a) - len(term)) - Math.abs(len(b) - len(term)) || hash(a + term) - hash(b + term)).slice(0, 3);
    if (questions.length % 2 === 0 && distractors.length === 3) {
      const place = hash(stem) % 4;
      const options = [...distractors];
      options.splice(place, 0, term);
      questions.push({ type: 'single', stem, options, answer: LETTERS[place]!, explanation });
    } else {
      questions.push({ type: 'cloze', stem, options: [], answer: term, explanation });
    }
  }
  return questions;
}

/** The readable form of a quiz, which parseQuiz reads back. */
export function quizText(questions: readonly QuizQuestion[], lang: QuizLang): string {
  const t = TEXTS[lang];
  return questions.map((q, i) => [
    lang === 'zh' ? `${i + 1}. 【${q.type === 'single' ? t.single : t.cloze}】${q.stem}` : `${i + 1}. [${q.type === 'single' ? t.single : t.cloze}] ${q.stem}`,
    ...q.options.map((o, j) => `${LETTERS[j]}. ${o}`),
    `${t.answer}${lang === 'zh' ? '：' : ': '}${q.answer}`,
    `${t.explanation}${lang === 'zh' ? '：' : ': '}${q.explanation}`,
  ].join('\n')).join('\n\n');
}

/** The offline quiz as text; with nothing to ask, a sentence saying why (parseQuiz finds no question in it). */
export function offlineQuiz(material: readonly Passage[], opts: { count: number; lang: QuizLang }): string {
  const questions = makeQuiz(material, opts.count);
  return questions.length ? quizText(questions, opts.lang) : TEXTS[opts.lang].none;
}

const HEAD = /^\s*(\d{1,2})[.、)]\s*(?:【(单选题|填空题|单选|填空)】|\[(single choice|fill in the blank|single|cloze)\])\s*(.*)$/iu;
const OPTION = /^\s*([A-D])[.、)）]\s*(.+)$/u;
const ANSWER = /^\s*(?:答案|answer)\s*[:：]\s*(.+)$/iu;
const EXPLAIN = /^\s*(?:解析|explanation)\s*[:：]\s*(.+)$/iu;

/** Questions from JSON (a provider's answer, fenced or not: an array or { questions }) or from quizText's form; [] when neither. */
export function parseQuiz(text: string): QuizQuestion[] {
  return (fromJson(text) ?? fromText(text)).slice(0, 20);
}

function fromJson(text: string): QuizQuestion[] | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/u.exec(text)?.[1] ?? text;
  const start = fenced.search(/[[{]/u);
  if (start < 0) return null;
  let data: unknown;
  try {
    data = JSON.parse(fenced.slice(start, Math.max(fenced.lastIndexOf(']'), fenced.lastIndexOf('}')) + 1));
  } catch {
    return null;
  }
  const list = Array.isArray(data) ? data : (data as { questions?: unknown })?.questions;
  if (!Array.isArray(list)) return null;
  const out: QuizQuestion[] = [];
  for (const raw of list as Record<string, unknown>[]) {
    const stem = typeof raw?.stem === 'string' ? raw.stem.trim() : typeof raw?.question === 'string' ? raw.question.trim() : '';
    const options = Array.isArray(raw?.options) ? raw.options.map((o) => String(o).replace(/^\s*[A-D][.、)]\s*/u, '').trim()).filter(Boolean).slice(0, 4) : [];
    const answerRaw = String(raw?.answer ?? '').trim();
    if (!stem || !answerRaw) continue;
    const explanation = typeof raw?.explanation === 'string' ? raw.explanation.trim() : '';
    if (options.length >= 2) {
      const letter = /^[A-D]$/iu.test(answerRaw) ? answerRaw.toUpperCase() : LETTERS[options.indexOf(answerRaw)];
      if (!letter || LETTERS.indexOf(letter) >= options.length) continue;
      out.push({ type: 'single', stem, options, answer: letter, explanation });
    } else {
      out.push({ type: 'cloze', stem, options: [], answer: answerRaw, explanation });
    }
  }
  return out;
}

function fromText(text: string): QuizQuestion[] {
  const out: QuizQuestion[] = [];
  let current: QuizQuestion | null = null;
  const finish = () => {
    if (current && current.answer && (current.type === 'cloze' || LETTERS.indexOf(current.answer) < current.options.length)) out.push(current);
    current = null;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const head = HEAD.exec(line);
    if (head) {
      finish();
      const single = /单选|single/iu.test(head[2] ?? head[3] ?? '');
      current = { type: single ? 'single' : 'cloze', stem: head[4]!.trim(), options: [], answer: '', explanation: '' };
      continue;
    }
    if (!current) continue;
    const q: QuizQuestion = current;
    const option = OPTION.exec(line);
    const answer = ANSWER.exec(line);
    const explain = EXPLAIN.exec(line);
    if (option && q.type === 'single' && !q.answer) q.options.push(option[2]!.trim());
    else if (answer) q.answer = q.type === 'single' ? answer[1]!.trim().toUpperCase().slice(0, 1) : answer[1]!.trim();
    else if (explain) q.explanation = explain[1]!.trim();
  }
  finish();
  return out;
}
