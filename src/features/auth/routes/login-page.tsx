// /login (spec shell §2, §4 "Login identities"): the tenant's sign-in methods from PcLoginConfig,
// in the default layout or the tenant-1533 layout (spec shell §1: tenant 1533 has its own login
// page). After sign-in the learner goes back to the returnUrl (or return) query, else /home.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '../../../api/user';
import { showMessage } from '../../../components/feedback/feedback';
import { returnTarget } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { useUserStore } from '../../../stores/user-store';
import { LoginHero, sloganOf } from '../components/login-hero';
import { LoginForm, type LoginType } from '../components/login-form';
import { useAuthTexts } from '../components/texts';
import '../components/auth.css';

/** spec shell §1: the tenant whose login page has its own layout. */
export const CAMPUS_TENANT_ID = 1533;

const KNOWN_TYPES: readonly LoginType[] = ['account', 'mobile'];

/** The sign-in page options a tenant sets in PcLoginConfig.loginConfig (docs/tenant-settings.md). */
export interface LoginPageOptions {
  loginTypes: LoginType[];
  allowRegister: boolean;
  layout: 'default' | 'campus';
  title: string | null;
  slogan: string | null;
  background: string | null;
  sideImage: string | null;
  /** Account sign-in needs the slider captcha first (PcLoginConfig.loginConfig.slideCaptcha). */
  slideCaptcha: boolean;
}

/** Reads the page options from the tenant's loginConfig; tenant 1533 defaults to its own layout. */
export function loginPageOptions(config: Record<string, unknown>, tenantId: number | null): LoginPageOptions {
  const types = Array.isArray(config.loginTypes) ? config.loginTypes.filter((t): t is LoginType => KNOWN_TYPES.includes(t as LoginType)) : [...KNOWN_TYPES];
  const str = (key: string) => (typeof config[key] === 'string' && (config[key] as string).trim() ? (config[key] as string) : null);
  const layout = config.layout === 'campus' || config.layout === 'default' ? config.layout : tenantId === CAMPUS_TENANT_ID ? 'campus' : 'default';
  return {
    loginTypes: types,
    allowRegister: config.allowRegister !== false,
    layout,
    title: str('title'),
    slogan: str('slogan'),
    background: str('background'),
    sideImage: str('sideImage'),
    slideCaptcha: config.slideCaptcha === true,
  };
}

/** Shows the slider captcha; resolves to the passed puzzle's uuid for the sign-in call, or null. */
async function passCaptcha(): Promise<Record<string, unknown> | null> {
  const { askSlideCaptcha } = await import('../components/slide-captcha');
  const uuid = await askSlideCaptcha();
  return uuid ? { captchaUuid: uuid } : null;
}

function Agreement() {
  const t = useAuthTexts();
  return (
    <p className="portal-login__agreement">
      {t('agreePrefix')} <Link to="/privacy/loginAgreement">{t('agreement')}</Link> {t('and')} <Link to="/privacy/loginPolicy">{t('policy')}</Link>
    </p>
  );
}

/** The login route's page. */
export default function LoginPage() {
  const t = useAuthTexts();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tenantId = useAppStore((s) => s.tenantId);
  const appName = useAppStore((s) => s.site.appName || s.tenantInfo?.name || '');
  const loginConfig = useAppStore((s) => s.loginConfig);
  const options = loginPageOptions(loginConfig, tenantId);

  const onSignedIn = (result: LoginResult) => {
    if (tenantId === null) return;
    useUserStore.getState().signIn(tenantId, result);
    showMessage('success', t('welcome'));
    void navigate(returnTarget(search), { replace: true });
  };

  const card = (
    <section className="portal-login__card" aria-labelledby="login-title">
      <h1 id="login-title" className="portal-login__title">{options.title ?? t('title')}</h1>
      <LoginForm loginTypes={options.loginTypes} onSignedIn={onSignedIn} beforeAccountLogin={options.slideCaptcha ? passCaptcha : undefined} />
      {options.allowRegister ? (
        <p className="portal-login__register">
          {t('noAccount')} <Link to={`/user/create${search.toString() ? `?${search.toString()}` : ''}`} data-testid="login-register">{t('register')}</Link>
        </p>
      ) : null}
      <p className="portal-login__register">
        <Link to="/wx_login" data-testid="login-third-party">{t('thirdParty')}</Link>
      </p>
      <Agreement />
    </section>
  );

  if (options.layout === 'campus') {
    return (
      <div className="portal-login portal-login--campus" data-testid="login-page" data-layout="campus">
        <div className="portal-login__side" style={options.sideImage ? { backgroundImage: `url("${encodeURI(options.sideImage)}")` } : undefined}>
          <div className="portal-login__side-text">
            <h2>{appName}</h2>
            <p data-testid="login-slogan">{sloganOf(loginConfig, i18n.language)}</p>
          </div>
        </div>
        {card}
      </div>
    );
  }
  return (
    <div className="portal-login portal-login--default" data-testid="login-page" data-layout="default" style={options.background ? { backgroundImage: `url("${encodeURI(options.background)}")` } : undefined}>
      <LoginHero />
      {card}
    </div>
  );
}
