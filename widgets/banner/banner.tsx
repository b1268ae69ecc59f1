import { useEffect, useState, useSyncExternalStore, type CSSProperties, type FocusEvent } from 'react';
import { RuntimeLink } from '../../src/runtime/link-view';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { BannerItem } from '../../src/api/banner';
import { dataStateView, PLACEHOLDER_FILL, safeImageSrc } from '../../src/components/widget-parts';
import { widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { BannerProps } from '../../schemas/widgets/banner';

// The carousel follows the WAI-ARIA APG carousel pattern (issue 23 points 4 and 5): a named region
// with aria-roledescription "carousel", slides as groups "n of m", previous / next and a visible
// pause / play button, rotation paused while the pointer or focus is inside, live announcements
// only when the visitor moves it (never while it rotates), and no rotation at all for a visitor
// who asks for reduced motion.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const mediaSupported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';
const readReducedMotion = () => mediaSupported() && window.matchMedia(REDUCED_MOTION).matches;
function subscribeReducedMotion(notify: () => void): () => void {
  if (!mediaSupported()) return () => undefined;
  const list = window.matchMedia(REDUCED_MOTION);
  list.addEventListener?.('change', notify);
  return () => list.removeEventListener?.('change', notify);
}

/**
 * Whether the visitor asks for reduced motion, following changes of the setting. A store, not a
 * state read at first render: the server's markup of a guest's home is rendered without it (false)
 * and the browser hydrates that markup with the same, then renders again with the visitor's setting
 * (a state's first value would have left the server's attributes on the page: CI of f3f542e).
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, readReducedMotion, () => false);
}

// The arrows, dots and pause button sit on the picture, not the page: white on a dark scrim in both
// styles (the scrim at 0.5 keeps the white arrow at 3:1 even over a white picture).
const onPicture: CSSProperties = { border: 0, background: 'rgba(0,0,0,0.5)', color: '#fff', cursor: 'pointer' };
const arrowStyle = (side: 'left' | 'right'): CSSProperties => ({
  ...onPicture, position: 'absolute', top: '50%', [side]: 12, transform: 'translateY(-50%)', width: 36, height: 36, borderRadius: '50%', fontSize: 18,
});
const toggleStyle: CSSProperties = {
  ...onPicture, position: 'absolute', right: 12, bottom: 8, width: 28, height: 28, borderRadius: '50%', fontSize: 12, lineHeight: '28px', padding: 0,
};

function Slide({ slide, height, active, label }: { slide: BannerItem; height: number; active: boolean; label: string }) {
  const src = safeImageSrc(slide.image);
  // The slide's alternative is its title, written with the slide in the back office.
  const picture = src
    ? <img src={src} alt={slide.title} decoding="async" loading={active ? 'eager' : 'lazy'} style={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />
    : <div role="img" aria-label={slide.title} style={{ width: '100%', height, background: PLACEHOLDER_FILL }} />;
  return (
    <div
      className="w-banner-slide" role="group" aria-roledescription="slide" aria-label={label}
      data-active={active} aria-hidden={!active} inert={!active} style={{ flex: '0 0 100%', height }}
    >
      {slide.link ? <RuntimeLink link={slide.link} title={slide.title} style={{ display: 'block' }}>{picture}</RuntimeLink> : picture}
    </div>
  );
}

export default function Banner({ props, ctx, data }: WidgetProps<BannerProps, BannerItem[]>) {
  const { locale } = widgetTexts(ctx.locale);
  const slides = data.data ?? [];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Stopped with the pause button; stays stopped until the visitor presses play.
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const current = count ? index % count : 0;
  // spec: prefers-reduced-motion stops the carousel (issue 23 point 5); one slide never moves.
  const canRotate = props.autoplay && count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), props.interval);
    return () => window.clearInterval(timer);
  }, [rotating, props.interval, count]);

  const name = props.a11yLabel || widgetText(locale, 'carousel');
  const skeleton = <div className="w-banner-skeleton" role="status" aria-busy="true" aria-label={widgetText(locale, 'loading')} style={{ height: props.height, borderRadius: 8, background: PLACEHOLDER_FILL }} />;
  const state = dataStateView(data, locale, skeleton, (list) => list.length > 0);
  if (state !== undefined) return <section className="w-banner" aria-label={name}>{state}</section>;

  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Focus moving between the carousel's own controls keeps it paused.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <section
      className="w-banner" aria-roledescription="carousel" aria-label={name} data-current={current} data-rotating={rotating}
      onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)} onBlur={onBlur}
      style={{ position: 'relative', overflow: 'hidden', height: props.height, borderRadius: 8 }}
    >
      {/* Announces the slide the visitor moved to; silent while it rotates on its own (APG). */}
      <div
        className="w-banner-track" aria-live={rotating ? 'off' : 'polite'}
        style={{ display: 'flex', height: '100%', transform: `translateX(-${current * 100}%)`, transition: reducedMotion ? 'none' : 'transform 0.5s ease' }}
      >
        {slides.map((slide, i) => (
          <Slide key={slide.id} slide={slide} height={props.height} active={i === current} label={widgetText(locale, 'slideOf', { n: i + 1, m: count })} />
        ))}
      </div>
      {count > 1 && props.arrows && (
        <>
          <button type="button" className="w-banner-prev" aria-label={widgetText(locale, 'previous')} onClick={() => go(current - 1)} style={arrowStyle('left')}>‹</button>
          <button type="button" className="w-banner-next" aria-label={widgetText(locale, 'next')} onClick={() => go(current + 1)} style={arrowStyle('right')}>›</button>
        </>
      )}
      {count > 1 && (
        <div className="w-banner-dots" style={{ position: 'absolute', bottom: 12, left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 8 }}>
          {slides.map((slide, i) => (
            <button
              key={slide.id} type="button" aria-label={widgetText(locale, 'slide', { n: i + 1 })} aria-current={i === current}
              onClick={() => go(i)}
              style={{ width: i === current ? 24 : 8, height: 8, padding: 0, border: 0, borderRadius: 4, cursor: 'pointer', background: i === current ? '#fff' : 'rgba(255,255,255,0.5)', boxShadow: '0 0 2px rgba(0,0,0,0.6)', transition: reducedMotion ? 'none' : 'width 0.3s' }}
            />
          ))}
        </div>
      )}
      {/* WCAG 2.2.2: moving content has a visible control that stops it. */}
      {canRotate && (
        <button type="button" className="w-banner-toggle" aria-label={widgetText(locale, stopped ? 'playSlides' : 'pauseSlides')} onClick={() => setStopped((s) => !s)} style={toggleStyle}>
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      )}
    </section>
  );
}
