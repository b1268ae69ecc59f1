// Deferred rendering (docs/widgets.md "Deferred rendering"): with an IntersectionObserver (here a
// fake one), far blocks start as placeholders carrying data-block-id/type and mount when near, on
// print, on find-in-page, for a #hash naming them, and in background slices; without one (plain
// jsdom, server rendering) every block renders at once.
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

const placeholder = (id: string) => document.querySelector(`.rt-block-deferred[data-block-id="${id}"]`);
const placeholders = () => document.querySelectorAll('.rt-block-deferred');

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
  it('mounts the first viewport at once and renders every later block as a placeholder carrying its id and type', async () => {
    renderLong();
    expect(await screen.findByText('Block 0')).toBeInTheDocument();
    expect(screen.getByText('Block 3')).toBeInTheDocument();
    expect(screen.queryByText('Block 4')).toBeNull();
    expect(placeholders()).toHaveLength(36);
    const far = placeholder('b20')!;
    expect(far).toHaveAttribute('data-block-type', 'text');
    expect(far).toHaveStyle({ height: '300px' }); // the widget's estimatedHeight
    expect(document.querySelectorAll('[data-block-id]')).toHaveLength(40);
  });

  it('mounts a placeholder when the IntersectionObserver reports it in view, and a near one right after', async () => {
    renderLong();
    await started();
    expect(observer().options.rootMargin).toMatch(/^\d+px 0px$/);
    act(() => observer().intersect([placeholder('b10')!], 100));
    expect(await screen.findByText('Block 10')).toBeInTheDocument();
    expect(placeholder('b10')).toBeNull();
    expect(screen.getByText('Block 10').closest('[data-block-id]')).toHaveAttribute('data-block-type', 'text');
    // Near (inside the margin, below the viewport): mounted in the next background slice.
    act(() => observer().intersect([placeholder('b11')!], 1200));
    expect(await screen.findByText('Block 11')).toBeInTheDocument();
    expect(screen.queryByText('Block 12')).toBeNull();
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

  it('mounts the block a #hash names, and every block before it, and scrolls to it', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll; // jsdom has none; removed again in afterEach
    window.location.hash = '#b25';
    renderLong();
    expect(await screen.findByText('Block 25')).toBeInTheDocument();
    expect(screen.getByText('Block 24')).toBeInTheDocument();
    expect(screen.queryByText('Block 26')).toBeNull();
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toHaveAttribute('data-block-id', 'b25');
    // A later hash change mounts its block too.
    act(() => {
      window.location.hash = '#b33';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByText('Block 33')).toBeInTheDocument();
  });

  it('mounts the rest when find-in-page is opened (Ctrl+F)', async () => {
    renderLong();
    await started();
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    await waitFor(() => expect(placeholders()).toHaveLength(0));
    expect(screen.getByText('Block 39')).toBeInTheDocument();
  });

  it('mounts every block in background slices after first paint by default', async () => {
    renderLong(blocks(), { deferOffscreen: true });
    expect(await screen.findByText('Block 0')).toBeInTheDocument();
    expect(placeholders().length).toBeGreaterThan(0);
    await waitFor(() => expect(placeholders()).toHaveLength(0));
    expect(screen.getByText('Block 39')).toBeInTheDocument();
  });

  it('keeps the page up when a deferred block throws once mounted, and reports it', async () => {
    const { onBlockError } = renderLong(blocks({ 20: { id: 'boom', type: 'broken', version: 1, props: {} } }));
    expect(placeholder('boom')).toHaveAttribute('data-block-type', 'broken');
    await started();
    act(() => observer().intersect([placeholder('boom')!, placeholder('b21')!], 100));
    expect(await screen.findByText('Block 21')).toBeInTheDocument();
    await waitFor(() => expect(onBlockError).toHaveBeenCalledWith(expect.objectContaining({ path: 'blocks[20]', blockId: 'boom', reason: 'render-error' })));
    expect(document.querySelector('[data-block-id="boom"]')).toBeNull();
    expect(screen.getByText('Block 0')).toBeInTheDocument();
  });

  it('mounts more before paint when the blocks turn out shorter than estimated, up to 40 blocks', async () => {
    // Every placeholder now starts 100 px from the top: the viewport is still mostly empty.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top: 100, bottom: 400, left: 0, right: 0, width: 0, height: 300, x: 0, y: 100, toJSON: () => ({}) }) as DOMRect);
    const list = Array.from({ length: 60 }, (_, i) => ({ id: `b${i}`, type: 'text', version: 1, props: { text: `Block ${i}` } }));
    renderLong(list);
    expect(await screen.findByText('Block 39')).toBeInTheDocument();
    expect(screen.queryByText('Block 40')).toBeNull();
    expect(placeholders()).toHaveLength(20);
  });

  it('does not defer a block its condition hides, nor give it a placeholder', async () => {
    renderLong(blocks({ 30: { id: 'learners', type: 'text', version: 1, props: { text: 'For learners' }, condition: { audience: 'learner' } } }));
    await screen.findByText('Block 0');
    expect(document.querySelector('[data-block-id="learners"]')).toBeNull();
    expect(placeholders()).toHaveLength(35);
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
