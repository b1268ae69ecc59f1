// Turns the tenant-settings schemas (schemas/tenant-settings.ts, TypeBox) into what @rjsf renders
// well: plain JSON without $id, literal unions as labelled choices, and a uiSchema carrying Chinese
// titles when the portal speaks Chinese (the schemas' own titles are English).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

type Json = Record<string, unknown>;

/** Chinese title and help of a field; nested objects and array items have their own tables. */
export interface FieldLabel {
  title: string;
  help?: string;
  /** Labels of a choice's values (the union's literals), by value. */
  choices?: Record<string, string>;
  fields?: Record<string, FieldLabel>;
  items?: Record<string, FieldLabel>;
  /** An @rjsf widget for the field (e.g. checkboxes for a list of choices). */
  widget?: string;
}

const isConst = (entry: unknown): entry is { const: string | number | boolean } =>
  typeof entry === 'object' && entry !== null && 'const' in entry;

/** A plain-JSON copy of `schema` that @rjsf can render. `choiceLabel` names a literal's option. */
export function formSchema(schema: object, choiceLabel?: (path: string[], value: unknown) => string | undefined): RJSFSchema {
  // With Chinese labels (choiceLabel given), the schemas' English descriptions give way to the uiSchema's help.
  const keepDescriptions = choiceLabel === undefined;
  const walk = (node: unknown, path: string[]): unknown => {
    if (Array.isArray(node)) return node.map((entry) => walk(entry, path));
    if (typeof node !== 'object' || node === null) return node;
    const source = node as Json;
    const out: Json = {};
    for (const [key, value] of Object.entries(source)) {
      if (key === '$id' || (key === 'description' && !keepDescriptions)) continue;
      if (key === 'properties') {
        out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, walk(child, [...path, name])]));
      } else if (key === 'items') {
        out.items = walk(value, [...path, '[]']);
      } else {
        out[key] = walk(value, path);
      }
    }
    // A union of literals (footStyle 0 | 1, function 'study' | 'shop' | 'gpt') is a labelled choice.
    const union = source.anyOf;
    if (Array.isArray(union) && union.length > 0 && union.every(isConst)) {
      delete out.anyOf;
      out.type = typeof union[0]!.const === 'number' ? 'number' : typeof union[0]!.const;
      out.oneOf = union.map((entry) => ({ const: entry.const, title: choiceLabel?.(path, entry.const) ?? String(entry.const) }));
    }
    return out;
  };
  // JSON round trip: TypeBox keeps its own symbol-keyed markers on the objects.
  const root = walk(JSON.parse(JSON.stringify(schema)), []) as Json;
  // The panel's tab names the setting; a heading inside the form would repeat it.
  delete root.title;
  delete root.description;
  return root as RJSFSchema;
}

/** The label entry at a path of field names ('[]' steps into array items). */
function labelAt(labels: Record<string, FieldLabel>, path: string[]): FieldLabel | undefined {
  let table: Record<string, FieldLabel> | undefined = labels;
  let found: FieldLabel | undefined;
  for (const step of path) {
    if (step === '[]') {
      table = found?.items;
      continue;
    }
    found = table?.[step];
    table = found?.fields;
  }
  return found;
}

/** The choice label of a value at a path, from the label tables. */
export function choiceLabelFrom(labels: Record<string, FieldLabel>) {
  return (path: string[], value: unknown) => labelAt(labels, path)?.choices?.[String(value)];
}

/** A uiSchema giving every labelled field its Chinese title and help. */
export function labelledUiSchema(labels: Record<string, FieldLabel>): UiSchema {
  const build = (table: Record<string, FieldLabel>): UiSchema => Object.fromEntries(Object.entries(table).map(([name, label]) => {
    const ui: UiSchema = { 'ui:title': label.title };
    if (label.help) ui['ui:description'] = label.help;
    if (label.widget) ui['ui:widget'] = label.widget;
    if (label.fields) Object.assign(ui, build(label.fields));
    if (label.items) ui.items = build(label.items);
    return [name, ui];
  }));
  return build(labels);
}
