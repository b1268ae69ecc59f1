import { Type, type Static } from 'typebox';
import { MAX_SLOT_DEPTH } from './template-limits';

/**
 * Page templates: what /home and /tabBarIndex pages are made of (DESIGN "The runtime: settings to
 * pixels"). Format 2 is current; format 1 is what the legacy getPage call stored and is migrated on
 * load by `migratePageV1`. Both are data: nothing in a template is ever evaluated as code.
 * Documented in docs/templates.md.
 */

/** The page format this portal writes and renders. */
export const PAGE_SCHEMA_VERSION = 2;

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', title: 'Block id', description: 'Unique inside the page; the designer and the migration report refer to blocks by it.' });
const ContentId = (title: string, description: string) => Type.Union([Type.Integer(), Type.String({ minLength: 1 })], { title, description });

/** Who sees a block (DESIGN "typed learning conditions"). */
export const Audience = Type.Union([Type.Literal('guest'), Type.Literal('learner'), Type.Literal('teacher')], {
  title: 'Audience', description: 'guest: not signed in; learner: signed in; teacher: signed in with teacher work.',
});
export type Audience = Static<typeof Audience>;

/**
 * A block's display condition: a whitelisted set of facts about the viewer, all of which must
 * hold. Never an expression: unknown keys make the block invalid.
 */
export const BlockCondition = Type.Object(
  {
    audience: Type.Optional(Type.Union([Audience, Type.Array(Audience, { minItems: 1, uniqueItems: true })], { title: 'Audience', description: 'Show only to these viewers.' })),
    enrolled: Type.Optional(Type.Object({
      kind: Type.Union([Type.Literal('course'), Type.Literal('subject'), Type.Literal('classes')], { title: 'Kind', description: 'What the viewer must be enrolled in.' }),
      id: ContentId('Id', 'Id of the course, subject or class.'),
    }, { additionalProperties: false, title: 'Enrolled in', description: 'Show only to viewers enrolled in this course, subject or class.' })),
    finishedCourse: Type.Optional(ContentId('Finished course', 'Show only to viewers who finished this course.')),
    examWindowOpen: Type.Optional(ContentId('Exam window open', 'Show only while this exam can be taken.')),
    cartNotEmpty: Type.Optional(Type.Boolean({ title: 'Cart not empty', description: 'true: only with items in the cart; false: only with an empty cart.' })),
  },
  { $id: 'BlockCondition', title: 'Block condition', description: 'All listed facts must hold for the block to show.', additionalProperties: false },
);
export type BlockCondition = Static<typeof BlockCondition>;

/** Page-level props of format 2. */
export const RootProps = Type.Object(
  {
    background: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', title: 'Background', description: 'Page background colour.' })),
    maxWidth: Type.Optional(Type.Integer({ minimum: 320, maximum: 3840, title: 'Content width', description: 'Width of the page content in px; the portal\'s page width when absent.' })),
    gap: Type.Optional(Type.Integer({ minimum: 0, maximum: 200, title: 'Block gap', description: 'Space between top-level blocks in px.' })),
  },
  { title: 'Page props', additionalProperties: false },
);
export type RootProps = Static<typeof RootProps>;

const BlockProps = Type.Record(Type.String(), Type.Unknown(), { title: 'Props', description: 'The widget\'s settings; validated against its propsSchema after migration.' });

/** One block of format 2; containers hold child blocks in named slots. */
export const PageBlock = Type.Cyclic({
  PageBlock: Type.Object(
    {
      id: Id,
      type: Type.String({ minLength: 1, pattern: '^[a-z][a-z0-9-]*$', title: 'Widget type', description: 'Kebab-case widget type, e.g. "course-list".' }),
      version: Type.Integer({ minimum: 1, title: 'Widget version', description: 'Version of the widget the props were written for; older blocks are migrated on load.' }),
      props: BlockProps,
      slots: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }), Type.Array(Type.Ref('PageBlock')), { title: 'Slots', description: 'Child blocks of a container widget, by slot name.' })),
      condition: Type.Optional(BlockCondition),
    },
    { title: 'Block' },
  ),
}, 'PageBlock');
export type PageBlock = Static<typeof PageBlock>;

/** The current page format (2). */
export const PageTemplateV2 = Type.Object(
  {
    schemaVersion: Type.Literal(2, { title: 'Format', description: 'Always 2 for this format.' }),
    pageId: Type.Integer({ minimum: 0, title: 'Page id', description: 'Id of the page row; 0 for a page not saved yet.' }),
    pageCode: Type.String({ minLength: 1, title: 'Page code', description: 'Unique inside the tenant; codes starting with Pzy_ are tab pages.' }),
    title: Type.String({ title: 'Title', description: 'Page title.' }),
    root: Type.Object({ props: RootProps }, { title: 'Page root' }),
    blocks: Type.Array(PageBlock, { title: 'Blocks', description: 'Top-level blocks, in display order.' }),
    richTextPolicy: Type.Optional(Type.Integer({
      minimum: 1, title: 'Rich text policy',
      description: 'Set by the server when it saved the page: its rich text was sanitised under this version of schemas/rich-text-policy.ts. The browser sanitises again when it is absent or older.',
    })),
  },
  { $id: 'PageTemplateV2', title: 'Page template (format 2)' },
);
export type PageTemplateV2 = Static<typeof PageTemplateV2>;
/** The current format under its plain name. */
export type PageTemplate = PageTemplateV2;

/** One component of the legacy format; children sit in slot "default" unless they name one. */
export const LegacyComponent = Type.Cyclic({
  LegacyComponent: Type.Object(
    {
      compId: Type.Union([Type.String({ minLength: 1 }), Type.Integer()], { title: 'Component id' }),
      compType: Type.String({ minLength: 1, title: 'Component type', description: 'Legacy camelCase type, e.g. "courseList" or "swiper".' }),
      compVersion: Type.Optional(Type.Integer({ minimum: 1, title: 'Component version', description: '1 when absent.' })),
      config: Type.Record(Type.String(), Type.Unknown(), { title: 'Config', description: 'The component\'s settings.' }),
      slot: Type.Optional(Type.String({ title: 'Slot', description: 'For a child: the parent slot it sits in; "default" when absent.' })),
      showFor: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('guest'), Type.Literal('login')], { title: 'Show for', description: 'all, guest (not signed in) or login (signed in).' })),
      children: Type.Optional(Type.Array(Type.Ref('LegacyComponent'), { title: 'Children', description: 'Child components of a container.' })),
    },
    { title: 'Legacy component' },
  ),
}, 'LegacyComponent');
export type LegacyComponent = Static<typeof LegacyComponent>;

/** The legacy getPage format (1). */
export const PageTemplateV1 = Type.Object(
  {
    pageId: Type.Optional(Type.Integer({ minimum: 0 })),
    pageCode: Type.String({ minLength: 1, title: 'Page code' }),
    pageName: Type.String({ title: 'Page name' }),
    components: Type.Array(LegacyComponent, { title: 'Components' }),
    pageStyle: Type.Optional(Type.Object({
      backgroundColor: Type.Optional(Type.String({ title: 'Background colour' })),
      width: Type.Optional(Type.Union([Type.Integer(), Type.String()], { title: 'Width', description: 'px, as a number or "1200px".' })),
      componentMargin: Type.Optional(Type.Integer({ title: 'Gap between components' })),
    }, { title: 'Page style' })),
  },
  { $id: 'PageTemplateV1', title: 'Page template (legacy format 1)' },
);
export type PageTemplateV1 = Static<typeof PageTemplateV1>;

/** Legacy compType names that are not simply the kebab-case of the v2 type. */
export const LEGACY_TYPE_NAMES: Readonly<Record<string, string>> = {
  swiper: 'banner',
  carousel: 'banner',
  richText: 'rich-text',
  html: 'rich-text',
  navGrid: 'quick-links',
  layout: 'columns',
  row: 'columns',
  shopList: 'product-list',
};

/** camelCase or snake_case → kebab-case: "courseList" → "course-list". */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/** True when the value looks like a legacy (format 1) template. */
export function isPageTemplateV1(value: unknown): value is PageTemplateV1 {
  return typeof value === 'object' && value !== null && !('schemaVersion' in value) && Array.isArray((value as { components?: unknown }).components);
}

type LegacyInput = { compId?: unknown; compType?: unknown; compVersion?: unknown; config?: unknown; slot?: unknown; showFor?: unknown; children?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const SAFE_ID = /[^A-Za-z0-9_.:-]/g;

/**
 * Converts a legacy (format 1) template to format 2. Pure and total: it copies what it cannot
 * understand into the block (an unknown type, odd config) and leaves judging it to the normaliser,
 * which reports per block. Ids are kept when usable; missing or repeated ones become "b<n>".
 */
export function migratePageV1(v1: PageTemplateV1, opts: { pageId?: number } = {}): PageTemplateV2 {
  const used = new Set<string>();
  let counter = 0;
  const nextId = (wanted: unknown): string => {
    let id = typeof wanted === 'string' || typeof wanted === 'number' ? String(wanted).replace(SAFE_ID, '_').slice(0, 64) : '';
    while (!id || used.has(id)) id = `b${++counter}`;
    used.add(id);
    return id;
  };
  // depth: containers around the component. Past MAX_SLOT_DEPTH the normaliser drops the block
  // anyway, so its children are not converted: a legacy tree nested thousands deep must not
  // overflow the stack here (issue 14 point 13).
  const convert = (raw: unknown, depth: number): PageBlock => {
    const c: LegacyInput = isRecord(raw) ? raw : {};
    const compType = typeof c.compType === 'string' ? c.compType : '';
    const block: PageBlock = {
      id: nextId(c.compId),
      type: LEGACY_TYPE_NAMES[compType] ?? kebabCase(compType),
      version: typeof c.compVersion === 'number' && Number.isInteger(c.compVersion) && c.compVersion >= 1 ? c.compVersion : 1,
      // A shallow copy: the config is measured (schemas/template-limits.ts) before anything deep-copies it.
      props: isRecord(c.config) ? { ...c.config } : {},
    };
    // spec shell §4: "login" meant signed-in viewers, which format 2 calls learners.
    if (c.showFor === 'guest') block.condition = { audience: 'guest' };
    else if (c.showFor === 'login') block.condition = { audience: ['learner', 'teacher'] };
    if (Array.isArray(c.children) && c.children.length > 0 && depth <= MAX_SLOT_DEPTH) {
      const slots: Record<string, PageBlock[]> = {};
      for (const child of c.children) {
        const name = isRecord(child) && typeof child.slot === 'string' && child.slot ? child.slot : 'default';
        (slots[name] ??= []).push(convert(child, depth + 1));
      }
      block.slots = slots;
    }
    return block;
  };

  const style = isRecord(v1.pageStyle) ? v1.pageStyle : {};
  const props: RootProps = {};
  if (typeof style.backgroundColor === 'string' && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(style.backgroundColor)) props.background = style.backgroundColor;
  const width = typeof style.width === 'number' ? style.width : typeof style.width === 'string' ? Number.parseInt(style.width, 10) : Number.NaN;
  if (Number.isInteger(width) && width >= 320 && width <= 3840) props.maxWidth = width;
  if (typeof style.componentMargin === 'number' && Number.isInteger(style.componentMargin) && style.componentMargin >= 0 && style.componentMargin <= 200) props.gap = style.componentMargin;

  return {
    schemaVersion: 2,
    pageId: opts.pageId ?? (typeof v1.pageId === 'number' ? v1.pageId : 0),
    pageCode: String(v1.pageCode),
    title: typeof v1.pageName === 'string' ? v1.pageName : '',
    root: { props },
    blocks: (Array.isArray(v1.components) ? v1.components : []).map((component) => convert(component, 0)),
  };
}
