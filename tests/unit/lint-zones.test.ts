// The dependency rules of DESIGN.md run as ESLint in `npm test` (eslint.config.js, issue 14 point 1).
// A config that stops matching (a renamed folder, a zone path that no longer resolves, a plugin
// update) would pass silently with zero reports; this lints small probe files that break a zone,
// through ESLint's Node API with the repository's own config, and expects the reports.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = `${resolve(import.meta.dirname, '../..')}/`;
const eslint = new ESLint({ cwd: root });

/** The first .ts/.tsx file found under `dir` (repository-relative), so the probes follow moves. */
function firstModule(dir: string): string {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) return `${dir}/${entry.name}`;
  }
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.isDirectory()) {
      try {
        return firstModule(`${dir}/${entry.name}`);
      } catch {
        // no module in this folder; try the next
      }
    }
  }
  throw new Error(`No .ts or .tsx module under ${dir}; point the probe at another folder.`);
}

/** A specifier from `fromFile` to `toFile` (both repository-relative), without the extension. */
function specifier(fromFile: string, toFile: string): string {
  const from = fromFile.split('/').slice(0, -1);
  const to = toFile.replace(/\.tsx?$/, '').split('/');
  let common = 0;
  while (common < from.length && from[common] === to[common]) common += 1;
  const up = from.length - common;
  return `${up === 0 ? './' : '../'.repeat(up)}${to.slice(common).join('/')}`;
}

/** Lints one probe file (never written to disk) importing `target`; returns the rules that reported. */
async function lintProbe(probe: string, target: string): Promise<string[]> {
  const code = `import * as target from '${specifier(probe, target)}';\nexport const probe = target;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}${probe}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('ESLint dependency zones (DESIGN "Layout")', () => {
  it('reports a feature that imports another feature', async () => {
    const [own, other] = features;
    expect(own && other, 'two feature folders to probe with').toBeTruthy();
    const reports = await lintProbe(`src/features/${own}/lint-probe.ts`, firstModule(`src/features/${other}`));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^import-x\/no-restricted-paths: .*A feature never imports another feature/);
  });

  it('reports src/lib importing src/app', async () => {
    const reports = await lintProbe('src/lib/lint-probe.ts', firstModule('src/app'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^import-x\/no-restricted-paths: .*src\/lib never imports src\/app/);
  });

  it('reports src/runtime importing the widget library', async () => {
    const reports = await lintProbe('src/runtime/lint-probe.ts', firstModule('widgets'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^import-x\/no-restricted-paths: .*src\/runtime never imports widgets\//);
  });

  it('reports server/ importing src/', async () => {
    const reports = await lintProbe('server/lint-probe.ts', firstModule('src/lib'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^import-x\/no-restricted-paths: .*server\/ never imports src\//);
  });

  it('reports a server module importing another module, and a plugin or the kernel importing a module', async () => {
    const across = await lintProbe('server/modules/cm/lint-probe.ts', firstModule('server/modules/um'));
    expect(across).toHaveLength(1);
    expect(across[0]).toMatch(/^import-x\/no-restricted-paths: .*A server module never imports another module/);
    const plugin = await lintProbe('server/plugins/lint-probe.ts', firstModule('server/modules/um'));
    expect(plugin).toHaveLength(1);
    expect(plugin[0]).toMatch(/^import-x\/no-restricted-paths: .*A plugin never imports a module/);
    const kernel = await lintProbe('server/lib/lint-probe.ts', firstModule('server/modules/um'));
    expect(kernel).toHaveLength(1);
    expect(kernel[0]).toMatch(/^import-x\/no-restricted-paths: .*server\/lib never imports a module/);
  });

  it('lets a feature import within itself and from src/lib (the probe itself is clean)', async () => {
    const [own] = features;
    expect(await lintProbe(`src/features/${own}/lint-probe.ts`, firstModule('src/lib'))).toEqual([]);
    expect(await lintProbe(`src/features/${own}/lint-probe.ts`, firstModule(`src/features/${own}`))).toEqual([]);
  });

  it('checks import cycles over src/, widgets/ and server/', async () => {
    for (const file of ['src/lib/lint-probe.ts', 'widgets/lint-probe.tsx', 'server/lint-probe.ts']) {
      const config = (await eslint.calculateConfigForFile(`${root}${file}`)) as { rules?: Record<string, unknown[]> };
      expect(config.rules?.['import-x/no-cycle']?.[0], file).toBe(2);
    }
  });
});
