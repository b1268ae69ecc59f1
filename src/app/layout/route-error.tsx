// Shown when a route throws while rendering or loading, instead of react-router's developer page.
import { Button, Result } from 'antd';
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
    <Result
      status="error"
      title={t('error.unexpected')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      }
    />
  );
}
