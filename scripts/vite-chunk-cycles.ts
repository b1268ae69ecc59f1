// Vite plugin (issue 15 point 3): the build fails when chunks import each other statically in a
// cycle. The home's chunks are grouped by hand (vite.config.ts codeSplitting groups); a group that
// leaves out a module only it uses puts that module in a chunk that imports the group while the
// group imports it, and such a cycle initialises one side before the other ("D is not a function"
// on the home, docs/decisions.md). Checked on every build, not only by whoever changes a group.
import type { Plugin } from 'vite';

/** The strongly connected groups of more than one chunk in `imports` (Tarjan), each sorted. */
export function chunkCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v) ?? []) {
      if (!imports.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of imports.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** Fails the client build on a static import cycle between its chunks. */
export function noChunkCycles(): Plugin {
  return {
    name: 'portal:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, output] of Object.entries(bundle)) if (output.type === 'chunk') imports.set(file, output.imports);
      const cycles = chunkCycles(imports);
      if (cycles.length > 0) {
        this.error(`Chunks import each other statically (an initialisation order hazard; fix the codeSplitting groups in vite.config.ts): ${cycles.map((c) => c.join(' <-> ')).join('; ')}`);
      }
    },
  };
}
