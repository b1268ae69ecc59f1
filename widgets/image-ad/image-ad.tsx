import type { CSSProperties } from 'react';
import type { LinkItem } from '../../schemas/link';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { safeImageSrc, SECONDARY_TEXT } from '../../src/components/widget-parts';
import { useWidgetTexts, widgetText } from '../../src/components/widget-texts';
import type { ImageAdProps } from './schema';

interface Picture {
  src: string;
  alt: string;
  link: LinkItem | undefined;
}

function PictureView({ picture, height, radius }: { picture: Picture; height: number; radius: number }) {
  const style: CSSProperties = { display: 'block', width: '100%', height: height > 0 ? height : 'auto', objectFit: 'cover', borderRadius: radius };
  const img = <img src={picture.src} alt={picture.alt} loading="lazy" decoding="async" style={style} />;
  return (
    <div className="w-image-ad-item" style={{ flex: '1 1 0', minWidth: 0 }}>
      {picture.link ? <RuntimeLink link={picture.link} style={{ display: 'block' }}>{img}</RuntimeLink> : img}
    </div>
  );
}

export default function ImageAd({ props, ctx, mode }: WidgetProps<ImageAdProps>) {
  const { locale } = useWidgetTexts(ctx.locale);
  const name = props.a11yLabel || widgetText(locale, 'imageAd');
  // A linked picture is the link's only content, so it always needs words: its alt, else the
  // block's name. Without a link and without alt it is decorative (alt "") (issue 23 point 4).
  const altOf = (alt: string | undefined, link: LinkItem | undefined) => alt || (link ? name : '');
  const pictures: Picture[] = [];
  const first = safeImageSrc(props.image);
  if (first) pictures.push({ src: first, alt: altOf(props.alt, props.link), link: props.link });
  const second = safeImageSrc(props.image2);
  if (second) pictures.push({ src: second, alt: altOf(props.alt2, props.link2), link: props.link2 });
  if (pictures.length === 0) {
    // Nothing to show a learner; the designer sees where the picture goes.
    return mode === 'preview'
      ? <div className="w-image-ad-empty" style={{ padding: 24, textAlign: 'center', background: 'var(--portal-fill, #f5f5f5)', color: SECONDARY_TEXT, borderRadius: props.radius }}>{widgetText(locale, 'noImage')}</div>
      : null;
  }
  return (
    <section className="w-image-ad" aria-label={name} data-count={pictures.length} style={{ display: 'flex', gap: 16 }}>
      {pictures.map((picture, i) => <PictureView key={i} picture={picture} height={props.height} radius={props.radius} />)}
    </section>
  );
}
