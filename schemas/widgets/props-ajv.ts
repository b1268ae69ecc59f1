// The props validators' ajv options, in one place (issue 15 point 2), shared by the build step
// (scripts/widget-validators.ts compiles every widget's schema to standalone code), the run-time
// compiler of Node and Vitest (src/runtime/props-compiler.ts) and the server's template check
// (server/lib/template-check.ts): a template saved is judged exactly as it is rendered. Neither
// schemas/widgets/index.ts nor any contract imports this file, so the learner bundle never carries ajv.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Today's validation behaviour, which precompiled and run-time validators share: defaults filled
 * (useDefaults), ajv-formats' formats, strict off, and allErrors off: the report names the first
 * problem, which is what an admin fixes first.
 */
export const PROPS_AJV_OPTIONS: Options = { strict: false, useDefaults: true, allErrors: false, addUsedSchema: false };

/** An ajv for props schemas with PROPS_AJV_OPTIONS (plus `extra`, e.g. the build's `code` options) and the formats. */
export function createPropsAjv(extra: Options = {}): Ajv {
  const ajv = new Ajv({ ...PROPS_AJV_OPTIONS, ...extra });
  const plugin = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  plugin(ajv);
  return ajv;
}

/**
 * A copy of the schema without `$id`s nobody refers to. Shared schemas such as LinkItem carry an
 * $id, and ajv refuses a schema that embeds the same $id twice; cyclic ($ref'd) ids are kept.
 */
export function withoutStrayIds(schema: object): object {
  const refs = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.add(value.replace(/^#?\/?/, '').split('#')[0] ?? '');
        else collect(value);
      }
    }
  };
  collect(schema);
  const copy = (node: unknown, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => copy(n, false));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' && typeof value === 'string' && (root || !refs.has(value))) continue;
      out[key] = copy(value, false);
    }
    return out;
  };
  return copy(schema, true) as object;
}

/** The ajv options of the normaliser's page-shape checks (block condition, root props): no defaults, no formats. */
export const SHAPE_AJV_OPTIONS: Options = { strict: false, allErrors: false, addUsedSchema: false };
