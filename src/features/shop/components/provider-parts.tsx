// Pieces of the provider and school pages (issue 20): the logo tile.
import { safeImageSrc } from '../../../components/widget-parts';

/** A provider's logo: a rounded square (greyed when off shelf), or a plain tile when it has none. Decorative: the name is beside it. */
export function ProviderLogo({ src, size, greyed = false }: { src: string | null; size: number; greyed?: boolean }) {
  const safe = safeImageSrc(src);
  return (
    <span style={{ display: 'block', width: size, height: size, borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, #f0f2f5)', flex: 'none', filter: greyed ? 'grayscale(1)' : undefined, opacity: greyed ? 0.5 : undefined }}>
      {safe ? <img src={safe} alt="" width={size} height={size} style={{ objectFit: 'cover', display: 'block' }} /> : null}
    </span>
  );
}
