// Render bench (DESIGN "Performance", issue 15 point 1): the same logical page rendered in the same
// Chromium run by our runtime and by its references, cold.
//
//   npx tsx bench/render.ts                     anchor page of 1,000 blocks, 5 loads per contestant, then the mixed line
//   npx tsx bench/render.ts --blocks 500 --runs 3
//   npx tsx bench/render.ts --scaling           also N = 250 and 4,000: extra cost per 1,000 more blocks
//   npx tsx bench/render.ts --no-mixed          the anchor lines only
//   npx tsx bench/render.ts --types spacer      the mixed line with only these widgets
//   npx tsx bench/render.ts --trace ours        one extra traced load: main-thread time by trace event (style, layout, script)
//
// Anchor mode (first lines): the peers' page (../shared/bench/anchor-page.js, ANCHOR_PAGE to point
// elsewhere; N blocks cycling through title, paragraph, image, card, columns) rendered by three
// contestants, each its own page of the harness build (bench/render-harness/):
//   ours   the page in our format (our real widgets) through the production RuntimePage, registry
//          and renderer; widget chunks load through the registry's load() after t0;
//   plain  hand-written React, a component per kind (the peers' reference);
//   Puck   @puckeditor/core's <Render> with a config of the five kinds written as plainly.
// Each load is a fresh browser context (no HTTP or code cache, nothing pre-warmed), 1440×900, and
// the contestants are interleaved (ours, plain, Puck, ours, …). Each page times from just before
// root.render() to (a) the first viewport showing its blocks' content and (b) every block showing
// its content, by one rule for all three (bench/render-harness/anchor-measure.ts). Medians, and the
// ratios ours/plain and ours/Puck.
//
// Mixed mode (last line): N blocks cycling through every registered widget with defaults and fixture
// data, rendered by our runtime only, also cold (its warm-up of every widget chunk is gone).
//
// Our runtime drops blocks past 1,000 per page, slots included (schemas/template-limits.ts); the
// anchor page of 1,000 top-level blocks holds 1,400, so the harness build lifts that one limit to
// the page's size (a counter, no cost per block). Anything else our runtime drops fails the run.
//
// Exit code 0 over or under target; 1 only when it could not measure. Results go to
// bench/out/render.json. It stops itself (server, browser, temp dir) after 8 minutes (15 with --scaling).
import type { Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildHarness, preloadPageWidgets, serve } from './render-build';
import { templateBlockTypes } from '../schemas/template-block-types';
import { RICH_TEXT_POLICY_VERSION } from '../schemas/rich-text-policy';
import { WIDGET_CONTRACTS } from '../schemas/widgets/index';
import { sanitisePageTemplate } from '../server/lib/rich-text';
import { servedTemplate } from '../server/lib/template-serve';
import { countBlocks, toOurTemplate } from './render-harness/anchor-convert';
import { anchorPagePath, loadAnchorModule } from './render-harness/anchor-load';

const VIEWPORT = { width: 1440, height: 900 };
/** Issue 15's target: ours fully mounted at most this many times plain React (and faster than Puck). */
export const TARGET_RATIO_PLAIN = 2.0;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ANCHOR_PAGE = anchorPagePath(repoRoot);
const CONTESTANTS = ['ours', 'plain', 'puck'] as const;
type Contestant = (typeof CONTESTANTS)[number];
const LABEL: Record<Contestant, string> = { ours: 'ours', plain: 'plain', puck: 'Puck' };

/** What a harness page reports (bench/render-harness/anchor-measure.ts). */
interface Timing {
  firstViewportMs: number;
  fullyMountedMs: number;
  blocks: number;
  viewportBlocks: number;
  elementsPerBlock: number;
  startMs: number;
  widgets?: number;
  /** Main-thread busy time (Chromium's TaskDuration) from navigation to fully mounted, JS loading included; less sensitive to a loaded machine than wall time. */
  busyMs?: number;
}

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

const ms = (value: number) => `${Math.round(value)} ms`;
const times = (value: number) => `${value.toFixed(2)}×`;

// The harness's build and static server: ./render-build.ts.
/** A Chromium trace event (the fields used here). */
interface TraceEvent { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } }

/**
 * Writes a Chromium trace and prints the renderer main thread's time by event (self time of
 * complete events, nested events subtracted): style, layout, script, parsing.
 */
async function summariseTrace(path: string, buffer: Buffer): Promise<void> {
  await writeFile(path, buffer);
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number') as (TraceEvent & { ts: number; dur: number })[];
  own.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map<string, number>();
  const stack: (TraceEvent & { ts: number; dur: number; self: number })[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.ts + stack[stack.length - 1]!.dur <= until) {
      const done = stack.pop()!;
      self.set(done.name, (self.get(done.name) ?? 0) + done.self);
    }
  };
  for (const e of own) {
    close(e.ts);
    if (stack.length) stack[stack.length - 1]!.self -= e.dur;
    stack.push({ ...e, self: e.dur });
  }
  close(Infinity);
  console.log(`main-thread self time by trace event (ms), ${path}:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${(us / 1000).toFixed(1).padStart(9)}  ${name}`);
}

/** A Chromium CPU profile node, as Profiler.stop returns it. */
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }

/** Writes the profile and prints the functions with the most self time (samples), for a first look. */
async function writeCpuProfile(path: string, profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] }): Promise<void> {
  await mkdir(resolve(repoRoot, 'bench/out'), { recursive: true });
  await writeFile(path, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('self time (ms), top 25:');
  for (const [key, value] of top) console.log(`  ${value.toFixed(1).padStart(8)}  ${key}`);
}

async function main(): Promise<number> {
  const blocks = option('blocks', 1000);
  const runs = option('runs', 5);
  const mixedRuns = option('mixed-runs', Math.min(runs, 3));
  const scaling = process.argv.includes('--scaling');
  const mixed = !process.argv.includes('--no-mixed');
  const typesAt = process.argv.indexOf('--types');
  const types = typesAt >= 0 ? process.argv[typesAt + 1] ?? '' : '';
  const sizes = [...new Set(scaling ? [blocks, 250, 4000] : [blocks])];
  const hardLimitMs = (scaling ? 15 : 8) * 60_000;
  const profileAt = process.argv.indexOf('--profile');
  const profiled = profileAt >= 0 ? (process.argv[profileAt + 1] as Contestant | undefined) : undefined;
  if (profiled !== undefined && !CONTESTANTS.includes(profiled)) throw new Error(`--profile takes one of ${CONTESTANTS.join(', ')}.`);

  const anchor = await loadAnchorModule(ANCHOR_PAGE);
  const maxBlocks = Math.max(1000, ...sizes.map((n) => countBlocks(anchor.makePage(n).blocks)));

  const outDir = await mkdtemp(join(tmpdir(), 'render-bench-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  const watchdog = setTimeout(() => {
    console.error(`render bench: gave up after ${hardLimitMs / 60_000} minutes.`);
    void browser?.close().catch(() => undefined);
    server?.close();
    void rm(outDir, { recursive: true, force: true }).finally(() => process.exit(1));
  }, hardLimitMs);
  watchdog.unref();
  try {
    console.log(`Building the harness (bench/render-harness, the project's Vite config) into ${outDir} …`);
    await buildHarness(outDir, maxBlocks, ANCHOR_PAGE);
    // Each size's template as the portal serves it (issue 15 point 2): sanitised and stamped on save
    // (server/lib/rich-text.ts), then checked, filled and stamped by server/lib/template-serve.ts
    // with the harness's page limit; ours.tsx reads it before t0, as the portal's HTML carries it.
    let checked = false;
    for (const n of sizes) {
      const stored = await sanitisePageTemplate(toOurTemplate(anchor.makePage(n), (type) => WIDGET_CONTRACTS[type]?.version ?? 1, { richTextPolicy: RICH_TEXT_POLICY_VERSION }));
      const served = servedTemplate(stored, { maxPageBlocks: maxBlocks }) as { checked?: string };
      if (!served.checked) throw new Error(`The server's template check refused the anchor page of ${n} blocks; run tests/unit/anchor-page.test.ts.`);
      if (n === blocks) checked = true;
      await writeFile(join(outDir, `bench/render-harness/served-${n}.json`), JSON.stringify(served));
    }
    await preloadPageWidgets(outDir, templateBlockTypes(toOurTemplate(anchor.makePage(blocks), () => 1)), checked);
    const served = await serve(outDir);
    server = served.server;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
    } catch (error) {
      throw new Error(`Chromium did not start from ${CHROMIUM_PATH}; set CHROMIUM_PATH. ${(error as Error).message}`);
    }
    const load = async (page: string, query: string, profileTo?: string, traceTo?: string): Promise<Timing> => {
      const context = await browser!.newContext({ viewport: VIEWPORT });
      try {
        const tab = await context.newPage();
        if (process.env.BENCH_DEBUG) tab.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300), m.location().url)).on('pageerror', (e) => console.log('pageerror:', e.stack));
        const metrics = await context.newCDPSession(tab);
        await metrics.send('Performance.enable');
        if (traceTo) await browser!.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
        const cdp = profileTo ? await context.newCDPSession(tab) : undefined;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
        }
        await tab.goto(`${served.url}bench/render-harness/${page}.html?${query}`);
        const handle = await tab.waitForFunction(() => window.__renderBench, undefined, { timeout: 120_000 });
        const result = (await handle.jsonValue()) as Timing | { error: string };
        const { metrics: list } = await metrics.send('Performance.getMetrics');
        const busy = list.find((m) => m.name === 'TaskDuration')?.value;
        if (!('error' in result) && typeof busy === 'number') result.busyMs = busy * 1000;
        if (cdp && profileTo) {
          const { profile } = await cdp.send('Profiler.stop');
          await writeCpuProfile(profileTo, profile);
        }
        if (traceTo) await summariseTrace(traceTo, await browser!.stopTracing());
        if ('error' in result) throw new Error(`The ${page} page failed: ${result.error}`);
        return result;
      } finally {
        await context.close();
      }
    };
    if (profiled) {
      // --profile C: one extra load of contestant C with the CPU profiler on (not counted).
      const to = resolve(repoRoot, `bench/out/render-${profiled}.cpuprofile`);
      await load(profiled, `n=${blocks}`, to);
      console.log(`CPU profile of one ${LABEL[profiled]} load: ${to} (open it in Chromium's DevTools, Performance panel)`);
    }

    const tracedAt = process.argv.indexOf('--trace');
    const traced = tracedAt >= 0 ? (process.argv[tracedAt + 1] as Contestant | undefined) : undefined;
    if (traced !== undefined) {
      if (!CONTESTANTS.includes(traced)) throw new Error(`--trace takes one of ${CONTESTANTS.join(', ')}.`);
      // --trace C: one extra load of contestant C with a Chromium trace (not counted): main-thread time by event.
      const to = resolve(repoRoot, `bench/out/render-${traced}.trace.json`);
      await load(traced, `n=${blocks}`, undefined, to);
    }

    const anchorResults: Record<number, Record<Contestant, Timing[]>> = {};
    for (const n of sizes) {
      const bySize: Record<Contestant, Timing[]> = { ours: [], plain: [], puck: [] };
      anchorResults[n] = bySize;
      for (let run = 1; run <= runs; run++) {
        const line: string[] = [];
        for (const c of CONTESTANTS) {
          const t = await load(c, `n=${n}`);
          bySize[c].push(t);
          line.push(`${LABEL[c]} ${ms(t.firstViewportMs)} / ${ms(t.fullyMountedMs)}`);
        }
        console.log(`anchor ${n}, load ${run}: first viewport / fully mounted: ${line.join(', ')}`);
      }
    }

    const summary = (n: number) => {
      const r = anchorResults[n]!;
      const med = (c: Contestant, key: 'firstViewportMs' | 'fullyMountedMs') => median(r[c].map((t) => t[key]));
      const figure = (key: 'firstViewportMs' | 'fullyMountedMs') => {
        const ours = med('ours', key);
        const plain = med('plain', key);
        const puck = med('puck', key);
        return { ours, plain, puck, oursToPlain: ours / plain, oursToPuck: ours / puck };
      };
      return {
        blocks: n, blocksWithSlots: countBlocks(anchor.makePage(n).blocks),
        firstViewport: figure('firstViewportMs'), fullyMounted: figure('fullyMountedMs'),
        viewportBlocks: Object.fromEntries(CONTESTANTS.map((c) => [c, median(r[c].map((t) => t.viewportBlocks))])),
        elementsPerBlock: Object.fromEntries(CONTESTANTS.map((c) => [c, r[c][0]!.elementsPerBlock])),
        jsReadyMs: Object.fromEntries(CONTESTANTS.map((c) => [c, median(r[c].map((t) => t.startMs))])),
        busyMs: Object.fromEntries(CONTESTANTS.map((c) => [c, median(r[c].map((t) => t.busyMs ?? Number.NaN))])),
        runs: Object.fromEntries(CONTESTANTS.map((c) => [c, r[c].map(({ firstViewportMs, fullyMountedMs }) => ({ firstViewportMs, fullyMountedMs }))])),
      };
    };
    const headline = summary(blocks);
    console.log('');
    for (const [key, name] of [['firstViewport', `first viewport (${VIEWPORT.width}×${VIEWPORT.height})`], ['fullyMounted', 'fully mounted']] as const) {
      const f = headline[key];
      console.log(`anchor ${blocks} blocks ${name}: ours ${ms(f.ours)}, plain ${ms(f.plain)} (${times(f.oursToPlain)}), Puck ${ms(f.puck)} (${times(f.oursToPuck)})  [medians of ${runs} cold loads each]`);
    }
    const epb = headline.elementsPerBlock;
    console.log(`anchor ${blocks} blocks, elements per block: ours ${epb.ours!.toFixed(1)}, plain ${epb.plain!.toFixed(1)}, Puck ${epb.puck!.toFixed(1)}; JS ready (navigation to t0): ours ${ms(headline.jsReadyMs.ours!)}, plain ${ms(headline.jsReadyMs.plain!)}, Puck ${ms(headline.jsReadyMs.puck!)}`);
    const busy = headline.busyMs;
    console.log(`anchor ${blocks} blocks, main-thread busy time (navigation to fully mounted, JS loading included): ours ${ms(busy.ours!)}, plain ${ms(busy.plain!)} (${times(busy.ours! / busy.plain!)}), Puck ${ms(busy.puck!)} (${times(busy.ours! / busy.puck!)})`);
    const met = headline.fullyMounted.oursToPlain <= TARGET_RATIO_PLAIN && headline.fullyMounted.ours < headline.fullyMounted.puck;
    console.log(`target: fully mounted ≤ ${TARGET_RATIO_PLAIN.toFixed(1)}× plain and < Puck — ours ${times(headline.fullyMounted.oursToPlain)} plain, ${times(headline.fullyMounted.oursToPuck)} Puck: ${met ? 'met' : 'NOT MET'}`);

    let slope: Record<Contestant, number> | undefined;
    if (scaling) {
      const low = summary(250).fullyMounted;
      const high = summary(4000).fullyMounted;
      const per1000 = (c: 'ours' | 'plain' | 'puck') => ((high[c] - low[c]) / (4000 - 250)) * 1000;
      slope = { ours: per1000('ours'), plain: per1000('plain'), puck: per1000('puck') };
      console.log(`anchor scaling, extra cost per 1,000 more blocks (fully mounted, N 250 → 4,000): ours ${ms(slope.ours)}, plain ${ms(slope.plain)} (${times(slope.ours / slope.plain)}), Puck ${ms(slope.puck)} (${times(slope.ours / slope.puck)})`);
    }

    let mixedOut: object | undefined;
    if (mixed) {
      const results: Timing[] = [];
      for (let run = 1; run <= mixedRuns; run++) results.push(await load('mixed', `n=${blocks}${types ? `&types=${encodeURIComponent(types)}` : ''}`));
      const first = median(results.map((t) => t.firstViewportMs));
      const full = median(results.map((t) => t.fullyMountedMs));
      const what = types ? `only ${types}` : `${results[0]!.widgets} widget types`;
      console.log(`mixed ${results[0]!.blocks} blocks (ours only, ${what}, fixture data, cold): first viewport ${ms(first)}, fully mounted ${ms(full)}  [medians of ${mixedRuns} loads; no reference]`);
      mixedOut = {
        blocks: results[0]!.blocks, widgets: results[0]!.widgets, types: types || null,
        firstViewportMs: first, fullyMountedMs: full, runs: results.map(({ firstViewportMs, fullyMountedMs }) => ({ firstViewportMs, fullyMountedMs })),
      };
    }

    await mkdir(resolve(repoRoot, 'bench/out'), { recursive: true });
    const out = {
      viewport: VIEWPORT, runs, anchorPage: ANCHOR_PAGE, maxPageBlocksInHarness: maxBlocks,
      target: { fullyMountedToPlain: TARGET_RATIO_PLAIN, fasterThanPuck: true, met },
      anchor: sizes.map(summary), scalingPer1000Blocks: slope ?? null, mixed: mixedOut ?? null,
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
