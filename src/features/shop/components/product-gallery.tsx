// The product page's gallery: the cover and the product's images, one large with thumbnails below;
// a thumbnail shows its image, the large one opens the image viewer (spec shell §2) on all of them.
import { useState } from 'react';
import { safeImageSrc } from '../../../components/widget-parts';
import { useProductTexts } from './product-texts';

const SIZE = 360;
const THUMB = 64;

/** Opens the image viewer, loaded on first use, on `images` at `index`. */
function view(images: string[], index: number, alt: string): void {
  void import('../../../components/image-viewer')
    .then(({ openImageViewer }) => openImageViewer(images.map((src) => ({ src, alt })), index))
    .catch((error: unknown) => console.error('Loading the image viewer failed; the image stays as it is.', error));
}

/** The gallery of a product: `cover` first, then `images`; unsafe or missing addresses are left out. */
export function ProductGallery({ title, cover, images }: { title: string; cover: string | null; images: readonly string[] }) {
  const t = useProductTexts();
  const all = [cover, ...images].map((src) => safeImageSrc(src)).filter((src): src is string => Boolean(src));
  const [shown, setShown] = useState(0);
  const current = all[Math.min(shown, all.length - 1)];
  return (
    <div data-testid="product-gallery" role="group" aria-label={t('gallery')} style={{ width: SIZE, flex: 'none' }}>
      <button
        type="button"
        onClick={() => current && view(all, shown, title)}
        disabled={!current}
        aria-label={t('enlarge')}
        style={{ display: 'block', width: SIZE, height: SIZE, padding: 0, border: '1px solid var(--portal-border, #f0f0f0)', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f5f5f5)', cursor: current ? 'zoom-in' : 'default' }}
      >
        {current ? <img data-testid="product-gallery-main" src={current} alt={title} width={SIZE - 2} height={SIZE - 2} style={{ objectFit: 'contain', display: 'block', width: '100%', height: '100%' }} /> : null}
      </button>
      {all.length > 1 ? (
        <ul style={{ display: 'flex', gap: 8, listStyle: 'none', margin: '12px 0 0', padding: 0, flexWrap: 'wrap' }}>
          {all.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={t('showImage', { n: i + 1 })}
                aria-pressed={i === shown}
                onClick={() => setShown(i)}
                onMouseEnter={() => setShown(i)}
                style={{
                  display: 'block', width: THUMB, height: THUMB, padding: 0, borderRadius: 6, overflow: 'hidden', cursor: 'pointer',
                  background: 'var(--portal-fill, #f5f5f5)',
                  border: `2px solid ${i === shown ? 'var(--portal-primary, #00aaff)' : 'var(--portal-border, #f0f0f0)'}`,
                }}
              >
                <img src={src} alt="" width={THUMB - 4} height={THUMB - 4} style={{ objectFit: 'cover', display: 'block', width: '100%', height: '100%' }} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
