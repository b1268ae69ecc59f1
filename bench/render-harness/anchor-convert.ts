// The peers' anchor page (../shared/bench/anchor-page.js: N blocks cycling through title,
// paragraph, image, card and columns) in the formats the render bench's contestants read: our page
// template (schemas/page-template.ts, our real widgets) and Puck's data. Pure data, no DOM: the
// unit test (tests/unit/anchor-page.test.ts) checks that every block becomes one our registry
// validates without repairs.
import type { PageBlock, PageTemplateV2 } from '../../schemas/page-template';

/** One link of a card. */
export interface AnchorLink {
  text: string;
  href: string;
  label: string;
}

/** A block of the anchor page, as makePage() builds it. */
export type AnchorBlock =
  | { id: string; type: 'title'; text: string }
  | { id: string; type: 'paragraph'; text: string }
  | { id: string; type: 'image'; src: string; alt: string }
  | { id: string; type: 'card'; title: string; items: AnchorLink[] }
  | { id: string; type: 'columns'; children: AnchorBlock[] };

/** The anchor page. */
export interface AnchorPage {
  blocks: AnchorBlock[];
}

/** What ../shared/bench/anchor-page.js exports. */
export interface AnchorModule {
  makePage(n: number): AnchorPage;
  IMG: string;
  TEXT: string;
  readN(): number;
}

/** The widget each anchor kind becomes (card: nav-grid, the nearest to a titled list of links; bench/README.md). */
export const OUR_WIDGET: Record<AnchorBlock['type'], string> = {
  title: 'title-bar',
  paragraph: 'rich-text',
  image: 'image-ad',
  card: 'nav-grid',
  columns: 'columns',
};

/** The version our registry has for a type (so the template needs no migration). */
export type VersionOf = (type: string) => number;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One anchor block as a block of our page format. */
export function toOurBlock(block: AnchorBlock, versionOf: VersionOf): PageBlock {
  const type = OUR_WIDGET[block.type];
  const base = { id: block.id, type, version: versionOf(type) };
  switch (block.type) {
    case 'title':
      return { ...base, props: { title: block.text, align: 'left' } };
    case 'paragraph':
      return { ...base, props: { html: `<p>${escapeHtml(block.text)}</p>`, padding: 0 } };
    case 'image':
      // The anchor shows its picture at 48 × 48; image-ad takes the height (its width is the column's).
      return { ...base, props: { image: block.src, alt: block.alt, height: 48, radius: 0 } };
    case 'card':
      // A nav-grid entry has a title and a link but no label: the anchor's label ("open") has no place.
      // The anchor's in-page hrefs (#b3-0) become site paths (/#b3-0), a plain <a> as in the anchor.
      return {
        ...base,
        props: {
          title: block.title, columns: 4, iconSize: 24,
          items: block.items.map((item) => ({ title: item.text, link: { linkType: 'url', linkUrl: `/${item.href}` } })),
        },
      };
    case 'columns': {
      const [left, right] = block.children;
      if (!left || !right) throw new Error(`Anchor block ${block.id} (columns) needs two children; makePage() gives every columns block a title and a paragraph.`);
      return { ...base, props: { ratio: '1:1', gap: 16, stackBelow: 0 }, slots: { col1: [toOurBlock(left, versionOf)], col2: [toOurBlock(right, versionOf)] } };
    }
  }
}

/**
 * The anchor page as a stored template of ours. `richTextPolicy` is the stamp the server puts on a
 * template whose rich text it sanitised when saving (when this portal has one): a real tenant's
 * saved page carries it, so the bench's does too.
 */
export function toOurTemplate(page: AnchorPage, versionOf: VersionOf, options: { richTextPolicy?: number } = {}): PageTemplateV2 {
  return {
    schemaVersion: 2, pageId: 1, pageCode: 'anchor', title: `Anchor page (${page.blocks.length} blocks)`, root: { props: {} },
    blocks: page.blocks.map((block) => toOurBlock(block, versionOf)),
    ...(options.richTextPolicy === undefined ? {} : { richTextPolicy: options.richTextPolicy }),
  } as PageTemplateV2;
}

/** A block of Puck's data: `{ type, props: { id, … } }`, slots as lists of such blocks. */
export interface PuckBlock {
  type: string;
  props: Record<string, unknown> & { id: string };
}

/** One anchor block as Puck data (component names of bench/render-harness/puck.tsx). */
export function toPuckBlock(block: AnchorBlock): PuckBlock {
  switch (block.type) {
    case 'title': return { type: 'Title', props: { id: block.id, text: block.text } };
    case 'paragraph': return { type: 'Paragraph', props: { id: block.id, text: block.text } };
    case 'image': return { type: 'Image', props: { id: block.id, src: block.src, alt: block.alt } };
    case 'card': return { type: 'Card', props: { id: block.id, title: block.title, items: block.items } };
    case 'columns': {
      const [left, right] = block.children;
      return { type: 'Columns', props: { id: block.id, left: left ? [toPuckBlock(left)] : [], right: right ? [toPuckBlock(right)] : [] } };
    }
  }
}

/** The anchor page as Puck's `data` (`{ root, content }`). */
export function toPuckData(page: AnchorPage): { root: { props: Record<string, never> }; content: PuckBlock[] } {
  return { root: { props: {} }, content: page.blocks.map(toPuckBlock) };
}

/** Blocks of the page, slot children included (our template limit counts them). */
export function countBlocks(blocks: readonly AnchorBlock[]): number {
  return blocks.reduce((n, block) => n + 1 + (block.type === 'columns' ? countBlocks(block.children) : 0), 0);
}
