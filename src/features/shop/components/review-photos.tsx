// A review's photos (issue 20 part Q): small squares, each a button that opens the image viewer
// (spec shell §2) at that photo. Used by the product page's reviews and the review page.
import { safeImageSrc } from '../../../components/widget-parts';
import { useAfterSaleTexts } from './delivery-texts';

/** The photos of one review; nothing when there are none. `alt` names the product reviewed. */
export function ReviewPhotos({ images, alt }: { images: readonly string[]; alt: string }) {
  const t = useAfterSaleTexts();
  const safe = images.map((src) => safeImageSrc(src)).filter((src): src is string => Boolean(src));
  if (!safe.length) return null;
  const open = (index: number) => {
    void import('../../../components/image-viewer').then(({ openImageViewer }) => openImageViewer(safe.map((src) => ({ src, alt })), index));
  };
  return (
    <ul data-testid="review-photos" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {safe.map((src, i) => (
        <li key={`${src}-${i}`}>
          <button type="button" onClick={() => open(i)} aria-label={t('photoOf', { title: alt, n: i + 1 })}
            style={{ padding: 0, border: '1px solid var(--portal-border, #f0f0f0)', borderRadius: 4, background: 'none', cursor: 'zoom-in', display: 'block' }}>
            <img src={src} alt="" width={72} height={72} loading="lazy" style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }} />
          </button>
        </li>
      ))}
    </ul>
  );
}
