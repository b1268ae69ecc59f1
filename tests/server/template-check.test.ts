// The server's template check (issue 16: saveDraft validates with the runtime's own schemas and
// migrations). No database: the check is pure. Its verdict is compared with the runtime's normaliser
// on the same templates, so the two cannot drift apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_BLOCKS, MAX_PROPS_CHARS, MAX_SLOT_DEPTH } from '../../schemas/template-limits';
import type { AnyWidgetContract } from '../../schemas/widgets/contract';
import { WIDGET_CONTRACTS } from '../../schemas/widgets/index';
import { checkPageTemplate, checkTemplateWith } from '../../server/lib/template-check';
import { normalisePage } from '../../src/runtime/normalise';
import { createPortalRegistry } from '../../widgets/index';

const PAGES = join(process.cwd(), 'templates/pages');
const demoTemplates = readdirSync(PAGES).filter((f) => f.endsWith('.json')).sort();
const read = (file: string): unknown => JSON.parse(readFileSync(join(PAGES, file), 'utf8'));

type Block = { id: string; type: string; version: number; props: Record<string, unknown>; slots?: Record<string, Block[]>; condition?: unknown };
const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({ schemaVersion: 2, pageId: 7, pageCode: 'Pzy_test', title: 'Test', root: { props: {} }, blocks, ...extra });
const course = (id: string, props: Record<string, unknown> = {}): Block => ({ id, type: 'course-list', version: 1, props: { title: 'Courses', ...props } });
const columns = (id: string, slots: Record<string, Block[]>): Block => ({ id, type: 'columns', version: 1, props: { ratio: '1:1' }, slots });

/** The refused check's issues (fails the test when the template was accepted). */
function refused(raw: unknown, opts?: { allowList?: readonly string[] }) {
  const result = checkPageTemplate(raw, opts);
  if (result.ok) throw new Error('the template was accepted');
  return result.errors;
}

describe('checkPageTemplate', () => {
  it.each(demoTemplates)('accepts the demo template %s', (file) => {
    const result = checkPageTemplate(read(file));
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('reads a format-1 template through migratePageV1 into format 2', () => {
    const result = checkPageTemplate(read('legacy-v1-home.json'));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.template.schemaVersion).toBe(2);
    expect(result.template.blocks.map((b) => b.type)).toContain('banner');
    // compVersion 1 banners are upgraded to the installed banner like any other old block.
    expect(result.upgraded.map((u) => u.type)).toContain('banner');
  });

  it('refuses a block of an unknown type, naming the path and the field', () => {
    const errors = refused(page([course('a'), { id: 'b', type: 'no-such-widget', version: 1, props: {} }]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[1]', blockId: 'b', type: 'no-such-widget', field: 'type' })]);
    expect(errors[0]!.message).toBe('blocks[1] (no-such-widget): no widget of type "no-such-widget" is registered.');
  });

  it('refuses a widget the tenant allow-list leaves out, and accepts it without a list', () => {
    const template = page([course('a'), { id: 'sp', type: 'spacer', version: 1, props: {} }]);
    const errors = refused(template, { allowList: ['course-list'] });
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[1]', field: 'type' })]);
    expect(errors[0]!.message).toContain('"spacer" is not on this tenant\'s allow-list');
    expect(checkPageTemplate(template).ok).toBe(true);
  });

  it('refuses props of the wrong type, naming the field', () => {
    const errors = refused(page([course('a', { count: 'many' })]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[0]', field: 'props.count' })]);
    expect(errors[0]!.message).toBe('blocks[0] (course-list): props.count must be integer.');
  });

  it('refuses a prop over its maximum inside a slot, naming the slot path (where the runtime would repair it to the default)', () => {
    const errors = refused(page([columns('row', { col1: [course('c', { count: 51 })] })]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[0].slots.col1[0]', blockId: 'c', type: 'course-list', field: 'props.count' })]);
    expect(errors[0]!.message).toBe('blocks[0].slots.col1[0] (course-list): props.count must be <= 50.');
  });

  it('refuses an unknown slot, even an empty one', () => {
    const errors = refused(page([columns('row', { left: [course('c')], col2: [] })]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[0]', field: 'slots.left' })]);
    expect(errors[0]!.message).toContain('has no slot "left" (its slots: col1, col2, col3)');
    expect(refused(page([columns('row', { left: [] })]))[0]!.field).toBe('slots.left');
    expect(refused(page([{ ...course('a'), slots: { col1: [] } }]))[0]!.field).toBe('slots.col1');
  });

  it('refuses blocks nested deeper than MAX_SLOT_DEPTH containers', () => {
    let inner: Block = course('leaf');
    for (let depth = MAX_SLOT_DEPTH + 1; depth >= 1; depth -= 1) inner = columns(`c${depth}`, { col1: [inner] });
    const errors = refused(page([inner]));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(`blocks[0]${'.slots.col1[0]'.repeat(MAX_SLOT_DEPTH + 1)}`);
    expect(errors[0]!.message).toContain(`blocks nest at most ${MAX_SLOT_DEPTH} containers deep`);
  });

  it('refuses a template over MAX_PAGE_BLOCKS with one issue at the first block past the limit', () => {
    const blocks = Array.from({ length: MAX_PAGE_BLOCKS + 5 }, (_, i) => ({ id: `s${i}`, type: 'spacer', version: 1, props: {} }));
    const errors = refused(page(blocks));
    expect(errors).toEqual([expect.objectContaining({ path: `blocks[${MAX_PAGE_BLOCKS}]` })]);
    expect(errors[0]!.message).toContain(`at most ${MAX_PAGE_BLOCKS} blocks`);
    expect(checkPageTemplate(page(blocks.slice(0, MAX_PAGE_BLOCKS))).ok).toBe(true);
  });

  it('refuses a duplicate block id, naming the block that has it first', () => {
    const errors = refused(page([course('same'), columns('row', { col1: [course('same')] })]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[1].slots.col1[0]', blockId: 'same', field: 'id' })]);
    expect(errors[0]!.message).toContain('id "same" is already used by the block at blocks[0]');
  });

  it('refuses a missing or malformed id (the runtime would rename it)', () => {
    const { id: _id, ...noId } = course('x');
    expect(refused(page([noId]))[0]).toMatchObject({ path: 'blocks[0]', field: 'id' });
    expect(refused(page([course('has space')]))[0]).toMatchObject({ path: 'blocks[0]', field: 'id' });
  });

  it('refuses props over MAX_PROPS_CHARS', () => {
    const errors = refused(page([course('a'), { id: 'rt', type: 'rich-text', version: 2, props: { html: 'x'.repeat(MAX_PROPS_CHARS) } }]));
    expect(errors).toEqual([expect.objectContaining({ path: 'blocks[1]', type: 'rich-text', field: 'props' })]);
    expect(errors[0]!.message).toContain('props are larger than 64 Ki characters of JSON');
  });

  it('refuses a bad condition and bad page props', () => {
    expect(refused(page([{ ...course('a'), condition: { audience: 'admin' } }]))[0]).toMatchObject({ path: 'blocks[0]', field: 'condition.audience' });
    expect(refused(page([course('a')], { root: { props: { gap: 999 } } }))[0]).toMatchObject({ path: 'root.props', field: 'root.props.gap' });
    expect(refused({ schemaVersion: 3, blocks: [] })[0]).toMatchObject({ field: 'schemaVersion' });
    expect(refused('not a template')[0]).toMatchObject({ path: 'template' });
  });

  it('lists an issue for every refused block, not only the first', () => {
    const errors = refused(page([course('a', { count: 0 }), course('b'), { id: 'c', type: 'nope', version: 1, props: {} }]));
    expect(errors.map((e) => e.path)).toEqual(['blocks[0]', 'blocks[2]']);
  });

  it('migrates an old banner block and names the migration that ran; defaults are not filled in', () => {
    const result = checkPageTemplate(page([{ id: 'hero', type: 'banner', version: 1, props: { position: 'home', height: 300 } }]));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.upgraded).toEqual([{ path: 'blocks[0]', blockId: 'hero', type: 'banner', from: 1, to: 2, migrations: ['banner/2-add-a11y-label'] }]);
    expect(result.template.blocks[0]).toEqual({ id: 'hero', type: 'banner', version: 2, props: { position: 'home', height: 300 } });
  });

  it('does not pass on a rich-text policy stamp the client sent (only the server sanitiser stamps it)', () => {
    const result = checkPageTemplate(page([course('a')], { richTextPolicy: 99 }));
    expect(result.ok && 'richTextPolicy' in result.template).toBe(false);
  });

  it('applies placement rules: maxPerPage and topLevelOnly', () => {
    const hero: AnyWidgetContract = {
      type: 'hero', version: 1, propsSchema: Type.Object({}), defaultProps: {}, migrations: [], placement: { maxPerPage: 1, topLevelOnly: true },
    };
    const contracts = { ...WIDGET_CONTRACTS, hero };
    const one = { id: 'h1', type: 'hero', version: 1, props: {} };
    expect(checkTemplateWith(contracts, page([one])).ok).toBe(true);
    const twice = checkTemplateWith(contracts, page([one, { ...one, id: 'h2' }]));
    expect(twice.ok ? [] : twice.errors).toEqual([expect.objectContaining({ path: 'blocks[1]', message: 'blocks[1] (hero): a page may hold at most 1 "hero" block.' })]);
    const nested = checkTemplateWith(contracts, page([{ ...columns('row', { col1: [one] }) }]));
    expect(nested.ok ? '' : nested.errors[0]!.message).toContain('may only be placed at the top level');
  });
});

describe('checkPageTemplate agrees with the runtime normaliser', () => {
  const registry = createPortalRegistry();
  const samples: Array<[string, unknown]> = [
    ...demoTemplates.map((f): [string, unknown] => [f, read(f)]),
    ['an old banner', page([{ id: 'hero', type: 'banner', version: 1, props: {} }])],
    ['a count over its maximum', page([course('a', { count: 99 })])],
    ['a title too long', page([{ id: 't', type: 'title-bar', version: 1, props: { title: 'x'.repeat(200) } }])],
    ['an unknown type', page([{ id: 'x', type: 'mystery', version: 1, props: {} }])],
    ['a block newer than its widget', page([{ ...course('a'), version: 9 }])],
    ['a child in an unknown slot', page([columns('row', { left: [course('c')] })])],
    ['a duplicate id', page([course('a'), course('a')])],
    ['a bad condition', page([{ ...course('a'), condition: { audience: 'nobody' } }])],
    ['bad page props', page([], { root: { props: { background: 'red' } } })],
    ['nested columns', page([columns('row', { col1: [course('a')], col2: [columns('inner', { col1: [course('b')] })] })])],
    ['a format-1 page', { pageCode: 'x', pageName: 'X', components: [{ compId: 1, compType: 'courseList', config: { count: 3 } }, { compId: 2, compType: 'unknownThing', config: {} }] }],
  ];

  it.each(samples)('%s: valid on save ⇔ nothing dropped, repaired, renamed or reset at load', (_name, raw) => {
    const runtime = normalisePage(raw, registry);
    const runtimeValid = runtime.report.entries.every((e) => e.action === 'upgraded');
    const server = checkPageTemplate(raw);
    expect(server.ok).toBe(runtimeValid);
    if (server.ok) {
      // Same upgrades, and the stored form normalises to the same blocks the runtime renders.
      expect(server.upgraded.map((u) => [u.path, u.migrations])).toEqual(
        runtime.report.entries.filter((e) => e.action === 'upgraded').map((e) => [e.path, 'migrations' in e ? e.migrations : []]),
      );
      expect(normalisePage(server.template, registry).page.blocks).toEqual(runtime.page.blocks);
    }
  });
});
