// The home route (/home/{id?}): a runtime page. It shows the selected home page's template through
// the widget registry (docs/templates.md), a clear message when the tenant has no home page, and
// sends an AI (gpt) tenant to /robot (spec shell §2). Part of the first paint, so it renders plain
// elements; antd (with its ConfigProvider) comes with the runtime page's lazily loaded chunk.
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { currentHomePage } from '../../../lib/home-pages';
import { useAppStore } from '../../../stores/app-store';
import { EmptyState } from '../components/empty-state';
import { LazyRuntimePage } from '../components/lazy-runtime-page';
import { useRuntimeContext } from '../../../runtime/use-runtime-context';

const visuallyHidden = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;

/** The home page: the selected page's template, rendered block by block. */
export default function HomePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const pages = useAppStore((s) => s.homePages);
  const tenantId = useAppStore((s) => s.tenantId);
  const selectedPageId = useAppStore((s) => s.selectedPageId);
  const isGpt = useAppStore((s) => s.options.function === 'gpt');
  const ctx = useRuntimeContext();
  // The tenant's widget allow-list (PcStartup.options.widgets); absent allows every widget.
  const allow = useAppStore((s) => s.options.widgets);
  const page = currentHomePage(pages, { routeId: id, tenantId, selectedPageId });

  if (isGpt) return <Navigate to="/robot" replace />;
  if (!page) {
    return (
      <div data-testid="home-empty">
        <EmptyState description={t('home.noPage')} />
      </div>
    );
  }
  return (
    <section data-testid="home-page" data-page-id={page.pageId}>
      {/* The page name is the document's heading for assistive technology; the template shows the visible title. */}
      <h1 data-testid="home-page-title" style={visuallyHidden}>{page.name}</h1>
      {ctx && <LazyRuntimePage key={`${ctx.tenantId}:${page.pageId}`} pageRef={{ pageId: page.pageId }} ctx={ctx} allow={allow} />}
    </section>
  );
}
