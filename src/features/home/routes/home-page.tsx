// The home route (/home/{id?}). The page-builder runtime that renders the page's template
// arrives with the next issue; until then the route shows which home page is selected.
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentHomePage } from '../../../lib/home-pages';
import { useAppStore } from '../../../stores/app-store';

/** The home page: the selected page's name as its heading. */
export default function HomePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const pages = useAppStore((s) => s.homePages);
  const tenantId = useAppStore((s) => s.tenantId);
  const selectedPageId = useAppStore((s) => s.selectedPageId);
  const page = currentHomePage(pages, { routeId: id, tenantId, selectedPageId });

  if (!page) {
    return (
      <div data-testid="home-empty">
        <Empty description={t('home.noPage')} />
      </div>
    );
  }
  return (
    <section data-testid="home-page" data-page-id={page.pageId}>
      <Typography.Title level={1} data-testid="home-page-title">
        {page.name}
      </Typography.Title>
    </section>
  );
}
