// Types only: the learner bundle carries no ajv. Props validators are compiled at build time
// (scripts/widget-validators.ts) and loaded per widget type; see "Validators" below.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { preparePageShapes } from './page-shapes';
import { compile as buildCompile, contracts as buildContracts, contractsStamp as buildStamp, precompiled as buildValidators } from 'virtual:widget-validators';
import { contractFingerprint } from '../../schemas/contracts-fingerprint';
import { describePropsError, fieldName, MIGRATION_ID } from '../../schemas/widgets/contract';
import { schemaFingerprint } from './schema-fingerprint';
import type { AnyWidgetDefinition, WidgetDefinition } from './widget-definition';

/** Options of `register`. */
export interface RegisterOptions {
  /** Replace an existing widget of the same type instead of failing. */
  override?: boolean;
}

/** A top-level prop that failed its schema and was replaced, so that the block still renders. */
export interface FieldRepair {
  /** The field as the report names it: props.title. */
  field: string;
  /** The schema's complaint, naming the field: "props.title must NOT have more than 60 characters". */
  reason: string;
  /** default: the widget's default value; removed: the field is optional and has no default, so it is unset. */
  fallback: 'default' | 'removed';
}

/**
 * The outcome of checking a block's props against its widget's schema: valid props (with the
 * fields that had to be repaired), or why the block cannot be shown.
 */
export type PropsCheck = { ok: true; props: Record<string, unknown>; repairs: FieldRepair[] } | { ok: false; message: string };

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
  /**
   * Validates props (already migrated) against the widget's schema, filling defaults on a copy.
   * An invalid top-level field falls back to its default (or is unset when optional); only a
   * required field without a default, or props that are not an object, fail the block.
   */
  checkProps(type: string, props: Record<string, unknown>): PropsCheck;
  /**
   * Loads the props validators of these types (issue 15 point 2: a page loads only the validators
   * of the types it uses). Undefined when every one is ready; otherwise a promise, the same one
   * while the same load is under way (so React's `use` can wait on it). Unknown types are skipped.
   */
  prepare(types: Iterable<string>): Promise<void> | undefined;
  /**
   * True when a template the server checked with this stamp (server/lib/template-serve.ts) may be
   * rendered without validating it again (issue 15 point 2): the stamp is this build's, and every
   * one of `types` is registered with exactly the build's contract and allowed here. Normalising
   * such a template needs no validator.
   */
  acceptsChecked(stamp: unknown, types: Iterable<string>): boolean;
}

/** A props validator the build compiled (virtual:widget-validators): ready now, or loaded on demand. */
export interface PrecompiledValidator {
  /** The validator, when it is already in memory (Node and Vitest import them eagerly). */
  ready?: ValidateFunction;
  /** Loads the validator's module (the browser: one small chunk per widget type). */
  load: () => Promise<{ default: ValidateFunction }>;
}

/**
 * Where a registry gets its props validators. By default, from the build step: the validator the
 * build compiled for the schema's fingerprint, else (only where ajv may run: Node, Vitest) one
 * compiled now. The browser has no compiler, so a schema the build did not see cannot be registered there.
 */
export interface ValidatorSource {
  /** Build-time validators by schema fingerprint (src/runtime/schema-fingerprint.ts). */
  precompiled: Readonly<Record<string, PrecompiledValidator>>;
  /** Compiles a schema at run time; undefined in the browser. */
  compile: ((schema: object) => ValidateFunction) | undefined;
  /** The stamp of the contracts the build saw, and each one's fingerprint (schemas/contracts-fingerprint.ts); none for a test's own source. */
  contractsStamp?: string | undefined;
  contracts?: Readonly<Record<string, string>>;
}

/** The validators the build step produced, with the run-time compiler where there is one. */
export const BUILD_VALIDATORS: ValidatorSource = { precompiled: buildValidators, compile: buildCompile, contractsStamp: buildStamp, contracts: buildContracts };

interface Entry {
  definition: AnyWidgetDefinition;
  /** Undefined until the precompiled validator has loaded (prepare). */
  validate: ValidateFunction | undefined;
  /** Loads the precompiled validator; undefined once it is ready. */
  load: (() => Promise<{ default: ValidateFunction }>) | undefined;
  /** The load under way, shared by every prepare that needs it. */
  loading?: Promise<void>;
  /** The definition carries exactly the contract the build saw (its fingerprint matches): a checked template's blocks of it need no validation. */
  checked: boolean;
}

interface Shared {
  entries: Map<string, Entry>;
  validators: ValidatorSource;
  /** prepare's promise per set of pending types, so a repeated call hands back the same promise. */
  pending: Map<string, Promise<void>>;
}

const TYPE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

// Pure, shared with the server's template check (schemas/widgets/contract.ts), so a block refused on
// save and a block dropped at load are described in the same words.
export { describePropsError, fieldName, migrationTarget } from '../../schemas/widgets/contract';

function checkDefinition(definition: AnyWidgetDefinition): void {
  const { type, version, migrations } = definition as Partial<AnyWidgetDefinition>;
  if (typeof type !== 'string' || !TYPE_PATTERN.test(type)) {
    throw new Error(`Widget type ${JSON.stringify(type)} is not kebab-case; use lower-case words joined by hyphens, e.g. "course-list".`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new Error(`Widget "${type}" has version ${String(version)}; versions are integers from 1.`);
  }
  if (typeof definition.load !== 'function') throw new Error(`Widget "${type}" has no load function; give it load: () => import('./${type}').`);
  if (!definition.propsSchema || typeof definition.propsSchema !== 'object') throw new Error(`Widget "${type}" has no propsSchema; export its TypeBox schema from its contract in schemas/widgets/<type>.ts.`);
  checkMigrations(type, version, migrations);
}

/**
 * Issue 14 point 6: migrations are a list of `{ id: '<type>/<n>-<slug>', up }`, ids well-formed
 * and unique, versions rising from 2 to the widget's version. A bad list fails registration.
 */
function checkMigrations(type: string, version: number, migrations: unknown): void {
  const example = `{ id: '${type}/${Math.max(2, version)}-what-changed', up: (props) => ({ ...props }) }`;
  if (!Array.isArray(migrations)) {
    throw new Error(`Widget "${type}" has migrations that are not a list; write migrations: [] or a list of named steps such as ${example}.`);
  }
  const seen = new Set<string>();
  let previous = 1;
  migrations.forEach((step: unknown, index) => {
    const id = step && typeof step === 'object' ? (step as { id?: unknown }).id : undefined;
    const where = `Widget "${type}" migration ${index}${typeof id === 'string' ? ` ("${id}")` : ''}`;
    if (typeof id !== 'string') throw new Error(`${where} has no id; name every step as in ${example}.`);
    const match = MIGRATION_ID.exec(id);
    if (!match) throw new Error(`${where} has a malformed id; ids are "<type>/<version>-<kebab-case slug>", e.g. "${type}/2-add-height".`);
    if (match[1] !== type) throw new Error(`${where} names the widget "${match[1]}"; a migration of "${type}" has an id starting "${type}/".`);
    if (seen.has(id)) throw new Error(`${where} repeats an id; every migration id is unique.`);
    seen.add(id);
    const target = Number(match[2]);
    if (target < 2 || target > version) {
      throw new Error(`${where} produces version ${target}, but "${type}" is at version ${version}; a migration produces a version from 2 to the current one.`);
    }
    if (target <= previous) {
      throw new Error(`${where} produces version ${target} after a migration to version ${previous}; list migrations in version order, one per version.`);
    }
    previous = target;
    if (typeof (step as { up?: unknown }).up !== 'function') throw new Error(`${where} has no up function; give it up: (props) => ({ ...props }).`);
  });
}

/** The first top-level prop an ajv error is about, or undefined when the props as a whole are wrong. */
function topLevelField(error: ErrorObject): string | undefined {
  const first = error.instancePath.split('/')[1];
  if (first !== undefined && first !== '') return first.replace(/~1/g, '/').replace(/~0/g, '~');
  if (error.keyword === 'required') return (error.params as { missingProperty?: string }).missingProperty;
  if (error.keyword === 'additionalProperties') return (error.params as { additionalProperty?: string }).additionalProperty;
  return undefined;
}

/**
 * A deep copy of JSON data (props and defaults are JSON: they come from stored templates and
 * schema defaults). Several times faster than structuredClone on the small objects of a block,
 * which a 1,000-block page copies twice each; anything else is left to structuredClone.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneJson((value as Record<string, unknown>)[key]);
  return copy as T;
}

/**
 * Validates merged props, repairing one top-level field per round (issue 14 point 14: a title one
 * character too long once lost its whole block). ajv stops at the first error, so this loops; it
 * ends because every field is repaired at most once.
 */
function validateWithRepairs(definition: AnyWidgetDefinition, validate: ValidateFunction, merged: Record<string, unknown>): PropsCheck {
  // Called for every block of a page (issue 15 point 2): the first round is all most blocks need.
  const firstValid: boolean = validate(merged);
  if (firstValid) return { ok: true, props: merged, repairs: [] };
  const defaults = (definition.defaultProps ?? {}) as Record<string, unknown>;
  const schemaProps = (definition.propsSchema as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  const required = new Set((definition.propsSchema as { required?: unknown }).required as string[] | undefined ?? []);
  const repairs: FieldRepair[] = [];
  const repaired = new Map<string, string>();
  for (;;) {
    // Called through a plain boolean: ajv's type guard would narrow merged to never on failure.
    const valid: boolean = validate(merged);
    if (valid) return { ok: true, props: merged, repairs };
    const error = validate.errors?.[0];
    const reason = describePropsError(validate.errors);
    const key = error ? topLevelField(error) : undefined;
    if (key === undefined) return { ok: false, message: reason };
    const first = repaired.get(key);
    if (first !== undefined || (error?.keyword === 'required' && !error.instancePath)) {
      // A required field with no default (ajv would have filled a schema default): nothing can stand in for it.
      const field = fieldName(`/${key}`);
      if (first === undefined) return { ok: false, message: required.has(key) ? `${field} is required and has no default to fall back to` : reason };
      return { ok: false, message: required.has(key) ? `${first}, and ${field} is required with no default to fall back to` : `${first}, and its fallback is invalid too (${reason})` };
    }
    repaired.set(key, reason);
    if (Object.hasOwn(defaults, key)) {
      merged[key] = structuredClone(defaults[key]);
      repairs.push({ field: fieldName(`/${key}`), reason, fallback: 'default' });
    } else {
      // Unset: ajv's useDefaults fills the schema default (if any) on the next round.
      delete merged[key];
      repairs.push({ field: fieldName(`/${key}`), reason, fallback: schemaProps[key]?.default !== undefined ? 'default' : 'removed' });
    }
  }
}

/** Finds a widget's validator: the build's for its schema, else one compiled now where a compiler exists. */
function validatorFor(def: AnyWidgetDefinition, source: ValidatorSource): Pick<Entry, 'validate' | 'load' | 'checked'> {
  const print = schemaFingerprint(def.propsSchema);
  const built = source.precompiled[print];
  const buildContract = source.contracts?.[def.type];
  const checked = buildContract !== undefined && buildContract === contractFingerprint(def, print);
  if (built) return { validate: built.ready, load: built.ready ? undefined : built.load, checked };
  if (!source.compile) {
    throw new Error(`Widget "${def.type}" has a propsSchema the build step did not compile, and the browser compiles none; register the widget in widgets/index.ts so that scripts/widget-validators.ts compiles it (docs/widgets.md).`);
  }
  try {
    return { validate: source.compile(def.propsSchema), load: undefined, checked: false };
  } catch (error) {
    throw new Error(`Widget "${def.type}" has a propsSchema that cannot be compiled (${(error as Error).message}); fix the schema in its contract (schemas/widgets/<type>.ts).`);
  }
}

/** Starts (or joins) the load of an entry's precompiled validator; a failed load may be retried. */
function loadEntry(entry: Entry): Promise<void> {
  const { load } = entry;
  if (!load) return Promise.resolve();
  entry.loading ??= load().then(
    (module) => {
      entry.validate = module.default;
      entry.load = undefined;
    },
    (error: unknown) => {
      entry.loading = undefined;
      throw error;
    },
  );
  return entry.loading;
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
      const found = validatorFor(def, shared.validators);
      // A validator already in memory checks the defaults now; a lazy one was checked by the build step.
      if (found.validate) {
        const defaults = structuredClone(def.defaultProps ?? {}) as Record<string, unknown>;
        if (!found.validate(defaults)) {
          throw new Error(`Widget "${def.type}" has defaultProps that do not match its propsSchema: ${describePropsError(found.validate.errors, 'defaultProps')}; fix the defaults or the schema.`);
        }
      }
      shared.entries.set(def.type, { definition: def, ...found });
      return view;
    },
    get: (type) => shared.entries.get(type)?.definition,
    list: () => [...shared.entries.values()].map((e) => e.definition),
    allows: (type) => shared.entries.has(type) && (!allowed || allowed.has(type)),
    withAllowList: (list) => makeView(shared, list ? [...list] : undefined),
    checkProps(type, props) {
      const entry = shared.entries.get(type);
      if (!entry) return { ok: false, message: `no widget of type "${type}" is registered` };
      // Never thrown: one block whose validator was not prepared must not take the page down.
      if (!entry.validate) return { ok: false, message: `the props validator of "${type}" is not loaded; call registry.prepare() with the page's types before normalising it` };
      // Copies: the validator fills defaults in place, and neither the definition's defaults nor
      // the stored template (the query cache's data) may change.
      const merged = { ...cloneJson(entry.definition.defaultProps ?? {}), ...cloneJson(props) } as Record<string, unknown>;
      return validateWithRepairs(entry.definition, entry.validate, merged);
    },
    acceptsChecked(stamp, types) {
      if (typeof stamp !== 'string' || !shared.validators.contractsStamp || stamp !== shared.validators.contractsStamp) return false;
      for (const type of types) {
        if (!shared.entries.get(type)?.checked || !view.allows(type)) return false;
      }
      return true;
    },
    prepare(types) {
      const waiting = [...new Set(types)].filter((type) => shared.entries.get(type)?.load).sort();
      // The page's own shape (root props, conditions) is validated with the blocks: its validators come too.
      const shapes = preparePageShapes();
      if (waiting.length === 0) return shapes;
      const key = waiting.join(' ');
      let promise = shared.pending.get(key);
      if (!promise) {
        promise = Promise.all([...waiting.map((type) => loadEntry(shared.entries.get(type) as Entry)), shapes]).then(() => undefined);
        const settled = promise;
        shared.pending.set(key, settled);
        const forget = () => {
          if (shared.pending.get(key) === settled) shared.pending.delete(key);
        };
        settled.then(forget, forget);
      }
      return promise;
    },
  };
  return view;
}

/** Options of `createRegistry`. */
export interface CreateRegistryOptions {
  /** The types a page may use; undefined allows every registered type. */
  allow?: readonly string[];
  /** Where props validators come from (default: the build step's, BUILD_VALIDATORS); tests pass their own. */
  validators?: ValidatorSource;
}

/** Creates an empty registry; `allow` limits which registered types a page may use. */
export function createRegistry(options: CreateRegistryOptions = {}): Registry {
  return makeView({ entries: new Map(), validators: options.validators ?? BUILD_VALIDATORS, pending: new Map() }, options.allow ? [...options.allow] : undefined);
}
