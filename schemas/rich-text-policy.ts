import type { Config, DOMPurify, WindowLike } from 'dompurify';

/**
 * The one rich-text policy (DESIGN "No eval": tenant rich text is sanitised), shared by the server,
 * which sanitises templates when they are saved (server/lib/rich-text.ts), and the browser, which
 * sanitises rich text from API data and templates saved under an older policy
 * (src/runtime/rich-text.ts). Both build their sanitiser with richTextSanitiser, so the rules
 * cannot drift. No scripts, no event handlers, no style sheets, forms or frames; links and images
 * only http(s) or relative addresses (images may also be data: pictures).
 *
 * Change any rule here and raise RICH_TEXT_POLICY_VERSION: templates stamped with an older
 * version are sanitised again in the browser until a migration re-sanitises them on the server.
 */
export const RICH_TEXT_POLICY_VERSION = 1;

/**
 * The props that hold tenant rich text, by widget type: what the server sanitises on save. A
 * widget that adds an HTML prop lists it here.
 */
export const RICH_TEXT_PROPS: Readonly<Record<string, readonly string[]>> = {
  'rich-text': ['html'],
};

// http(s), a path (protocol-relative is excluded), a fragment or a scheme-less relative address.
const ALLOWED_URI = /^(?:https?:\/\/|\/(?!\/)|#|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

/** DOMPurify's settings of the policy. */
export const RICH_TEXT_CONFIG = {
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'],
  ADD_ATTR: ['target'],
  FORBID_ATTR: ['srcset', 'formaction', 'action'],
  ALLOW_DATA_ATTR: false,
} satisfies Config;

/**
 * A sanitiser of the policy on this window (the browser's, or jsdom's on the server): returns HTML
 * safe to insert. `createDOMPurify` is DOMPurify's default export.
 */
export function richTextSanitiser(createDOMPurify: DOMPurify, window: WindowLike): (html: string | null | undefined) => string {
  const purifier = createDOMPurify(window);
  // Links that open a new window must not hand it our window (reverse tabnabbing).
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => (html ? purifier.sanitize(String(html), { ...RICH_TEXT_CONFIG, RETURN_TRUSTED_TYPE: false }) : '');
}
