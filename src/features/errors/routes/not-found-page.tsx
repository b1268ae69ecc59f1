// /error: the page every unknown path ends on (spec shell §2: title "page not found").
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withAntdTheme } from '../../../components/antd-theme';

/** Page-not-found with a way back home. Lazy-loaded: most visitors never see it. */
function NotFoundPage() {
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

// antd's Result in the tenant's theme: the ConfigProvider comes with this lazily loaded page.
export default withAntdTheme(NotFoundPage);
