import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Type } from 'typebox';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../src/runtime/renderer';
import { defineWidget, type RuntimeContext, type WidgetProps } from '../../src/runtime/widget-definition';

// Small fake widgets: a text block, a two-slot container, and one that throws.
function TextWidget({ props }: WidgetProps<{ text: string }>) {
  return <p>{props.text}</p>;
}
function ColumnsWidget({ renderSlot }: WidgetProps) {
  return <div className="cols"><div className="left">{renderSlot('left')}</div><div className="right">{renderSlot('right')}</div></div>;
}
function ThrowingWidget(_: WidgetProps): ReactNode {
  throw new Error('kaboom');
}

const text = defineWidget<{ text: string }>({
  type: 'text', version: 1, propsSchema: Type.Object({ text: Type.String({ minLength: 1 }) }), defaultProps: { text: 'default text' },
  migrations: [], load: async () => ({ default: TextWidget }),
});
const columns = defineWidget({
  type: 'columns', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [], slots: ['left', 'right'],
  load: async () => ({ default: ColumnsWidget }),
});
const broken = defineWidget({
  type: 'broken', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [], load: async () => ({ default: ThrowingWidget }),
});
const unloadable = defineWidget({
  type: 'unloadable', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [],
  load: (): Promise<{ default: ComponentType<WidgetProps> }> => Promise.reject(new Error('Failed to fetch dynamically imported module')),
});

const registry = () => createRegistry().register(text).register(columns).register(broken).register(unloadable);
const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' } };
const page = (blocks: unknown[]) => ({ schemaVersion: 2, pageId: 1, pageCode: 'demo_home', title: 'Home', root: { props: {} }, blocks });

/** A value nested this many objects deep (issue 14 point 13: 3,000 once overflowed the stack). */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

const mixedPage = page([
  { id: 'first', type: 'text', version: 1, props: { text: 'First block' } },
  { id: 'ghost', type: 'weather', version: 1, props: {} },
  { id: 'bad', type: 'text', version: 1, props: { text: 'Too deep', extra: nested(3000) } },
  { id: 'boom', type: 'broken', version: 1, props: {} },
  { id: 'row', type: 'columns', version: 1, props: {}, slots: {
    left: [{ id: 'inner', type: 'text', version: 1, props: { text: 'Inside left' } }],
    right: [{ id: 'offline', type: 'unloadable', version: 1, props: {} }],
  } },
  { id: 'last', type: 'text', version: 1, props: { text: 'Last block' } },
]);

beforeEach(() => {
  // React logs errors caught by boundaries; the assertions below are what matters.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('PageRenderer', () => {
  it('puts data-block-id and data-block-type on every block root, nested ones included', async () => {
    const { container } = render(<PageRenderer page={normalisePage(mixedPage, registry())} registry={registry()} ctx={ctx} onBlockError={() => undefined} />);
    await screen.findByText('Inside left');
    const inner = screen.getByText('Inside left').closest('[data-block-id]');
    expect(inner).toHaveAttribute('data-block-id', 'inner');
    expect(inner).toHaveAttribute('data-block-type', 'text');
    expect(inner).toHaveAttribute('data-block-path', 'blocks[4].slots.left[0]');
    const row = container.querySelector('[data-block-id="row"]');
    expect(row).toHaveAttribute('data-block-type', 'columns');
    expect(row?.contains(inner!)).toBe(true);
    expect(screen.getByText('First block').closest('[data-block-id]')).toHaveAttribute('data-block-id', 'first');
  });

  it('in production skips unknown, invalid, throwing and unloadable blocks, keeps the rest, and reports each once', async () => {
    const onBlockError = vi.fn<(r: BlockErrorReport) => void>();
    const reg = registry();
    const normalised = normalisePage(mixedPage, reg);
    const { container, rerender } = render(<PageRenderer page={normalised} registry={reg} ctx={ctx} onBlockError={onBlockError} />);
    await screen.findByText('Last block');
    await screen.findByText('Inside left');
    await vi.waitFor(() => expect(onBlockError).toHaveBeenCalledTimes(4));
    expect(screen.getByText('First block')).toBeInTheDocument();
    expect(screen.queryByTestId('block-placeholder')).toBeNull();
    expect(container.querySelector('[data-block-id="boom"]')).toBeNull();
    expect(container.querySelector('[data-block-id="offline"]')).toBeNull();
    const reports = onBlockError.mock.calls.map(([r]) => [r.path, r.reason]);
    expect(reports).toEqual(expect.arrayContaining([
      ['blocks[1]', 'unknown-type'], ['blocks[2]', 'too-large'], ['blocks[3]', 'render-error'], ['blocks[4].slots.right[0]', 'render-error'],
    ]));
    const invalid = onBlockError.mock.calls.find(([r]) => r.reason === 'too-large')![0];
    expect(invalid.message).toBe('Block blocks[2] (text) was dropped: its props are nested more than 32 levels deep, the limit for one block.');
    // Re-rendering the same page (with a new callback) does not report again.
    const later = vi.fn();
    rerender(<PageRenderer page={normalised} registry={reg} ctx={{ ...ctx }} onBlockError={later} />);
    await screen.findByText('Last block');
    await new Promise((r) => setTimeout(r, 20));
    expect(later).not.toHaveBeenCalled();
    expect(onBlockError).toHaveBeenCalledTimes(4);
  });

  it('in preview shows a placeholder naming the block path and the reason', async () => {
    render(<PageRenderer page={mixedPage} registry={registry()} ctx={ctx} mode="preview" onBlockError={() => undefined} />);
    await screen.findByText('Last block');
    await vi.waitFor(() => expect(screen.getAllByTestId('block-placeholder')).toHaveLength(4));
    const texts = screen.getAllByTestId('block-placeholder').map((p) => p.textContent);
    expect(texts).toEqual([
      'Block blocks[1] (weather) was dropped: no widget of type "weather" is registered.',
      'Block blocks[2] (text) was dropped: its props are nested more than 32 levels deep, the limit for one block.',
      'Block blocks[3] (broken) failed to render: kaboom',
      'Block blocks[4].slots.right[0] (unloadable) failed to render: Failed to fetch dynamically imported module',
    ]);
    expect(screen.getAllByTestId('block-placeholder')[1]).toHaveAttribute('data-block-path', 'blocks[2]');
    expect(screen.getByText('First block')).toBeInTheDocument();
    expect(screen.getByText('Inside left')).toBeInTheDocument();
  });

  it('a prop nested 3,000 deep no longer takes the page down: the good blocks render and the bad one is reported', async () => {
    const onBlockError = vi.fn<(r: BlockErrorReport) => void>();
    const deepPage = page([
      { id: 'before', type: 'text', version: 1, props: { text: 'Before the deep block' } },
      { id: 'deep', type: 'text', version: 1, props: { text: 'Deep', extra: nested(3000) } },
      { id: 'after', type: 'text', version: 1, props: { text: 'After the deep block' } },
    ]);
    // The raw template, as the home page passes it: normalising happens inside the renderer.
    const { container } = render(<PageRenderer page={deepPage} registry={registry()} ctx={ctx} onBlockError={onBlockError} />);
    expect(await screen.findByText('Before the deep block')).toBeInTheDocument();
    expect(await screen.findByText('After the deep block')).toBeInTheDocument();
    expect(container.querySelector('[data-block-id="deep"]')).toBeNull();
    await vi.waitFor(() => expect(onBlockError).toHaveBeenCalledTimes(1));
    expect(onBlockError.mock.calls[0]![0]).toMatchObject({
      path: 'blocks[1]', reason: 'too-large', message: 'Block blocks[1] (text) was dropped: its props are nested more than 32 levels deep, the limit for one block.',
    });
  });

  it('a title one character over its limit no longer loses the block: the field falls back to its default (issue 14 point 14)', async () => {
    const limited = defineWidget<{ text: string; title: string }>({
      type: 'titled', version: 1, migrations: [], load: async () => ({ default: ({ props }: WidgetProps<{ text: string; title: string }>) => <h2>{props.title}: {props.text}</h2> }),
      propsSchema: Type.Object({ text: Type.String(), title: Type.String({ maxLength: 5 }) }), defaultProps: { text: '', title: 'News' },
    });
    const reg = registry().register(limited);
    const onBlockError = vi.fn<(r: BlockErrorReport) => void>();
    const template = page([{ id: 't', type: 'titled', version: 1, props: { text: 'Spring term', title: 'Newsy!' } }]);
    const { unmount } = render(<PageRenderer page={template} registry={reg} ctx={ctx} onBlockError={onBlockError} />);
    expect(await screen.findByRole('heading', { name: 'News: Spring term' })).toBeInTheDocument();
    expect(screen.queryByTestId('block-repair-note')).toBeNull();
    expect(onBlockError).not.toHaveBeenCalled();
    unmount();
    // Preview still shows what was repaired, above the repaired block.
    render(<PageRenderer page={template} registry={reg} ctx={ctx} mode="preview" onBlockError={onBlockError} />);
    expect(await screen.findByRole('heading', { name: 'News: Spring term' })).toBeInTheDocument();
    const note = screen.getByTestId('block-repair-note');
    expect(note).toHaveTextContent('Block blocks[0] (titled) was repaired: props.title must NOT have more than 5 characters, so it fell back to its default.');
    expect(note).toHaveAttribute('data-fields', 'props.title');
    expect(note.closest('[data-block-id]')).toHaveAttribute('data-block-id', 't');
  });

  it('warns on the console once per broken block when no onBlockError is given', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<PageRenderer page={page([{ id: 'x', type: 'weather', version: 1, props: {} }, { id: 'y', type: 'text', version: 1, props: { text: 'ok' } }])} registry={registry()} ctx={ctx} />);
    await screen.findByText('ok');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Block blocks[0] (weather) was dropped: no widget of type "weather" is registered.');
  });

  it('shows blocks only to the audience their condition names', async () => {
    const conditional = page([
      { id: 'g', type: 'text', version: 1, props: { text: 'For guests' }, condition: { audience: 'guest' } },
      { id: 'l', type: 'text', version: 1, props: { text: 'For learners' }, condition: { audience: 'learner' } },
      { id: 'a', type: 'text', version: 1, props: { text: 'For all' } },
    ]);
    const { unmount } = render(<PageRenderer page={conditional} registry={registry()} ctx={ctx} />);
    await screen.findByText('For all');
    expect(screen.getByText('For guests')).toBeInTheDocument();
    expect(screen.queryByText('For learners')).toBeNull();
    unmount();
    render(<PageRenderer page={conditional} registry={registry()} ctx={{ ...ctx, viewer: { audience: 'learner' } }} />);
    await screen.findByText('For all');
    expect(screen.getByText('For learners')).toBeInTheDocument();
    expect(screen.queryByText('For guests')).toBeNull();
  });

  it('renders a legacy (format 1) template passed as stored', async () => {
    render(<PageRenderer page={{ pageCode: 'old', pageName: 'Old', components: [{ compId: 1, compType: 'text', config: { text: 'From v1' } }] }} registry={registry()} ctx={ctx} />);
    expect(await screen.findByText('From v1')).toBeInTheDocument();
  });

  it('does not crash on a value that is not a template', async () => {
    const onBlockError = vi.fn();
    render(<PageRenderer page={{ nope: true }} registry={registry()} ctx={ctx} mode="preview" onBlockError={onBlockError} />);
    expect(screen.getByTestId('block-placeholder')).toHaveTextContent(/neither schemaVersion 2 nor a legacy components list/);
    expect(onBlockError).toHaveBeenCalledWith(expect.objectContaining({ path: 'page', reason: 'template-error' }));
  });

  it('reports the blocks of a slot the container does not render, once, instead of hiding them silently', async () => {
    function LeftOnly({ renderSlot }: WidgetProps) {
      return <div className="left-only">{renderSlot('left')}</div>;
    }
    const leftOnly = defineWidget({
      type: 'left-only', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [], slots: ['left', 'right'],
      load: async () => ({ default: LeftOnly }),
    });
    const reg = registry().register(leftOnly);
    const onBlockError = vi.fn<(r: BlockErrorReport) => void>();
    render(<PageRenderer page={page([{ id: 'box', type: 'left-only', version: 1, props: {}, slots: {
      left: [{ id: 'shown', type: 'text', version: 1, props: { text: 'Shown' } }],
      right: [{ id: 'lost', type: 'text', version: 1, props: { text: 'Lost' } }, { id: 'ghost', type: 'weather', version: 1, props: {} }],
    } }])} registry={reg} ctx={ctx} onBlockError={onBlockError} />);
    await screen.findByText('Shown');
    await vi.waitFor(() => expect(onBlockError).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Lost')).toBeNull();
    expect(onBlockError.mock.calls.map(([r]) => [r.path, r.reason])).toEqual([
      ['blocks[0].slots.right[0]', 'hidden-slot'], ['blocks[0].slots.right[1]', 'unknown-type'],
    ]);
    expect(onBlockError.mock.calls[0]![0].message).toBe('Block blocks[0].slots.right[0] (text "lost") is in slot "right", but the left-only block "box" shows only "left" with its current props; move it to "left", or change the props of "box" so that it shows "right".');
  });

  it('applies page props to the page root', async () => {
    const { container } = render(<PageRenderer page={{ ...page([]), root: { props: { background: '#fafafa', maxWidth: 1200 } } }} registry={registry()} ctx={ctx} />);
    const root = container.querySelector('.rt-page') as HTMLElement;
    expect(root.style.maxWidth).toBe('1200px');
    expect(root).toHaveAttribute('data-page-code', 'demo_home');
  });
});
