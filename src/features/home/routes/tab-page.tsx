// The navigation-bar topic page (/tabBarIndex/{pageCode}?pageCodeTitle=…): a runtime page loaded by
// its page code (codes starting with Pzy_ route here, docs/templates.md "Links"). The title comes
// from the pageCodeTitle query, else from the page itself.
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../../lib/route-meta';
import { useAppStore } from '../../../stores/app-store';
import { LazyRuntimePage } from '../components/lazy-runtime-page';
import { useRuntimeContext } from '../../../runtime/use-runtime-context';

const visuallyHidden = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;

/** A tab page: its template, rendered block by block, under the title the link gave. */
export default function TabPage() {
  const { pageCode = '' } = useParams();
  const [search] = useSearchParams();
  const title = search.get('pageCodeTitle')?.trim() || null;
  const appName = useAppStore((s) => s.site.appName);
  const allow = useAppStore((s) => s.options.widgets);
  const ctx = useRuntimeContext();

  useEffect(() => {
    if (!title) return;
    // After the root route's own title effect (parents' effects run after children's in one commit).
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = pageTitle(appName, title);
    });
    return () => {
      live = false;
    };
  }, [appName, title]);

  return (
    <section data-testid="tab-page" data-page-code={pageCode}>
      <h1 data-testid="tab-page-title" style={visuallyHidden}>{title ?? pageCode}</h1>
      {ctx && pageCode && <LazyRuntimePage key={`${ctx.tenantId}:${pageCode}`} pageRef={{ pageCode }} ctx={ctx} allow={allow} />}
    </section>
  );
}
