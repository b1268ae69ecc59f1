// How a catalogue item becomes passages of the retrieval index (docs/ai.md B), pure: its text cut
// into pieces of about 200–400 characters on paragraph and sentence bounds (the title kept on each
// passage by the table), and the portal path that opens it. The paths are the link rules' own
// (src/runtime/link-routes.ts and links.ts), written out here because server/ never imports src/.
import type { PassageKind } from '../../lib/ai/types';
import { htmlToLines } from './robot-retrieval';

/** A passage's text aims at this many characters… */
export const PASSAGE_TARGET = 300;
/** …and never goes past this many. */
export const PASSAGE_MAX = 400;
/** Passages kept per item: a long book is represented by its opening chapters, not all of them. */
export const PASSAGES_PER_ITEM = 12;

/** spec learning §2: knowledge detail takes purposes 1 (micro-course) and 2 (knowledge). */
const KNOWLEDGE_PURPOSES: ReadonlySet<number> = new Set([1, 2]);
/** spec learning §9: contents of purposes 5, 6 and 7 are reading-type and open the reader. */
const READING_PURPOSES: ReadonlySet<number> = new Set([5, 6, 7]);
/** spec commerce §9: product types 8, 9 and 10 are reading-type and open /sub_shop/noval/{id}. */
const READING_PRODUCT_TYPES: ReadonlySet<number> = new Set([8, 9, 10]);

/** The path under /study that opens an item, as the portal's link rules resolve it. */
export function itemLink(kind: PassageKind, id: number, extra: { purpose?: number; productType?: number } = {}): string {
  switch (kind) {
    case 'course': return `/course/detail/${id}`;
    case 'subject': return `/subject/detail/${id}`;
    case 'exam': return `/exam/detail/${id}`;
    // link rules "help": /helpCenter with purpose 99; the id opens the article.
    case 'help': return `/helpCenter?purpose=99&id=${id}`;
    case 'product': return extra.productType !== undefined && READING_PRODUCT_TYPES.has(extra.productType) ? `/sub_shop/noval/${id}` : `/product/detail/${id}`;
    case 'content': {
      const purpose = extra.purpose ?? 3;
      if (KNOWLEDGE_PURPOSES.has(purpose)) return `/knowledge/detail/${id}?purpose=${purpose}`;
      if (READING_PURPOSES.has(purpose)) return `/content/noval/${id}?purpose=${purpose}`;
      return `/sub_cm/content/detail?id=${id}&purpose=${purpose}`;
    }
  }
}

/** Plain lines of a stored HTML text (a chapter, a help document). */
export function htmlText(html: string | null | undefined): string[] {
  return html ? htmlToLines(html) : [];
}

const SENTENCE_END = /(?<=[。！？；!?;])|(?<=[.](?=\s))/u;

/** A paragraph longer than PASSAGE_MAX as pieces: on sentence ends, else cut at the limit. */
function splitLong(paragraph: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of paragraph.split(SENTENCE_END).map((s) => s.trim()).filter(Boolean)) {
    if (current && current.length + sentence.length + 1 > PASSAGE_MAX) {
      pieces.push(current);
      current = '';
    }
    let rest = sentence;
    while (rest.length > PASSAGE_MAX) {
      pieces.push(rest.slice(0, PASSAGE_MAX));
      rest = rest.slice(PASSAGE_MAX);
    }
    current = current ? `${current} ${rest}` : rest;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * An item's text as passages: paragraphs joined until a passage reaches PASSAGE_TARGET characters,
 * never past PASSAGE_MAX (a long paragraph is split on its sentences), at most PASSAGES_PER_ITEM.
 * An item with no text at all still gets one passage (its title alone), so it can be found by name.
 */
export function cutPassages(paragraphs: readonly (string | null | undefined)[]): string[] {
  const clean = paragraphs.map((p) => (p ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
  const passages: string[] = [];
  let current = '';
  for (const paragraph of clean.flatMap((p) => (p.length > PASSAGE_MAX ? splitLong(p) : [p]))) {
    if (current && current.length + paragraph.length + 1 > PASSAGE_MAX) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current}\n${paragraph}` : paragraph;
    if (current.length >= PASSAGE_TARGET) {
      passages.push(current);
      current = '';
    }
    if (passages.length >= PASSAGES_PER_ITEM) break;
  }
  if (current && passages.length < PASSAGES_PER_ITEM) passages.push(current);
  return passages.length ? passages : [''];
}
