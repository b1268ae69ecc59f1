import DOMPurify from 'dompurify';
import { isPageTemplateV1, LEGACY_TYPE_NAMES, kebabCase } from '../../schemas/page-template';
import { RICH_TEXT_POLICY_VERSION, RICH_TEXT_PROPS, richTextSanitiser } from '../../schemas/rich-text-policy';

/**
 * Tenant rich text sanitised when a template is saved (issue 15 point 2; DESIGN "The designer":
 * "sanitises rich text on save"), with the browser's own rules (schemas/rich-text-policy.ts) on a
 * jsdom window. The browser then shows a stamped template's rich text as it is, without DOMPurify.
 * jsdom loads on first use, so a node that never writes a template never pays for it.
 */

type Sanitise = (html: string | null | undefined) => string;
let sanitiser: Promise<Sanitise> | undefined;

/** The one part of jsdom used here (it ships no types, and @types/jsdom is not a dependency). */
type JsdomModule = { JSDOM: new (html: string) => { window: Parameters<typeof richTextSanitiser>[1] } };

function load(): Promise<Sanitise> {
  // @ts-expect-error jsdom ships no type declarations (see JsdomModule).
  sanitiser ??= (import('jsdom') as Promise<JsdomModule>).then(({ JSDOM }) => richTextSanitiser(DOMPurify, new JSDOM('').window));
  return sanitiser;
}

/** One HTML string under the policy: scripts, event handlers and unsafe links removed. */
export async function sanitizeRichTextHtml(html: string | null | undefined): Promise<string> {
  return (await load())(html);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The widget type of a block (format 2) or legacy component (format 1), as RICH_TEXT_PROPS names it. */
function typeOf(node: Record<string, unknown>, legacy: boolean): string {
  if (!legacy) return typeof node.type === 'string' ? node.type : '';
  const compType = typeof node.compType === 'string' ? node.compType : '';
  return LEGACY_TYPE_NAMES[compType] ?? kebabCase(compType);
}

/**
 * Returns a copy of a stored template (format 2 or legacy format 1) with every rich-text prop
 * sanitised, nested blocks included. A format 2 template is stamped `richTextPolicy` with the
 * current policy version, whatever stamp it came with; the legacy format is sanitised but not
 * stamped (the browser converts it and sanitises again). Anything that is not a template comes back
 * unchanged: the runtime's normaliser reports it. The designer's save route (issue 16) calls this.
 */
export async function sanitisePageTemplate<T>(template: T): Promise<T> {
  if (!isRecord(template)) return template;
  const sanitise = await load();
  const legacy = isPageTemplateV1(template);
  const propsKey = legacy ? 'config' : 'props';
  const walk = (list: unknown): unknown => {
    if (!Array.isArray(list)) return list;
    return list.map((item) => {
      if (!isRecord(item)) return item;
      const node: Record<string, unknown> = { ...item };
      const fields = RICH_TEXT_PROPS[typeOf(node, legacy)];
      if (fields && isRecord(node[propsKey])) {
        const props: Record<string, unknown> = { ...node[propsKey] };
        for (const field of fields) if (typeof props[field] === 'string') props[field] = sanitise(props[field]);
        node[propsKey] = props;
      }
      if (legacy) node.children = walk(node.children);
      else if (isRecord(node.slots)) node.slots = Object.fromEntries(Object.entries(node.slots).map(([name, children]) => [name, walk(children)]));
      if (node.children === undefined) delete node.children;
      return node;
    });
  };
  if (legacy) return { ...template, components: walk(template.components) } as T;
  return { ...template, blocks: walk(template.blocks), richTextPolicy: RICH_TEXT_POLICY_VERSION } as T;
}
