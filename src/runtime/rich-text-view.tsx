import { useMemo, type MouseEvent } from 'react';
import { sanitizeRichText } from './rich-text';

/** Opens the image viewer (spec shell §2) on all images of a rich text block, starting at the clicked one. */
function viewImages(event: MouseEvent<HTMLDivElement>): void {
  const target = event.target instanceof Element ? event.target.closest('img') : null;
  // An image inside a link is the tenant's link: the link wins.
  if (!target || target.closest('a[href]')) return;
  const images = Array.from(event.currentTarget.querySelectorAll('img'))
    .map((img) => ({ element: img, src: img.currentSrc || img.getAttribute('src') || '', alt: img.getAttribute('alt') ?? '' }))
    .filter((image) => image.src !== '');
  const index = images.findIndex((image) => image.element === target);
  if (index < 0) return;
  // The viewer loads on first use so the home route's bundle does not carry it.
  void import('../components/image-viewer')
    .then(({ openImageViewer }) => openImageViewer(images.map(({ src, alt }) => ({ src, alt })), index))
    .catch((error: unknown) => console.error('Loading the image viewer failed; the image stays as it is.', error));
}

/**
 * Shows tenant rich text. The one place the runtime sets inner HTML, and always through
 * sanitizeRichText (DESIGN "No eval": settings are data, never code). Clicking an image opens it,
 * with the block's other images, in the image viewer.
 */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={['rt-rich-text', className].filter(Boolean).join(' ')} onClick={viewImages} dangerouslySetInnerHTML={{ __html: safe }} />;
}
