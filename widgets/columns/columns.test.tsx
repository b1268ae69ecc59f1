import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { pageOf, renderPage } from '../../tests/component/widget-harness';
import { widget as titleBar } from '../title-bar/index';
import { widget as spacer } from '../spacer/index';
import { widget } from './index';
import { parseRatio } from './columns';

const heading = (id: string, title: string) => ({ id, type: 'title-bar', version: 1, props: { title } });

describe('columns', () => {
  it('stacks below its width, all blocks of a page on one media query list that follows the window (stackBelow)', async () => {
    const listeners = new Set<() => void>();
    const state = { matches: true };
    const matchMedia = vi.fn((query: string) => ({
      get matches() { return state.matches; }, media: query,
      addEventListener: (_: string, f: () => void) => listeners.add(f), removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const row = (id: string) => ({ id, type: 'columns', version: 1, props: { stackBelow: 733 }, slots: { col1: [heading(`${id}-l`, `${id}左`)] } });
      const { container } = renderPage([widget, titleBar], [row('a'), row('b'), row('c')]);
      await screen.findByRole('heading', { name: 'c左' }, { timeout: 5000 });
      const grids = [...container.querySelectorAll<HTMLElement>('.w-columns')];
      expect(grids.map((g) => g.style.gridTemplateColumns)).toEqual(['1fr', '1fr', '1fr']);
      // One list and one listener for the three blocks (a page of 200 made 200 of each).
      expect(matchMedia.mock.calls.filter(([q]) => q === '(max-width: 732px)')).toHaveLength(1);
      expect(listeners.size).toBe(1);
      state.matches = false;
      await act(async () => listeners.forEach((f) => f()));
      expect(grids.map((g) => g.style.gridTemplateColumns)).toEqual(Array(3).fill('minmax(0, 1fr) minmax(0, 1fr)'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders child blocks in its two default slots through PageRenderer (ratio 1:1)', async () => {
    const { container } = renderPage([widget, titleBar, spacer], [
      { id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [heading('l', '左栏')], col2: [heading('r', '右栏'), { id: 's', type: 'spacer', version: 1, props: {} }] } },
    ]);
    await screen.findByRole('heading', { name: '左栏' }, { timeout: 5000 });
    await screen.findByRole('heading', { name: '右栏' });
    const grid = container.querySelector('.w-columns')!;
    expect(grid).toHaveAttribute('data-ratio', '1:1');
    expect(grid).toHaveStyle({ gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' });
    const col1 = container.querySelector('[data-slot="col1"]') as HTMLElement;
    const col2 = container.querySelector('[data-slot="col2"]') as HTMLElement;
    expect(within(col1).getByRole('heading', { name: '左栏' })).toBeInTheDocument();
    expect(within(col2).getByRole('heading', { name: '右栏' })).toBeInTheDocument();
    expect(col1.querySelector('[data-block-id="l"]')).toHaveAttribute('data-block-path', 'blocks[0].slots.col1[0]');
    await within(col2).findByText((_, el) => el?.classList.contains('w-spacer') ?? false);
    expect(container.querySelector('[data-slot="col3"]')).toBeNull();
    // The columns carry no style object of their own: columns.css stacks them with the block's gap.
    expect(col1.getAttribute('style')).toBeNull();
    expect((grid as HTMLElement).style.getPropertyValue('--w-columns-gap')).toBe('16px');
  });

  it('renders three columns for 1:1:1 and weights them for 2:1', async () => {
    const { container, unmount } = renderPage([widget, titleBar], [
      { id: 'row', type: 'columns', version: 1, props: { ratio: '1:1:1', gap: 24 }, slots: { col1: [heading('a', '一')], col2: [heading('b', '二')], col3: [heading('c', '三')] } },
    ]);
    // The slots show once the page's widget chunks load (first in the file under --sequence.shuffle):
    // find the heading first, then ask which slot holds it.
    expect((await screen.findByRole('heading', { name: '三' })).closest('[data-slot="col3"]')).toBeInTheDocument();
    expect(container.querySelector('.w-columns')).toHaveStyle({ gap: '24px' });
    unmount();
    const second = renderPage([widget, titleBar], [
      { id: 'row', type: 'columns', version: 1, props: { ratio: '2:1' }, slots: { col1: [heading('a', '宽')], col2: [heading('b', '窄')] } },
    ]);
    await screen.findByRole('heading', { name: '窄' }, { timeout: 5000 });
    expect(second.container.querySelector('.w-columns')).toHaveStyle({ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' });
  });

  it('drops child blocks in a slot it does not have, and the page report names them', async () => {
    const blocks = [
      { id: 'row', type: 'columns', version: 1, props: {}, slots: { col1: [heading('a', '留下')], sidebar: [heading('x', '丢弃')] } },
    ];
    renderPage([widget, titleBar], blocks);
    await screen.findByRole('heading', { name: '留下' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: '丢弃' })).toBeNull();
    const registry = createRegistry().register(widget).register(titleBar);
    const { report } = normalisePage(pageOf(blocks), registry);
    expect(report.entries).toContainEqual(expect.objectContaining({ action: 'dropped', blockId: 'x', reason: 'unknown-slot' }));
  });

  it('accepts ratios of two or three digits 1-9 and refuses others (they fall back to the default ratio)', () => {
    const registry = createRegistry().register(widget);
    for (const ratio of ['1:1', '2:1', '1:2', '1:1:1', '3:2:1']) expect(registry.checkProps('columns', { ratio }).ok).toBe(true);
    for (const ratio of ['1:1', '2:1', '1:2', '1:1:1', '3:2:1']) expect(registry.checkProps('columns', { ratio })).toMatchObject({ props: { ratio }, repairs: [] });
    for (const ratio of ['1', '1:1:1:1', '0:1', 'a:b', '1;1']) {
      expect(registry.checkProps('columns', { ratio })).toMatchObject({ ok: true, props: { ratio: widget.defaultProps.ratio }, repairs: [{ field: 'props.ratio', fallback: 'default' }] });
    }
    expect(parseRatio('2:1')).toEqual([2, 1]);
    expect(parseRatio('nonsense')).toEqual([1, 1]);
  });
});

// Review gap: blocks in a slot the columns block does not show were hidden without a word.
describe('columns: blocks in slots it does not show', () => {
  const twoColumns = (slots: Record<string, unknown[]>) => [{ id: 'row', type: 'columns', version: 1, props: { ratio: '2:1' }, slots }];

  it('reports a block in col3 of a two-column row through onBlockError, naming its path and the fix, and skips it in production', async () => {
    const { onBlockError } = renderPage([widget, titleBar], twoColumns({ col1: [heading('a', '左')], col3: [heading('x', '第三栏')] }));
    await screen.findByRole('heading', { name: '左' }, { timeout: 5000 });
    await vi.waitFor(() => expect(onBlockError).toHaveBeenCalledTimes(1));
    expect(onBlockError).toHaveBeenCalledWith(expect.objectContaining({ path: 'blocks[0].slots.col3[0]', blockId: 'x', type: 'title-bar', reason: 'hidden-slot' }));
    expect(onBlockError.mock.calls[0]![0].message).toBe(
      'Block blocks[0].slots.col3[0] (title-bar "x") is in slot "col3", but the columns block "row" shows only "col1" and "col2" with its current props; move it to "col1" or "col2", or change the props of "row" so that it shows "col3".',
    );
    expect(screen.queryByRole('heading', { name: '第三栏' })).toBeNull();
    expect(screen.queryByTestId('block-placeholder')).toBeNull();
  });

  it('reports a block in a slot the widget does not have (col9) with the slots to move it to', async () => {
    const { onBlockError } = renderPage([widget, titleBar], twoColumns({ col1: [heading('a', '左')], col9: [heading('y', '第九栏')] }));
    await screen.findByRole('heading', { name: '左' }, { timeout: 5000 });
    await vi.waitFor(() => expect(onBlockError).toHaveBeenCalledTimes(1));
    const report = onBlockError.mock.calls[0]![0];
    expect(report).toMatchObject({ path: 'blocks[0].slots.col9[0]', blockId: 'y', type: 'title-bar', reason: 'unknown-slot' });
    expect(report.message).toBe('Block blocks[0].slots.col9[0] (title-bar "y") is in slot "col9", but the columns block "row" has no slot "col9"; move it to "col1" or "col2".');
  });

  it('shows a placeholder with the same sentence in preview, inside the columns block', async () => {
    const { container, onBlockError } = renderPage([widget, titleBar], twoColumns({ col1: [heading('a', '左')], col3: [heading('x', '第三栏')], col9: [heading('y', '第九栏')] }), { mode: 'preview' });
    await screen.findByRole('heading', { name: '左' }, { timeout: 5000 });
    const placeholders = await screen.findAllByTestId('block-placeholder');
    expect(placeholders.map((p) => p.getAttribute('data-block-path'))).toEqual(['blocks[0].slots.col3[0]', 'blocks[0].slots.col9[0]']);
    expect(placeholders[0]).toHaveTextContent(/is in slot "col3", but the columns block "row" shows only "col1" and "col2"/);
    expect(container.querySelector('[data-block-id="row"]')!.contains(placeholders[0]!)).toBe(true);
    expect(onBlockError).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('heading', { name: '第三栏' })).toBeNull();
  });

  it('reports nothing when every child sits in a column the ratio shows', async () => {
    const { onBlockError } = renderPage([widget, titleBar], [{ id: 'row', type: 'columns', version: 1, props: { ratio: '1:1:1' }, slots: { col1: [heading('a', '一')], col3: [heading('c', '三')] } }]);
    await screen.findByRole('heading', { name: '三' }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(onBlockError).not.toHaveBeenCalled();
  });
});
