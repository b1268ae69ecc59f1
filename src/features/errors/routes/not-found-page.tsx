// /error: the page every unknown path ends on (spec shell §2: title "page not found").
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Page-not-found with a way back home. Lazy-loaded: most visitors never see it. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={t('error.pageNotFound')}
        subTitle={t('error.pageNotFoundDetail')}
        extra={
          <Link to="/home" data-testid="not-found-home">
            {t('error.backHome')}
          </Link>
        }
      />
    </div>
  );
}
