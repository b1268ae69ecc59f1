// Deferred rendering (docs/widgets.md "Deferred rendering", docs/decisions.md "Deferred block
// rendering", issue 15): with an IntersectionObserver (here a fake one), the first viewport's blocks
// mount at once and ONE spacer stands in for the rest, which mounts in one more commit after first
// paint (or, with background mounting off, when the spacer comes near), on print, on find-in-page
// and for a #hash naming one of its blocks; without one (plain jsdom, server rendering) every block
// renders at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Type } from 'typebox';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer, type BlockErrorReport, type PageRendererProps } from '../../src/runtime/renderer';
import { defineWidget, type RuntimeContext, type WidgetProps } from '../../src/runtime/widget-definition';

// Loaded synchronously-ish (a resolved promise), so a mounted block shows its text at once.
function TextWidget({ props }: WidgetProps<{ text: string }>) {
  return <p>{props.text}</p>;
}
function ThrowingWidget(_: WidgetProps): ReactNode {
  throw new Error('kaboom');
}
const text = defineWidget<{ text: string }>({
  type: 'text', version: 1, propsSchema: Type.Object({ text: Type.String() }), defaultProps: { text: '' },
  migrations: [], load: async () => ({ default: TextWidget }), estimatedHeight: 300,
});
const broken = defineWidget({
  type: 'broken', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [], load: async () => ({ default: ThrowingWidget }),
});
const registry = createRegistry().register(text).register(broken);
const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' } };

/** 40 text blocks b0…b39 of 300 px each: with jsdom's 768 px viewport the first four mount at once. */
const blocks = (extra: Record<number, unknown> = {}) => Array.from({ length: 40 }, (_, i) => extra[i] ?? { id: `b${i}`, type: 'text', version: 1, props: { text: `Block ${i}` } });
const pageOf = (list: unknown[]) => normalisePage({ schemaVersion: 2, pageId: 1, pageCode: 'long', title: 'Long', root: { props: {} }, blocks: list }, registry);

/** A fake IntersectionObserver that reports only what a test tells it to. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback, readonly options: IntersectionObserverInit = {}) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) { this.targets.add(target); }
  unobserve(target: Element) { this.targets.delete(target); }
  disconnect() { this.targets.clear(); }
  takeRecords() { return []; }
  /** Reports these targets as intersecting the (margin-expanded) root, at `top` px from the viewport's top. */
  intersect(targets: Element[], top: number) {
    const entries = targets.map((target) => ({
      target, isIntersecting: true, intersectionRatio: 1, time: 0, rootBounds: null,
      boundingClientRect: { top, bottom: top + 300, left: 0, right: 100, width: 100, height: 300, x: 0, y: top, toJSON: () => ({}) },
      intersectionRect: { top, bottom: top + 300, left: 0, right: 100, width: 100, height: 300, x: 0, y: top, toJSON: () => ({}) },
    })) as unknown as IntersectionObserverEntry[];
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
const observer = () => FakeIntersectionObserver.instances.at(-1)!;

/** The spacer standing in for the blocks not mounted yet (at most one). */
const placeholders = () => document.querySelectorAll('.rt-block-deferred');
const spacer = () => document.querySelector<HTMLElement>('.rt-block-deferred')!;

function renderLong(list = blocks(), props: Partial<PageRendererProps> = {}) {
  const onBlockError = vi.fn<(r: BlockErrorReport) => void>();
  const view = render(<PageRenderer page={pageOf(list)} registry={registry} ctx={ctx} onBlockError={onBlockError} deferOffscreen={{ background: false }} {...props} />);
  return { ...view, onBlockError };
}

/** Waits until the mounter has started observing (it starts after the first frame). */
const started = () => waitFor(() => expect(observer()?.targets.size).toBeGreaterThan(0));

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // jsdom lays nothing out: put every placeholder far below the viewport, so only the estimate decides what mounts first.
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return this.classList.contains('rt-block-deferred') ? ({ top: 5000, bottom: 5300, left: 0, right: 0, width: 0, height: 300, x: 0, y: 5000, toJSON: () => ({}) } as DOMRect) : rect.call(this);
  });
});
const jsdomScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('deferred rendering', () => {
  it('mounts the first viewport at once and stands one spacer of the estimated height for the rest, not a placeholder per block', async () => {
    renderLong();
    expect(await screen.findByText('Block 0')).toBeInTheDocument();
    expect(screen.getByText('Block 3')).toBeInTheDocument();
    expect(screen.queryByText('Block 4')).toBeNull();
    expect(placeholders()).toHaveLength(1);
    expect(spacer()).toHaveAttribute('aria-hidden', 'true');
    expect(spacer()).toHaveStyle({ height: `${36 * 300}px` }); // 36 blocks of the widget's estimatedHeight
    expect(document.querySelectorAll('[data-block-id]')).toHaveLength(4);
  });

  it('renders the blocks once their widget modules are in, instead of a loading fallback per block', async () => {
    // A definition of its own: a module loaded once stays loaded for the whole file.
    const fresh = defineWidget<{ text: string }>({ ...text, load: async () => ({ default: TextWidget }) });
    const own = createRegistry().register(fresh);
    const page = normalisePage({ schemaVersion: 2, pageId: 1, pageCode: 'long', title: 'Long', root: { props: {} }, blocks: blocks() }, own);
    render(<PageRenderer page={page} registry={own} ctx={ctx} deferOffscreen={{ background: false }} />);
    expect(document.querySelector('.rt-block-loading')).toBeNull();
    expect(spacer()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Block 0')).toBeInTheDocument();
    expect(document.querySelector('.rt-block-loading')).toBeNull();
  });

  it('mounts the whole rest when the spacer comes near, shown with content-visibility (background mounting off)', async () => {
    renderLong();
    await started();
    expect(observer().options.rootMargin).toMatch(/^\d+px 0px$/);
    expect(observer().targets.has(spacer())).toBe(true);
    act(() => observer().intersect([spacer()], 1200));
    expect(await screen.findByText('Block 39')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
    expect(document.querySelectorAll('.rt-page > [data-block-id]')).toHaveLength(40);
    // The rest is skipped by the browser while off screen; the first viewport's blocks are not.
    expect(screen.getByText('Block 20').closest('[data-block-id]')).toHaveClass('rt-block-cv');
    expect(screen.getByText('Block 0').closest('[data-block-id]')).not.toHaveClass('rt-block-cv');
  });

  it('mounts every block before printing', async () => {
    renderLong();
    await screen.findByText('Block 0');
    expect(screen.queryByText('Block 39')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('Block 39')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
  });

  it('mounts the rest when a #hash names one of its blocks, and scrolls to it', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll; // jsdom has none; removed again in afterEach
    window.location.hash = '#b25';
    renderLong();
    expect(await screen.findByText('Block 25')).toBeInTheDocument();
    expect(screen.getByText('Block 39')).toBeInTheDocument();
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toHaveAttribute('data-block-id', 'b25');
  });

  it('mounts the rest when find-in-page is opened (Ctrl+F)', async () => {
    renderLong();
    await started();
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    await waitFor(() => expect(placeholders()).toHaveLength(0));
    expect(screen.getByText('Block 39')).toBeInTheDocument();
  });

  it('mounts every block in the first commit by default, those after the first viewport with content-visibility', async () => {
    // A second, time-sliced commit after first paint made the anchor page's whole mount ~1.5× slower (bench/render.ts).
    renderLong(blocks(), { deferOffscreen: true });
    expect(await screen.findByText('Block 0')).toBeInTheDocument();
    expect(screen.getByText('Block 39')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
    const shown = [...document.querySelectorAll<HTMLElement>('.rt-page > .rt-block')];
    expect(shown).toHaveLength(40);
    // The first viewport (900 px at 300 px estimated per block, with 1.25 viewports eager) paints in full; the rest is skipped off screen.
    expect(shown.slice(0, 3).every((el) => !el.classList.contains('rt-block-cv'))).toBe(true);
    expect(shown.slice(5).every((el) => el.classList.contains('rt-block-cv'))).toBe(true);
  });

  it('keeps the page up when a deferred block throws once mounted, and reports it', async () => {
    const { onBlockError } = renderLong(blocks({ 20: { id: 'boom', type: 'broken', version: 1, props: {} } }), { deferOffscreen: true });
    expect(await screen.findByText('Block 21')).toBeInTheDocument();
    await waitFor(() => expect(onBlockError).toHaveBeenCalledWith(expect.objectContaining({ path: 'blocks[20]', blockId: 'boom', reason: 'render-error' })));
    expect(document.querySelector('[data-block-id="boom"]')).toBeNull();
    expect(screen.getByText('Block 0')).toBeInTheDocument();
  });

  it('mounts more before paint when the blocks turn out shorter than estimated, up to 40 blocks', async () => {
    // The spacer now starts 100 px from the top: the viewport is still mostly empty.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top: 100, bottom: 400, left: 0, right: 0, width: 0, height: 300, x: 0, y: 100, toJSON: () => ({}) }) as DOMRect);
    const list = Array.from({ length: 60 }, (_, i) => ({ id: `b${i}`, type: 'text', version: 1, props: { text: `Block ${i}` } }));
    renderLong(list);
    expect(await screen.findByText('Block 39')).toBeInTheDocument();
    expect(screen.queryByText('Block 40')).toBeNull();
    expect(placeholders()).toHaveLength(1);
    expect(spacer()).toHaveStyle({ height: `${20 * 300}px` });
  });

  it('leaves a block its condition hides out of the spacer, and out of the page once the rest is mounted', async () => {
    renderLong(blocks({ 30: { id: 'learners', type: 'text', version: 1, props: { text: 'For learners' }, condition: { audience: 'learner' } } }));
    await screen.findByText('Block 0');
    expect(spacer()).toHaveStyle({ height: `${35 * 300}px` });
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('Block 39')).toBeInTheDocument();
    expect(document.querySelector('[data-block-id="learners"]')).toBeNull();
  });

  it('renders every block at once without an IntersectionObserver (jsdom, server rendering) or with deferOffscreen={false}', async () => {
    vi.unstubAllGlobals();
    const { unmount } = renderLong(blocks(), { deferOffscreen: true });
    expect(await screen.findByText('Block 39')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
    unmount();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    renderLong(blocks(), { deferOffscreen: false });
    expect(await screen.findByText('Block 39')).toBeInTheDocument();
    expect(placeholders()).toHaveLength(0);
  });
});
