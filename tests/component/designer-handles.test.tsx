// The designer canvas's block drag handles (issue 16 polish): every block had a handle on its
// top-right corner, covering links such as a title bar's "更多". A handle now shows only for the
// selected and the hovered block, outside the block's top-left edge where it covers no block (in
// the gutter left of the frame when the block's left is another block), and stays long enough for
// the mouse to reach it.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageTemplateV2 } from '../../schemas/page-template';
import { createRegistry } from '../../src/runtime/registry';
import { widget as columns } from '../../widgets/columns/index';
import { widget as titleBar } from '../../widgets/title-bar/index';

const { useDesigner } = await import('../../src/features/admin/designer/designer-store');
const { CanvasFrame, DesignerDnd, handleSpot, HANDLE_SIZE, HOVER_GRACE_MS, HOVER_INTENT_MS, CANVAS_GUTTER } = await import('../../src/features/admin/designer/canvas');
type Layout = Parameters<typeof handleSpot>[1] & { blocks: import('../../src/features/admin/designer/preview-protocol').BlockRect[] };

const block = (id: string, x: number, y: number, width: number, height: number, parentId: string | null = null, slot: string | null = null) =>
  ({ id, type: parentId === null && id === 'row' ? 'columns' : 'title-bar', x, y, width, height, parentId, slot });

// A 1200 px page centred at x 40: a title bar, then a columns block whose col2 starts 16 px after col1.
const LAYOUT: Layout = {
  page: { x: 40, y: 0, width: 1200, height: 272 },
  blocks: [
    block('head', 40, 0, 1200, 48),
    block('row', 40, 72, 1200, 200),
    block('left', 40, 72, 592, 100, 'row', 'col1'),
    block('right', 648, 72, 592, 100, 'row', 'col2'),
  ],
};

const rectOf = (spot: { x: number; y: number }) => ({ x: spot.x, y: spot.y, width: HANDLE_SIZE, height: HANDLE_SIZE });
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('handleSpot', () => {
  it('puts a handle outside its block\'s top-left edge, over no block (it sat on the top-right, over "更多")', () => {
    for (const b of LAYOUT.blocks) {
      const spot = rectOf(handleSpot(b, LAYOUT));
      const covered = LAYOUT.blocks.filter((other) => other.id !== 'row' || b.parentId !== 'row').filter((other) => overlaps(spot, other));
      expect(covered.map((o) => o.id), `handle of ${b.id}`).toEqual([]);
      expect(spot.y).toBe(b.y);
      expect(spot.x).toBeGreaterThanOrEqual(-CANVAS_GUTTER);
    }
    // Left of the block where there is room; right of the last column, whose left is the first column.
    expect(handleSpot(LAYOUT.blocks[0]!, LAYOUT).x).toBe(40 - 4 - HANDLE_SIZE);
    expect(handleSpot(LAYOUT.blocks[3]!, LAYOUT).x).toBe(648 + 592 + 4);
  });

  it('uses the gutter left of the frame for a block at the frame\'s left edge, and for a middle column', () => {
    const layout = { page: { x: 0, y: 0, width: 1280, height: 60 }, blocks: [block('full', 0, 0, 1280, 60)] };
    expect(handleSpot(layout.blocks[0]!, layout)).toEqual({ x: -CANVAS_GUTTER, y: 0 });
    const three = { page: { x: 0, y: 0, width: 1280, height: 100 }, blocks: [
      block('a', 0, 0, 416, 100, 'row', 'col1'), block('b', 432, 0, 416, 100, 'row', 'col2'), block('c', 864, 0, 416, 100, 'row', 'col3'),
    ] };
    expect(handleSpot(three.blocks[1]!, three)).toEqual({ x: -CANVAS_GUTTER, y: 0 });
    expect(handleSpot(three.blocks[2]!, three)).toEqual({ x: 1280 + 4, y: 0 });
  });
});

describe('canvas handles', { timeout: 20_000 }, () => {
  const template: PageTemplateV2 = {
    schemaVersion: 2, pageId: 7, pageCode: 'Pzy_t', title: 't', root: { props: {} },
    blocks: [
      { id: 'head', type: 'title-bar', version: 1, props: { title: '标题' } },
      { id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [{ id: 'left', type: 'title-bar', version: 1, props: {} }], col2: [{ id: 'right', type: 'title-bar', version: 1, props: {} }] } },
    ],
  };

  beforeEach(() => {
    useDesigner.getState().setRegistry(createRegistry().register(titleBar).register(columns));
    useDesigner.getState().replaceDraft(template, 1);
    useDesigner.setState({ viewing: null, selectedId: null });
  });
  afterEach(() => vi.useRealTimers());

  /** Posts a message as the canvas iframe does. */
  const fromFrame = (data: object) => act(() => {
    const frame = screen.getByTestId('designer-frame') as HTMLIFrameElement;
    window.dispatchEvent(new MessageEvent('message', { data: { channel: 'study-designer', ...data }, origin: window.location.origin, source: frame.contentWindow }));
  });
  const handles = () => screen.queryAllByTestId(/^block-handle-/).map((el) => el.dataset.blockId);

  it('shows no handle until a block is selected or hovered, then only that block\'s, still there when the mouse reaches it', async () => {
    render(<DesignerDnd><CanvasFrame /></DesignerDnd>);
    fromFrame({ kind: 'layout', blocks: LAYOUT.blocks, slots: [], page: { x: 40, y: 0, width: 1200, height: 272 }, height: 272, scroll: { x: 0, y: 0 } });
    expect(screen.getByTestId('designer-overlay')).toBeInTheDocument();
    expect(handles()).toEqual([]);

    act(() => useDesigner.getState().select('right'));
    expect(handles()).toEqual(['right']);
    const handle = screen.getByTestId('block-handle-right');
    expect(handle.style.left).toBe(`${648 + 592 + 4}px`);
    expect(handle.style.top).toBe('72px');

    vi.useFakeTimers();
    fromFrame({ kind: 'hover', id: 'head' });
    expect(handles().sort()).toEqual(['head', 'right']);
    // Crossing another block on the way to the handle does not take the handle away…
    fromFrame({ kind: 'hover', id: 'left' });
    act(() => vi.advanceTimersByTime(HOVER_INTENT_MS / 2));
    expect(handles().sort()).toEqual(['head', 'right']);
    fromFrame({ kind: 'hover', id: 'head' });
    act(() => vi.advanceTimersByTime(HOVER_INTENT_MS * 2));
    expect(handles().sort()).toEqual(['head', 'right']);
    // …resting on it does.
    fromFrame({ kind: 'hover', id: 'left' });
    act(() => vi.advanceTimersByTime(HOVER_INTENT_MS + 10));
    expect(handles().sort()).toEqual(['left', 'right']);
    fromFrame({ kind: 'hover', id: 'head' });
    act(() => vi.advanceTimersByTime(HOVER_INTENT_MS + 10));
    expect(handles().sort()).toEqual(['head', 'right']);
    // The mouse leaves the frame for the handle: the handle waits for it, and stays while it is on it.
    fromFrame({ kind: 'hover', id: null });
    act(() => vi.advanceTimersByTime(HOVER_GRACE_MS / 2));
    act(() => { screen.getByTestId('block-handle-head').dispatchEvent(new PointerEvent('pointerover', { bubbles: true })); });
    act(() => vi.advanceTimersByTime(HOVER_GRACE_MS * 2));
    expect(handles().sort()).toEqual(['head', 'right']);
    act(() => { screen.getByTestId('block-handle-head').dispatchEvent(new PointerEvent('pointerout', { bubbles: true })); });
    act(() => vi.advanceTimersByTime(HOVER_GRACE_MS + 10));
    expect(handles()).toEqual(['right']);
  });
});
