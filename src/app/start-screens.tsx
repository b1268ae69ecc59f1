// Full-page screens shown instead of the shell while start-up runs or when it could not finish.
// Plain elements in the theme's colours (the CSS custom properties of <Providers>, global.css): they
// are the very first paint and need no antd code.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../components/feedback/feedback';

/** spec shell §2 "Access": a full-page Loading... until tenant setup finishes. */
export function FullPageLoading() {
  const { t } = useTranslation();
  // A ring in the theme's primary colour (global.css) instead of antd's Spin.
  return (
    <div className="portal-full-page" data-testid="app-loading" role="status" aria-live="polite">
      <span className="portal-spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}

/** spec shell §4/§8: an unknown tenant code alerts 暂无企业ID; the page keeps saying so behind the alert. */
export function TenantMissing() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.tenantMissing');
    // antd's Modal loads on demand (src/components/feedback); the text below shows meanwhile.
    const alert = showAlert('warning', { title: t('catalogue.hint'), content: t('app.tenantMissing'), okText: t('catalogue.ok') });
    return () => alert.destroy();
  }, [t]);
  return (
    <div className="portal-full-page" data-testid="tenant-missing" role="alert">
      <strong>{t('app.tenantMissing')}</strong>
      <span>{t('app.tenantMissingDetail')}</span>
    </div>
  );
}

/** spec shell §8: any other start-up failure ends loading; the user may try again. */
export function StartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="portal-full-page" data-testid="start-failed" role="alert">
      <span>{t('app.startFailed')}</span>
      <button type="button" className="portal-button portal-button--primary" data-testid="start-retry" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
