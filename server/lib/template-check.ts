// The server's judgement of a page template before it is stored (issue 16: saveDraft validates "on
// the server with the same schemas and migrations as the runtime"). It walks a template exactly as
// the runtime's normaliser does (src/runtime/normalise.ts), with the same widget contracts
// (schemas/widgets/), the same ajv options (schemas/widgets/props-ajv.ts) and the same limits
// (schemas/template-limits.ts); where the normaliser repairs or drops a block at load, this refuses
// the template and names the block path and field, so what an admin saves is what learners see.
import { Ajv, type ValidateFunction } from 'ajv';
import type { TemplateIssue, UpgradeEntry } from '../../schemas/api/page-admin';
import {
  BlockCondition, isPageTemplateV1, migratePageV1, PAGE_SCHEMA_VERSION, RootProps, type PageBlock, type PageTemplateV2,
} from '../../schemas/page-template';
import {
  describeChars, measureJson, MAX_PAGE_BLOCKS, MAX_PAGE_PROPS_CHARS, MAX_PROPS_CHARS, MAX_PROPS_DEPTH, MAX_SLOT_DEPTH,
} from '../../schemas/template-limits';
import { describePropsError, errorField, migrateProps, type AnyWidgetContract } from '../../schemas/widgets/contract';
import { WIDGET_CONTRACTS } from '../../schemas/widgets/index';
import { createPropsAjv, SHAPE_AJV_OPTIONS, withoutStrayIds } from '../../schemas/widgets/props-ajv';

/** The verdict: the template in its stored form with the upgrades made, or every problem found. */
export type TemplateCheck =
  | { ok: true; template: PageTemplateV2; upgraded: UpgradeEntry[] }
  | { ok: false; errors: TemplateIssue[] };

/** Options of `checkPageTemplate`. */
export interface TemplateCheckOptions {
  /** The tenant's widget allow-list; undefined allows every widget of the library. */
  allowList?: readonly string[];
  /**
   * Give each accepted block its props as the runtime would render them (defaults merged and
   * filled by the validator) instead of as stored: the form a checked template is served in
   * (server/lib/template-serve.ts).
   */
  fillDefaults?: boolean;
  /** Another page-size limit than MAX_PAGE_BLOCKS: only the render bench, whose anchor page is larger. */
  maxPageBlocks?: number;
}

/** At most this many issues are listed: the first ones are what an admin fixes, and the answer stays small. */
export const MAX_TEMPLATE_ISSUES = 50;

const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const PROPS_LIMITS = { maxDepth: MAX_PROPS_DEPTH, maxChars: MAX_PROPS_CHARS };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Compiled once per widget schema and kept (the schema object is the contract's, so the key is stable).
const propsAjv = createPropsAjv();
const propsValidators = new WeakMap<object, ValidateFunction>();
function propsValidator(contract: AnyWidgetContract): ValidateFunction {
  let validate = propsValidators.get(contract.propsSchema);
  if (!validate) {
    validate = propsAjv.compile(withoutStrayIds(contract.propsSchema));
    propsValidators.set(contract.propsSchema, validate);
  }
  return validate;
}

// The normaliser's two page-shape checks, with the options the build compiles them with.
let shapes: { condition: ValidateFunction; root: ValidateFunction } | undefined;
function shapeChecks() {
  if (!shapes) {
    const ajv = new Ajv(SHAPE_AJV_OPTIONS);
    const strip = (schema: object) => {
      const { $id: _ignored, ...rest } = schema as { $id?: string };
      return rest;
    };
    shapes = { condition: ajv.compile(strip(BlockCondition)), root: ajv.compile(strip(RootProps)) };
  }
  return shapes;
}

interface Walk {
  contracts: Readonly<Record<string, AnyWidgetContract>>;
  allow: ReadonlySet<string> | undefined;
  issues: TemplateIssue[];
  upgraded: UpgradeEntry[];
  /** id → the path of the block that has it. */
  usedIds: Map<string, string>;
  perType: Map<string, number>;
  /** Blocks looked at so far, slots included (MAX_PAGE_BLOCKS). */
  blocks: number;
  /** JSON characters of the props of accepted blocks (MAX_PAGE_PROPS_CHARS). */
  propsChars: number;
  /** The page is over MAX_PAGE_BLOCKS (said once). */
  full: boolean;
  fill: boolean;
  maxBlocks: number;
}

function addIssue(walk: Walk, issue: TemplateIssue): void {
  if (walk.issues.length < MAX_TEMPLATE_ISSUES) walk.issues.push(issue);
}

/** Why a value is over the props limits (the end of a sentence), or its size in JSON characters. */
function overPropsLimits(value: unknown, what: string): { why: string } | { chars: number } {
  const measure = measureJson(value, PROPS_LIMITS);
  if (measure.over === 'depth') return { why: `${what} are nested more than ${MAX_PROPS_DEPTH} levels deep, the limit for one block` };
  if (measure.over === 'chars') return { why: `${what} are larger than ${describeChars(MAX_PROPS_CHARS)} of JSON, the limit for one block` };
  return { chars: measure.chars };
}

function checkList(list: unknown[], prefix: string, depth: number, walk: Walk): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const path = `${prefix}[${index}]`;
    if (walk.blocks >= walk.maxBlocks) {
      // spec of the limits (schemas/template-limits.ts): the runtime drops blocks past the limit; saving refuses them.
      if (!walk.full) {
        walk.full = true;
        addIssue(walk, { path, message: `${path}: a page holds at most ${walk.maxBlocks} blocks, slots included; remove blocks from this one on.` });
      }
      break;
    }
    walk.blocks += 1;
    const block = checkBlock(list[index], path, depth, walk);
    if (block) blocks.push(block);
  }
  return blocks;
}

function checkBlock(raw: unknown, path: string, depth: number, walk: Walk): PageBlock | undefined {
  const source = isRecord(raw) ? raw : undefined;
  const type = typeof source?.type === 'string' && source.type ? source.type : undefined;
  const rawId = typeof source?.id === 'string' ? source.id : undefined;
  const where = type ? `${path} (${type})` : path;
  const refuse = (field: string | undefined, why: string): undefined => {
    const issue: TemplateIssue = { path, message: `${where}: ${why}.` };
    if (rawId !== undefined) issue.blockId = rawId;
    if (type !== undefined) issue.type = type;
    if (field !== undefined) issue.field = field;
    addIssue(walk, issue);
    return undefined;
  };

  if (!source) return refuse(undefined, 'the block is not an object');
  if (!type) return refuse('type', 'type is missing; every block names its widget type');
  const version = source.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return refuse('version', 'version must be an integer from 1: the widget version its props were written for');
  }
  if (source.props !== undefined && !isRecord(source.props)) return refuse('props', 'props must be an object');
  if (source.slots !== undefined && (!isRecord(source.slots) || !Object.values(source.slots).every(Array.isArray))) {
    return refuse('slots', 'slots must be an object of lists of blocks');
  }
  // Measured before anything clones or validates them (issue 14 point 13: a prop 3,000 deep overflowed the stack).
  if (depth > MAX_SLOT_DEPTH) return refuse(undefined, `it sits inside ${depth} containers; blocks nest at most ${MAX_SLOT_DEPTH} containers deep`);
  const size = overPropsLimits(source.props ?? {}, 'props');
  if ('why' in size) return refuse('props', size.why);
  if (walk.propsChars + size.chars > MAX_PAGE_PROPS_CHARS) {
    return refuse('props', `the props of the blocks before it already hold ${walk.propsChars} characters, and a page's blocks together hold at most ${describeChars(MAX_PAGE_PROPS_CHARS)} of JSON`);
  }
  if (source.condition !== undefined) {
    const conditionSize = overPropsLimits(source.condition, 'condition values');
    if ('why' in conditionSize) return refuse('condition', conditionSize.why);
  }

  const contract = Object.hasOwn(walk.contracts, type) ? walk.contracts[type] : undefined;
  if (!contract) return refuse('type', `no widget of type "${type}" is registered`);
  if (walk.allow && !walk.allow.has(type)) return refuse('type', `the widget "${type}" is not on this tenant's allow-list`);
  if (depth > 0 && contract.placement?.topLevelOnly) return refuse(undefined, `the widget "${type}" may only be placed at the top level of a page, not inside a slot`);
  const max = contract.placement?.maxPerPage;
  if (max !== undefined && (walk.perType.get(type) ?? 0) >= max) return refuse(undefined, `a page may hold at most ${max} "${type}" ${max === 1 ? 'block' : 'blocks'}`);
  if (version > contract.version) {
    return refuse('version', `it was written for version ${version} of "${type}", newer than the installed version ${contract.version}; update the portal`);
  }

  const migrated = migrateProps(contract, isRecord(source.props) ? source.props : {}, version);
  if (!migrated.ok) return refuse('props', migrated.message);
  // Validated as the runtime does: defaults merged under the props (on a copy, the stored form keeps
  // only what the admin set), ajv filling schema defaults; any error refuses, where the runtime would repair.
  const validate = propsValidator(contract);
  const merged = structuredClone({ ...(contract.defaultProps as Record<string, unknown>), ...migrated.props });
  if (!validate(merged)) {
    const upgraded = version < contract.version ? ` (after upgrading from version ${version} to ${contract.version})` : '';
    return refuse(errorField(validate.errors), `${describePropsError(validate.errors)}${upgraded}`);
  }
  if (source.condition !== undefined && !shapeChecks().condition(source.condition)) {
    const check = shapeChecks().condition;
    return refuse(errorField(check.errors, 'condition'), `the condition is not valid: ${describePropsError(check.errors, 'condition')}`);
  }
  // Ids: unique in the page, so the designer, data-block-id and the report can name a block (the runtime renames).
  if (rawId === undefined) return refuse('id', 'id is missing; every block has an id unique in the page');
  if (!ID_PATTERN.test(rawId)) return refuse('id', `id "${rawId}" is not valid; ids are 1 to 64 letters, digits and _ . : -`);
  const holder = walk.usedIds.get(rawId);
  if (holder !== undefined) return refuse('id', `id "${rawId}" is already used by the block at ${holder}; ids are unique in the page`);

  walk.usedIds.set(rawId, path);
  walk.perType.set(type, (walk.perType.get(type) ?? 0) + 1);
  walk.propsChars += size.chars;
  if (version < contract.version) {
    walk.upgraded.push({ path, blockId: rawId, type, from: version, to: contract.version, migrations: migrated.ran });
  }
  const block: PageBlock = { id: rawId, type, version: contract.version, props: walk.fill ? merged : migrated.props };
  if (source.condition !== undefined) block.condition = structuredClone(source.condition) as PageBlock['condition'];
  if (isRecord(source.slots)) {
    const declared = new Set(contract.slots ?? []);
    const kept: Record<string, PageBlock[]> = {};
    for (const [name, children] of Object.entries(source.slots as Record<string, unknown[]>)) {
      if (!declared.has(name)) {
        // An unknown slot is refused even when empty: the runtime would drop its blocks without a word.
        const theirs = declared.size ? ` (its slots: ${[...declared].join(', ')})` : ' (it holds no child blocks)';
        refuse(`slots.${name}`, `the widget "${type}" has no slot "${name}"${theirs}`);
        continue;
      }
      kept[name] = checkList(children, `${path}.slots.${name}`, depth + 1, walk);
    }
    if (Object.keys(kept).length) block.slots = kept;
  }
  return block;
}

/** A page-level issue (not about one block): the path is the field. */
function pageIssue(field: string, message: string): TemplateIssue {
  return { path: field, field, message };
}

/** Reads a format-1 or format-2 template into format 2 with the runtime's rules, or says why it is not a template. */
function toFormat2(raw: unknown): { ok: true; page: PageTemplateV2 } | { ok: false; issue: TemplateIssue } {
  if (!isRecord(raw)) return { ok: false, issue: pageIssue('template', 'The page template is not a JSON object.') };
  if (isPageTemplateV1(raw)) {
    const v1 = { ...raw, pageCode: typeof raw.pageCode === 'string' ? raw.pageCode : '' };
    return { ok: true, page: migratePageV1(v1) };
  }
  const version = raw.schemaVersion;
  if (typeof version === 'number' && version > PAGE_SCHEMA_VERSION) {
    return { ok: false, issue: pageIssue('schemaVersion', `schemaVersion ${version} is newer than this portal understands (${PAGE_SCHEMA_VERSION}).`) };
  }
  if (version !== PAGE_SCHEMA_VERSION) {
    return { ok: false, issue: pageIssue('schemaVersion', `schemaVersion must be ${PAGE_SCHEMA_VERSION} (or the template a legacy components list).`) };
  }
  if (!Array.isArray(raw.blocks)) return { ok: false, issue: pageIssue('blocks', 'blocks must be a list of blocks.') };
  // Where the runtime quietly substitutes a fallback for a field of the wrong type, saving refuses.
  if (raw.pageId !== undefined && !(typeof raw.pageId === 'number' && Number.isInteger(raw.pageId) && raw.pageId >= 0)) {
    return { ok: false, issue: pageIssue('pageId', 'pageId must be an integer from 0.') };
  }
  if (raw.pageCode !== undefined && typeof raw.pageCode !== 'string') return { ok: false, issue: pageIssue('pageCode', 'pageCode must be a string.') };
  if (raw.title !== undefined && typeof raw.title !== 'string') return { ok: false, issue: pageIssue('title', 'title must be a string.') };
  if (raw.root !== undefined && !(isRecord(raw.root) && isRecord(raw.root.props))) {
    return { ok: false, issue: pageIssue('root.props', 'root must be an object { props } with the page props.') };
  }
  const root = isRecord(raw.root) && isRecord(raw.root.props) ? raw.root.props : {};
  return {
    ok: true,
    page: {
      schemaVersion: 2,
      pageId: typeof raw.pageId === 'number' ? raw.pageId : 0,
      pageCode: typeof raw.pageCode === 'string' ? raw.pageCode : '',
      title: typeof raw.title === 'string' ? raw.title : '',
      root: { props: root as PageTemplateV2['root']['props'] },
      // richTextPolicy is left out: only the server's sanitiser stamps it (server/lib/rich-text.ts).
      blocks: raw.blocks as PageBlock[],
    },
  };
}

/**
 * The template check with a given table of contracts (tests pass their own to reach placement
 * rules no library widget uses yet); `checkPageTemplate` uses the library's.
 */
export function checkTemplateWith(
  contracts: Readonly<Record<string, AnyWidgetContract>>, raw: unknown, opts: TemplateCheckOptions = {},
): TemplateCheck {
  const read = toFormat2(raw);
  if (!read.ok) return { ok: false, errors: [read.issue] };
  const { page } = read;
  const rootProps = page.root.props;
  const rootSize = overPropsLimits(rootProps, 'root.props');
  if ('why' in rootSize) return { ok: false, errors: [pageIssue('root.props', `${rootSize.why.replace('one block', 'the page props')}.`)] };
  const rootCheck = shapeChecks().root;
  if (!rootCheck(structuredClone(rootProps))) {
    return { ok: false, errors: [{ path: 'root.props', field: errorField(rootCheck.errors, 'root.props'), message: `${describePropsError(rootCheck.errors, 'root.props')}.` }] };
  }
  const walk: Walk = {
    contracts, allow: opts.allowList ? new Set(opts.allowList) : undefined, issues: [], upgraded: [],
    usedIds: new Map(), perType: new Map(), blocks: 0, propsChars: 0, full: false,
    fill: opts.fillDefaults === true, maxBlocks: opts.maxPageBlocks ?? MAX_PAGE_BLOCKS,
  };
  const blocks = checkList(page.blocks as unknown[], 'blocks', 0, walk);
  if (walk.issues.length) return { ok: false, errors: walk.issues };
  return { ok: true, template: { ...page, root: { props: rootProps }, blocks }, upgraded: walk.upgraded };
}

/**
 * Checks a template an admin saves (format 2, or format 1 through migratePageV1) against the widget
 * library's contracts and the template limits. Accepted: the template in its stored form, every
 * block migrated to its widget's current version, defaults not filled in, with the upgrades made.
 * Refused: the issues, each naming the block path and field, e.g.
 * `blocks[2].slots.col1[0] (course-list): props.count must be <= 50.`
 */
export function checkPageTemplate(raw: unknown, opts?: { allowList?: readonly string[] }):
  | { ok: true; template: PageTemplateV2; upgraded: UpgradeEntry[] }
  | { ok: false; errors: TemplateIssue[] } {
  return checkTemplateWith(WIDGET_CONTRACTS, raw, opts);
}
