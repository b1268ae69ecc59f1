/**
 * The migration report: what loading a page did to each block, in words a tenant admin can act
 * on (DESIGN "Where we go beyond the anchors": "3 banners upgraded, 1 dropped").
 */

/** Why a block was left out of the page. */
export type DropReason =
  | 'malformed'
  | 'unknown-type'
  | 'not-allowed'
  | 'too-new'
  | 'migration-failed'
  | 'invalid-props'
  | 'invalid-condition'
  | 'unknown-slot'
  | 'misplaced'
  | 'over-limit'
  /** Over a template limit (schemas/template-limits.ts): props too deep or too large, nested too deep, too many blocks. */
  | 'too-large';

/** A block whose props were migrated to the registered widget version. */
export interface UpgradedEntry {
  action: 'upgraded';
  path: string;
  blockId: string;
  type: string;
  from: number;
  to: number;
  /** The ids of the named migrations that ran, in order (issue 14 point 6), e.g. ["banner/2-add-a11y-label"]. */
  migrations: string[];
  /** "Block blocks[0] (banner "b1") was upgraded from version 1 to 2 by banner/2-add-a11y-label." */
  message: string;
}

/** A block shown with some fields replaced by their defaults because they failed the widget's schema. */
export interface RepairedEntry {
  action: 'repaired';
  path: string;
  blockId: string;
  type: string;
  /** Each field replaced, with the reason; the block renders with the fallback. */
  fields: Array<{ field: string; reason: string; fallback: 'default' | 'removed' }>;
  /** "Block blocks[1] (title-bar "t1") was repaired: props.title must NOT have more than 60 characters, so it fell back to its default." */
  message: string;
}

/** A block left out of the page, with a sentence naming the block, the reason and the field. */
export interface DroppedEntry {
  action: 'dropped';
  path: string;
  blockId?: string;
  type?: string;
  reason: DropReason;
  message: string;
}

/** A block given a new id because its id was missing, invalid or already used on the page. */
export interface RenamedEntry {
  action: 'renamed';
  path: string;
  blockId: string;
  type: string;
  previousId: string | undefined;
  message: string;
}

/** Page props that were invalid and replaced by the defaults. */
export interface ResetEntry {
  action: 'reset';
  path: 'root.props';
  message: string;
}

export type ReportEntry = UpgradedEntry | DroppedEntry | RenamedEntry | RepairedEntry | ResetEntry;

/** What normalising one page did. */
export interface NormaliseReport {
  /** The format the template was stored in: 1 (legacy, converted) or 2. */
  sourceFormat: 1 | 2;
  /** One entry per block path that changed or was dropped, in page order. */
  entries: ReportEntry[];
}

/** "course-list" → "course lists"; "banner" → "banners". */
export function pluralNoun(type: string | undefined, count: number): string {
  const noun = (type ?? 'block').replace(/-/g, ' ');
  if (count === 1) return noun;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** What a report did, counted: per widget type in page order, renamed block ids and a props reset. */
export interface ReportCounts {
  byType: Map<string, { upgraded: number; repaired: number; dropped: number }>;
  renamed: number;
  reset: boolean;
}

/** Counts a report's entries (shared by the log sentence below and the designer's publish dialog). */
export function countReport(report: NormaliseReport): ReportCounts {
  const byType = new Map<string, { upgraded: number; repaired: number; dropped: number }>();
  let renamed = 0;
  let reset = false;
  for (const entry of report.entries) {
    if (entry.action === 'renamed') renamed += 1;
    else if (entry.action === 'reset') reset = true;
    else {
      const key = entry.type ?? '';
      const counts = byType.get(key) ?? { upgraded: 0, repaired: 0, dropped: 0 };
      counts[entry.action] += 1;
      byType.set(key, counts);
    }
  }
  return { byType, renamed, reset };
}

/**
 * One sentence summarising a report, by widget type in page order: "3 banners upgraded, 1 dropped."
 * ("1 dropped" counts banners too; other types are named.)
 */
export function summariseReport(report: NormaliseReport): string {
  const { byType, renamed, reset } = countReport(report);
  const parts: string[] = [];
  for (const [type, counts] of byType) {
    const name = type || undefined;
    let named = false;
    for (const action of ['upgraded', 'repaired', 'dropped'] as const) {
      const n = counts[action];
      if (!n) continue;
      parts.push(named ? `${n} ${action}` : `${n} ${pluralNoun(name, n)} ${action}`);
      named = true;
    }
  }
  if (renamed) parts.push(`${renamed} block ${renamed === 1 ? 'id' : 'ids'} renamed`);
  if (reset) parts.push('page props reset to defaults');
  const body = parts.length ? parts.join(', ') : 'every block is current';
  const sentence = report.sourceFormat === 1 ? `Converted from the legacy format; ${body}` : parts.length ? body : `No changes: ${body}`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** "col1", "col1 or col2", "col1, col2 or col3" (with "and" for a list of what is shown). */
function listOf(names: readonly string[], conjunction: 'or' | 'and'): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/**
 * The sentence for a child block its container never shows: a slot the widget does not have, or
 * one it does not render with its current props (col3 of a two-column row). Names the block's
 * path and the fix.
 */
export function slotErrorMessage(
  child: { path: string; blockId?: string | undefined; type?: string | undefined },
  slot: string,
  container: { id: string; type: string },
  shown: readonly string[],
  declared: readonly string[],
): string {
  const what = child.type ? ` (${child.type}${child.blockId ? ` "${child.blockId}"` : ''})` : child.blockId ? ` ("${child.blockId}")` : '';
  const head = `Block ${child.path}${what} is in slot "${slot}", but the ${container.type} block "${container.id}"`;
  if (!declared.includes(slot)) {
    const targets = shown.length ? shown : declared;
    return targets.length
      ? `${head} has no slot "${slot}"; move it to ${listOf(targets, 'or')}.`
      : `${head} has no slots; move it out of "${container.id}".`;
  }
  if (!shown.length) return `${head} shows none of its slots with its current props; change the props of "${container.id}" so that it shows "${slot}", or move the block out of it.`;
  return `${head} shows only ${listOf(shown, 'and')} with its current props; move it to ${listOf(shown, 'or')}, or change the props of "${container.id}" so that it shows "${slot}".`;
}
