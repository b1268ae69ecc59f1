// spec shell §2 "Other components": the back-to-top right-side toolbar. It sits on every page of
// the layout, the home route's first paint included, so it is plain React and CSS: no antd, no icon
// package, one passive scroll listener.
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import './back-to-top.css';

/** Scroll distance (px) after which the back-to-top button appears. */
export const BACK_TO_TOP_THRESHOLD = 400;


const subscribeLanguage = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => i18n.language;
// The toolbar is on the first paint, so its texts are in the first bundle's `translation`
// namespace (docs/i18n.md); read from the instance directly, re-rendered when the language changes.
const useTexts = () => {
  useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return { backToTop: i18n.t('backToTop.backToTop'), toolbar: i18n.t('backToTop.toolbar') };
};

const scrolledPast = (threshold: number) => (window.scrollY || document.documentElement.scrollTop) > threshold;

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The fixed toolbar at the right edge: `children` (other tools) always, and a back-to-top button
 * once the page is scrolled past `threshold` px, which smooth-scrolls to the top.
 */
export function BackToTop({ threshold = BACK_TO_TOP_THRESHOLD, children }: { threshold?: number; children?: ReactNode }) {
  const texts = useTexts();
  const [visible, setVisible] = useState(() => typeof window !== 'undefined' && scrolledPast(threshold));

  useEffect(() => {
    // React skips the re-render when the flag is unchanged, so no throttling is needed here.
    const onScroll = () => setVisible(scrolledPast(threshold));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  const toTop = useCallback(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // The button disappears at the top; keyboard focus moves to the page's first control (the
    // navbar's logo link) instead of falling back to <body> at the end of the page.
    if (!document.activeElement?.closest('.portal-back-to-top')) return;
    const controls = document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])');
    const first = Array.from(controls).find((control) => !control.closest('.portal-back-to-top'));
    first?.focus({ preventScroll: true });
  }, []);

  if (!visible && !children) return null;
  return (
    <div className="portal-back-to-top" role="toolbar" aria-label={texts.toolbar} aria-orientation="vertical">
      {children}
      {visible ? (
        <button type="button" className="portal-back-to-top__button" aria-label={texts.backToTop} title={texts.backToTop} onClick={toTop}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 4h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            <path d="M12 20V9m0 0-5 5m5-5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
