// /wx_login (spec shell §2 "Login variants"; §4 "Login identities": third-party login; §7 GET
// /um/api/user/thirdLogin, POST /um/api/user/thirdParty/login). Lists the tenant's providers
// (Security.thirdPartyProviders) as buttons; a button goes to the provider with a random state kept
// in sessionStorage; the provider sends the browser back here with ?code&state, and the code is
// traded for a session on the server. A tenant with no provider gets a clear "not configured" state.
import { Alert, Button, Empty, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { listThirdParty, thirdPartyLogin, type ThirdPartyEntry } from '../../../api/sso';
import { showMessage } from '../../../components/feedback/feedback';
import { BASE_PATH } from '../../../lib/constants';
import { returnTarget } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { useUserStore } from '../../../stores/user-store';
import { useThirdPartyTexts } from '../components/third-party-texts';
import '../components/auth.css';

/** sessionStorage key of the flow in progress: the state sent, the provider and where to go after. */
export const THIRD_PARTY_STATE_KEY = 'portal.thirdParty';

interface PendingFlow {
  state: string;
  provider: string;
  returnUrl: string;
}

/** Where providers send the browser back: this page, without a query (providers compare it exactly). */
export function thirdPartyRedirectUri(origin: string = window.location.origin): string {
  return `${origin}${BASE_PATH}/wx_login`;
}

/** 128 random bits, hex: the CSRF state the browser checks when the provider sends it back. */
export function newThirdPartyState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function takePending(): PendingFlow | null {
  try {
    const raw = sessionStorage.getItem(THIRD_PARTY_STATE_KEY);
    sessionStorage.removeItem(THIRD_PARTY_STATE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingFlow>) : null;
    return value && typeof value.state === 'string' && typeof value.provider === 'string'
      ? { state: value.state, provider: value.provider, returnUrl: typeof value.returnUrl === 'string' ? value.returnUrl : '/home' }
      : null;
  } catch {
    return null;
  }
}

type Listing = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; providers: ThirdPartyEntry[] };

/** The /wx_login page. `assign` leaves for the provider (tests pass a fake; jsdom cannot navigate). */
export default function ThirdPartyPage({ assign = (url: string) => window.location.assign(url) }: { assign?: (url: string) => void }) {
  const t = useThirdPartyTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tenantId = useAppStore((s) => s.tenantId);
  const code = search.get('code');
  const returnedState = search.get('state') ?? '';
  const providerError = search.get('error');
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [state] = useState(newThirdPartyState);
  const exchanging = useRef(false);

  // The return from the provider: check the state, trade the code once (StrictMode runs effects twice).
  useEffect(() => {
    if ((!code && !providerError) || tenantId === null || exchanging.current) return;
    exchanging.current = true;
    const pending = takePending();
    const fail = (message: string) => {
      setError(message);
      exchanging.current = false;
      // The used code leaves the address, so a reload does not retry it; the buttons show again.
      void navigate('/wx_login', { replace: true });
    };
    if (providerError) return fail(t('cancelled'));
    if (!pending || pending.state !== returnedState) return fail(t('stateMismatch'));
    thirdPartyLogin(tenantId, { provider: pending.provider, code: code ?? '', state: returnedState, redirectUri: thirdPartyRedirectUri() }).then(
      (result) => {
        useUserStore.getState().signIn(tenantId, result);
        showMessage('success', t('welcome'));
        void navigate(pending.returnUrl, { replace: true });
      },
      (reason: unknown) => fail(reason instanceof Error && reason.message ? reason.message : t('failed')),
    );
    // Runs for the address the provider sent back; t, navigate and the state are read, not watched.
  }, [code, providerError, tenantId]);

  // The list of providers, each with its authorize URL for this page's state.
  useEffect(() => {
    if (code || providerError || tenantId === null) return;
    let live = true;
    setListing({ kind: 'loading' });
    listThirdParty(tenantId, state, thirdPartyRedirectUri()).then(
      (providers) => live && setListing({ kind: 'ready', providers }),
      (reason: unknown) => {
        console.warn('The third-party sign-in options could not load.', reason);
        if (live) setListing({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [code, providerError, tenantId, state]);

  const choose = (provider: ThirdPartyEntry) => {
    if (!provider.authorizeUrl) return;
    const pending: PendingFlow = { state, provider: provider.id, returnUrl: returnTarget(search) };
    sessionStorage.setItem(THIRD_PARTY_STATE_KEY, JSON.stringify(pending));
    assign(provider.authorizeUrl);
  };

  const backToLogin = <Link to="/login" data-testid="third-party-back">{t('backToLogin')}</Link>;
  let body;
  if (code || providerError) {
    body = <div data-testid="third-party-signing-in"><Spin description={t('signingIn')}><div style={{ minHeight: 80 }} /></Spin></div>;
  } else if (listing.kind === 'loading') {
    body = <Spin description={t('loading')}><div style={{ minHeight: 80 }} /></Spin>;
  } else if (listing.kind === 'failed') {
    body = <Alert type="error" showIcon title={t('loadFailed')} data-testid="third-party-load-failed" />;
  } else if (listing.providers.length === 0) {
    body = (
      <Empty data-testid="third-party-empty" description={<><strong>{t('notConfigured')}</strong><br />{t('notConfiguredHint')}</>}>
        {backToLogin}
      </Empty>
    );
  } else {
    body = (
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <p>{t('intro')}</p>
        {listing.providers.map((p) => (
          <Button key={p.id} block size="large" disabled={!p.authorizeUrl} onClick={() => choose(p)} data-testid={`third-party-${p.id}`}>
            {t('signInWith', { name: p.name })}
          </Button>
        ))}
        {backToLogin}
      </Space>
    );
  }

  return (
    <div className="portal-login portal-login--default" data-testid="third-party-page">
      <section className="portal-login__card" aria-labelledby="third-party-title">
        <h1 id="third-party-title" className="portal-login__title">{t('title')}</h1>
        {error ? <Alert type="error" showIcon title={error} data-testid="third-party-error" style={{ marginBottom: 16 }} /> : null}
        {body}
      </section>
    </div>
  );
}
