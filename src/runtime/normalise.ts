import {
  PAGE_SCHEMA_VERSION, isPageTemplateV1, migratePageV1,
  type PageBlock, type PageTemplateV2,
} from '../../schemas/page-template';
import {
  describeChars, measureJson, MAX_PAGE_BLOCKS, MAX_PAGE_PROPS_CHARS, MAX_PROPS_CHARS, MAX_PROPS_DEPTH, MAX_SLOT_DEPTH,
} from '../../schemas/template-limits';
import { migrateProps } from '../../schemas/widgets/contract';
import { pageShapeChecks } from './page-shapes';
import { describePropsError, type Registry } from './registry';
import type { DroppedEntry, DropReason, NormaliseReport, RepairedEntry, ReportEntry } from './report';
import type { AnyWidgetDefinition } from './widget-definition';

/**
 * Load-time normalisation (DESIGN "The runtime" step 4): any stored template → the current page
 * format, every block migrated to its widget's registered version and validated ONCE, with a
 * report per block path. Invalid blocks are dropped, never thrown: one bad block must not take a
 * page down. Only a value that is not a page template at all throws a TemplateError.
 */

/** A renderable block with its children (and what was repaired in it), or the place where a dropped block stood. */
export type RenderNode =
  | { kind: 'block'; path: string; block: PageBlock; definition: AnyWidgetDefinition; slots: Record<string, RenderNode[]>; repaired?: RepairedEntry }
  | { kind: 'dropped'; path: string; entry: DroppedEntry };

/** The result of normalising: the clean page, the report, and the tree the renderer walks. */
export interface NormalisedPage {
  /** The page in the current format with only valid blocks (what the designer saves back). */
  page: PageTemplateV2;
  /** What happened to each block. */
  report: NormaliseReport;
  /** Blocks and dropped-block markers in page order; preview mode shows placeholders for the latter. */
  nodes: RenderNode[];
}

/** Fallbacks for page fields a stored template lacks (they come with the getPageV2 answer). */
export interface NormaliseOptions {
  pageId?: number;
  pageCode?: string;
  title?: string;
}

/** A stored value that is not a page template of any known format. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

// Compiled at build time from BlockCondition and RootProps (scripts/widget-validators.ts): no ajv
// and no generated code in the browser (issue 15 point 2). Loaded by registry.prepare() with the
// props validators (src/runtime/page-shapes.ts); a page normalised before that is told so.
const NOT_LOADED = 'the page validators are not loaded; call registry.prepare() with the page\'s types before normalising it';

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when a value is already the result of normalisePage. */
export function isNormalisedPage(value: unknown): value is NormalisedPage {
  return isRecord(value) && Array.isArray(value.nodes) && isRecord(value.report) && isRecord(value.page);
}

/** Reads any stored template into the current format; throws TemplateError for anything else. */
export function toCurrentFormat(raw: unknown, options: NormaliseOptions = {}): { page: PageTemplateV2; sourceFormat: 1 | 2 } {
  if (!isRecord(raw)) throw new TemplateError('The page template is not a JSON object; re-save the page in the page designer.');
  if (isPageTemplateV1(raw)) {
    const v1 = { ...raw, pageCode: typeof raw.pageCode === 'string' && raw.pageCode ? raw.pageCode : options.pageCode ?? '' };
    return { page: migratePageV1(v1, options.pageId === undefined ? {} : { pageId: options.pageId }), sourceFormat: 1 };
  }
  const version = raw.schemaVersion;
  if (typeof version === 'number' && version > PAGE_SCHEMA_VERSION) {
    throw new TemplateError(`The page template uses format ${version}, newer than this portal understands (${PAGE_SCHEMA_VERSION}); update the portal.`);
  }
  if (version !== PAGE_SCHEMA_VERSION) {
    throw new TemplateError('The page template has neither schemaVersion 2 nor a legacy components list; re-save the page in the page designer.');
  }
  if (!Array.isArray(raw.blocks)) throw new TemplateError('The page template has no blocks list; re-save the page in the page designer.');
  const root = isRecord(raw.root) && isRecord(raw.root.props) ? raw.root.props : {};
  return {
    page: {
      schemaVersion: 2,
      pageId: typeof raw.pageId === 'number' && Number.isInteger(raw.pageId) ? raw.pageId : options.pageId ?? 0,
      pageCode: typeof raw.pageCode === 'string' && raw.pageCode ? raw.pageCode : options.pageCode ?? '',
      title: typeof raw.title === 'string' ? raw.title : options.title ?? '',
      root: { props: root as PageTemplateV2['root']['props'] },
      blocks: raw.blocks as PageBlock[],
      // The server's stamp that the rich text is sanitised (schemas/rich-text-policy.ts) travels on.
      ...(typeof raw.richTextPolicy === 'number' ? { richTextPolicy: raw.richTextPolicy } : {}),
    },
    sourceFormat: 2,
  };
}

interface Walk {
  registry: Registry;
  entries: ReportEntry[];
  usedIds: Set<string>;
  perType: Map<string, number>;
  counter: number;
  /** Blocks looked at so far, slots included (MAX_PAGE_BLOCKS). */
  blocks: number;
  /** JSON characters of the props kept so far (MAX_PAGE_PROPS_CHARS). */
  propsChars: number;
}

const PROPS_LIMITS = { maxDepth: MAX_PROPS_DEPTH, maxChars: MAX_PROPS_CHARS };

/** Why a value is over the props limits (the end of a report sentence), or its size in JSON characters. */
function overPropsLimits(value: unknown, what: string): { why: string } | { chars: number } {
  const measure = measureJson(value, PROPS_LIMITS);
  if (measure.over === 'depth') return { why: `${what} are nested more than ${MAX_PROPS_DEPTH} levels deep, the limit for one block` };
  if (measure.over === 'chars') return { why: `${what} are larger than ${describeChars(MAX_PROPS_CHARS)} of JSON, the limit for one block` };
  return { chars: measure.chars };
}

function describeBlock(path: string, type: unknown): string {
  return typeof type === 'string' && type ? `Block ${path} (${type})` : `Block ${path}`;
}

/** `depth`: how many containers the list sits in (0 for the page's own blocks). */
function normaliseList(list: unknown[], prefix: string, depth: number, walk: Walk): { blocks: PageBlock[]; nodes: RenderNode[] } {
  const blocks: PageBlock[] = [];
  const nodes: RenderNode[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const path = `${prefix}[${index}]`;
    if (walk.blocks >= MAX_PAGE_BLOCKS) {
      // Issue 14 point 13: one entry for the rest of the list, not one per block.
      const rest = list.length - index - 1;
      const entry: DroppedEntry = {
        action: 'dropped', path, reason: 'too-large',
        message: `Block ${path}${rest ? ` and the ${rest} ${rest === 1 ? 'block' : 'blocks'} after it in this list were` : ' was'} dropped: a page holds at most ${MAX_PAGE_BLOCKS} blocks, slots included.`,
      };
      walk.entries.push(entry);
      nodes.push({ kind: 'dropped', path, entry });
      break;
    }
    walk.blocks += 1;
    const result = normaliseBlock(list[index], path, depth, walk);
    if (result.kind === 'block') blocks.push(result.block);
    nodes.push(result);
  }
  return { blocks, nodes };
}

function normaliseBlock(raw: unknown, path: string, depth: number, walk: Walk): RenderNode & { kind: 'block' } | RenderNode & { kind: 'dropped' } {
  const inSlot = depth > 0;
  const source = isRecord(raw) ? raw : undefined;
  const type = typeof source?.type === 'string' ? source.type : undefined;
  const rawId = typeof source?.id === 'string' ? source.id : undefined;
  const drop = (reason: DropReason, why: string): RenderNode & { kind: 'dropped' } => {
    const entry: DroppedEntry = { action: 'dropped', path, reason, message: `${describeBlock(path, type)} was dropped: ${why}.` };
    if (rawId !== undefined) entry.blockId = rawId;
    if (type !== undefined) entry.type = type;
    walk.entries.push(entry);
    return { kind: 'dropped', path, entry };
  };

  if (!source) return drop('malformed', 'it is not an object');
  if (!type) return drop('malformed', 'it has no widget type');
  const version = source.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return drop('malformed', 'it has no version; every block records the widget version its props were written for');
  }
  if (source.props !== undefined && !isRecord(source.props)) return drop('malformed', 'its props are not an object');
  if (source.slots !== undefined && (!isRecord(source.slots) || !Object.values(source.slots).every(Array.isArray))) {
    return drop('malformed', 'its slots are not lists of blocks');
  }
  // Issue 14 point 13: measured before anything clones or validates them (a prop 3,000 deep overflowed the stack).
  if (depth > MAX_SLOT_DEPTH) return drop('too-large', `it sits inside ${depth} containers; blocks nest at most ${MAX_SLOT_DEPTH} containers deep`);
  const size = overPropsLimits(source.props ?? {}, 'its props');
  if ('why' in size) return drop('too-large', size.why);
  if (walk.propsChars + size.chars > MAX_PAGE_PROPS_CHARS) {
    return drop('too-large', `the props of the blocks before it already hold ${walk.propsChars} characters, and a page's blocks together hold at most ${describeChars(MAX_PAGE_PROPS_CHARS)} of JSON`);
  }
  if (source.condition !== undefined) {
    const conditionSize = overPropsLimits(source.condition, 'its condition values');
    if ('why' in conditionSize) return drop('too-large', conditionSize.why);
  }

  const definition = walk.registry.get(type);
  if (!definition) return drop('unknown-type', `no widget of type "${type}" is registered`);
  if (!walk.registry.allows(type)) return drop('not-allowed', `the widget "${type}" is not on this tenant's allow-list`);
  if (inSlot && definition.placement?.topLevelOnly) return drop('misplaced', `the widget "${type}" may only be placed at the top level of a page, not inside a slot`);
  const max = definition.placement?.maxPerPage;
  if (max !== undefined && (walk.perType.get(type) ?? 0) >= max) return drop('over-limit', `a page may hold at most ${max} "${type}" ${max === 1 ? 'block' : 'blocks'}`);
  if (version > definition.version) {
    return drop('too-new', `it was written for version ${version} of "${type}", newer than the installed version ${definition.version}; update the portal or re-save the page`);
  }

  const migrated = migrateProps(definition, isRecord(source.props) ? source.props : {}, version);
  if (!migrated.ok) return drop('migration-failed', migrated.message);
  const checked = walk.registry.checkProps(type, migrated.props);
  const upgraded = version < definition.version ? ` (after upgrading from version ${version} to ${definition.version})` : '';
  if (!checked.ok) return drop('invalid-props', `${checked.message}${upgraded}`);
  const shapes = pageShapeChecks();
  if (source.condition !== undefined && !shapes) return drop('invalid-condition', `its condition could not be checked: ${NOT_LOADED}`);
  if (source.condition !== undefined && shapes && !shapes.condition(source.condition)) {
    return drop('invalid-condition', `its condition is not valid: ${describePropsError(shapes.condition.errors, 'condition')}`);
  }

  // Ids: unique in the page so the designer, data-block-id and the report can name a block.
  let id = rawId && ID_PATTERN.test(rawId) && !walk.usedIds.has(rawId) ? rawId : '';
  if (!id) {
    const base = rawId && ID_PATTERN.test(rawId) ? rawId.slice(0, 60) : 'b';
    let n = base === 'b' ? ++walk.counter : 2;
    while (walk.usedIds.has((id = `${base}-${n}`))) n += 1;
    walk.entries.push({
      action: 'renamed', path, blockId: id, type, previousId: rawId,
      message: rawId ? `${describeBlock(path, type)} had the id "${rawId}", ${walk.usedIds.has(rawId) ? 'already used on this page' : 'which is not a valid id'}; it is now "${id}".` : `${describeBlock(path, type)} had no id; it is now "${id}".`,
    });
  }
  walk.usedIds.add(id);
  walk.perType.set(type, (walk.perType.get(type) ?? 0) + 1);
  walk.propsChars += size.chars;
  if (version < definition.version) {
    walk.entries.push({
      action: 'upgraded', path, blockId: id, type, from: version, to: definition.version, migrations: migrated.ran,
      message: `${describeBlock(path, type)} was upgraded from version ${version} to ${definition.version} by ${migrated.ran.join(', ')}.`,
    });
  }
  // Issue 14 point 14: an invalid field falls back to its default and the block still renders.
  let repaired: RepairedEntry | undefined;
  if (checked.repairs.length) {
    const said = checked.repairs.map((r) => `${r.reason}${upgraded}, so it ${r.fallback === 'default' ? 'fell back to its default' : 'was left unset'}`);
    repaired = { action: 'repaired', path, blockId: id, type, fields: checked.repairs, message: `${describeBlock(path, type)} was repaired: ${said.join('; ')}.` };
    walk.entries.push(repaired);
  }

  const block: PageBlock = { id, type, version: definition.version, props: checked.props };
  if (source.condition !== undefined) block.condition = structuredClone(source.condition) as PageBlock['condition'];
  const slots: Record<string, RenderNode[]> = {};
  if (isRecord(source.slots)) {
    const declared = new Set(definition.slots ?? []);
    const kept: Record<string, PageBlock[]> = {};
    for (const [name, children] of Object.entries(source.slots as Record<string, unknown[]>)) {
      const slotPath = `${path}.slots.${name}`;
      if (!declared.has(name)) {
        slots[name] = children.map((child, i) => {
          const childType = isRecord(child) && typeof child.type === 'string' ? child.type : undefined;
          const entry: DroppedEntry = {
            action: 'dropped', path: `${slotPath}[${i}]`, reason: 'unknown-slot',
            message: `${describeBlock(`${slotPath}[${i}]`, childType)} was dropped: the widget "${type}" has no slot "${name}"${declared.size ? ` (its slots: ${[...declared].join(', ')})` : ''}.`,
          };
          if (childType) entry.type = childType;
          if (isRecord(child) && typeof child.id === 'string') entry.blockId = child.id;
          walk.entries.push(entry);
          return { kind: 'dropped' as const, path: entry.path, entry };
        });
        continue;
      }
      const result = normaliseList(children, slotPath, depth + 1, walk);
      kept[name] = result.blocks;
      slots[name] = result.nodes;
    }
    if (Object.keys(kept).length) block.slots = kept;
  }
  return repaired ? { kind: 'block', path, block, definition, slots, repaired } : { kind: 'block', path, block, definition, slots };
}

/**
 * The blocks of a template the server checked (issue 15 point 2: server/lib/template-serve.ts
 * validated it against the same contracts, migrated it and filled its defaults), taken as they are:
 * no measuring, migrating, validating or copying. Undefined as soon as anything is not what a
 * checked template holds; the caller then normalises the whole page the ordinary way.
 */
function checkedList(list: unknown[], prefix: string, registry: Registry, stamp: unknown): { blocks: PageBlock[]; nodes: RenderNode[] } | undefined {
  const blocks: PageBlock[] = [];
  const nodes: RenderNode[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const source = list[index];
    if (!isRecord(source) || typeof source.type !== 'string' || typeof source.id !== 'string') return undefined;
    // The stamp vouches for this block only when its widget is the build's contract and allowed here (a set lookup).
    const definition = registry.acceptsChecked(stamp, [source.type]) ? registry.get(source.type) : undefined;
    if (!definition || source.version !== definition.version || !isRecord(source.props)) return undefined;
    const path = `${prefix}[${index}]`;
    const block: PageBlock = { id: source.id, type: source.type, version: definition.version, props: source.props };
    if (source.condition !== undefined) block.condition = source.condition as PageBlock['condition'];
    const slots: Record<string, RenderNode[]> = {};
    if (source.slots !== undefined) {
      if (!isRecord(source.slots)) return undefined;
      const kept: Record<string, PageBlock[]> = {};
      for (const name of Object.keys(source.slots)) {
        const children = source.slots[name];
        if (!Array.isArray(children) || !definition.slots?.includes(name)) return undefined;
        const inner = checkedList(children, `${path}.slots.${name}`, registry, stamp);
        if (!inner) return undefined;
        kept[name] = inner.blocks;
        slots[name] = inner.nodes;
      }
      if (Object.keys(kept).length) block.slots = kept;
    }
    blocks.push(block);
    nodes.push({ kind: 'block', path, block, definition, slots });
  }
  return { blocks, nodes };
}

/** A checked template the registry accepts (Registry.acceptsChecked), normalised without validation; undefined otherwise. */
function normaliseChecked(raw: Record<string, unknown>, registry: Registry, options: NormaliseOptions): NormalisedPage | undefined {
  if (raw.schemaVersion !== PAGE_SCHEMA_VERSION || !Array.isArray(raw.blocks) || !isRecord(raw.root) || !isRecord(raw.root.props)) return undefined;
  // One walk: each block is checked against the registry as it is taken (no separate pass for the page's types).
  const listed = checkedList(raw.blocks, 'blocks', registry, raw.checked);
  if (!listed) return undefined;
  const { page } = toCurrentFormat(raw, options);
  return { page: { ...page, blocks: listed.blocks }, report: { sourceFormat: 2, entries: [] }, nodes: listed.nodes };
}

/**
 * Normalises a stored template (format 1 or 2) against a registry: converts the format, migrates
 * each block to its widget's version (a block newer than the widget is invalid), validates its
 * props once with defaults filled, and reports every change per block path.
 */
export function normalisePage(raw: unknown, registry: Registry, options: NormaliseOptions = {}): NormalisedPage {
  if (isRecord(raw) && raw.checked !== undefined) {
    const checked = normaliseChecked(raw, registry, options);
    if (checked) return checked;
  }
  const { page, sourceFormat } = toCurrentFormat(raw, options);
  const entries: ReportEntry[] = [];
  let rootProps = page.root.props;
  const shapes = pageShapeChecks();
  const rootSize = overPropsLimits(rootProps, 'they');
  if ('why' in rootSize) {
    entries.push({ action: 'reset', path: 'root.props', message: `The page props were reset to defaults: ${rootSize.why.replace('one block', 'the page props')}.` });
    rootProps = {};
  } else if (!shapes) {
    entries.push({ action: 'reset', path: 'root.props', message: `The page props were reset to defaults: ${NOT_LOADED}.` });
    rootProps = {};
  } else if (!shapes.root(structuredClone(rootProps))) {
    entries.push({ action: 'reset', path: 'root.props', message: `The page props were reset to defaults: ${describePropsError(shapes.root.errors, 'root.props')}.` });
    rootProps = {};
  }
  const walk: Walk = { registry, entries, usedIds: new Set(), perType: new Map(), counter: 0, blocks: 0, propsChars: 0 };
  const { blocks, nodes } = normaliseList(page.blocks as unknown[], 'blocks', 0, walk);
  return {
    page: { ...page, root: { props: rootProps }, blocks },
    report: { sourceFormat, entries },
    nodes,
  };
}
