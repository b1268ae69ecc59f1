// DESIGN "a contract test generated from the registry": every registered widget, rendered through
// the real runtime with its defaults, (1) with realistic data, (2) with empty data and (3) with an
// API error. Each must render without throwing; a widget that declares data shows a retry button
// on error, and the retry fetches again. Each block is a named region, carries a heading or is
// pure layout, also with an empty title (issue 23 point 4).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { i18n } from '../../src/i18n/i18n';
import { declarationOf } from '../../src/runtime/data';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../src/runtime/renderer';
import type { AnyWidgetDefinition } from '../../src/runtime/widget-definition';
import { createPortalRegistry } from '../../widgets';
import { FIXTURE_CTX } from '../fixtures/render-page';
import { fixtureAdapter, installFixtureApi, type FixtureMode } from '../fixtures/widget-data';

const registry = createPortalRegistry();
const widgets = registry.list();

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

/** Renders one block of the widget with its defaults through PageRenderer, with fixture data. */
function renderDefaults(definition: AnyWidgetDefinition, mode: FixtureMode, props: Record<string, unknown> = {}) {
  undo = installFixtureApi(mode);
  const calls = vi.fn();
  const adapter = apiClient.defaults.adapter as ReturnType<typeof fixtureAdapter>;
  apiClient.defaults.adapter = (config) => {
    calls(config.url);
    return adapter(config);
  };
  const page = normalisePage({
    schemaVersion: 2, pageId: 1, pageCode: 'contract', title: 'contract', root: { props: {} },
    blocks: [{ id: 'block-1', type: definition.type, version: definition.version, props }],
  }, registry);
  const errors: BlockErrorReport[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <PageRenderer page={page} registry={registry} ctx={FIXTURE_CTX} mode="production" onBlockError={(r) => errors.push(r)} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, page, errors, calls };
}

/** The block's element, once its component has loaded and its data has settled. */
async function settledBlock(container: HTMLElement, type: string): Promise<HTMLElement> {
  let block: HTMLElement | null = null;
  await waitFor(() => {
    block = container.querySelector<HTMLElement>(`[data-block-type="${type}"]`);
    expect(block).not.toBeNull();
    expect(block!.querySelector('.rt-block-loading')).toBeNull();
    expect(block!.querySelector('[aria-busy="true"]')).toBeNull();
  }, { timeout: 10_000 });
  return block!;
}

/** The words of an element's aria-label, else of the elements its aria-labelledby names. */
function accessibleNameOf(element: Element): string {
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return label;
  const ids = element.getAttribute('aria-labelledby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '').join(' ').trim();
}

/**
 * How a rendered block announces itself to a screen reader (issue 23 point 4, docs/widgets.md
 * "Accessibility"): its root is a named region (a section or role=region with a name), or it
 * carries a heading, or it is pure layout (role presentation / aria-hidden), or it rendered
 * nothing at all. Anything else is undefined: an anonymous block a screen reader cannot find.
 */
function blockLandmark(block: HTMLElement): 'region' | 'heading' | 'layout' | 'nothing' | undefined {
  const root = block.firstElementChild;
  if (!root) return 'nothing';
  const isRegion = (el: Element) => (el.tagName === 'SECTION' || el.getAttribute('role') === 'region') && accessibleNameOf(el) !== '';
  if (isRegion(root)) return 'region';
  if (block.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]')) return 'heading';
  const role = root.getAttribute('role');
  if (role === 'presentation' || role === 'none' || root.getAttribute('aria-hidden') === 'true') return 'layout';
  return undefined;
}

/** A block with an empty title where the widget has one (shows no heading), else its defaults. */
const untitled = (definition: AnyWidgetDefinition): Record<string, unknown> =>
  (registry.checkProps(definition.type, { title: '' }).ok ? { title: '' } : {});

const declaresData = (definition: AnyWidgetDefinition) => {
  const checked = registry.checkProps(definition.type, {});
  return checked.ok && declarationOf(definition, checked.props, FIXTURE_CTX).declaration !== undefined;
};

describe('widget contract', () => {
  it('registers every widgets/<type>/ folder (widgets/index.ts and widgets/editor-meta.ts)', async () => {
    const dir = join(import.meta.dirname, '../../widgets');
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'index.ts'))).map((d) => d.name).sort();
    expect(widgets.map((w) => w.type).sort()).toEqual(folders);
    const { WIDGET_EDITOR_META } = await import('../../widgets/editor-meta');
    const withMeta = folders.filter((f) => existsSync(join(dir, f, 'meta.ts')));
    expect(Object.keys(WIDGET_EDITOR_META).sort()).toEqual(withMeta);
    for (const [type, meta] of Object.entries(WIDGET_EDITOR_META)) expect(meta.type).toBe(type);
  });

  it('covers every registered widget', () => {
    expect(widgets.length).toBeGreaterThan(0);
    for (const w of widgets) expect(registry.checkProps(w.type, {}), `${w.type} defaults`).toMatchObject({ ok: true });
  });

  describe.each(widgets.map((w) => [w.type, w] as const))('%s', (type, definition) => {
    it('renders its defaults with data', async () => {
      const { container, page, errors } = renderDefaults(definition, 'data');
      expect(page.report.entries.filter((e) => e.action === 'dropped')).toEqual([]);
      const block = await settledBlock(container, type);
      expect(errors).toEqual([]);
      // A widget with data shows it; one without may legitimately render nothing with its defaults
      // (an image ad with no picture yet).
      if (declaresData(definition)) expect(block.textContent?.trim()).toBeTruthy();
      expect(within(block).queryByRole('button', { name: '重试' })).toBeNull();
    });

    it.each(['data', 'empty', 'error'] as const)('is a named region, has a heading or is pure layout (%s)', async (mode) => {
      const { container } = renderDefaults(definition, mode);
      const block = await settledBlock(container, type);
      expect(blockLandmark(block), block.innerHTML.slice(0, 300)).toBeDefined();
    });

    it('is still named for screen readers with an empty title (no visible heading)', async () => {
      const { container } = renderDefaults(definition, 'data', untitled(definition));
      const block = await settledBlock(container, type);
      expect(blockLandmark(block), block.innerHTML.slice(0, 300)).toBeDefined();
      // Named regions have a name a screen reader can read; no region is named by an empty heading.
      for (const section of block.querySelectorAll('section')) expect(accessibleNameOf(section), section.outerHTML.slice(0, 200)).not.toBe('');
    });

    it('renders its defaults with empty data', async () => {
      const { container, errors } = renderDefaults(definition, 'empty');
      const block = await settledBlock(container, type);
      expect(errors).toEqual([]);
      expect(within(block).queryByRole('button', { name: '重试' })).toBeNull();
    });

    it('renders its defaults with an API error, with a retry when it has data', async () => {
      const { container, errors, calls } = renderDefaults(definition, 'error');
      const block = await settledBlock(container, type);
      expect(errors).toEqual([]);
      if (!declaresData(definition)) {
        expect(calls).not.toHaveBeenCalled();
        return;
      }
      const retry = await within(block).findByRole('button', { name: '重试' });
      const before = calls.mock.calls.length;
      apiClient.defaults.adapter = fixtureAdapter('data');
      fireEvent.click(retry);
      await waitFor(() => expect(within(block).queryByRole('button', { name: '重试' })).toBeNull());
      expect(calls.mock.calls.length).toBe(before);
      expect(screen.queryAllByRole('alert').filter((el) => block.contains(el))).toEqual([]);
    });
  });
});
