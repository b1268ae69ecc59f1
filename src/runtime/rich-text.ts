import DOMPurify from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;

/**
 * Tenant rich text (DESIGN "No eval"): the only HTML the runtime ever inserts, and only after this
 * sanitiser. No scripts, no event handlers, no style sheets, forms or frames; links and images only
 * http(s) or relative addresses (images may also be data: pictures).
 */

// http(s), protocol-relative is excluded, a path, a fragment or a scheme-less relative address.
const ALLOWED_URI = /^(?:https?:\/\/|\/(?!\/)|#|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

let purifier: Purifier | undefined;
function instance(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    // Links that open a new window must not hand it our window (reverse tabnabbing).
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier;
}

/** Returns HTML safe to insert: scripts, event handlers and non-http(s) links removed. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof window === 'undefined') return '';
  return instance().sanitize(String(html), {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'],
    ADD_ATTR: ['target'],
    FORBID_ATTR: ['srcset', 'formaction', 'action'],
    ALLOW_DATA_ATTR: false,
  });
}
