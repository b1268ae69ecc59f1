// Bundle bench (DESIGN "Performance"): how much JS the home route loads before first paint.
//
//   npx tsx bench/bundle.ts                 build with vite, then measure dist/
//   npx tsx bench/bundle.ts --no-build      measure the dist/ already there
//   npx tsx bench/bundle.ts --dist <dir>    measure another build (implies --no-build)
//
// First-load JS = the entry chunk of index.html plus every chunk it imports statically,
// transitively; dynamic imports (lazy routes, widgets) are not counted. Each file is gzipped at
// level 9. The figure is printed with its ratio to the budget; the exit code is 0 even over budget
// (a budget is a figure to watch, not a test).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Budget for the home route's first-load JS, gzip (DESIGN "Performance"). */
export const BUDGET_KB = 200;
const KB = 1024;

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Size of one emitted file. */
export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The manifest key of the page's entry: index.html, else the only entry there is. */
export function findEntry(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 1 && entries[0]) return entries[0];
  throw new Error(
    `The build manifest has ${entries.length ? `several entries (${entries.join(', ')})` : 'no entry'} and none is index.html; cannot tell which one the home route loads.`,
  );
}

/** The entry chunk and its static imports, transitively, in load order (entry first); dynamic imports are skipped. */
export function staticClosure(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest names the import "${key}" but has no entry for it; rebuild with "npm run build".`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return files.filter((f) => f.endsWith('.js') || f.endsWith('.mjs'));
}

/** Raw and gzip (level 9) size of a file under distDir. */
export function measure(distDir: string, file: string): FileSize {
  const bytes = readFileSync(join(distDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Every .js file under dir, as paths relative to it. */
function allJsFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js') || name.endsWith('.mjs')) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

const kb = (bytes: number) => (bytes / KB).toFixed(2);

function printTable(rows: FileSize[]): void {
  const width = Math.max('file'.length, ...rows.map((r) => r.file.length));
  const line = (file: string, raw: string, gzip: string) => `  ${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  console.log(line('file', 'raw KB', 'gzip KB'));
  console.log(line('-'.repeat(width), '-'.repeat(10), '-'.repeat(10)));
  for (const r of rows) console.log(line(r.file, kb(r.raw), kb(r.gzip)));
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gzip = rows.reduce((s, r) => s + r.gzip, 0);
  console.log(line('-'.repeat(width), '-'.repeat(10), '-'.repeat(10)));
  console.log(line(`total (${rows.length} files)`, kb(raw), kb(gzip)));
}

interface Args {
  build: boolean;
  distDir: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { build: true, distDir: resolve(repoRoot, 'dist') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') args.build = false;
    else if (arg === '--dist') {
      const dir = argv[++i];
      if (!dir) throw new Error('--dist needs a directory, e.g. --dist dist');
      args.distDir = resolve(dir);
      args.build = false;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npx tsx bench/bundle.ts [--no-build] [--dist <dir>]');
      process.exit(0);
    } else throw new Error(`Unknown option "${arg}"; use --no-build or --dist <dir>.`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));

  if (args.build) {
    console.log('Building the portal with vite (pass --no-build to measure the existing dist/) ...');
    const { build } = await import('vite');
    await build({ root: repoRoot, logLevel: 'warn' });
  }

  const manifestFile = join(args.distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`No build manifest at ${manifestFile}; run "npm run build" (vite.config.ts sets build.manifest) or drop --no-build.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = findEntry(manifest);
  const firstLoad = staticClosure(manifest, entry).map((file) => measure(args.distDir, file));
  const [entryRow, ...rest] = firstLoad;
  const rows = entryRow ? [entryRow, ...rest.sort((a, b) => b.gzip - a.gzip)] : [];

  console.log(`\nHome route first-load JS (entry "${entry}" + static imports, transitively; dynamic imports excluded), ${relative(process.cwd(), args.distDir) || '.'}:`);
  printTable(rows);

  const all = allJsFiles(args.distDir).map((file) => measure(args.distDir, file));
  const allRaw = all.reduce((s, r) => s + r.raw, 0);
  const allGzip = all.reduce((s, r) => s + r.gzip, 0);
  console.log(`\nAll JS in the build, for reference: ${all.length} files, ${kb(allRaw)} KB raw, ${kb(allGzip)} KB gzip`);

  const gzip = firstLoad.reduce((s, r) => s + r.gzip, 0);
  const raw = firstLoad.reduce((s, r) => s + r.raw, 0);
  const ratio = gzip / KB / BUDGET_KB;
  const over = ratio > 1;
  if (over) {
    console.log(`\n!!! OVER BUDGET: the home route loads ${kb(gzip)} KB of gzipped JS before first paint, ${kb(gzip - BUDGET_KB * KB)} KB over the ${BUDGET_KB} KB budget. !!!`);
  }

  await mkdir(join(repoRoot, 'bench', 'out'), { recursive: true });
  await writeFile(
    join(repoRoot, 'bench', 'out', 'bundle.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), entry, budgetKb: BUDGET_KB, firstLoad: { files: firstLoad, raw, gzip, ratio: Number(ratio.toFixed(4)), overBudget: over }, allJs: { files: all.length, raw: allRaw, gzip: allGzip } }, null, 2)}\n`,
  );

  console.log(`\nhome-route first-load JS: ${(gzip / KB).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB, ratio ${ratio.toFixed(2)})`);
}

// Run only as a script, so the helpers above can be imported by a test or another bench.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`bench:bundle failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
