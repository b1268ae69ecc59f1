import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage, TemplateError } from '../../src/runtime/normalise';
import { summariseReport } from '../../src/runtime/report';
import { defineWidget } from '../../src/runtime/widget-definition';
import type { PageTemplateV1 } from '../../schemas/page-template';

const Empty = () => null;
const load = async () => ({ default: Empty });

// banner v3: v1 { text } → v2 { title } → v3 { title, height } (height added with a default).
const banner = defineWidget({
  type: 'banner',
  version: 3,
  propsSchema: Type.Object({ title: Type.String({ minLength: 1 }), height: Type.Integer({ minimum: 100, default: 300 }), image: Type.Optional(Type.String()) }),
  defaultProps: { title: 'Welcome', height: 300 },
  migrations: [
    { id: 'banner/2-rename-text-to-title', up: ({ text, ...rest }) => ({ ...rest, title: text }) },
    { id: 'banner/3-add-height', up: (props) => ({ ...props, height: props.tall === true ? 600 : 300, tall: undefined }) },
  ],
  load,
});
const courseList = defineWidget({
  type: 'course-list',
  version: 1,
  propsSchema: Type.Object({ count: Type.Integer({ minimum: 1, maximum: 40, default: 8 }), title: Type.String({ default: 'Courses' }) }),
  defaultProps: { count: 8, title: 'Courses' },
  migrations: [],
  load,
});
const columns = defineWidget({
  type: 'columns',
  version: 1,
  propsSchema: Type.Object({ ratio: Type.String({ default: '1:1' }) }),
  defaultProps: { ratio: '1:1' },
  migrations: [],
  slots: ['left', 'right'],
  load,
});
const hero = defineWidget({
  type: 'hero',
  version: 1,
  propsSchema: Type.Object({}),
  defaultProps: {},
  migrations: [],
  placement: { topLevelOnly: true, maxPerPage: 1 },
  load,
});

const registry = () => createRegistry().register(banner).register(courseList).register(columns).register(hero);
const page = (blocks: unknown[]) => ({ schemaVersion: 2, pageId: 7, pageCode: 'demo_home', title: 'Home', root: { props: {} }, blocks });

describe('normalisePage: format 1 → 2', () => {
  const v1: PageTemplateV1 = {
    pageId: 3,
    pageCode: 'legacy_home',
    pageName: 'Legacy home',
    pageStyle: { backgroundColor: '#f5f5f5', width: '1200px', componentMargin: 16 },
    components: [
      { compId: 11, compType: 'swiper', compVersion: 2, config: { title: 'Spring', tall: true }, showFor: 'guest' },
      { compId: 12, compType: 'courseList', config: { count: 4 } },
      {
        compId: 13, compType: 'layout', config: {},
        children: [
          { compId: 14, compType: 'courseList', config: { count: 2 }, slot: 'left', showFor: 'login' },
          { compId: 15, compType: 'courseList', config: {}, slot: 'right' },
        ],
      },
    ],
  };

  it('converts components, styles, visibility and children to format 2', () => {
    const { page: out, report } = normalisePage(v1, registry());
    expect(report.sourceFormat).toBe(1);
    expect(out).toEqual({
      schemaVersion: 2, pageId: 3, pageCode: 'legacy_home', title: 'Legacy home',
      root: { props: { background: '#f5f5f5', maxWidth: 1200, gap: 16 } },
      blocks: [
        { id: '11', type: 'banner', version: 3, props: { title: 'Spring', height: 600 }, condition: { audience: 'guest' } },
        { id: '12', type: 'course-list', version: 1, props: { count: 4, title: 'Courses' } },
        {
          id: '13', type: 'columns', version: 1, props: { ratio: '1:1' },
          slots: {
            left: [{ id: '14', type: 'course-list', version: 1, props: { count: 2, title: 'Courses' }, condition: { audience: ['learner', 'teacher'] } }],
            right: [{ id: '15', type: 'course-list', version: 1, props: { count: 8, title: 'Courses' } }],
          },
        },
      ],
    });
    expect(summariseReport(report)).toBe('Converted from the legacy format; 1 banner upgraded.');
  });

  it('gives components without usable ids fresh unique ids', () => {
    const { page: out } = normalisePage({ pageCode: 'x', pageName: 'x', components: [
      { compType: 'courseList', config: {} }, { compId: 'a', compType: 'courseList', config: {} }, { compId: 'a', compType: 'courseList', config: {} },
    ] }, registry());
    const ids = out.blocks.map((b) => b.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids[1]).toBe('a');
  });
});

describe('normalisePage: widget migrations', () => {
  it('chains migrations from the block version to the registered version and reports it', () => {
    const { page: out, report } = normalisePage(page([{ id: 'b1', type: 'banner', version: 1, props: { text: 'Hello' } }]), registry());
    expect(out.blocks[0]).toEqual({ id: 'b1', type: 'banner', version: 3, props: { title: 'Hello', height: 300 } });
    expect(report.entries).toEqual([{
      action: 'upgraded', path: 'blocks[0]', blockId: 'b1', type: 'banner', from: 1, to: 3,
      migrations: ['banner/2-rename-text-to-title', 'banner/3-add-height'],
      message: 'Block blocks[0] (banner) was upgraded from version 1 to 3 by banner/2-rename-text-to-title, banner/3-add-height.',
    }]);
  });

  it('names only the migrations that ran on each block (issue 14 point 6)', () => {
    const { report } = normalisePage(page([
      { id: 'b1', type: 'banner', version: 2, props: { title: 'Hi' } },
      { id: 'b2', type: 'banner', version: 3, props: { title: 'Hi' } },
    ]), registry());
    expect(report.entries).toEqual([expect.objectContaining({ blockId: 'b1', migrations: ['banner/3-add-height'] })]);
  });

  it('rejects a block newer than the registered widget', () => {
    const { page: out, report } = normalisePage(page([{ id: 'b1', type: 'banner', version: 4, props: { title: 'x' } }]), registry());
    expect(out.blocks).toEqual([]);
    expect(report.entries[0]).toMatchObject({ action: 'dropped', path: 'blocks[0]', reason: 'too-new' });
    expect((report.entries[0] as { message: string }).message)
      .toBe('Block blocks[0] (banner) was dropped: it was written for version 4 of "banner", newer than the installed version 3; update the portal or re-save the page.');
  });

  it('drops a block whose migration throws, naming the step', () => {
    const r = createRegistry().register({ ...banner, migrations: [{ id: 'banner/2-rename-text-to-title', up: () => { throw new Error('no text'); } }, banner.migrations[1]!] });
    const { report } = normalisePage(page([{ id: 'b1', type: 'banner', version: 1, props: {} }]), r);
    expect(report.entries[0]).toMatchObject({ reason: 'migration-failed', message: 'Block blocks[0] (banner) was dropped: the migration "banner/2-rename-text-to-title" (version 1 to 2) failed: no text.' });
  });

  it('drops a block when a migration step is missing', () => {
    const r = createRegistry().register({ ...banner, migrations: [banner.migrations[1]!] });
    const { report } = normalisePage(page([{ id: 'b1', type: 'banner', version: 1, props: {} }]), r);
    expect(report.entries[0]).toMatchObject({ reason: 'migration-failed', message: 'Block blocks[0] (banner) was dropped: widget "banner" has no migration from version 1 to 2.' });
  });
});

describe('normalisePage: validation', () => {
  it('fills defaults from defaultProps and the schema', () => {
    const { page: out } = normalisePage(page([{ id: 'c', type: 'course-list', version: 1, props: {} }, { id: 'd', type: 'banner', version: 3, props: { title: 'x' } }]), registry());
    expect(out.blocks.map((b) => b.props)).toEqual([{ count: 8, title: 'Courses' }, { title: 'x', height: 300 }]);
  });

  it('keeps a block with one invalid field: the field falls back to its default and the report names it (issue 14 point 14)', () => {
    const { page: out, report, nodes } = normalisePage(page([
      { id: 'ok', type: 'course-list', version: 1, props: {} },
      { id: 'bad', type: 'course-list', version: 1, props: { count: 99, title: 'Mine' } },
    ]), registry());
    expect(out.blocks.map((b) => [b.id, b.props])).toEqual([['ok', { count: 8, title: 'Courses' }], ['bad', { count: 8, title: 'Mine' }]]);
    const entry = {
      action: 'repaired', path: 'blocks[1]', blockId: 'bad', type: 'course-list',
      fields: [{ field: 'props.count', reason: 'props.count must be <= 40', fallback: 'default' }],
      message: 'Block blocks[1] (course-list) was repaired: props.count must be <= 40, so it fell back to its default.',
    };
    expect(report.entries).toEqual([entry]);
    expect(nodes[1]).toMatchObject({ kind: 'block', repaired: entry });
    expect(summariseReport(report)).toBe('1 course list repaired.');
  });

  it('says when a field became invalid after an upgrade, and repairs it', () => {
    const { page: out, report } = normalisePage(page([{ id: 'b', type: 'banner', version: 1, props: { text: '' } }]), registry());
    expect(out.blocks[0]!.props).toEqual({ title: 'Welcome', height: 300 });
    expect((report.entries[1] as { message: string }).message)
      .toBe('Block blocks[0] (banner) was repaired: props.title must NOT have fewer than 1 characters (after upgrading from version 1 to 3), so it fell back to its default.');
  });

  it('drops unknown types, types off the allow-list and malformed blocks', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'w', type: 'weather', version: 1, props: {} },
      { id: 'b', type: 'banner', version: 3, props: { title: 'x' } },
      { id: 'c', type: 'course-list', version: 1, props: {} },
      'junk',
      { id: 'v', type: 'banner', props: {} },
    ]), registry().withAllowList(['course-list', 'columns']));
    expect(out.blocks.map((b) => b.id)).toEqual(['c']);
    expect(report.entries.map((e) => [e.path, e.action === 'dropped' ? e.reason : e.action])).toEqual([
      ['blocks[0]', 'unknown-type'], ['blocks[1]', 'not-allowed'], ['blocks[3]', 'malformed'], ['blocks[4]', 'malformed'],
    ]);
    expect((report.entries[1] as { message: string }).message).toBe('Block blocks[1] (banner) was dropped: the widget "banner" is not on this tenant\'s allow-list.');
  });

  it('reports nested blocks by slot path and drops children of undeclared slots', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'row', type: 'columns', version: 1, props: {}, slots: {
        left: [{ id: 'l0', type: 'course-list', version: 1, props: {} }, { id: 'l1', type: 'course-list', version: 1, props: { count: 0 } }],
        middle: [{ id: 'm0', type: 'course-list', version: 1, props: {} }],
      } },
    ]), registry());
    expect(out.blocks[0]!.slots).toEqual({ left: [
      { id: 'l0', type: 'course-list', version: 1, props: { count: 8, title: 'Courses' } },
      { id: 'l1', type: 'course-list', version: 1, props: { count: 8, title: 'Courses' } },
    ] });
    expect(report.entries.map((e) => [e.path, e.action])).toEqual([['blocks[0].slots.left[1]', 'repaired'], ['blocks[0].slots.middle[0]', 'dropped']]);
    expect((report.entries[1] as { message: string }).message)
      .toBe('Block blocks[0].slots.middle[0] (course-list) was dropped: the widget "columns" has no slot "middle" (its slots: left, right).');
  });

  it('enforces placement: top level only and at most N per page', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'h1', type: 'hero', version: 1, props: {} },
      { id: 'h2', type: 'hero', version: 1, props: {} },
      { id: 'row', type: 'columns', version: 1, props: {}, slots: { left: [{ id: 'h3', type: 'hero', version: 1, props: {} }] } },
    ]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['h1', 'row']);
    expect(report.entries.map((e) => (e.action === 'dropped' ? e.reason : e.action))).toEqual(['over-limit', 'misplaced']);
  });

  it('drops a block whose condition is not on the whitelist (conditions are data, never code)', () => {
    const { report } = normalisePage(page([
      { id: 'a', type: 'course-list', version: 1, props: {}, condition: { audience: 'learner' } },
      { id: 'b', type: 'course-list', version: 1, props: {}, condition: { expression: 'user.isAdmin()' } },
    ]), registry());
    expect(report.entries).toHaveLength(1);
    expect(report.entries[0]).toMatchObject({ path: 'blocks[1]', reason: 'invalid-condition', message: 'Block blocks[1] (course-list) was dropped: its condition is not valid: condition has an unknown field "expression".' });
  });

  it('renames a repeated block id', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'x', type: 'course-list', version: 1, props: {} }, { id: 'x', type: 'course-list', version: 1, props: {} },
    ]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['x', 'x-2']);
    expect(report.entries[0]).toMatchObject({ action: 'renamed', path: 'blocks[1]', previousId: 'x', blockId: 'x-2' });
  });

  it('resets invalid page props', () => {
    const { page: out, report } = normalisePage({ ...page([]), root: { props: { background: 'url(javascript:alert(1))' } } }, registry());
    expect(out.root.props).toEqual({});
    expect(report.entries[0]).toMatchObject({ action: 'reset', path: 'root.props' });
  });

  it('throws a TemplateError for something that is not a template', () => {
    expect(() => normalisePage('hello', registry())).toThrow(TemplateError);
    expect(() => normalisePage({ schemaVersion: 3, blocks: [] }, registry())).toThrow('The page template uses format 3, newer than this portal understands (2); update the portal.');
    expect(() => normalisePage({ title: 'x' }, registry())).toThrow(/neither schemaVersion 2 nor a legacy components list/);
  });

  it('is idempotent on its own output', () => {
    const first = normalisePage(page([{ id: 'b1', type: 'banner', version: 1, props: { text: 'Hello' } }]), registry());
    const second = normalisePage(first.page, registry());
    expect(second.page).toEqual(first.page);
    expect(second.report.entries).toEqual([]);
  });
});

describe('summariseReport', () => {
  it('says "3 banners upgraded, 1 dropped"', () => {
    const { report } = normalisePage(page([
      { id: 'a', type: 'banner', version: 1, props: { text: 'A' } },
      { id: 'b', type: 'banner', version: 2, props: { title: 'B' } },
      { id: 'c', type: 'banner', version: 1, props: { text: 'C' } },
      { id: 'd', type: 'banner', version: 9, props: {} },
    ]), registry());
    expect(summariseReport(report)).toBe('3 banners upgraded, 1 dropped.');
  });

  it('names each type and pluralises compound names', () => {
    const { report } = normalisePage(page([
      { id: 'a', type: 'course-list', version: 1, props: { count: 0 } },
      { id: 'b', type: 'course-list', version: 1, props: { count: 0 } },
      { id: 'c', type: 'banner', version: 1, props: { text: 'A' } },
      { id: 'd', type: 'weather', version: 1, props: {} },
    ]), registry());
    expect(summariseReport(report)).toBe('2 course lists repaired, 1 banner upgraded, 1 weather dropped.');
  });

  it('says so when nothing changed', () => {
    expect(summariseReport({ sourceFormat: 2, entries: [] })).toBe('No changes: every block is current.');
  });
});

describe('normalisePage: template limits (issue 14 point 13)', () => {
  const nested = (levels: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < levels; i += 1) value = { a: value };
    return value;
  };
  const messageOf = (entry: unknown) => (entry as { message: string }).message;

  it('refuses a prop nested 3,000 deep without overflowing the stack, and keeps the good blocks', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'good1', type: 'course-list', version: 1, props: {} },
      { id: 'deep', type: 'course-list', version: 1, props: { extra: nested(3000) } },
      { id: 'good2', type: 'banner', version: 3, props: { title: 'After' } },
    ]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['good1', 'good2']);
    expect(report.entries).toEqual([{
      action: 'dropped', path: 'blocks[1]', blockId: 'deep', type: 'course-list', reason: 'too-large',
      message: 'Block blocks[1] (course-list) was dropped: its props are nested more than 32 levels deep, the limit for one block.',
    }]);
  });

  it('accepts props exactly 32 levels deep', () => {
    const { page: out } = normalisePage(page([{ id: 'c', type: 'course-list', version: 1, props: { extra: nested(31) } }]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['c']);
  });

  it('refuses props over 64 Ki characters and a deep condition', () => {
    const { page: out, report } = normalisePage(page([
      { id: 'big', type: 'course-list', version: 1, props: { title: 'x'.repeat(70_000) } },
      { id: 'cond', type: 'course-list', version: 1, props: {}, condition: { audience: nested(3000) } },
      { id: 'ok', type: 'course-list', version: 1, props: {} },
    ]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['ok']);
    expect(report.entries.map(messageOf)).toEqual([
      'Block blocks[0] (course-list) was dropped: its props are larger than 64 Ki characters of JSON, the limit for one block.',
      'Block blocks[1] (course-list) was dropped: its condition values are nested more than 32 levels deep, the limit for one block.',
    ]);
  });

  it('drops blocks nested more than 8 containers deep, naming the path', () => {
    let block: Record<string, unknown> = { id: 'leaf', type: 'course-list', version: 1, props: {} };
    for (let i = 0; i < 3000; i += 1) block = { id: `row${i}`, type: 'columns', version: 1, props: {}, slots: { left: [block] } };
    const { page: out, report } = normalisePage(page([block, { id: 'after', type: 'course-list', version: 1, props: {} }]), registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['row2999', 'after']);
    expect(report.entries).toHaveLength(1);
    expect(report.entries[0]).toMatchObject({ reason: 'too-large', path: `blocks[0]${'.slots.left[0]'.repeat(9)}` });
    expect(messageOf(report.entries[0])).toMatch(/was dropped: it sits inside 9 containers; blocks nest at most 8 containers deep\.$/);
  });

  it('keeps the first 1,000 blocks of a page and drops the rest in one entry', () => {
    const blocks = Array.from({ length: 1500 }, (_, i) => ({ id: `c${i}`, type: 'course-list', version: 1, props: {} }));
    const { page: out, report } = normalisePage(page(blocks), registry());
    expect(out.blocks).toHaveLength(1000);
    expect(report.entries).toEqual([{
      action: 'dropped', path: 'blocks[1000]', reason: 'too-large',
      message: 'Block blocks[1000] and the 499 blocks after it in this list were dropped: a page holds at most 1000 blocks, slots included.',
    }]);
  });

  it('stops at 1 Mi characters of props for the whole page', () => {
    const blocks = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, type: 'course-list', version: 1, props: { note: 'x'.repeat(60_000) } }));
    const { page: out, report } = normalisePage(page(blocks), registry());
    expect(out.blocks.length).toBe(17);
    expect(report.entries[0]).toMatchObject({ path: 'blocks[17]', reason: 'too-large' });
    expect(messageOf(report.entries[0])).toMatch(/a page's blocks together hold at most 1 Mi characters of JSON\.$/);
  });

  it('resets page props nested too deep', () => {
    const { page: out, report } = normalisePage({ ...page([]), root: { props: { background: nested(3000) } } }, registry());
    expect(out.root.props).toEqual({});
    expect(messageOf(report.entries[0])).toBe('The page props were reset to defaults: they are nested more than 32 levels deep, the limit for the page props.');
  });

  it('reads a legacy template with a config and children nested 3,000 deep', () => {
    let component: Record<string, unknown> = { compId: 'leaf', compType: 'courseList', config: {} };
    for (let i = 0; i < 3000; i += 1) component = { compId: `row${i}`, compType: 'layout', config: {}, children: [{ ...component, slot: 'left' }] };
    const { page: out, report } = normalisePage({ pageCode: 'x', pageName: 'x', components: [
      component, { compId: 'deep', compType: 'courseList', config: { extra: nested(3000) } }, { compId: 'ok', compType: 'courseList', config: {} },
    ] }, registry());
    expect(out.blocks.map((b) => b.id)).toEqual(['row2999', 'ok']);
    expect(report.entries.map((e) => [e.path, e.action === 'dropped' && e.reason])).toEqual([
      [`blocks[0]${'.slots.left[0]'.repeat(9)}`, 'too-large'], ['blocks[1]', 'too-large'],
    ]);
  });
});
