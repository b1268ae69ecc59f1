// Render bench (DESIGN "Performance"): the render time of a large template in Chromium.
//
//   npx tsx bench/render.ts                 1,000 blocks, 5 runs
//   npx tsx bench/render.ts --blocks 500 --runs 3
//   npx tsx bench/render.ts --types spacer      only these widgets (runtime overhead vs widget cost)
//   npx tsx bench/render.ts --no-defer          every block mounted at once (deferral off), to compare
//
// Builds bench/render-harness/ with Vite into a temporary directory, serves it on 127.0.0.1 (a
// free port), and loads it in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) once
// per run, each in a fresh browser context with a 1440×900 viewport. The harness builds a template
// of N top-level blocks cycling through every registered widget with its defaults, puts the
// fixture data in the query cache, warms each widget's lazy component, then times one render from
// root.render() to two frames, both printed:
//   (a) first paint of the viewport: every block intersecting the viewport shows its content and
//       every other block is in the DOM (content or placeholder). This is the figure compared with
//       the 50 ms target.
//   (b) fully mounted: every block shows its content (background mounting done, nothing scrolled).
//       No target; it says what deferral costs in total.
// Exit code 0 whether over or under the target; non-zero only when it could not measure. Stops
// itself (server, browser, temp dir) and gives up after 5 minutes.
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';

/** Target for the median first paint of the viewport of a 1,000-block page (issue "Bench"). */
export const TARGET_MS = 50;
const VIEWPORT = { width: 1440, height: 900 };

/** What the harness reports per run (bench/render-harness/main.tsx). */
interface BenchResult {
  firstPaintMs: number;
  fullyMountedMs: number;
  blocks: number;
  widgets: number;
  viewportBlocks: number;
  mountedAtFirstPaint: number;
}
const HARD_LIMIT_MS = 5 * 60_000;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive integer.`);
  return value;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** A static server for the built harness; unknown paths (fixture covers) answer 404 quickly. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolvePromise) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    resolvePromise({ server, url: `http://127.0.0.1:${port}/` });
  }));
}

async function main(): Promise<number> {
  const blocks = option('blocks', 1000);
  const runs = option('runs', 5);
  const typesAt = process.argv.indexOf('--types');
  const types = typesAt >= 0 ? process.argv[typesAt + 1] ?? '' : '';
  const defer = !process.argv.includes('--no-defer');
  const outDir = await mkdtemp(join(tmpdir(), 'render-bench-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  const watchdog = setTimeout(() => {
    console.error(`render bench: gave up after ${HARD_LIMIT_MS / 1000} s.`);
    process.exit(1);
  }, HARD_LIMIT_MS);
  watchdog.unref();
  try {
    console.log(`Building the harness (bench/render-harness) into ${outDir} …`);
    await build({
      root: resolve(repoRoot, 'bench/render-harness'), base: './', configFile: false, logLevel: 'warn',
      plugins: [react()], build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
    });
    const served = await serve(outDir);
    server = served.server;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
    } catch (error) {
      throw new Error(`Chromium did not start from ${CHROMIUM_PATH}; set CHROMIUM_PATH. ${(error as Error).message}`);
    }
    const results: BenchResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      const query = `?blocks=${blocks}${types ? `&types=${encodeURIComponent(types)}` : ''}${defer ? '' : '&defer=0'}`;
      await page.goto(`${served.url}${query}`);
      const handle = await page.waitForFunction(() => window.__renderBench, undefined, { timeout: 120_000 });
      const result = (await handle.jsonValue()) as BenchResult | { error: string };
      await context.close();
      if ('error' in result) throw new Error(`The harness failed: ${result.error}`);
      results.push(result);
      console.log(`run ${run}: first paint of the viewport ${result.firstPaintMs.toFixed(1)} ms (${result.viewportBlocks} blocks in view, ${result.mountedAtFirstPaint} of ${result.blocks} mounted); fully mounted ${result.fullyMountedMs.toFixed(1)} ms`);
    }
    const widgets = results[0]!.widgets;
    const firstPaint = median(results.map((r) => r.firstPaintMs));
    const fullyMounted = median(results.map((r) => r.fullyMountedMs));
    const ratio = firstPaint / TARGET_MS;
    const what = `${blocks} blocks (${types ? `only ${types}` : `${widgets} widget types`}${defer ? '' : ', deferral off'})`;
    console.log(`first paint of the viewport (${VIEWPORT.width}×${VIEWPORT.height}), ${what}: median ${firstPaint.toFixed(1)} ms of ${runs} runs (target ${TARGET_MS} ms, ratio ${ratio.toFixed(2)})`);
    console.log(`fully mounted, ${what}: median ${fullyMounted.toFixed(1)} ms of ${runs} runs (no target: background mounting, nothing scrolled)`);
    if (ratio > 1) console.log(`FIRST PAINT OVER TARGET by ${(firstPaint - TARGET_MS).toFixed(1)} ms`);
    await mkdir(resolve(repoRoot, 'bench/out'), { recursive: true });
    const out = {
      blocks, widgets, types: types || null, defer, viewport: VIEWPORT,
      firstPaintOfViewport: { runs: results.map((r) => r.firstPaintMs), medianMs: firstPaint, targetMs: TARGET_MS, ratio },
      fullyMounted: { runs: results.map((r) => r.fullyMountedMs), medianMs: fullyMounted },
      viewportBlocks: results.map((r) => r.viewportBlocks),
      mountedAtFirstPaint: results.map((r) => r.mountedAtFirstPaint),
    };
    await writeFile(resolve(repoRoot, 'bench/out/render.json'), `${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await rm(outDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`render bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
