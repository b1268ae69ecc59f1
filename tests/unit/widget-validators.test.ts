// Issue 15 point 2: props validators are compiled at build time (scripts/widget-validators.ts) and
// loaded per widget type. These tests hold the build step to the run-time compiler's behaviour
// (defaults, the first error, the repair loop) and a page to the validators of its own types.
import { describe, expect, it, vi } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { precompiled } from 'virtual:widget-validators';
import { compileWidgetValidator, mapModule } from '../../scripts/widget-validators';
import { compilePropsSchema } from '../../src/runtime/props-compiler';
import { createRegistry, type PrecompiledValidator, type ValidatorSource } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { schemaFingerprint } from '../../src/runtime/schema-fingerprint';
import type { AnyWidgetDefinition } from '../../src/runtime/widget-definition';
import { registerWidgets, WIDGETS } from '../../widgets';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; maxLength?: number; items?: JsonSchema };

/** A value of the wrong type for a property's schema (or an object where anything else is expected). */
function wrongValue(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return 'many';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return 'not a list';
  if (type === 'object') return ['not', 'an', 'object'];
  return { nested: { deep: true } };
}

/** The widget's defaults and a few broken props: each field of the wrong type, strings too long, an unknown field, not an object. */
function samples(widget: AnyWidgetDefinition): { name: string; props: unknown }[] {
  const defaults = structuredClone(widget.defaultProps ?? {}) as Record<string, unknown>;
  const properties = (widget.propsSchema as JsonSchema).properties ?? {};
  const out: { name: string; props: unknown }[] = [
    { name: 'defaults', props: defaults },
    { name: 'empty', props: {} },
    { name: 'unknown field', props: { ...defaults, notAField: 1 } },
    { name: 'null', props: null },
    { name: 'a list', props: [] },
  ];
  for (const [key, schema] of Object.entries(properties)) {
    out.push({ name: `${key} of the wrong type`, props: { ...defaults, [key]: wrongValue(schema) } });
    if (schema.maxLength !== undefined) out.push({ name: `${key} too long`, props: { ...defaults, [key]: 'x'.repeat(schema.maxLength + 1) } });
    if (schema.type === 'array' && schema.items) out.push({ name: `${key} with a broken item`, props: { ...defaults, [key]: [wrongValue(schema.items)] } });
  }
  return out;
}

/** What a validator says about a copy of the props: valid or not, the props after defaults, the first error. */
function outcome(validate: ValidateFunction, props: unknown) {
  const data = structuredClone(props);
  const valid = validate(data);
  const first = validate.errors?.[0];
  return { valid, data, error: first ? { instancePath: first.instancePath, schemaPath: first.schemaPath, keyword: first.keyword, params: first.params, message: first.message } : null };
}

const builtFor = (widget: AnyWidgetDefinition): PrecompiledValidator | undefined => precompiled[schemaFingerprint(widget.propsSchema)];

describe('build-time props validators', () => {
  it('exist for every widget of the library, so the browser compiles none', () => {
    const missing = WIDGETS.filter((w) => !builtFor(w)?.ready).map((w) => w.type);
    expect(missing).toEqual([]);
    // With no run-time compiler (as in the browser) the whole library still registers.
    expect(() => registerWidgets(createRegistry({ validators: { precompiled, compile: undefined } }))).not.toThrow();
  });

  describe.each(WIDGETS.map((w) => [w.type, w] as const))('%s', (_type, widget) => {
    it('agrees with the run-time compiler on defaults and on the first error', () => {
      const built = builtFor(widget)?.ready as ValidateFunction;
      const runtime = compilePropsSchema(widget.propsSchema);
      for (const sample of samples(widget)) {
        expect({ sample: sample.name, ...outcome(built, sample.props) }).toEqual({ sample: sample.name, ...outcome(runtime, sample.props) });
      }
    });

    it('repairs fields exactly as a run-time compiled validator does', () => {
      const viaBuild = createRegistry({ validators: { precompiled, compile: undefined } }).register(widget);
      const viaRuntime = createRegistry({ validators: { precompiled: {}, compile: compilePropsSchema } }).register(widget);
      for (const sample of samples(widget).filter((s) => s.props && typeof s.props === 'object' && !Array.isArray(s.props))) {
        const props = sample.props as Record<string, unknown>;
        expect({ sample: sample.name, check: viaBuild.checkProps(widget.type, props) }).toEqual({ sample: sample.name, check: viaRuntime.checkProps(widget.type, props) });
      }
    });
  });

  it('generates code that needs neither ajv nor new Function', () => {
    for (const widget of WIDGETS) {
      const code = compileWidgetValidator(widget);
      expect(code).not.toMatch(/new Function|\beval\(|require\(|from "ajv"|from "ajv-formats"/);
    }
  });

  it('refuses, at build time, defaults that do not match the schema', () => {
    const spacer = WIDGETS.find((w) => w.type === 'spacer') as AnyWidgetDefinition;
    expect(() => compileWidgetValidator({ ...spacer, defaultProps: { height: 'tall' } })).toThrow('Widget "spacer" has defaultProps that do not match its propsSchema');
  });

  it('gives the browser one dynamic import per validator and no compiler', () => {
    const code = mapModule({ widgets: new Map(), byFingerprint: new Map([['fp1', 'banner'], ['fp2', 'spacer']]), shapes: '', contracts: new Map([['banner', 'cb']]), stamp: 'c2-x' }, false, '/repo');
    expect(code.match(/import\("virtual:widget-validators\/[a-z-]+"\)/g)).toEqual(['import("virtual:widget-validators/banner")', 'import("virtual:widget-validators/spacer")']);
    expect(code).not.toMatch(/^import /m);
    expect(code).toContain('export const compile = undefined;');
    // The stamp a checked template must carry for this build (issue 15 point 2).
    expect(code).toContain('export const contractsStamp = "c2-x";');
    expect(code).toContain('export const contracts = {"banner":"cb"};');
  });
});

describe('a page loads only the validators of its widget types', () => {
  /** The library's build-time validators behind spies that load lazily, as in the browser. */
  function lazySource() {
    const loads: string[] = [];
    const entries: Record<string, PrecompiledValidator> = {};
    for (const widget of WIDGETS) {
      const fingerprint = schemaFingerprint(widget.propsSchema);
      const ready = builtFor(widget)?.ready as ValidateFunction;
      entries[fingerprint] = { load: vi.fn(async () => {
        loads.push(widget.type);
        return { default: ready };
      }) };
    }
    const source: ValidatorSource = { precompiled: entries, compile: undefined };
    return { source, loads };
  }

  const page = {
    schemaVersion: 2, pageId: 1, pageCode: 'home', title: 'Home', root: { props: {} },
    blocks: [
      { id: 'a', type: 'title-bar', version: 1, props: { title: 'Courses' } },
      { id: 'b', type: 'spacer', version: 1, props: { height: 12 } },
      { id: 'c', type: 'title-bar', version: 1, props: { title: 'More' } },
    ],
  };

  it('a page with 2 types loads those 2 validators and no other', async () => {
    const { source, loads } = lazySource();
    const registry = registerWidgets(createRegistry({ validators: source }));
    expect(loads).toEqual([]);
    const pending = registry.prepare(['title-bar', 'spacer', 'title-bar', 'no-such-widget']);
    expect(pending).toBeInstanceOf(Promise);
    // The same load is handed out again while it is under way (React's use() waits on it).
    expect(registry.prepare(['spacer', 'title-bar'])).toBe(pending);
    await pending;
    expect(loads.sort()).toEqual(['spacer', 'title-bar']);
    expect(registry.prepare(['title-bar', 'spacer'])).toBeUndefined();
    const normalised = normalisePage(page, registry);
    expect(normalised.nodes.map((n) => n.kind)).toEqual(['block', 'block', 'block']);
    expect(normalised.page.blocks[1]?.props).toEqual({ height: 12, divider: false });
  });

  it('drops (never throws) a block whose validator was not prepared, saying what to do', () => {
    const { source } = lazySource();
    const registry = registerWidgets(createRegistry({ validators: source }));
    expect(registry.checkProps('spacer', {})).toEqual({ ok: false, message: 'the props validator of "spacer" is not loaded; call registry.prepare() with the page\'s types before normalising it' });
  });

  it('loads a validator again after a failed load', async () => {
    const spacer = WIDGETS.find((w) => w.type === 'spacer') as AnyWidgetDefinition;
    const ready = builtFor(spacer)?.ready as ValidateFunction;
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ default: ready });
    const registry = createRegistry({ validators: { precompiled: { [schemaFingerprint(spacer.propsSchema)]: { load } }, compile: undefined } }).register(spacer);
    await expect(registry.prepare(['spacer'])).rejects.toThrow('chunk failed');
    await registry.prepare(['spacer']);
    expect(registry.checkProps('spacer', {})).toMatchObject({ ok: true, props: { height: 24, divider: false } });
  });

  it('refuses, in the browser, a widget whose schema the build did not compile', () => {
    const spacer = WIDGETS.find((w) => w.type === 'spacer') as AnyWidgetDefinition;
    const registry = createRegistry({ validators: { precompiled: {}, compile: undefined } });
    expect(() => registry.register(spacer)).toThrow('Widget "spacer" has a propsSchema the build step did not compile');
  });
});
