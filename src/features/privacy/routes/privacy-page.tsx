// /privacy/loginAgreement and /privacy/loginPolicy (spec shell §2): the tenant's user agreement and
// privacy policy from PcLoginConfig.loginConfig (agreement, policy), as sanitised rich text, with a
// fallback naming the tenant. With ?privacy the app skipped start-up and renders this page bare, so
// the page loads the tenant's settings itself. Plain elements only: this route is not wrapped in
// antd's theme (src/app/page-routes.ts).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { RichText } from '../../../runtime/rich-text-view';
import { useAppStore } from '../../../stores/app-store';
import { loadPrivacySettings, privacyHtml, privacyTextsOf, type PrivacySettings } from '../api/privacy-content';
import { fallbackPrivacyHtml, usePrivacyTexts, type PrivacyDoc } from '../components/texts';

/** The document a privacy path shows. */
export function privacyDocOf(pathname: string): PrivacyDoc {
  return /\/loginPolicy\/?$/.test(pathname) ? 'policy' : 'agreement';
}

type Loaded = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'ready'; settings: Omit<PrivacySettings, 'tenantId'> | null };

/** The privacy settings: from the app store after start-up, else (bare ?privacy window) fetched here. */
function usePrivacySettings(): Loaded {
  const bare = useAppStore((s) => s.privacy || s.tenantId === null);
  const appName = useAppStore((s) => s.site.appName);
  const loginConfig = useAppStore((s) => s.loginConfig);
  const fromStore = useMemo(() => ({ appName, ...privacyTextsOf(loginConfig) }), [appName, loginConfig]);
  const query = useQuery({
    queryKey: ['privacy', 'settings', typeof window === 'undefined' ? '' : window.location.hostname],
    queryFn: () => loadPrivacySettings(),
    enabled: bare,
    retry: false,
    staleTime: 10 * 60_000,
  });
  if (!bare) return { status: 'ready', settings: fromStore };
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'ready', settings: query.data };
}

export default function PrivacyPage() {
  const { locale, t } = usePrivacyTexts();
  const doc = privacyDocOf(useLocation().pathname);
  const loaded = usePrivacySettings();

  let body;
  if (loaded.status === 'pending') {
    body = <p role="status" style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('loading')}</p>;
  } else if (loaded.status === 'error') {
    body = (
      <div role="alert">
        <p>{t('failed')}</p>
        <button type="button" onClick={loaded.retry} style={{ padding: '4px 15px', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff', cursor: 'pointer' }}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    // No tenant (暂无企业ID) or no text of its own: the fallback, naming the tenant when known.
    const settings = loaded.settings;
    const html = (settings && privacyHtml(settings, doc)) ?? fallbackPrivacyHtml(doc, settings?.appName ?? '', locale);
    body = <RichText html={html} className="privacy-text" />;
  }

  return (
    <article className="privacy-page" data-doc={doc} style={{ maxWidth: 880, margin: '0 auto', padding: '32px 24px 48px', lineHeight: 1.8 }}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 16px', textAlign: 'center' }}>{t(doc)}</h1>
      {body}
    </article>
  );
}
