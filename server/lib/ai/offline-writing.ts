// The writing help's offline tasks (issue 21 part E, /robot/text; docs/ai.md section E): outline,
// summary and rewrite done by rules, with no network. Pure functions: the offline provider and the
// writing route call them. They never pretend: an extractive summary picks the text's own
// sentences, and a tone rewrite (formal, plain) says it needs the tenant's provider while still
// giving the concise version.

export type WritingLang = 'zh' | 'en';
export type WritingTool = 'outline' | 'summary' | 'rewrite';
export type WritingTone = 'formal' | 'plain' | 'concise';

/** What an offline task produced: the text and what the learner should know about it (or null). */
export interface WritingResult {
  text: string;
  note: string | null;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/gu;

const STOP = new Set([
  'the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'is', 'are', 'was', 'were', 'be', 'it', 'this', 'that', 'with',
  'as', 'at', 'by', 'from', 'you', 'your', 'we', 'our', 'they', 'their', 'can', 'will', 'not', 'but', 'if', 'so', 'do', 'does',
  '我们', '你们', '他们', '一个', '这个', '那个', '可以', '就是', '以及', '因为', '所以', '如果', '但是', '进行', '没有', '自己',
]);

/** The language a text is mostly in: zh when a tenth or more of its letters are CJK. */
export function textLang(text: string): WritingLang {
  const letters = text.match(/[\p{L}]/gu) ?? [];
  const cjk = letters.filter((c) => CJK.test(c)).length;
  return letters.length > 0 && cjk / letters.length >= 0.1 ? 'zh' : 'en';
}

/** Sentences of one paragraph: Chinese ends on 。！？；, English on . ! ? ; followed by a space or the end (3.5 does not end one). */
export function splitSentences(paragraph: string): string[] {
  const chars = [...paragraph];
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    current += c;
    const next = chars[i + 1];
    const ends = /[。！？；]/u.test(c) || (/[.!?;]/.test(c) && (next === undefined || /\s/.test(next)));
    if (!ends) continue;
    // Closing quotes and brackets stay with their sentence.
    while (chars[i + 1] !== undefined && /[」』”’）)"]/u.test(chars[i + 1]!)) current += chars[(i += 1)]!;
    if (/[。！？；.!?;]/u.test(chars[i + 1] ?? '')) continue;
    out.push(current.trim());
    current = '';
  }
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Paragraphs: blocks separated by line breaks, each trimmed, empty ones dropped. */
export function paragraphs(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/\n+/).map((p) => p.trim()).filter(Boolean);
}

/** A line that reads as a heading: markdown #, 第…章/节, 一、, 1. or 1.2, or a short line without an ending mark. */
export function headingOf(line: string): string | null {
  const text = line.trim();
  const marked = /^(#{1,6})\s+(.+)$/.exec(text) ?? /^(第[一二三四五六七八九十百\d]+[章节部分讲课篇])\s*[:：、.]?\s*(.*)$/u.exec(text);
  if (marked) return (marked[1]!.startsWith('#') ? marked[2]! : `${marked[1]} ${marked[2]}`).trim();
  const numbered = /^([一二三四五六七八九十]+、|\d+(?:\.\d+)*[.、)]?\s)\s*(.{1,40})$/u.exec(text);
  if (numbered && !/[。！？.!?]$/u.test(numbered[2]!)) return numbered[2]!.trim();
  const chars = [...text].length;
  if (chars <= 24 && !/[。！？；，,.!?;:：]$/u.test(text) && !/[。！？.!?]\s/u.test(text)) return text;
  return null;
}

/** Terms of a text: Latin words, CJK as overlapping two-character pieces; stop words left out. */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const run of text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? []) {
    if (CJK.test(run)) {
      const chars = [...run];
      for (let i = 0; i + 1 < chars.length; i += 1) {
        const pair = chars[i]! + chars[i + 1]!;
        if (!STOP.has(pair)) found.push(pair);
      }
    } else if (run.length >= 2 && !STOP.has(run)) {
      found.push(run);
    }
  }
  return found;
}

interface Scored {
  text: string;
  /** Order in the whole text. */
  index: number;
  score: number;
}

/**
 * Scores each sentence by the average frequency of its terms in the whole text (what the text is
 * about) and its position: a paragraph's first sentence and the text's first paragraph weigh more.
 */
export function scoreSentences(text: string): Scored[] {
  const paras = paragraphs(text).filter((p) => headingOf(p) === null);
  const sentences = paras.map((p, pi) => splitSentences(p).map((s, si) => ({ s, pi, si })));
  const flat = sentences.flat();
  const freq = new Map<string, number>();
  for (const { s } of flat) for (const term of new Set(terms(s))) freq.set(term, (freq.get(term) ?? 0) + 1);
  const top = Math.max(1, ...freq.values());
  return flat.map(({ s, pi, si }, index) => {
    const own = terms(s);
    const weight = own.length === 0 ? 0 : own.reduce((sum, term) => sum + (freq.get(term) ?? 0) / top, 0) / Math.sqrt(own.length);
    const position = (si === 0 ? 0.3 : 0) + (pi === 0 ? 0.2 : 0) + (index === 0 ? 0.2 : 0);
    return { text: s, index, score: weight + position };
  });
}

const length = (s: string) => [...s].length;

/** The best sentences up to about `ratio` of the text's length (at least one), in the text's order. */
function extract(text: string, ratio: number): string[] {
  const scored = scoreSentences(text);
  if (scored.length === 0) return [];
  const budget = Math.max(1, Math.round(length(text) * ratio));
  const chosen: Scored[] = [];
  let used = 0;
  for (const sentence of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length > 0 && used + length(sentence.text) > budget * 1.15) continue;
    chosen.push(sentence);
    used += length(sentence.text);
    if (used >= budget) break;
  }
  return chosen.sort((a, b) => a.index - b.index).map((s) => s.text);
}

const joinSentences = (sentences: string[], lang: WritingLang) => sentences.join(lang === 'zh' ? '' : ' ');

/** An extractive summary of about a fifth of the text: its own highest-scoring sentences, in order. */
export function summarize(text: string, lang: WritingLang = textLang(text)): string {
  return joinSentences(extract(text, 0.2), lang);
}

/**
 * A numbered outline: each heading of the text (markdown, 第…章, 一、, short lines) becomes a
 * point with the best one or two sentences under it as sub-points; a text without headings gets a
 * point per paragraph (its best sentence), at most 12.
 */
export function outline(text: string): string {
  const sections: { heading: string | null; body: string[] }[] = [];
  for (const line of paragraphs(text)) {
    const heading = headingOf(line);
    if (heading !== null) sections.push({ heading, body: [] });
    else if (sections.length === 0) sections.push({ heading: null, body: [line] });
    else sections.at(-1)!.body.push(line);
  }
  const withHeadings = sections.filter((s) => s.heading !== null);
  const lines: string[] = [];
  if (withHeadings.length >= 2) {
    const lead = sections[0]!.heading === null ? sections[0]! : null;
    if (lead) lines.push(...best(lead.body.join('\n'), 1));
    withHeadings.slice(0, 12).forEach((section, i) => {
      lines.push(`${i + 1}. ${section.heading}`);
      best(section.body.join('\n'), 2).forEach((s, j) => lines.push(`   ${i + 1}.${j + 1} ${unnumbered(s)}`));
    });
    return lines.join('\n');
  }
  const paras = paragraphs(text).filter((p) => headingOf(p) === null);
  if (paras.length >= 2) {
    paras.slice(0, 12).forEach((p, i) => lines.push(`${i + 1}. ${unnumbered(best(p, 1)[0] ?? p)}`));
    return lines.join('\n');
  }
  // One block of text: its key sentences, numbered.
  return best(text, Math.min(8, Math.max(3, Math.ceil(scoreSentences(text).length / 4)))).map((s, i) => `${i + 1}. ${s}`).join('\n');
}

/** A point without the number the text gave it (1.2, 三、): the outline numbers it afresh. */
export function unnumbered(sentence: string): string {
  return sentence.replace(/^(?:\d+(?:\.\d+)*[.、)]?|[一二三四五六七八九十]+、)\s*(?=\S)/u, '') || sentence;
}

/** The `n` best sentences of a text, in its order. */
function best(text: string, n: number): string[] {
  return scoreSentences(text).sort((a, b) => b.score - a.score || a.index - b.index).slice(0, n).sort((a, b) => a.index - b.index).map((s) => s.text);
}

const NOTES = {
  zh: {
    tone: (tone: string) => `「${tone}」语气改写需要管理员在「AI 服务设置」中配置大模型服务；下面先给出离线精简版（保留原文要点句）。`,
    formal: '正式', plain: '通俗',
  },
  en: {
    tone: (tone: string) => `Rewriting in a ${tone} tone needs the AI provider, which an administrator sets up in "AI service settings"; below is the offline concise version (the text's key sentences).`,
    formal: 'formal', plain: 'plain',
  },
} as const;

/** A rewrite offline: concise is the extractive compression (about half); formal and plain say they need the provider. */
export function rewrite(text: string, tone: WritingTone, lang: WritingLang = textLang(text)): WritingResult {
  const concise = joinSentences(extract(text, 0.5), textLang(text));
  if (tone === 'concise') return { text: concise, note: null };
  return { text: concise, note: NOTES[lang].tone(NOTES[lang][tone]) };
}

/** One offline writing task on `input`; `lang` is the learner's language (for notes). */
export function offlineWriting(task: { kind: 'outline' | 'summary' } | { kind: 'rewrite'; tone: WritingTone }, input: string, lang: WritingLang): WritingResult {
  if (task.kind === 'rewrite') return rewrite(input, task.tone, lang);
  return { text: task.kind === 'outline' ? outline(input) : summarize(input), note: null };
}
