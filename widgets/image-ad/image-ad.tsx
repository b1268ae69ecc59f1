import type { CSSProperties } from 'react';
import type { LinkItem } from '../../schemas/link';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import { safeImageSrc } from '../../src/components/widget-parts';
import { widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { ImageAdProps } from '../../schemas/widgets/image-ad';
import './image-ad.css';

interface Picture {
  src: string;
  alt: string;
  link: LinkItem | undefined;
}

/** The block's height and radius, when they differ from image-ad.css's (own proportions, 8 px corners). */
function sizeStyle(height: number, radius: number): CSSProperties | undefined {
  if (height <= 0 && radius === 8) return undefined;
  const style: Record<string, string> = {};
  if (height > 0) style['--w-image-ad-height'] = `${height}px`;
  if (radius !== 8) style['--w-image-ad-radius'] = `${radius}px`;
  return style as CSSProperties;
}

// Light markup (issue 15 point 2): each picture is the flex item itself (its link, or the <img>).
function PictureView({ picture }: { picture: Picture }) {
  if (!picture.link) return <img className="w-image-ad-item" src={picture.src} alt={picture.alt} loading="lazy" decoding="async" />;
  return (
    <RuntimeLink link={picture.link} className="w-image-ad-item">
      <img src={picture.src} alt={picture.alt} loading="lazy" decoding="async" />
    </RuntimeLink>
  );
}

export default function ImageAd({ props, ctx, mode }: WidgetProps<ImageAdProps>) {
  const { locale } = widgetTexts(ctx.locale);
  const name = props.a11yLabel || widgetText(locale, 'imageAd');
  // A linked picture is the link's only content, so it always needs words: its alt, else the
  // block's name. Without a link and without alt it is decorative (alt "") (issue 23 point 4).
  const altOf = (alt: string | undefined, link: LinkItem | undefined) => alt || (link ? name : '');
  const pictures: Picture[] = [];
  const first = safeImageSrc(props.image);
  if (first) pictures.push({ src: first, alt: altOf(props.alt, props.link), link: props.link });
  const second = safeImageSrc(props.image2);
  if (second) pictures.push({ src: second, alt: altOf(props.alt2, props.link2), link: props.link2 });
  const style = sizeStyle(props.height, props.radius);
  if (pictures.length === 0) {
    // Nothing to show a learner; the designer sees where the picture goes.
    return mode === 'preview' ? <div className="w-image-ad-empty" style={style}>{widgetText(locale, 'noImage')}</div> : null;
  }
  return (
    <section className={props.height > 0 ? 'w-image-ad w-image-ad-fixed' : 'w-image-ad'} aria-label={name} data-count={pictures.length} style={style}>
      {pictures.map((picture, i) => <PictureView key={i} picture={picture} />)}
    </section>
  );
}
