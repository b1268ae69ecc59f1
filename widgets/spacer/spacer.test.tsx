import { describe, expect, it, vi } from 'vitest';
import { createRegistry } from '../../src/runtime/registry';
import { renderPage, renderWidget } from '../../tests/component/widget-harness';
import { widget } from './index';
import Spacer from './spacer';

describe('spacer', () => {
  it('renders 24 px of space by default through PageRenderer', async () => {
    const { container } = renderPage([widget], [{ id: 's', type: 'spacer', version: 1, props: {} }]);
    const spacer = await vi.waitFor(() => {
      const found = container.querySelector('.w-spacer');
      if (!found) throw new Error('The spacer has not rendered yet.');
      return found;
    });
    expect(spacer).toHaveStyle({ height: '24px' });
    expect(spacer.querySelector('hr')).toBeNull();
  });

  it('draws the divider when asked', () => {
    const { container } = renderWidget(Spacer, { props: { height: 40, divider: true } });
    expect(container.querySelector('.w-spacer')).toHaveStyle({ height: '40px' });
    expect(container.querySelector('.w-spacer hr')).not.toBeNull();
  });

  it('refuses heights outside 0…200: the field falls back to its default', () => {
    const registry = createRegistry().register(widget);
    expect(registry.checkProps('spacer', { height: 0 }).ok).toBe(true);
    expect(registry.checkProps('spacer', { height: 200 }).ok).toBe(true);
    expect(registry.checkProps('spacer', { height: 201 })).toMatchObject({
      ok: true, props: { height: widget.defaultProps.height }, repairs: [{ field: 'props.height', reason: 'props.height must be <= 200', fallback: 'default' }],
    });
    expect(registry.checkProps('spacer', { height: -1 })).toMatchObject({ ok: true, repairs: [{ field: 'props.height' }] });
  });
});

