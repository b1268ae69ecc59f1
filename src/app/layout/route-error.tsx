// Shown when a route throws while rendering or loading, instead of react-router's developer page.
// Plain elements in the theme's colours (global.css .portal-result): no antd code for an error page.
import { CloseCircleFilled } from './shell-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** The error element of the route tree: a short message and a reload button. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('A page failed to render; the error page is shown instead.', error);
  }, [error]);
  return (
    <div className="portal-result" role="alert">
      <CloseCircleFilled className="portal-result__icon portal-result__icon--error" />
      <div className="portal-result__title">{t('error.unexpected')}</div>
      <div className="portal-result__extra">
        <button type="button" className="portal-button portal-button--primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </div>
  );
}
