// Issue 13 point 9: acme, an English tenant, showed 更多 ›, 考试中心, "7课时 · 5973人学习" and
// 直播中 from the widgets. Every registered widget, rendered through the real runtime in English
// with its defaults (data, empty, error), must show no Chinese of its own. The fixture data is
// Chinese content (titles, names), which a page shows as written; this test swaps each Chinese
// string of an API answer for a Latin stand-in first, so any Chinese left came from the widget.
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { widgetText } from '../../src/components/widget-texts';
import { i18n, loadEnglish } from '../../src/i18n/i18n';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer } from '../../src/runtime/renderer';
import type { AnyWidgetDefinition, RuntimeContext } from '../../src/runtime/widget-definition';
import { createPortalRegistry } from '../../widgets';
import { FIXTURE_CTX } from '../fixtures/render-page';
import { installFixtureApi, type FixtureMode } from '../fixtures/widget-data';

const registry = createPortalRegistry();
const widgets = registry.list();

/** CJK ideographs, kana, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Every string of an answer that holds Chinese becomes "Data n" (the same string, the same n). */
function latinised(value: unknown, names: Map<string, string>): unknown {
  if (typeof value === 'string') {
    if (!CJK.test(value)) return value;
    if (!names.has(value)) names.set(value, `Data ${names.size + 1}`);
    return names.get(value);
  }
  if (Array.isArray(value)) return value.map((v) => latinised(v, names));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, latinised(v, names)]));
  return value;
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

beforeAll(async () => {
  await loadEnglish();
  await i18n.changeLanguage('en');
});
afterAll(async () => {
  await i18n.changeLanguage('zh');
});

/** Renders one block of the widget with its defaults, the fixture API answering in Latin stand-ins. */
function renderInEnglish(definition: AnyWidgetDefinition, mode: FixtureMode, ctx: RuntimeContext) {
  undo = installFixtureApi(mode);
  const fixture = apiClient.defaults.adapter as AxiosAdapter;
  const names = new Map<string, string>();
  apiClient.defaults.adapter = async (config) => {
    const response = await fixture(config);
    return { ...response, data: latinised(response.data, names) };
  };
  const page = normalisePage({
    schemaVersion: 2, pageId: 1, pageCode: 'english', title: 'english', root: { props: {} },
    blocks: [{ id: 'block-1', type: definition.type, version: definition.version, props: {} }],
  }, registry);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <PageRenderer page={page} registry={registry} ctx={ctx} mode="production" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The block's HTML once its component has loaded and its data has settled. */
async function settledHtml(container: HTMLElement, type: string): Promise<string> {
  let block: HTMLElement | null = null;
  await waitFor(() => {
    block = container.querySelector<HTMLElement>(`[data-block-type="${type}"]`);
    expect(block).not.toBeNull();
    expect(block!.querySelector('.rt-block-loading')).toBeNull();
    expect(block!.querySelector('[aria-busy="true"]')).toBeNull();
  }, { timeout: 10_000 });
  return block!.outerHTML;
}

/** The Chinese runs of the HTML (text and attributes: alt, title, aria-label), for a readable failure. */
const chineseIn = (html: string) => html.match(new RegExp(`${CJK.source}+`, 'g')) ?? [];

// The page's context in English (use-runtime-context.ts sets locale from the active language), and
// a context without a locale, where widgets must follow the app's language rather than fall to zh.
const CONTEXTS: readonly (readonly [string, RuntimeContext])[] = [
  ['ctx.locale en', { ...FIXTURE_CTX, locale: 'en' }],
  ['no ctx.locale, app language en', { tenantId: FIXTURE_CTX.tenantId, viewer: FIXTURE_CTX.viewer, storeId: 1 }],
];

describe('every widget in English shows no Chinese of its own (acme mixed languages)', () => {
  describe.each(widgets.map((w) => [w.type, w] as const))('%s', (type, definition) => {
    describe.each(CONTEXTS)('%s', (_, ctx) => {
      it.each(['data', 'empty', 'error'] as const)('with its defaults and %s', async (mode) => {
        const { container } = renderInEnglish(definition, mode, ctx);
        // While loading (skeletons, aria-labels) as well as once settled.
        expect(chineseIn(container.innerHTML)).toEqual([]);
        expect(chineseIn(await settledHtml(container, type))).toEqual([]);
      });
    });
  });
});

describe('a widget default title follows the language; a block\'s own title is shown as written', () => {
  const courseList = registry.get('course-list')!;

  it('a course-list without a title is headed Featured courses in English and 精品课程 in Chinese', async () => {
    const english = renderInEnglish(courseList, 'data', { ...FIXTURE_CTX, locale: 'en' });
    await settledHtml(english.container, 'course-list');
    expect(english.getByRole('heading', { level: 2 })).toHaveTextContent('Featured courses');
    english.unmount();
    const chinese = renderInEnglish(courseList, 'data', { ...FIXTURE_CTX, locale: 'zh' });
    await settledHtml(chinese.container, 'course-list');
    expect(chinese.getByRole('heading', { level: 2 })).toHaveTextContent('精品课程');
  });

  it('a new block carries no title in either language (registry defaults), so none is frozen into a template', () => {
    for (const definition of widgets) {
      const checked = registry.checkProps(definition.type, {});
      expect(checked.ok, definition.type).toBe(true);
      if (checked.ok) expect(JSON.stringify(checked.props), definition.type).not.toMatch(CJK);
    }
  });

  it('an empty title hides the heading, and a tenant\'s own title is shown as written', async () => {
    undo = installFixtureApi('data');
    const page = normalisePage({
      schemaVersion: 2, pageId: 1, pageCode: 'titles', title: 'titles', root: { props: {} },
      blocks: [
        { id: 'none', type: 'course-list', version: courseList.version, props: { title: '' } },
        { id: 'own', type: 'notice-list', version: 1, props: { title: '公司公告' } },
      ],
    }, registry);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <PageRenderer page={page} registry={registry} ctx={{ ...FIXTURE_CTX, locale: 'en' }} mode="production" />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await settledHtml(container, 'course-list');
    await settledHtml(container, 'notice-list');
    expect(container.querySelector('[data-block-id="none"] h2')).toBeNull();
    expect(container.querySelector('[data-block-id="own"] h2')).toHaveTextContent('公司公告');
  });
});

describe('English counts', () => {
  // acme's mentor with one course read "1 courses".
  it('say "1 course", not "1 courses", and keep the plural for other numbers and Chinese', () => {
    expect(widgetText('en', 'courses', { n: 1 })).toBe('1 course');
    expect(widgetText('en', 'courses', { n: 3 })).toBe('3 courses');
    expect(widgetText('en', 'lessons', { n: 1 })).toBe('1 lesson');
    expect(widgetText('en', 'learners', { n: 1 })).toBe('1 learner');
    expect(widgetText('en', 'learners', { n: 0 })).toBe('0 learners');
    expect(widgetText('zh', 'courses', { n: 1 })).toBe('1门课程');
  });
});

describe('a page whose host sets no locale', () => {
  // Widgets read their words through widgetTexts(ctx.locale), a plain call with no subscription per
  // block; PageRenderer fills ctx.locale from the app's language and follows a change (issue 15
  // point 2). Without that, a switch would leave every block in the old language.
  it('shows its blocks in the app language and switches them when the language changes', async () => {
    const page = normalisePage({
      schemaVersion: 2, pageId: 1, pageCode: 'switch', title: 'switch', root: { props: {} },
      blocks: [
        { id: 'heading', type: 'title-bar', version: 1, props: {} },
        { id: 'pictures', type: 'image-ad', version: 1, props: { image: '/uploads/a.png', link: { linkType: 'route', linkUrl: 'course' } } },
      ],
    }, registry);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <PageRenderer page={page} registry={registry} ctx={{ tenantId: FIXTURE_CTX.tenantId, viewer: FIXTURE_CTX.viewer }} mode="production" />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    try {
      await waitFor(() => expect(container.querySelector('[data-block-id="heading"] h2')).toHaveTextContent(widgetText('en', 'heading-title-bar')));
      expect(container.querySelector('[data-block-id="pictures"] section')).toHaveAttribute('aria-label', widgetText('en', 'imageAd'));
      await act(() => i18n.changeLanguage('zh'));
      await waitFor(() => expect(container.querySelector('[data-block-id="heading"] h2')).toHaveTextContent(widgetText('zh', 'heading-title-bar')));
      expect(container.querySelector('[data-block-id="pictures"] section')).toHaveAttribute('aria-label', widgetText('zh', 'imageAd'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
