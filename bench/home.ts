// Home bench (issue 15 point 3, DESIGN "Performance"): what a learner's browser does to show demo's
// home, cold, against a plain hand-written React page with the same blocks, loaded the same way in
// the same run.
//
//   npm run bench:home                       build, 5 cold loads of each page, medians
//   npx tsx bench/home.ts --runs 7
//   npx tsx bench/home.ts --dist .tmp/dist-x  measure a build made already (skips the portal build)
//   npx tsx bench/home.ts --trace             also: each page's main-thread time by kind (bench/main-thread.ts)
//
// Builds the portal (vite.config.ts) and bench/home-plain/ into a temp dir under .tmp/, starts its
// own portal on that build (API + embedded PostgreSQL on a fresh data dir, in a child process, as
// bench/progress.ts does) and a static server for the plain page, both on 127.0.0.1. The plain
// page's content (data.json) is written from demo's home template: the same blocks, kinds and item
// counts. Each load is a fresh Chromium context (CHROMIUM_PATH, default /usr/bin/chromium), the two
// pages interleaved. Per page it prints, as medians:
//   - requests started before every block of the home shows its content, and their request levels
//     (dependency depth: the HTML is level 1, what it names level 2, …). A file the HTML names has
//     the document as its only parent; another request's parents are the document, the scripts and
//     stylesheets that finished before it started, and of the API
//     answers only those the runtime waits on before asking anything else (start-up and template
//     calls); a timing-only bound, where every earlier answer counts as a parent, is printed beside;
//   - JS transferred until the network is idle: files, bytes on the wire, and the same files
//     gzipped (level 9, read from the build);
//   - time from navigation to every block shown (no placeholder, nothing aria-busy), taken when the
//     frame that shows them has been rendered (the next frame's callback).
// Targets: ≤ 3 levels; JS ≤ 200 KB gzip; all blocks within 2× of the plain page. Exit code 0 over
// or under target; non-zero only when it could not measure. Stops what it started, deletes its temp
// dir, and gives up after 5 minutes. Writes bench/out/home.json.
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChild } from './child-portal';
import { createServer, type Server } from 'node:http';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { MAIN_THREAD_FIGURES, traceMainThread, type MainThreadTimes } from './main-thread';

const HARD_LIMIT_MS = 5 * 60_000;
const TARGET_LEVELS = 3;
const TARGET_JS_KB = 200;
const TARGET_RATIO = 2;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);
/** The API answers the runtime waits on before it asks for anything else (the parents an API answer may be). */
const AWAITED_API = /\/(um\/api\/tenant\/getByCode|cfg\/api\/store\/getTenantStoreSetting|cfg\/api\/page\/list|cfg\/template\/getPageV2|cfg\/template\/getPage)\b/;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml',
};

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Child mode: start the portal on a build, print its address as one JSON line, stop on stdin end or SIGTERM. */
async function serve(runDir: string, distDir: string): Promise<void> {
  const { startPortal } = await import('../server/start');
  const portal = await startPortal({ port: 0, host: '127.0.0.1', pgDataDir: join(runDir, 'pg'), uploadDir: join(runDir, 'uploads'), distDir, logger: false });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= portal.close().then(() => process.exit(0), () => process.exit(1)));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: portal.url })}\n`);
}


/** A static server for the plain page (uncompressed, as the portal served its assets when this bench was written). */
function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
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
    resolvePromise({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
  }));
}

/** One block of the plain page (bench/home-plain/main.tsx Block). */
interface PlainBlock {
  id: string;
  kind: string;
  title: string;
  items: Array<{ title: string; image: string; meta: string }>;
  children?: PlainBlock[];
}

const KINDS: Record<string, string> = {
  banner: 'banner', 'nav-grid': 'links', 'image-ad': 'image', 'title-bar': 'heading', spacer: 'spacer', 'rich-text': 'text', columns: 'columns',
  'notice-list': 'rows', 'task-list': 'rows', 'rank-board': 'rows', 'exam-cards': 'rows', 'class-list': 'rows',
};

/** demo's template as the plain page's content: the same blocks, kinds and item counts. */
function plainBlocks(blocks: unknown[]): PlainBlock[] {
  return blocks.map((raw, n) => {
    const block = raw as { id?: string; type?: string; props?: Record<string, unknown>; slots?: Record<string, unknown[]> };
    const props = block.props ?? {};
    const kind = KINDS[block.type ?? ''] ?? 'cards';
    const count = typeof props.count === 'number' ? props.count : Array.isArray(props.items) ? props.items.length : kind === 'banner' || kind === 'image' ? 1 : 0;
    const title = typeof props.title === 'string' ? props.title : `${block.type ?? 'block'} ${n + 1}`;
    const items = Array.from({ length: count }, (_, i) => ({ title: `${title} · ${i + 1}`, image: './cover.svg', meta: `2026-11-${String((i % 28) + 1).padStart(2, '0')}` }));
    const children = block.slots ? plainBlocks(Object.values(block.slots).flat()) : undefined;
    return { id: block.id ?? `b${n}`, kind, title, items, ...(children ? { children } : {}) };
  });
}

interface Entry { name: string; initiatorType: string; startTime: number; responseEnd: number; encodedBodySize: number; decodedBodySize: number }
interface Load {
  shownMs: number;
  /** When the page was the app's (the server's markup replaced by the app's first commit); shownMs without markup. */
  interactiveMs: number;
  /** Whether the blocks first showed from the server's markup. */
  serverMarkup: boolean;
  entries: Entry[];
  navEnd: number;
  /** URLs the HTML names itself (script src, link href): they depend on the document only. */
  htmlNamed: Set<string>;
  /** With `traced`: the main thread's time by kind until the blocks showed (bench/main-thread.ts). */
  mainThread?: MainThreadTimes;
}

/**
 * Loads a page cold and returns when every block shows its content and the network is idle.
 * `traced` records a Chromium trace of the load (which slows it: its time is not the headline's).
 */
async function loadOnce(browser: Browser, url: string, expectedBlocks: number, traced = false): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // A string, not a function: tsx wraps named functions in a __name() helper the page lacks.
    await page.addInitScript(`(() => {
      performance.setResourceTimingBufferSize(2000);
      const check = () => {
        const root = document.querySelector('.rt-page');
        if (root && root.getAttribute('aria-busy') !== 'true') {
          const blocks = root.querySelectorAll(':scope > [data-block-id]');
          if (blocks.length >= ${expectedBlocks} && !root.querySelector('.rt-block-deferred, .rt-block-loading, [aria-busy="true"]')) {
            // Shown once this frame is rendered: the next frame's callback runs after its style,
            // layout and paint (on a 2-core machine a whole page's take hundreds of ms, which a
            // check in this frame would not count).
            requestAnimationFrame(() => { window.__shownAt = performance.now(); });
            // Interactive: the page is React's (its element carries React's fiber), so it responds.
            // Without server markup that is this page; with it (#root[data-server-markup]), once the
            // app has hydrated the markup (or replaced it).
            const app = () => {
              const now = document.querySelector('.rt-page');
              if (now && Object.keys(now).some((key) => key.startsWith('__reactFiber'))) requestAnimationFrame(() => { window.__interactiveAt = performance.now(); });
              else requestAnimationFrame(app);
            };
            app();
            return;
          }
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`);
    const tracing = traced ? await traceMainThread(page) : undefined;
    const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const html = (await response?.text()) ?? '';
    const htmlNamed = new Set([...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1]!, url).href));
    try {
      await page.waitForFunction(() => (window as unknown as { __interactiveAt?: number }).__interactiveAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
    } catch (error) {
      const state = await page.evaluate(() => {
        const root = document.querySelector('.rt-page');
        return `${root ? `${root.querySelectorAll(':scope > [data-block-id]').length} blocks, ${root.querySelectorAll('.rt-block-deferred, .rt-block-loading, [aria-busy="true"]').length} still loading` : 'no .rt-page'}; body: ${document.body.innerText.slice(0, 200)}`;
      }).catch(() => 'unreadable');
      throw new Error(`${url} did not show all ${expectedBlocks} blocks within 60 s (${state}). ${(error as Error).message}`);
    }
    const mainThread = tracing ? await tracing.stop(await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt)) : undefined;
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const measured = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: e.name, initiatorType: e.initiatorType, startTime: e.startTime, responseEnd: e.responseEnd, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize,
      }));
      const at = window as unknown as { __shownAt: number; __interactiveAt: number };
      return { shownMs: at.__shownAt, interactiveMs: at.__interactiveAt, serverMarkup: document.getElementById('root')?.hasAttribute('data-server-markup') ?? false, entries, navEnd: nav.responseEnd };
    });
    return { ...measured, htmlNamed, ...(mainThread ? { mainThread } : {}) };
  } finally {
    await context.close();
  }
}

const isJs = (e: Entry) => new URL(e.name).pathname.endsWith('.js');
const isApi = (e: Entry, origin: string) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest' || (e.name.startsWith(origin) && !/\.\w+$/.test(new URL(e.name).pathname));
const isImage = (e: Entry) => e.initiatorType === 'img' || e.initiatorType === 'image' || /\.(svg|png|jpe?g|webp|gif|avif)$/.test(new URL(e.name).pathname);

/** Request levels of the requests started before the blocks showed: by dependency (see the header) and the timing-only bound. */
function levels(load: Load, origin: string): { requests: number; byDependency: number; byTiming: number; chain: string[] } {
  const before = load.entries.filter((e) => e.startTime < load.shownMs && !isImage(e)).sort((a, b) => a.startTime - b.startTime);
  const dep: number[] = [];
  const timing: number[] = [];
  const parentOf: Array<number | null> = [];
  before.forEach((e, i) => {
    let bestDep = 1;
    let bestTiming = 1;
    let parent: number | null = null;
    // A file the HTML names (the entry, its modulepreload links) depends on the document alone, even
    // when the browser starts it after another script finished (Chromium holds back preloads in the head).
    const named = load.htmlNamed.has(e.name);
    for (let j = 0; j < i; j += 1) {
      const q = before[j]!;
      if (q.responseEnd > e.startTime) continue;
      bestTiming = Math.max(bestTiming, timing[j]!);
      const awaited = !isApi(q, origin) || AWAITED_API.test(q.name);
      if (!named && awaited && dep[j]! > bestDep) {
        bestDep = dep[j]!;
        parent = j;
      }
    }
    // Every request depends on the document (level 1).
    dep.push(bestDep + 1);
    timing.push(bestTiming + 1);
    parentOf.push(parent);
  });
  if (process.argv.includes('--verbose')) {
    for (const [i, e] of before.entries()) console.log(`  L${dep[i]} t${timing[i]} ${e.startTime.toFixed(0).padStart(5)}–${e.responseEnd.toFixed(0).padStart(5)} ${e.initiatorType.padEnd(14)} ${new URL(e.name).pathname}`);
    console.log(`  blocks shown at ${load.shownMs.toFixed(0)} ms (the HTML's response ended at ${load.navEnd.toFixed(0)} ms)`);
  }
  const deepest = dep.reduce((m, d, i) => (d > (dep[m] ?? 0) ? i : m), 0);
  const chain: string[] = [];
  for (let i: number | null = before.length ? deepest : null; i !== null; i = parentOf[i] ?? null) chain.unshift(new URL(before[i]!.name).pathname.replace(/^\/study\/assets\//, ''));
  chain.unshift('(document)');
  return { requests: before.length + 1, byDependency: Math.max(1, ...dep), byTiming: Math.max(1, ...timing), chain };
}

/**
 * JS until idle: files, bytes on the wire (the portal sends brotli to Chromium), and gzip-9 of the
 * same files read from the build, whatever encoding the server chose: the target is in gzip, and
 * counting brotli bytes as gzip made the figure ~14 % smaller than it is.
 */
async function jsUntilIdle(load: Load, distDir: string, base: string): Promise<{ files: number; wireKB: number; gzipKB: number }> {
  const js = load.entries.filter(isJs);
  let wire = 0;
  let gzip = 0;
  for (const e of js) {
    wire += e.encodedBodySize;
    const path = new URL(e.name).pathname;
    const local = join(distDir, path.startsWith(base) ? path.slice(base.length) : path);
    gzip += existsSync(local) ? gzipSync(await readFile(local), { level: 9 }).length : e.encodedBodySize;
  }
  return { files: js.length, wireKB: wire / 1024, gzipKB: gzip / 1024 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<number> {
  const runs = Number(option('runs') ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer.');
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  const runDir = await mkdtemp(join(repoRoot, '.tmp', 'bench-home-'));
  await chmod(runDir, 0o755); // embedded PostgreSQL runs as `postgres` when started as root
  let child: ChildProcess | undefined;
  let server: Server | undefined;
  let browser: Browser | undefined;
  const watchdog = setTimeout(() => {
    console.error(`home bench: gave up after ${HARD_LIMIT_MS / 1000} s.`);
    child?.kill('SIGKILL');
    process.exit(1);
  }, HARD_LIMIT_MS);
  watchdog.unref();
  try {
    const given = option('dist');
    const distDir = given ? resolve(given) : join(runDir, 'dist');
    if (!given) {
      console.log(`Building the portal into ${distDir} …`);
      await build({ configFile: resolve(repoRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
    }
    const plainDir = join(runDir, 'plain');
    console.log(`Building the plain page (bench/home-plain) into ${plainDir} …`);
    await build({
      root: resolve(repoRoot, 'bench/home-plain'), base: './', configFile: false, logLevel: 'warn',
      plugins: [react()], build: { outDir: plainDir, emptyOutDir: true, sourcemap: false },
    });

    console.log('Starting the portal with a fresh embedded database …');
    const { child: portalChild, ready: started } = await startChild<{ url: string }>(thisFile, ['--serve', runDir, distDir]);
    child = portalChild;
    const portalUrl = `${started.url}/study/home`;
    // demo is the default tenant: 127.0.0.1 names no tenant in its host.
    const api = async (path: string) => ((await (await fetch(`${started.url}${path}`)).json()) as { data: any }).data;
    const tenantId = (await api('/um/api/tenant/getByCode?code=demo')).tenant.id as number;
    const pages = (await api(`/cfg/api/page/list?tenantId=${tenantId}&pageNo=1&pageSize=40&purpose=2&state=1`)).list as Array<{ pageId: number }>;
    const stored = await api(`/cfg/template/getPageV2?tenantId=${tenantId}&pageId=${pages[0]!.pageId}`);
    const blocks = (stored.template as { blocks: unknown[] }).blocks;
    await writeFile(join(plainDir, 'data.json'), JSON.stringify(plainBlocks(blocks)));
    await writeFile(join(plainDir, 'cover.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#d9e4ff"/></svg>');
    const served = await serveStatic(plainDir);
    server = served.server;
    console.log(`demo's home: ${blocks.length} top-level blocks; plain page at ${served.url}`);

    try {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
    } catch (error) {
      throw new Error(`Chromium did not start from ${CHROMIUM_PATH}; set CHROMIUM_PATH. ${(error as Error).message}`);
    }
    const portalOrigin = new URL(started.url).origin;
    const plainOrigin = new URL(served.url).origin;
    type Row = { shownMs: number; interactiveMs: number; serverMarkup: number; requests: number; byDependency: number; byTiming: number; chain: string[]; files: number; wireKB: number; gzipKB: number };
    const portalRows: Row[] = [];
    const plainRows: Row[] = [];
    for (let i = 0; i < runs; i += 1) {
      const a = await loadOnce(browser, portalUrl, blocks.length);
      portalRows.push({ shownMs: a.shownMs, interactiveMs: a.interactiveMs, serverMarkup: a.serverMarkup ? 1 : 0, ...levels(a, portalOrigin), ...(await jsUntilIdle(a, distDir, '/study/')) });
      const b = await loadOnce(browser, served.url, blocks.length);
      plainRows.push({ shownMs: b.shownMs, interactiveMs: b.interactiveMs, serverMarkup: 0, ...levels(b, plainOrigin), ...(await jsUntilIdle(b, plainDir, '/')) });
      console.log(`run ${i + 1}/${runs}: portal ${a.shownMs.toFixed(0)} ms${a.serverMarkup ? ` (server markup; interactive ${a.interactiveMs.toFixed(0)} ms)` : ''}, plain ${b.shownMs.toFixed(0)} ms`);
    }
    const m = (rows: Row[], key: keyof Omit<Row, 'chain'>) => median(rows.map((r) => r[key]));
    const line = (what: string, ours: number, ref: number, target: string, digits = 0) =>
      console.log(`${what.padEnd(52)} ${ours.toFixed(digits).padStart(8)} ${ref.toFixed(digits).padStart(8)} ${(ref ? ours / ref : 0).toFixed(2).padStart(7)}  ${target}`);
    console.log(`\ndemo's home, cold, ${runs} loads each, medians`);
    console.log(`${''.padEnd(52)} ${'portal'.padStart(8)} ${'plain'.padStart(8)} ${'ratio'.padStart(7)}  target`);
    line('requests before the blocks show', m(portalRows, 'requests'), m(plainRows, 'requests'), '');
    line('request levels before the blocks show (dependency)', m(portalRows, 'byDependency'), m(plainRows, 'byDependency'), `≤ ${TARGET_LEVELS}`);
    line('request levels, timing-only bound', m(portalRows, 'byTiming'), m(plainRows, 'byTiming'), '');
    line('JS files until network idle', m(portalRows, 'files'), m(plainRows, 'files'), '');
    line('JS until network idle, KB on the wire', m(portalRows, 'wireKB'), m(plainRows, 'wireKB'), '', 1);
    line('JS until network idle, KB gzip', m(portalRows, 'gzipKB'), m(plainRows, 'gzipKB'), `≤ ${TARGET_JS_KB} KB`, 1);
    line('navigation to all blocks shown, ms', m(portalRows, 'shownMs'), m(plainRows, 'shownMs'), `≤ ${TARGET_RATIO}× plain`);
    line('navigation to interactive (the app\'s page), ms', m(portalRows, 'interactiveMs'), m(plainRows, 'interactiveMs'), '');
    console.log(`loads whose blocks showed from the server's markup: ${portalRows.filter((r) => r.serverMarkup).length} of ${runs}`);
    console.log(`deepest chain (last portal run): ${portalRows.at(-1)!.chain.join(' → ')}`);
    let mainThread: { portal: MainThreadTimes; plain: MainThreadTimes } | undefined;
    if (process.argv.includes('--trace')) {
      // Separate loads, traced: where each page's main thread spent its time until its blocks showed.
      const traced: { portal: MainThreadTimes[]; plain: MainThreadTimes[] } = { portal: [], plain: [] };
      for (let i = 0; i < runs; i += 1) {
        traced.portal.push((await loadOnce(browser, portalUrl, blocks.length, true)).mainThread!);
        traced.plain.push((await loadOnce(browser, served.url, blocks.length, true)).mainThread!);
      }
      const of = (list: MainThreadTimes[]) => Object.fromEntries(MAIN_THREAD_FIGURES.map((k) => [k, median(list.map((t) => t[k]))])) as MainThreadTimes;
      mainThread = { portal: of(traced.portal), plain: of(traced.plain) };
      console.log(`\nmain thread until the blocks show, ms (${runs} traced loads each, medians per kind; tracing slows a load)`);
      for (const kind of MAIN_THREAD_FIGURES) line(`  ${kind}`, mainThread.portal[kind], mainThread.plain[kind], '');
    }
    const over: string[] = [];
    if (m(portalRows, 'byDependency') > TARGET_LEVELS) over.push('request levels');
    if (m(portalRows, 'gzipKB') > TARGET_JS_KB) over.push('JS');
    if (m(portalRows, 'shownMs') > TARGET_RATIO * m(plainRows, 'shownMs')) over.push('time to all blocks');
    console.log(over.length ? `OVER TARGET: ${over.join(', ')}` : 'All home targets met.');
    await mkdir(join(repoRoot, 'bench', 'out'), { recursive: true });
    await writeFile(join(repoRoot, 'bench', 'out', 'home.json'), JSON.stringify({ runs, blocks: blocks.length, portal: portalRows, plain: plainRows, ...(mainThread ? { mainThread } : {}) }, null, 2));
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    if (child) await stopChild(child);
    await rm(runDir, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

if (process.argv.includes('--serve')) {
  const i = process.argv.indexOf('--serve');
  void serve(process.argv[i + 1]!, process.argv[i + 2]!);
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`home bench: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
