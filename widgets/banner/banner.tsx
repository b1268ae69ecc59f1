import { useEffect, useState, type CSSProperties } from 'react';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { BannerItem } from '../../src/api/banner';
import { dataStateView, PLACEHOLDER_FILL, safeImageSrc } from '../../src/components/widget-parts-b';
import { useWidgetTexts } from '../../src/components/widget-texts';
import { textB } from '../../src/components/widget-texts-b';
import type { BannerProps } from './schema';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The arrows and dots sit on the picture, not the page: white on a dark scrim in both styles (the
// scrim at 0.5 keeps the white arrow at 3:1 even over a white picture).
const arrowStyle = (side: 'left' | 'right'): CSSProperties => ({
  position: 'absolute', top: '50%', [side]: 12, transform: 'translateY(-50%)', width: 36, height: 36, borderRadius: '50%',
  border: 0, background: 'rgba(0,0,0,0.5)', color: '#fff', fontSize: 18, cursor: 'pointer',
});

function Slide({ slide, height, active }: { slide: BannerItem; height: number; active: boolean }) {
  const src = safeImageSrc(slide.image);
  const picture = src
    ? <img src={src} alt={slide.title} decoding="async" loading={active ? 'eager' : 'lazy'} style={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />
    : <div role="img" aria-label={slide.title} style={{ width: '100%', height, background: PLACEHOLDER_FILL }} />;
  return (
    <div className="w-banner-slide" data-active={active} aria-hidden={!active} inert={!active} style={{ flex: '0 0 100%', height }}>
      {slide.link ? <RuntimeLink link={slide.link} title={slide.title} style={{ display: 'block' }}>{picture}</RuntimeLink> : picture}
    </div>
  );
}

export default function Banner({ props, ctx, data }: WidgetProps<BannerProps, BannerItem[]>) {
  const { locale } = useWidgetTexts(ctx.locale);
  const slides = data.data ?? [];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = count ? index % count : 0;

  useEffect(() => {
    if (!props.autoplay || paused || count < 2 || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), props.interval);
    return () => window.clearInterval(timer);
  }, [props.autoplay, props.interval, paused, count]);

  const skeleton = <div className="w-banner-skeleton" role="status" aria-busy="true" aria-label={textB(locale, 'loading')} style={{ height: props.height, borderRadius: 8, background: PLACEHOLDER_FILL }} />;
  const state = dataStateView(data, locale, skeleton, (list) => list.length > 0);
  if (state !== undefined) return <section className="w-banner">{state}</section>;

  const go = (to: number) => setIndex(((to % count) + count) % count);
  return (
    <section
      className="w-banner" aria-roledescription="carousel" data-current={current}
      onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}
      style={{ position: 'relative', overflow: 'hidden', height: props.height, borderRadius: 8 }}
    >
      <div className="w-banner-track" style={{ display: 'flex', height: '100%', transform: `translateX(-${current * 100}%)`, transition: 'transform 0.5s ease' }}>
        {slides.map((slide, i) => <Slide key={slide.id} slide={slide} height={props.height} active={i === current} />)}
      </div>
      {count > 1 && props.arrows && (
        <>
          <button type="button" aria-label={textB(locale, 'previous')} onClick={() => go(current - 1)} style={arrowStyle('left')}>‹</button>
          <button type="button" aria-label={textB(locale, 'next')} onClick={() => go(current + 1)} style={arrowStyle('right')}>›</button>
        </>
      )}
      {count > 1 && (
        <div className="w-banner-dots" style={{ position: 'absolute', bottom: 12, left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 8 }}>
          {slides.map((slide, i) => (
            <button
              key={slide.id} type="button" aria-label={textB(locale, 'slide', { n: i + 1 })} aria-current={i === current}
              onClick={() => go(i)}
              style={{ width: i === current ? 24 : 8, height: 8, padding: 0, border: 0, borderRadius: 4, cursor: 'pointer', background: i === current ? '#fff' : 'rgba(255,255,255,0.5)', boxShadow: '0 0 2px rgba(0,0,0,0.6)', transition: 'width 0.3s' }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
