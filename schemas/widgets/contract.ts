// A widget's contract: the pure part of its definition (type, version, props schema, defaults,
// migrations, slots, placement), which the runtime's registry and the server's template check
// (server/lib/template-check.ts) both read, so a saved template is judged by the same rules that
// render it. The component, its data declaration and editor meta stay in widgets/<type>/.
import type { ErrorObject } from 'ajv';

/** Where a block of this widget may stand. */
export interface WidgetPlacement {
  /** At most this many blocks of the widget per page; later ones are dropped and reported. */
  maxPerPage?: number;
  /** May not be placed inside another block's slot (full-width banners, floating players). */
  topLevelOnly?: boolean;
}

/**
 * One named props migration, tldraw-style (issue 14 point 6). The id is `<type>/<n>-<what-changed>`:
 * `up` turns props of version n - 1 into props of version n, e.g. `{ id: 'banner/2-add-a11y-label', up }`.
 * The name is what the migration report shows for each block it ran on.
 */
export interface WidgetMigration {
  /** `<type>/<n>-<kebab-case slug>`: the widget type, the version it produces (from 2), what changed. */
  id: string;
  /** Pure: gets a copy of version n - 1 props and returns version n props. */
  up: (props: Record<string, unknown>) => Record<string, unknown>;
}

/** A widget's named migrations in version order (ids unique, versions rising); checked at registration. */
export type WidgetMigrations = readonly WidgetMigration[];

/**
 * The pure part of a widget: everything needed to judge and upgrade a block's props, and nothing
 * that renders or fetches. One per widget in schemas/widgets/<type>.ts; widgets/<type>/index.ts
 * spreads it into its definition (docs/widgets.md "Adding a widget").
 */
export interface WidgetContract<P = Record<string, unknown>> {
  /** Kebab-case type stored in every block of this widget, e.g. "course-list"; unique per registry. */
  type: string;
  /** Current props version (integer from 1); raise it with a migration whenever props change shape. */
  version: number;
  /** JSON Schema (a TypeBox schema) of the props; blocks are validated against it once, at load and on save. */
  propsSchema: object;
  /** Props of a new block; merged under a block's own props before validation. */
  defaultProps: P;
  /** Named upgrades from earlier versions, in order: `{ id: '<type>/<n>-<slug>', up }` produces version n. */
  migrations: WidgetMigrations;
  /** Names of the slots a container widget renders; child blocks in other slots are dropped (refused on save). */
  slots?: readonly string[];
  /** Limits on where and how often the widget may be placed. */
  placement?: WidgetPlacement;
}

/** A contract of any props type, as a table of contracts holds it. */
export type AnyWidgetContract = WidgetContract<any>;

/** `<type>/<n>-<slug>`: the widget type, the version the migration produces, what changed (kebab-case). */
export const MIGRATION_ID = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\/([1-9][0-9]*)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The version a migration id produces ('banner/2-add-height' → 2); undefined for a malformed id. */
export function migrationTarget(id: string): number | undefined {
  const match = MIGRATION_ID.exec(id);
  return match ? Number(match[2]) : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Runs the named migrations from a block's version up to the widget's, in order, on copies; returns
 * the ids that ran. The runtime's normaliser and the server's template check both call this.
 */
export function migrateProps(
  contract: Pick<AnyWidgetContract, 'type' | 'version' | 'migrations'>, props: Record<string, unknown>, from: number,
): { ok: true; props: Record<string, unknown>; ran: string[] } | { ok: false; message: string } {
  let current = props;
  const ran: string[] = [];
  for (let v = from; v < contract.version; v += 1) {
    const step = contract.migrations.find((m) => migrationTarget(m.id) === v + 1);
    if (!step) return { ok: false, message: `widget "${contract.type}" has no migration from version ${v} to ${v + 1}` };
    try {
      const next = step.up(structuredClone(current));
      if (!isRecord(next)) return { ok: false, message: `the migration "${step.id}" (version ${v} to ${v + 1}) did not return an object` };
      current = next;
      ran.push(step.id);
    } catch (error) {
      return { ok: false, message: `the migration "${step.id}" (version ${v} to ${v + 1}) failed: ${(error as Error).message}` };
    }
  }
  return { ok: true, props: current, ran };
}

/** Turns an ajv instance path into the dotted field name a tenant admin reads: items[0].link. */
export function fieldName(instancePath: string, root = 'props'): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : `${name}.${part}`), root);
}

/** The field the first ajv error is about, as fieldName writes it (props.title, props.items[0].link). */
export function errorField(errors: ErrorObject[] | null | undefined, root = 'props'): string {
  const error = errors?.[0];
  if (!error) return root;
  const field = fieldName(error.instancePath, root);
  if (error.keyword === 'required') return `${field}.${String((error.params as { missingProperty?: string }).missingProperty)}`;
  return field;
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
