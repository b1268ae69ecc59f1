import { useMemo } from 'react';
import { sanitizeRichText } from './rich-text';

/**
 * Shows tenant rich text. The one place the runtime sets inner HTML, and always through
 * sanitizeRichText (DESIGN "No eval": settings are data, never code).
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={['rt-rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: safe }} />;
}
