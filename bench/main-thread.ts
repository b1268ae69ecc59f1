// Where a page's main thread spends its time until a moment of the load (bench/home.ts --trace):
// a Chromium trace of one load, its renderer main thread's events from navigation to `untilMs`,
// each event's self time (its duration less its children's) put in the kind of its nearest
// ancestor-or-self with a kind. The kinds answer "what would have to shrink": the HTML parser, V8
// compiling scripts (on the main thread: lazy function compiles and module parses), running them,
// style, layout, paint, and images decoded there (an SVG image is a whole document). "other" is
// the scheduler's and loader's own work, and idle time is not counted at all.
import type { CDPSession, Page } from 'playwright-core';

/** The kinds, tried in this order on an event's name. */
const KINDS: Array<[kind: string, name: RegExp]> = [
  ['style', /^(UpdateLayoutTree|Document::updateStyle|Document::recalcStyle|Blink\.Style)/],
  ['layout', /^(Layout|LocalFrameView::layout|LocalFrameView::performLayout|Blink\.Layout|InlineNode)/],
  ['paint', /^(Paint|PrePaint|Layerize|Commit|UpdateLayer|Blink\.Paint|Blink\.PrePaint|LocalFrameView::RunPaint|PaintImage)/],
  ['images', /(SVGImage|IsolatedSVG|ImageResourceContent|Decode)/],
  ['html', /^(ParseHTML|HTMLDocumentParser|DocumentLoader)/],
  ['compile', /^(v8\.compile|V8\.Compile|V8\.Parse|V8\.PreParse|v8\.produceModuleCache)/i],
  ['script', /^(FunctionCall|EvaluateScript|v8\.evaluateModule|v8\.run|RunMicrotasks|V8\.Execute|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|V8\.GC|MajorGC|MinorGC)/],
];

/** The kinds in the order they are printed. */
export const MAIN_THREAD_KINDS = ['html', 'compile', 'script', 'style', 'layout', 'paint', 'images', 'other'] as const;
export type MainThreadKind = (typeof MAIN_THREAD_KINDS)[number];
/** The figures a trace gives, in print order: each kind, then their total. */
export const MAIN_THREAD_FIGURES = [...MAIN_THREAD_KINDS, 'total'] as const;
export type MainThreadTimes = Record<(typeof MAIN_THREAD_FIGURES)[number], number>;

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }

/** Starts tracing a page before its navigation; `stop(untilMs)` ends it and returns the main thread's time by kind. */
export async function traceMainThread(page: Page): Promise<{ stop(untilMs: number): Promise<MainThreadTimes> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types the events as string maps; they are trace events (numbers where numeric).
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink,loading,toplevel,blink.user_timing,disabled-by-default-v8.compile',
    transferMode: 'ReportEvents',
  });
  return {
    async stop(untilMs) {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => undefined);
      return mainThreadTimes(events, untilMs);
    },
  };
}

/** The renderer main thread's self time by kind, from navigationStart to `untilMs` after it. */
export function mainThreadTimes(events: readonly TraceEvent[], untilMs: number): MainThreadTimes {
  const times = Object.fromEntries(MAIN_THREAD_FIGURES.map((k) => [k, 0])) as MainThreadTimes;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const start = events.find((e) => e.name === 'navigationStart')?.ts;
  if (start === undefined) return times;
  const end = start + untilMs * 1000;
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(thread) || e.ts < start || e.ts > end) continue;
    const list = byThread.get(thread);
    if (list) list.push(e);
    else byThread.set(thread, [e]);
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: Array<{ event: TraceEvent; kind: MainThreadKind; self: number }> = [];
    const done: Array<{ kind: MainThreadKind; self: number }> = [];
    for (const event of list) {
      const dur = event.dur ?? 0;
      while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= event.ts) done.push(stack.pop()!);
      const parent = stack.at(-1);
      if (parent) parent.self -= Math.min(dur, parent.event.ts + (parent.event.dur ?? 0) - event.ts);
      const kind = (KINDS.find(([, name]) => name.test(event.name))?.[0] as MainThreadKind | undefined) ?? parent?.kind ?? 'other';
      stack.push({ event, kind, self: dur });
    }
    done.push(...stack);
    for (const { kind, self } of done) {
      times[kind] += self / 1000;
      times.total += self / 1000;
    }
  }
  return times;
}
