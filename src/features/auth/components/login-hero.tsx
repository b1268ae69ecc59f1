// The left half of the sign-in and registration pages (default layout): the site name, the
// tenant's slogan (PcLoginConfig.loginConfig.slogan, else DEFAULT_LOGIN_SLOGAN in the visitor's
// language) and an illustration: the tenant's picture (loginConfig.illustration) or our drawing,
// painted with the theme's --portal-* colours so it fits every tenant, light or dark.
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOGIN_SLOGAN } from '../../../../schemas/tenant-settings';
import { safeImageSrc } from '../../../components/widget-parts';
import { useAppStore } from '../../../stores/app-store';

/** A non-blank string setting, or null. */
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** The tenant's slogan, else the default one in `language`. */
export function sloganOf(config: Record<string, unknown>, language: string): string {
  return textOf(config.slogan) ?? DEFAULT_LOGIN_SLOGAN[language === 'en' ? 'en' : 'zh'];
}

/** Our drawing: a lesson playing on a screen, an open book, a progress chart and a finished badge. */
export function LoginIllustration() {
  return (
    <svg className="portal-login-art" data-testid="login-illustration" viewBox="0 0 480 340" aria-hidden="true" focusable="false">
      <path className="portal-login-art__tint" d="M58 188C40 108 112 38 214 34c104-4 212 30 222 122 10 88-58 158-170 166-112 8-190-54-208-134Z" />
      <g className="portal-login-art__dots">
        <circle cx="36" cy="250" r="6" /><circle cx="452" cy="236" r="5" /><circle cx="430" cy="28" r="4" /><circle cx="70" cy="40" r="3" />
      </g>
      {/* the screen with a lesson playing */}
      <rect className="portal-login-art__surface" x="112" y="56" width="256" height="172" rx="12" strokeWidth="2" />
      <rect className="portal-login-art__screen" x="126" y="70" width="228" height="128" rx="6" />
      <circle className="portal-login-art__primary" cx="240" cy="134" r="26" />
      <path className="portal-login-art__on-primary" d="M232 121v26l22-13Z" />
      <rect className="portal-login-art__fill" x="126" y="210" width="228" height="6" rx="3" />
      <rect className="portal-login-art__primary" x="126" y="210" width="146" height="6" rx="3" />
      <circle className="portal-login-art__primary" cx="272" cy="213" r="6" />
      <rect className="portal-login-art__muted" x="226" y="228" width="28" height="22" opacity="0.35" />
      <rect className="portal-login-art__muted" x="186" y="248" width="108" height="8" rx="4" opacity="0.45" />
      {/* the open book */}
      <path className="portal-login-art__surface portal-login-art__edge" d="M44 262q48-16 96 0v58q-48-16-96 0Z" strokeWidth="2" />
      <path className="portal-login-art__surface portal-login-art__edge" d="M140 262q48-16 96 0v58q-48-16-96 0Z" strokeWidth="2" />
      <g className="portal-login-art__secondary" opacity="0.7">
        <rect x="58" y="270" width="66" height="5" rx="2.5" /><rect x="58" y="282" width="54" height="5" rx="2.5" /><rect x="58" y="294" width="60" height="5" rx="2.5" />
        <rect x="154" y="270" width="66" height="5" rx="2.5" /><rect x="154" y="282" width="48" height="5" rx="2.5" /><rect x="154" y="294" width="62" height="5" rx="2.5" />
      </g>
      {/* the progress chart */}
      <rect className="portal-login-art__surface" x="330" y="176" width="120" height="96" rx="10" strokeWidth="2" />
      <rect className="portal-login-art__fill" x="344" y="190" width="56" height="6" rx="3" />
      <rect className="portal-login-art__secondary" x="348" y="236" width="14" height="24" rx="3" />
      <rect className="portal-login-art__secondary" x="370" y="224" width="14" height="36" rx="3" />
      <rect className="portal-login-art__primary" x="392" y="212" width="14" height="48" rx="3" />
      <rect className="portal-login-art__primary" x="414" y="202" width="14" height="58" rx="3" />
      {/* the cap and the finished badge */}
      <path className="portal-login-art__primary" d="M40 86l50-22 50 22-50 22Z" />
      <path className="portal-login-art__primary" d="M62 98v20q28 14 56 0V98l-28 12Z" opacity="0.8" />
      <path className="portal-login-art__edge" d="M136 88v26" strokeWidth="3" fill="none" />
      <circle className="portal-login-art__secondary" cx="404" cy="80" r="24" />
      <path className="portal-login-art__check" d="M393 80l8 8 15-16" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The hero beside the form: site name, slogan and illustration. */
export function LoginHero() {
  const { i18n } = useTranslation();
  const appName = useAppStore((s) => s.site.appName || s.tenantInfo?.name || '');
  const config = useAppStore((s) => s.loginConfig);
  const picture = safeImageSrc(textOf(config.illustration));
  return (
    <div className="portal-login__intro">
      <h2>{appName}</h2>
      <p data-testid="login-slogan">{sloganOf(config, i18n.language)}</p>
      <div className="portal-login__art">
        {picture ? <img src={picture} alt="" data-testid="login-illustration" /> : <LoginIllustration />}
      </div>
    </div>
  );
}
