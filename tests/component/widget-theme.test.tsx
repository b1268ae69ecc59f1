// Dark mode guard (docs/widgets.md "Colours and dark mode"): every registered widget, rendered with
// its defaults inside antd's dark theme (with data, with no data, with an API error, and in the
// designer's preview), must not paint a light background or dark grey / black text from its inline
// styles. Widgets take surfaces, text, borders and fills from the --portal-* variables (a var()
// with the light value as fallback is fine: the fallback never applies on the portal) and derive
// any meaningful colour from antd's tokens, so a widget that hard-codes the light palette
// (#fff backgrounds, rgba(0,0,0,…) / #333 / #666 / #999 text) fails here.
import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer } from '../../src/runtime/renderer';
import type { AnyWidgetDefinition } from '../../src/runtime/widget-definition';
import { createPortalRegistry } from '../../widgets';
import { FIXTURE_CTX } from '../fixtures/render-page';
import { installFixtureApi, type FixtureMode } from '../fixtures/widget-data';

const registry = createPortalRegistry();
const widgets = registry.list();

/**
 * Artwork, not page: colours that sit on a picture or on a fixed coloured badge and so stay the
 * same in both styles. Each entry is a selector and the inline properties it may paint.
 */
const ALLOWED: readonly { selector: string; properties: readonly string[]; why: string }[] = [
  { selector: '.w-banner-dots button', properties: ['background', 'background-color'], why: 'white carousel dots on the picture (with a dark outline shadow)' },
  { selector: '.w-rank-no', properties: ['color'], why: 'dark number on a gold / silver / bronze medal disc (at least 4.8:1)' },
];

const CASES = [['data', 'production'], ['empty', 'production'], ['error', 'production'], ['data', 'preview']] as const;

const TEXT_PROPERTIES = ['color'];
const BACKGROUND_PROPERTIES = ['background', 'background-color', 'background-image'];

/** The value without its var(...) parts: a fallback inside var() is not what the portal paints. */
function withoutVars(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    if (value.startsWith('var(', i)) {
      let depth = 0;
      for (; i < value.length; i += 1) {
        if (value[i] === '(') depth += 1;
        else if (value[i] === ')' && (depth -= 1) === 0) break;
      }
      continue;
    }
    out += value[i];
  }
  return out;
}

type Rgba = [number, number, number, number];

/** Every colour written in a CSS value: #rgb, #rrggbb, rgb(), rgba(), white, black. */
function coloursIn(value: string): Rgba[] {
  const colours: Rgba[] = [];
  for (const m of value.matchAll(/#([0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b|rgba?\(([^)]*)\)|\b(white|black)\b/gi)) {
    if (m[1]) {
      const hex = m[1].length <= 4 ? [...m[1]].map((c) => c + c).join('') : m[1];
      const n = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2) || 'ff', 16));
      colours.push([n[0]!, n[1]!, n[2]!, n[3]! / 255]);
    } else if (m[2]) {
      const parts = m[2].split(/[\s,/]+/).filter(Boolean).map(Number);
      colours.push([parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]);
    } else {
      colours.push(m[3]!.toLowerCase() === 'white' ? [255, 255, 255, 1] : [0, 0, 0, 1]);
    }
  }
  return colours;
}

const luminance = ([r, g, b]: Rgba) => {
  const lin = (v: number) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
/** Black, #333, #666, #999 and other neutral greys darker than #a0a0a0, at any alpha. */
const isDarkGreyText = (c: Rgba) => Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]) <= 8 && luminance(c) < 0.35;
/** White, #fafafa, #f0f2f5, #fffbe6…: a light surface that light text cannot be read on. */
const isLightBackground = (c: Rgba) => c[3] >= 0.5 && luminance(c) > 0.8;

/** Inline colours of the light palette in `root`, as "selector-ish: property: value" lines. */
function lightPaletteColours(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of [root, ...root.querySelectorAll<HTMLElement>('[style]')]) {
    for (const property of [...TEXT_PROPERTIES, ...BACKGROUND_PROPERTIES]) {
      const value = el.style.getPropertyValue(property);
      if (!value) continue;
      const colours = coloursIn(withoutVars(value));
      const bad = TEXT_PROPERTIES.includes(property) ? colours.some(isDarkGreyText) : colours.some(isLightBackground);
      if (!bad) continue;
      if (ALLOWED.some((a) => a.properties.includes(property) && el.matches(a.selector))) continue;
      const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(/\s+/).join('.')}` : ''}`;
      found.push(`${name}: ${property}: ${value}`);
      // jsdom expands the background shorthand: one report per element and kind is enough.
      if (property !== 'color') break;
    }
  }
  return found;
}

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

/** Renders one block of the widget with its defaults, in antd's dark theme, and waits for it to settle. */
async function renderDark(definition: AnyWidgetDefinition, data: FixtureMode, mode: 'production' | 'preview'): Promise<HTMLElement> {
  const undo = installFixtureApi(data);
  try {
    document.documentElement.setAttribute('data-theme', 'dark');
    const page = normalisePage({
      schemaVersion: 2, pageId: 1, pageCode: 'theme', title: 'theme', root: { props: {} },
      blocks: [{ id: 'block-1', type: definition.type, version: definition.version, props: {} }],
    }, registry);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter>
              <PageRenderer page={page} registry={registry} ctx={FIXTURE_CTX} mode={mode} />
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </ConfigProvider>,
    );
    let block: HTMLElement | null = null;
    await waitFor(() => {
      block = container.querySelector<HTMLElement>(`[data-block-type="${definition.type}"]`);
      expect(block).not.toBeNull();
      expect(block!.querySelector('.rt-block-loading')).toBeNull();
      expect(block!.querySelector('[aria-busy="true"]')).toBeNull();
    }, { timeout: 10_000 });
    return block!;
  } finally {
    undo();
  }
}

describe('widget colours in the dark theme', () => {
  it('finds the light palette it is meant to catch, and lets variables through', () => {
    const probe = document.createElement('div');
    probe.innerHTML = [
      '<p style="color: rgba(0,0,0,0.45)">a</p>', '<p style="color: #333">b</p>', '<p style="color: #999">c</p>',
      '<div style="background: #fff">d</div>', '<div style="background-color: white">e</div>', '<div style="background: linear-gradient(#fff, #faf6f0)">f</div>',
      '<p style="color: var(--portal-text-secondary, rgba(0,0,0,0.6))">ok</p>', '<div style="background: var(--portal-surface, #fff)">ok</div>',
      '<p style="color: #f5222d">ok</p>', '<span style="color: #fff; background: #cf1322">ok</span>',
    ].join('');
    expect(lightPaletteColours(probe)).toHaveLength(6);
  });

  describe.each(widgets.map((w) => [w.type, w] as const))('%s', (_type, definition) => {
    it.each(CASES)('paints no light-palette colour (%s, %s)', async (data, mode) => {
      const block = await renderDark(definition, data, mode);
      expect(lightPaletteColours(block)).toEqual([]);
    });
  });
});
