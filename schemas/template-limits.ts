/**
 * Bounds on a page template (issue 14 point 13): a prop nested 3,000 deep once overflowed the
 * stack in the props check and took the whole page down. The runtime's normaliser refuses a block
 * over a limit (with a report naming the block path and the limit) and renders the rest; whatever
 * validates templates on save uses the same numbers. Each limit is far beyond what a designer
 * builds by hand (docs/widgets.md "Template limits"); the measures never recurse, so a hostile
 * value cannot overflow the stack while it is being measured.
 */

/** Nesting of objects and arrays inside one block's props: `{ title }` is 1, a list of links 3. */
export const MAX_PROPS_DEPTH = 32;

/** One block's props (or the page props) as JSON, in characters: 64 Ki, a long rich text included. */
export const MAX_PROPS_CHARS = 64 * 1024;

/** Containers a block may sit in: a block in a column of a row of tabs is 2 deep; deeper ones are dropped. */
export const MAX_SLOT_DEPTH = 8;

/** Blocks on one page, slots included; blocks after the limit are dropped (one report entry). */
export const MAX_PAGE_BLOCKS = 1000;

/** The props of every block of a page together, as JSON characters: 1 Mi, the API's body limit. */
export const MAX_PAGE_PROPS_CHARS = 1024 * 1024;

/** What `measureJson` found; `over` names the first limit exceeded (measuring stops there). */
export interface JsonMeasure {
  /** Deepest nesting of objects and arrays seen (1 for a flat object). */
  depth: number;
  /** Characters of JSON counted (an upper estimate, near JSON.stringify's length). */
  chars: number;
  over?: 'depth' | 'chars';
}

/**
 * Measures a JSON-like value's nesting and size without recursion, stopping as soon as a limit is
 * passed, so its cost is bounded by the limits rather than by the value. A cycle counts as too deep.
 */
export function measureJson(value: unknown, limits: { maxDepth: number; maxChars: number }): JsonMeasure {
  let depth = 0;
  let chars = 0;
  const stack: Array<{ value: unknown; level: number }> = [{ value, level: 0 }];
  while (stack.length) {
    const { value: current, level } = stack.pop()!;
    if (typeof current === 'string') chars += current.length + 2;
    else if (typeof current === 'number' || typeof current === 'bigint') chars += String(current).length;
    else if (typeof current === 'boolean') chars += current ? 4 : 5;
    else if (current === null || current === undefined || typeof current !== 'object') chars += 4;
    else {
      const inner = level + 1;
      if (inner > depth) depth = inner;
      if (depth > limits.maxDepth) return { depth, chars, over: 'depth' };
      chars += 2;
      if (Array.isArray(current)) {
        chars += Math.max(0, current.length - 1);
        if (chars > limits.maxChars) return { depth, chars, over: 'chars' };
        for (const item of current) stack.push({ value: item, level: inner });
      } else {
        const entries = Object.entries(current as Record<string, unknown>);
        chars += Math.max(0, entries.length - 1);
        if (chars > limits.maxChars) return { depth, chars, over: 'chars' };
        for (const [key, item] of entries) {
          chars += key.length + 3;
          stack.push({ value: item, level: inner });
        }
      }
    }
    if (chars > limits.maxChars) return { depth, chars, over: 'chars' };
  }
  return { depth, chars };
}

/** "64 KiB" style wording of a character limit for report sentences. */
export function describeChars(chars: number): string {
  if (chars >= 1024 * 1024 && chars % (1024 * 1024) === 0) return `${chars / (1024 * 1024)} Mi characters`;
  if (chars >= 1024 && chars % 1024 === 0) return `${chars / 1024} Ki characters`;
  return `${chars} characters`;
}
