import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { AnyWidgetDefinition, WidgetDefinition } from './widget-definition';

/** Options of `register`. */
export interface RegisterOptions {
  /** Replace an existing widget of the same type instead of failing. */
  override?: boolean;
}

/** The outcome of checking a block's props against its widget's schema. */
export type PropsCheck = { ok: true; props: Record<string, unknown> } | { ok: false; message: string };

/**
 * The widgets a page may use (DESIGN "Widget registry entry"). An instance, never a module
 * global: each app, test and designer builds its own, and a tenant's allow-list is a view of it.
 */
export interface Registry {
  /** Adds a widget; a second widget of the same type is an error unless override is set. */
  register<P, D>(definition: WidgetDefinition<P, D>, options?: RegisterOptions): Registry;
  /** The widget of this type, whether or not the allow-list permits it. */
  get(type: string): AnyWidgetDefinition | undefined;
  /** Every registered widget, in registration order. */
  list(): AnyWidgetDefinition[];
  /** True when the type is registered and the tenant's allow-list (if any) includes it. */
  allows(type: string): boolean;
  /** A view sharing these widgets with another allow-list (undefined: everything registered). */
  withAllowList(list: readonly string[] | undefined): Registry;
  /** The allow-list of this view; undefined allows every registered type. */
  readonly allowList: readonly string[] | undefined;
  /** Validates props (already migrated) against the widget's schema, filling defaults on a copy. */
  checkProps(type: string, props: Record<string, unknown>): PropsCheck;
}

interface Entry {
  definition: AnyWidgetDefinition;
  validate: ValidateFunction;
}

interface Shared {
  entries: Map<string, Entry>;
  ajv: Ajv;
}

const TYPE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Turns an ajv instance path into the dotted field name a tenant admin reads: items[0].link. */
export function fieldName(instancePath: string, root = 'props'): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`), root);
}

/** The first ajv error as a phrase naming the field: "props.title must be string". */
export function describePropsError(errors: ErrorObject[] | null | undefined, root = 'props'): string {
  const error = errors?.[0];
  if (!error) return `${root} are invalid`;
  const field = fieldName(error.instancePath, root);
  if (error.keyword === 'required') return `${field}.${String((error.params as { missingProperty?: string }).missingProperty)} is required`;
  if (error.keyword === 'additionalProperties') return `${field} has an unknown field "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`;
  if (error.keyword === 'enum') return `${field} must be one of ${JSON.stringify((error.params as { allowedValues?: unknown[] }).allowedValues ?? [])}`;
  return `${field} ${error.message ?? 'is invalid'}`;
}

/**
 * A copy of the schema without `$id`s nobody refers to. Shared schemas such as LinkItem carry an
 * $id, and ajv refuses a schema that embeds the same $id twice; cyclic ($ref'd) ids are kept.
 */
function withoutStrayIds(schema: object): object {
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

function createAjv(): Ajv {
  // allErrors off: the report names the first problem, which is what an admin fixes first.
  const ajv = new Ajv({ strict: false, useDefaults: true, allErrors: false, addUsedSchema: false });
  const plugin = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  plugin(ajv);
  return ajv;
}

function checkDefinition(definition: AnyWidgetDefinition): void {
  const { type, version, migrations } = definition as Partial<AnyWidgetDefinition>;
  if (typeof type !== 'string' || !TYPE_PATTERN.test(type)) {
    throw new Error(`Widget type ${JSON.stringify(type)} is not kebab-case; use lower-case words joined by hyphens, e.g. "course-list".`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new Error(`Widget "${type}" has version ${String(version)}; versions are integers from 1.`);
  }
  if (typeof definition.load !== 'function') throw new Error(`Widget "${type}" has no load function; give it load: () => import('./${type}').`);
  if (!definition.propsSchema || typeof definition.propsSchema !== 'object') throw new Error(`Widget "${type}" has no propsSchema; export its TypeBox schema from schema.ts.`);
  for (const key of Object.keys(migrations ?? {})) {
    const from = Number(key);
    if (!Number.isInteger(from) || from < 1 || from >= version) {
      throw new Error(`Widget "${type}" has a migration from version ${key}, but its current version is ${version}; migrations go from n to n + 1 below the current version.`);
    }
  }
}

function makeView(shared: Shared, allowList: readonly string[] | undefined): Registry {
  const allowed = allowList ? new Set(allowList) : undefined;
  const view: Registry = {
    allowList,
    register(definition, options = {}) {
      const def = definition as AnyWidgetDefinition;
      checkDefinition(def);
      if (shared.entries.has(def.type) && !options.override) {
        throw new Error(`Widget "${def.type}" is registered twice; pass { override: true } to replace it.`);
      }
      let validate: ValidateFunction;
      try {
        validate = shared.ajv.compile(withoutStrayIds(def.propsSchema));
      } catch (error) {
        throw new Error(`Widget "${def.type}" has a propsSchema that cannot be compiled (${(error as Error).message}); fix the schema in its schema.ts.`);
      }
      const defaults = structuredClone(def.defaultProps ?? {}) as Record<string, unknown>;
      if (!validate(defaults)) {
        throw new Error(`Widget "${def.type}" has defaultProps that do not match its propsSchema: ${describePropsError(validate.errors, 'defaultProps')}; fix the defaults or the schema.`);
      }
      shared.entries.set(def.type, { definition: def, validate });
      return view;
    },
    get: (type) => shared.entries.get(type)?.definition,
    list: () => [...shared.entries.values()].map((e) => e.definition),
    allows: (type) => shared.entries.has(type) && (!allowed || allowed.has(type)),
    withAllowList: (list) => makeView(shared, list ? [...list] : undefined),
    checkProps(type, props) {
      const entry = shared.entries.get(type);
      if (!entry) return { ok: false, message: `no widget of type "${type}" is registered` };
      const merged = { ...structuredClone(entry.definition.defaultProps ?? {}), ...structuredClone(props) } as Record<string, unknown>;
      return entry.validate(merged) ? { ok: true, props: merged } : { ok: false, message: describePropsError(entry.validate.errors) };
    },
  };
  return view;
}

/** Creates an empty registry; `allow` limits which registered types a page may use. */
export function createRegistry(options: { allow?: readonly string[] } = {}): Registry {
  return makeView({ entries: new Map(), ajv: createAjv() }, options.allow ? [...options.allow] : undefined);
}
