// Node side (bench/render.ts, tests/unit/anchor-page.test.ts): loads the peers' anchor page from
// outside the repository. Its source goes through a data: URL, so neither
// Vite's module runner (which serves files under the repository only) nor the folder's package
// type (the file is ES module syntax in a .js file) is in the way; the file imports nothing.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnchorModule } from './anchor-convert';

/**
 * Where the anchor page is: ANCHOR_PAGE, else the peers' original (../shared/bench/anchor-page.js
 * beside the repository), else the copy kept in bench/anchor-page.js (a clean clone, CI).
 */
export function anchorPagePath(repoRoot: string): string {
  if (process.env.ANCHOR_PAGE) return resolve(process.env.ANCHOR_PAGE);
  const original = resolve(repoRoot, '../shared/bench/anchor-page.js');
  return existsSync(original) ? original : resolve(repoRoot, 'bench/anchor-page.js');
}

/** Loads the anchor page module; throws a sentence naming the path when it is missing. */
export async function loadAnchorModule(path: string): Promise<AnchorModule> {
  if (!existsSync(path)) throw new Error(`The anchor page is missing at ${path}; set ANCHOR_PAGE to the peers' anchor-page.js.`);
  const source = readFileSync(path, 'utf8');
  return (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as AnchorModule;
}
