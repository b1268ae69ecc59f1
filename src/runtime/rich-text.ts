import DOMPurify from 'dompurify';
import { richTextSanitiser } from '../../schemas/rich-text-policy';

/**
 * Tenant rich text in the browser (DESIGN "No eval"): the policy of schemas/rich-text-policy.ts,
 * the same rules the server applies when a template is saved. This module carries DOMPurify, so
 * <RichText> loads it on first need (./rich-text-view.tsx): a home whose templates are stamped with
 * the current policy never loads it.
 */

let sanitise: ((html: string | null | undefined) => string) | undefined;

/** Returns HTML safe to insert: scripts, event handlers and non-http(s) links removed. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof window === 'undefined') return '';
  sanitise ??= richTextSanitiser(DOMPurify, window);
  return sanitise(html);
}
