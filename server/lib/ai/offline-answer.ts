// The offline default's answer to a question (docs/ai.md B): no model, so the answer is the most
// relevant sentences of the retrieved passages, each followed by where it comes from, then the
// items' titles as related links. It never invents: with no passage it says nothing was found and
// points to the course list and the help center. Pure (no database): part A's offline provider
// calls it for task 'answer', part C's chat sends the links with the answer.
import type { Passage, PassageKind } from './types';
import { queryTokens, textTokens } from './tokens';

/** A link under an answer: a title and the portal path under /study. */
export interface AnswerLink {
  title: string;
  path: string;
}

export interface ComposedAnswer {
  text: string;
  links: AnswerLink[];
}

/**
 * Passages quoted at most, sentences taken from one passage at most (the best one gives more: a
 * how-to's steps), and links listed at most.
 */
const MAX_SOURCES = 3;
const SENTENCES_PER_SOURCE = 2;
const SENTENCES_OF_BEST = 4;
const MAX_LINKS = 5;
/** A quoted sentence is cut past this many characters; the whole answer stays under MAX_ANSWER. */
const MAX_SENTENCE = 160;
export const MAX_ANSWER = 900;

/** The course list and the help center: where to look when nothing matched. */
export const FALLBACK_LINKS: Record<'zh' | 'en', AnswerLink[]> = {
  zh: [{ title: '课程列表', path: '/course' }, { title: '帮助中心', path: '/helpCenter?purpose=99' }],
  en: [{ title: 'Courses', path: '/course' }, { title: 'Help center', path: '/helpCenter?purpose=99' }],
};

const TEXTS = {
  zh: {
    intro: '根据本站的资料：',
    source: (title: string) => `（来源：《${title}》）`,
    related: (titles: string[]) => `相关链接：${titles.map((t) => `《${t}》`).join('、')}`,
    none: (q: string) => `没有在本站的课程、资料和帮助中找到与「${q}」相关的内容。可以换个说法或用更具体的词再问，也可以浏览课程列表或查看帮助中心。`,
    empty: '请先输入你的问题。',
  },
  en: {
    intro: "From this site's material:",
    source: (title: string) => ` (Source: ${title})`,
    related: (titles: string[]) => `Related links: ${titles.join('; ')}`,
    none: (q: string) => `Nothing in this site's courses, materials or help matches "${q}". Try other or more specific words, or browse the course list or the help center.`,
    empty: 'Please type your question first.',
  },
} as const;

/** Words in a question that name a kind of item: its passages and links come first. */
const KIND_WORDS: ReadonlyArray<[PassageKind, RegExp]> = [
  ['course', /课程|门课|网课|course|lesson/iu],
  ['exam', /考试|测验|exam|test|quiz/iu],
  ['product', /商品|购买|买|价格|多少钱|product|buy|price|shop/iu],
  ['subject', /专题|subject|topic/iu],
  ['help', /如何|怎么|怎样|在哪|哪里|帮助|账号|密码|how\b|where\b|help|account|password/iu],
  // Not a bare 书: 证书 (a certificate) is a help question.
  ['content', /资料|文章|电子书|图书|书籍|看书|读书|小说|知识|article|book|reading|novel|knowledge/iu],
];

/** The kinds a question names, in the order above ("哪门课程讲 Python" → course). */
export function kindHints(question: string): PassageKind[] {
  return KIND_WORDS.filter(([, re]) => re.test(question)).map(([kind]) => kind);
}

const SENTENCES = /[^。！？!?；;\n]+[。！？!?；;]?|[^.\n]+(?:\.(?=\s|$))?/gu;

/** A passage's sentences, trimmed, without the bullets and numbers of list items. */
function sentencesOf(text: string): string[] {
  return text.split('\n').flatMap((line) => line.match(SENTENCES) ?? [])
    .map((s) => s.replace(/^\s*(?:[•·\-*]|\d+[.、)])\s*/u, '').trim())
    .filter((s) => s.length >= 2);
}

const clip = (s: string) => (s.length > MAX_SENTENCE ? `${s.slice(0, MAX_SENTENCE - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Prose, not a passage's listing lines: a teacher's name, labels ("AI"), or an outline
 * ("第1章 · 1.1 … · 1.2 …") are quoted only when a passage has nothing else.
 */
const isProse = (s: string) => [...s].length >= 8 && !s.includes(' · ');

/** The sentences of a passage that share the most terms with the question, in their own order. */
function bestSentences(passage: Passage, terms: ReadonlySet<string>, most: number): string[] {
  const all = sentencesOf(passage.text);
  const sentences = all.some(isProse) ? all.filter(isProse) : all;
  const scored = sentences.map((s, i) => ({ s, i, hits: new Set(textTokens(s).filter((t) => terms.has(t))).size }));
  const picked = scored.filter((x) => x.hits > 0).sort((a, b) => b.hits - a.hits || a.i - b.i).slice(0, most);
  // Found by its title alone: its opening sentence says what the item is.
  const chosen = picked.length ? picked.sort((a, b) => a.i - b.i) : scored.slice(0, 1);
  return chosen.map((x) => clip(x.s));
}

/** Passages in answer order: those of the kinds the question names first, otherwise as ranked. */
function ordered(passages: readonly Passage[], question: string): Passage[] {
  const hints = kindHints(question);
  const rankOf = (p: Passage) => {
    const i = hints.indexOf(p.kind);
    return i === -1 ? hints.length : i;
  };
  return passages.map((p, i) => ({ p, i })).sort((a, b) => rankOf(a.p) - rankOf(b.p) || a.i - b.i).map((x) => x.p);
}

/**
 * The offline answer to `question` from `passages` (best first): the most relevant sentences of the
 * top items, each with its source title, then "相关链接" with the items' titles; the links are the
 * items' paths, no item twice. With no passage: says so and links the course list and help center.
 */
export function composeAnswer(question: string, passages: readonly Passage[], lang: 'zh' | 'en'): ComposedAnswer {
  const t = TEXTS[lang];
  const asked = oneLine(question);
  if (!asked) return { text: t.empty, links: [] };
  if (!passages.length) return { text: t.none(asked.length > 40 ? `${asked.slice(0, 39)}…` : asked), links: FALLBACK_LINKS[lang] };

  const terms = new Set(queryTokens(asked));
  const links: AnswerLink[] = [];
  const seenPaths = new Set<string>();
  for (const p of ordered(passages, asked)) {
    if (seenPaths.has(p.link) || links.length >= MAX_LINKS) continue;
    seenPaths.add(p.link);
    links.push({ title: p.title, path: p.link });
  }

  const paragraphs: string[] = [];
  const seenSentences = new Set<string>();
  const quoted = new Set<string>();
  let length = t.intro.length;
  for (const p of ordered(passages, asked)) {
    if (quoted.size >= MAX_SOURCES || quoted.has(p.link)) continue;
    const fresh = bestSentences(p, terms, quoted.size === 0 ? SENTENCES_OF_BEST : SENTENCES_PER_SOURCE).filter((s) => !seenSentences.has(s));
    if (!fresh.length) continue;
    const paragraph = `${fresh.join(lang === 'zh' ? '' : ' ')}${t.source(p.title)}`;
    if (length + paragraph.length + 2 > MAX_ANSWER - 120) break;
    fresh.forEach((s) => seenSentences.add(s));
    quoted.add(p.link);
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  if (!paragraphs.length) {
    // Every passage was title-only and empty: name the items.
    paragraphs.push(links.map((l) => t.source(l.title).trim()).join(lang === 'zh' ? '' : ' '));
  }
  let text = [t.intro, ...paragraphs, t.related(links.map((l) => l.title))].join('\n\n');
  if (text.length > MAX_ANSWER) text = `${text.slice(0, MAX_ANSWER - 1)}…`;
  return { text, links };
}
