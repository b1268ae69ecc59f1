import { createElement, type ReactNode } from 'react';

/**
 * Simple sanitised rich text as React elements instead of inner HTML (issue 15 point 2). Setting
 * innerHTML runs the browser's HTML parser once per block: 400 short paragraphs cost ~50 ms of a
 * 1,000-block page, where elements cost a few. Most tenant text is that simple: paragraphs,
 * headings and lists with bold, italic and line breaks, no attributes. Anything else (an
 * attribute, another tag, a named entity, markup the parser would repair such as a list inside a
 * paragraph) returns null, and the caller sets the HTML as before, so the DOM is always what the
 * browser's own parser would build. Only ever called with HTML that is already sanitised.
 */

/** Tags that hold only inline content here (a <p> in a <p> is repaired by browsers: not simple). */
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li']);
const LISTS = new Set(['ul', 'ol']);
const INLINE = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'code', 'br']);

/** Longer text goes to the browser's parser, which is then as cheap per character. */
const MAX_SIMPLE_LENGTH = 4000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references decoded; null for a reference this does not know. */
function decode(text: string): string | null {
  if (!text.includes('&')) return text;
  let unknown = false;
  const out = text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Code points a browser would replace (NUL, surrogates, past U+10FFFF): leave it to the parser.
      if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        unknown = true;
        return whole;
      }
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) unknown = true;
    return value ?? whole;
  });
  // A lone & not starting a reference we know: the parser's rules for it are subtle.
  return unknown || /&(?!(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});)/i.test(text) ? null : out;
}

interface Open {
  tag: string;
  children: ReactNode[];
}

/** The elements of simple sanitised HTML, or null when it is not simple (see the module comment). */
export function simpleRichText(html: string): ReactNode[] | null {
  if (html.length > MAX_SIMPLE_LENGTH) return null;
  const root: Open = { tag: '', children: [] };
  const stack: Open[] = [root];
  const token = /<(\/?)([a-z][a-z0-9]*)(\s*\/)?>|([^<]+)|(<)/gy;
  let match: RegExpExecArray | null;
  let key = 0;
  while ((match = token.exec(html)) !== null) {
    const [, closing, rawTag, selfClosing, text, stray] = match;
    const top = stack[stack.length - 1]!;
    if (stray !== undefined) return null; // a "<" that starts no simple tag (an attribute, a comment)
    if (text !== undefined) {
      const decoded = decode(text);
      if (decoded === null) return null;
      // Between list items only whitespace, as the parser would keep it.
      if (LISTS.has(top.tag) && decoded.trim() !== '') return null;
      top.children.push(decoded);
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag !== rawTag) return null; // sanitised output is lower case; anything else is unexpected
    if (tag === 'br') {
      if (closing || LISTS.has(top.tag)) return null;
      top.children.push(createElement('br', { key: key++ }));
      continue;
    }
    if (selfClosing) return null;
    if (closing) {
      if (top.tag !== tag || stack.length === 1) return null;
      stack.pop();
      const parent = stack[stack.length - 1]!;
      parent.children.push(createElement(tag, { key: key++ }, ...top.children));
      continue;
    }
    // Content model: lists hold items; text blocks and inline tags hold inline tags; the top holds all but items.
    const inList = LISTS.has(top.tag);
    if (inList ? tag !== 'li' : tag === 'li') return null;
    if ((TEXT_BLOCKS.has(top.tag) || INLINE.has(top.tag)) && !INLINE.has(tag)) return null;
    if (!TEXT_BLOCKS.has(tag) && !LISTS.has(tag) && !INLINE.has(tag)) return null;
    stack.push({ tag, children: [] });
  }
  if (stack.length !== 1) return null; // an unclosed tag: the parser would close it
  return root.children;
}
