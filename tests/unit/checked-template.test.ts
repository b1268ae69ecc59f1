// Issue 15 point 2: a template the server checked and stamped (server/lib/template-serve.ts) renders
// without loading a validator or validating a block, to exactly the page the full normaliser makes
// of the stored template; anything the stamp does not vouch for is normalised the full way.
import { describe, expect, it, vi } from 'vitest';
import { contractsStamp } from 'virtual:widget-validators';
import { CONTRACTS_STAMP, servedTemplate } from '../../server/lib/template-serve';
import { normalisePage, type RenderNode } from '../../src/runtime/normalise';
import { createPortalRegistry } from '../../widgets';
import { WIDGET_CONTRACTS } from '../../schemas/widgets/index';

/** A stored template as the designer saves it: defaults left out, slots, a condition, an older block version. */
const stored = {
  schemaVersion: 2, pageId: 7, pageCode: 'home', title: '首页', root: { props: { gap: 12 } },
  blocks: [
    { id: 'title', type: 'title-bar', version: WIDGET_CONTRACTS['title-bar']!.version, props: { title: '推荐课程' } },
    { id: 'courses', type: 'course-list', version: WIDGET_CONTRACTS['course-list']!.version, props: { count: 4 }, condition: { audience: 'learner' } },
    {
      id: 'row', type: 'columns', version: WIDGET_CONTRACTS.columns!.version, props: { ratio: '2:1' },
      slots: {
        col1: [{ id: 'text', type: 'rich-text', version: WIDGET_CONTRACTS['rich-text']!.version, props: { html: '<p>你好</p>' } }],
        col2: [{ id: 'pic', type: 'image-ad', version: WIDGET_CONTRACTS['image-ad']!.version, props: { image: '/uploads/a.png', alt: '图' } }],
      },
    },
  ],
  richTextPolicy: 1,
};

/** What the renderer walks, without the definitions (compared by type). */
const shape = (nodes: readonly RenderNode[]): unknown => nodes.map((node) => (node.kind === 'block'
  ? { path: node.path, block: node.block, type: node.definition.type, slots: Object.fromEntries(Object.entries(node.slots).map(([k, v]) => [k, shape(v)])) }
  : { path: node.path, dropped: node.entry.reason }));

describe('a template the server checked (issue 15 point 2)', () => {
  it('the server stamps with the contracts this build was made from', () => {
    expect(contractsStamp).toBe(CONTRACTS_STAMP);
    expect((servedTemplate(stored) as { checked?: string }).checked).toBe(CONTRACTS_STAMP);
  });

  it('normalises to the same page as the stored template, without validating a block', () => {
    const registry = createPortalRegistry();
    const full = normalisePage(stored, registry);
    const check = vi.spyOn(registry, 'checkProps');
    const fast = normalisePage(servedTemplate(stored), registry);
    expect(check).not.toHaveBeenCalled();
    expect(fast.report.entries).toEqual([]);
    expect(fast.page).toEqual(full.page);
    expect(shape(fast.nodes)).toEqual(shape(full.nodes));
    // Defaults are in: the course list's sort, the columns' gap, as the full path fills them.
    expect((fast.nodes[1] as RenderNode & { kind: 'block' }).block.props).toMatchObject({ count: 4, sort: expect.anything() });
  });

  it('validates the full way when the stamp is another build\'s', () => {
    const registry = createPortalRegistry();
    const check = vi.spyOn(registry, 'checkProps');
    const page = normalisePage({ ...(servedTemplate(stored) as object), checked: 'c2-another-build' }, registry);
    expect(check).toHaveBeenCalled();
    expect(page.nodes).toHaveLength(3);
  });

  it('validates the full way when a widget of the page is not the build\'s contract (an override with other defaults)', () => {
    const registry = createPortalRegistry();
    const titleBar = registry.get('title-bar')!;
    registry.register({ ...titleBar, defaultProps: { ...titleBar.defaultProps, title: '别的默认' } }, { override: true });
    expect(registry.acceptsChecked(CONTRACTS_STAMP, ['title-bar'])).toBe(false);
    const check = vi.spyOn(registry, 'checkProps');
    normalisePage(servedTemplate(stored), registry);
    expect(check).toHaveBeenCalled();
  });

  it('still drops a widget the tenant\'s allow-list leaves out', () => {
    const registry = createPortalRegistry(['title-bar', 'columns', 'rich-text', 'image-ad']);
    const page = normalisePage(servedTemplate(stored), registry);
    expect(page.nodes.map((n) => n.kind)).toEqual(['block', 'dropped', 'block']);
    expect(page.report.entries.map((e) => e.action)).toEqual(['dropped']);
  });

  it('a template the check refuses goes out as stored, unstamped', () => {
    const bad = { ...stored, blocks: [...stored.blocks, { id: 'title', type: 'title-bar', version: 1, props: {} }] };
    expect(servedTemplate(bad)).toBe(bad);
    const legacy = { pageCode: 'home', pageName: '首页', components: [], pageStyle: {} };
    expect(servedTemplate(legacy)).toBe(legacy);
  });
});
