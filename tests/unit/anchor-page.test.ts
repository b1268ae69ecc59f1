// The render bench's conversion of the peers' anchor page to our page format
// (bench/render-harness/anchor-convert.ts): every anchor block must become a block our real
// registry validates as it is — nothing dropped, repaired, renamed or migrated — holding the
// anchor's content, or the bench would time a different page than plain React and Puck render.
import { beforeAll, describe, expect, it } from 'vitest';
import { normalisePage, type RenderNode } from '../../src/runtime/normalise';
import { createPortalRegistry } from '../../widgets';
import { anchorPagePath, loadAnchorModule } from '../../bench/render-harness/anchor-load';
import { countBlocks, OUR_WIDGET, toOurTemplate, type AnchorBlock, type AnchorModule } from '../../bench/render-harness/anchor-convert';

let anchor: AnchorModule;

beforeAll(async () => {
  anchor = await loadAnchorModule(anchorPagePath(`${__dirname}/../..`));
});

/** What the widget must hold for the anchor block (the props its component reads). */
function expectContent(node: RenderNode, block: AnchorBlock): void {
  expect(node.kind).toBe('block');
  if (node.kind !== 'block') return;
  expect(node.block.id).toBe(block.id);
  expect(node.block.type).toBe(OUR_WIDGET[block.type]);
  const props = node.block.props as Record<string, unknown>;
  switch (block.type) {
    case 'title':
      expect(props.title).toBe(block.text);
      break;
    case 'paragraph':
      expect(props.html).toBe(`<p>${block.text}</p>`);
      break;
    case 'image':
      expect([props.image, props.alt, props.height]).toEqual([block.src, block.alt, 48]);
      break;
    case 'card':
      expect(props.title).toBe(block.title);
      expect(props.items).toEqual(block.items.map((item) => ({ title: item.text, link: { linkType: 'url', linkUrl: `/${item.href}` } })));
      break;
    case 'columns':
      expect(Object.keys(node.slots)).toEqual(['col1', 'col2']);
      expect(node.slots.col1).toHaveLength(1);
      expect(node.slots.col2).toHaveLength(1);
      expectContent(node.slots.col1![0]!, block.children[0]!);
      expectContent(node.slots.col2![0]!, block.children[1]!);
      break;
  }
}

describe('anchor page → our page format', () => {
  it('turns every anchor block into a block of our registry that validates without repairs', () => {
    const registry = createPortalRegistry();
    // 50 blocks: each of the five kinds ten times, 60 blocks with the columns' children (under the
    // runtime's 1,000-block limit, which the bench's harness build lifts).
    const page = anchor.makePage(50);
    expect(new Set(page.blocks.map((b) => b.type))).toEqual(new Set(Object.keys(OUR_WIDGET)));
    const template = toOurTemplate(page, (type) => registry.get(type)?.version ?? 0);
    const normalised = normalisePage(template, registry);
    expect(normalised.report.entries).toEqual([]);
    expect(normalised.nodes).toHaveLength(page.blocks.length);
    normalised.nodes.forEach((node, i) => expectContent(node, page.blocks[i]!));
  });

  it('counts the columns\' children as blocks, as the runtime\'s page limit does', () => {
    expect(countBlocks(anchor.makePage(1000).blocks)).toBe(1400);
  });
});
