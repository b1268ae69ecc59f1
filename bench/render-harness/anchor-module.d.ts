// The peers' anchor page, ../shared/bench/anchor-page.js (plain JavaScript outside this repository);
// bench/render.ts aliases this name to it when it builds the harness (ANCHOR_PAGE overrides the
// path). ./anchor-source.ts gives it the types of ./anchor-convert.ts.
declare module '@anchor-page' {
  export const IMG: string;
  export const TEXT: string;
  export function makePage(n: number): { blocks: unknown[] };
  export function readN(): number;
}
