// The designer's property panel over every registered widget (issue 16 polish): a new block's panel
// shows every value the block holds (a columns block's "列宽比例" showed an empty select although
// the block held ratio '1:1'), and its field help is in the admin's language (the Chinese panel
// showed the props schemas' English descriptions next to Chinese titles).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { createPortalRegistry, WIDGETS } from '../../widgets/index';
import { WIDGET_EDITOR_META } from '../../widgets/editor-meta';

const { useDesigner } = await import('../../src/features/admin/designer/designer-store');
const { PropertyPanel, selectOptions } = await import('../../src/features/admin/designer/property-panel');
const { formSchema } = await import('../../src/features/admin/components/schema-form');

type Json = Record<string, unknown>;
const registry = createPortalRegistry();
const TYPES = WIDGETS.map((w) => w.type);

/** Opens the panel of a new block of `type` (its default props, as the palette adds it). */
async function openPanel(type: string): Promise<{ form: HTMLElement; props: Json; schema: RJSFSchema }> {
  const definition = registry.get(type)!;
  useDesigner.getState().setRegistry(registry);
  const props = structuredClone(definition.defaultProps) as Json;
  useDesigner.getState().replaceDraft({ schemaVersion: 2, pageId: 1, pageCode: 'Pzy_t', title: 't', root: { props: {} }, blocks: [{ id: 'b', type, version: definition.version, props }] }, 1);
  useDesigner.setState({ viewing: null });
  useDesigner.getState().select('b');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><MemoryRouter><PropertyPanel /></MemoryRouter></QueryClientProvider>);
  const schema = formSchema(definition.propsSchema);
  return { form: await screen.findByTestId(`block-props-form-${type}`), props: getDefaultFormState(validator, schema, props) as Json, schema };
}

/** What the control of a top-level field shows, or null when it shows nothing. */
function shown(form: HTMLElement, field: string): string | boolean | null {
  const el = form.querySelector<HTMLElement>(`[id="root_${field}"]`);
  if (!el) return null;
  if (el.getAttribute('role') === 'combobox') {
    const content = el.closest('.ant-select')?.querySelector('.ant-select-content-has-value');
    return content ? (content.getAttribute('title') ?? content.textContent ?? '') : null;
  }
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value === '' ? null : el.value;
  const slider = el.querySelector('[role="slider"]');
  if (slider) return slider.getAttribute('aria-valuenow');
  return el.textContent?.trim() || null;
}

/** Every description in a schema (English), nested ones too. */
function englishDescriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((entry) => englishDescriptions(entry, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') out.push(value);
      else englishDescriptions(value, out);
    }
  }
  return out;
}

/**
 * The paths of the described fields the panel renders itself ('items[].title' inside an array's
 * items); a field drawn by a custom field (the link picker) counts, its inner fields do not.
 */
function describedPaths(schema: Json, ui: Json, prefix = ''): string[] {
  const out: string[] = [];
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    const path = `${prefix}${name}`;
    const childUi = (ui[name] ?? {}) as Json;
    if (typeof child.description === 'string') out.push(path);
    if (childUi['ui:field']) continue;
    if (child.properties) out.push(...describedPaths(child, childUi, `${path}.`));
    const items = child.items as Json | undefined;
    if (items) {
      if (typeof items.description === 'string') out.push(`${path}[]`);
      if (items.properties) out.push(...describedPaths(items, (childUi.items ?? {}) as Json, `${path}[].`));
    }
  }
  return out;
}

afterAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('property panel over every widget', { timeout: 60_000 }, () => {
  it('covers every registered widget type', () => {
    expect(TYPES.length).toBeGreaterThan(20);
    expect(TYPES.filter((type) => !WIDGET_EDITOR_META[type])).toEqual([]);
  });

  it('shows every stored value of a new block (a columns block showed an empty 列宽比例 select)', async () => {
    const empty: string[] = [];
    for (const type of TYPES) {
      const { form, props } = await openPanel(type);
      for (const [field, value] of Object.entries(props)) {
        if (value === undefined || value === '' || typeof value === 'object') continue;
        const seen = shown(form, field);
        const ok = typeof value === 'boolean' ? seen === value : seen !== null && seen !== '' && String(seen).includes(String(value));
        if (!ok) empty.push(`${type}.${field}: holds ${JSON.stringify(value)}, shows ${JSON.stringify(seen)}`);
      }
      cleanup();
    }
    expect(empty).toEqual([]);
  });

  it('offers the ratios of the columns meta and keeps a stored ratio that is not among them', () => {
    expect(selectOptions(undefined, ['1:1', '2:1'], '1:1')).toEqual([{ value: '1:1', label: '1:1' }, { value: '2:1', label: '2:1' }]);
    expect(selectOptions(undefined, ['1:1', '2:1'], '3:1').map((o) => o.value)).toEqual(['1:1', '2:1', '3:1']);
    expect(selectOptions([{ value: 'new', label: 'new' }], undefined, 'new')).toEqual([{ value: 'new', label: 'new' }]);
  });

  it('every meta gives Chinese help for each described field the panel shows, and for no other', () => {
    const problems: string[] = [];
    for (const type of TYPES) {
      const meta = WIDGET_EDITOR_META[type]!;
      const schema = formSchema(registry.get(type)!.propsSchema) as Json;
      const paths = describedPaths(schema, (meta.uiSchema ?? {}) as Json);
      const zh = meta.descriptions?.zh ?? {};
      for (const path of paths) if (!zh[path]) problems.push(`${type}: no Chinese help for ${path}`);
      for (const path of Object.keys(zh)) if (!paths.includes(path)) problems.push(`${type}: help for ${path}, which the panel does not show`);
      for (const [path, text] of Object.entries(zh)) if (!/[\u4e00-\u9fff]/.test(text)) problems.push(`${type}: help of ${path} is not Chinese`);
    }
    expect(problems).toEqual([]);
  });

  it('the Chinese panel shows no English schema description (it showed them next to Chinese titles)', async () => {
    const english: string[] = [];
    for (const type of TYPES) {
      const { form } = await openPanel(type);
      const text = form.textContent ?? '';
      for (const description of englishDescriptions(registry.get(type)!.propsSchema)) {
        if (text.includes(description)) english.push(`${type}: ${description}`);
      }
      const zh = WIDGET_EDITOR_META[type]!.descriptions!.zh;
      for (const [path, help] of Object.entries(zh)) if (!path.includes('[]') && !text.includes(help)) english.push(`${type}: ${path} lacks its help`);
      cleanup();
    }
    expect(english).toEqual([]);
  });

  it('the English panel shows the schema\'s English descriptions', async () => {
    await i18n.changeLanguage('en');
    const { form } = await openPanel('columns');
    expect(form).toHaveTextContent('Space between the columns in pixels.');
    expect(form).not.toHaveTextContent('栏与栏之间的间距');
    cleanup();
    await i18n.changeLanguage('zh');
  });
});
