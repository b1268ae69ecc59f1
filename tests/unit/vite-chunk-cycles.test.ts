// scripts/vite-chunk-cycles.ts: the build refuses chunks that import each other statically (the
// home's hand-made chunk groups once initialised in the wrong order: "D is not a function").
import { describe, expect, it } from 'vitest';
import { chunkCycles } from '../../scripts/vite-chunk-cycles';

describe('chunkCycles', () => {
  it('finds chunks that import each other, directly or through others', () => {
    const imports = new Map<string, string[]>([
      ['index.js', ['react.js']],
      ['react.js', []],
      ['runtime-page.js', ['index.js', 'facade.js']],
      ['facade.js', ['runtime-page.js']],
      ['a.js', ['b.js']],
      ['b.js', ['c.js']],
      ['c.js', ['a.js', 'react.js']],
    ]);
    expect(chunkCycles(imports)).toEqual(expect.arrayContaining([['facade.js', 'runtime-page.js'], ['a.js', 'b.js', 'c.js']]));
    expect(chunkCycles(imports)).toHaveLength(2);
  });

  it('finds none in an acyclic graph, and ignores imports of files outside the bundle', () => {
    const imports = new Map<string, string[]>([
      ['index.js', ['react.js', 'runtime-page.js']],
      ['runtime-page.js', ['react.js', 'external.js']],
      ['react.js', []],
    ]);
    expect(chunkCycles(imports)).toEqual([]);
  });
});
