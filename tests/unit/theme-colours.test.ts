// Dark mode (issue 4 item 8, "light and dark themes"): text in the feature pages takes its colour
// from the theme's CSS variables (--portal-text, --portal-text-secondary), never a fixed black,
// which is unreadable on the dark background. A fixed colour may stay only as a var() fallback.
// The privacy page is exempt: it renders bare, outside the themed app (?privacy).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The unit project runs in jsdom, where import.meta.url is not a file URL: resolve from the repository root.
const FEATURES = resolve(process.cwd(), 'src/features');
const EXEMPT = ['privacy/'];
/** A `color:` style whose value starts with a fixed black (not inside var(…, fallback)). */
const FIXED_BLACK = /\bcolor: '(rgba\(0, ?0, ?0,|#000\b|black\b)/g;

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (entry.name.endsWith('.tsx')) out.push(path);
  }
  return out;
}

describe('theme colours in the feature pages', () => {
  it('uses the theme\'s text variables instead of a fixed black', async () => {
    const offenders: string[] = [];
    for (const file of await sources(FEATURES)) {
      const name = relative(FEATURES, file);
      if (EXEMPT.some((prefix) => name.startsWith(prefix))) continue;
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(FIXED_BLACK)) offenders.push(`${name}:${text.slice(0, m.index).split('\n').length}`);
    }
    expect(offenders).toEqual([]);
  });
});
