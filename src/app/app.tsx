// The app: start-up screens until the tenant is loaded, then the router with the shell.
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { installCatalogueUi } from './catalogue-ui';
import { setNavigator } from './navigation';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { FullPageLoading, StartFailed, TenantMissing } from './start-screens';
import { startApp, startedBeforeRender } from './start-up';

type AppRouter = ReturnType<typeof createAppRouter>;

function Shell({ createRouter }: { createRouter: () => AppRouter }) {
  // Created once the tenant is known, so the first route renders with the tenant's settings. The
  // error catalogue and the navigator are connected at once, before the first page's calls (child
  // effects run before this component's own).
  const [router] = useState(() => {
    const created = createRouter();
    installCatalogueUi(created);
    setNavigator(created);
    return created;
  });
  useEffect(() => {
    const uninstall = installCatalogueUi(router);
    setNavigator(router);
    return () => {
      uninstall();
      setNavigator(null);
    };
  }, [router]);
  return <RouterProvider router={router} />;
}

/** The whole app. `createRouter` lets tests start on a memory router. */
export function App({ createRouter = createAppRouter }: { createRouter?: () => AppRouter }) {
  const loading = useAppStore((s) => s.loading);
  const startError = useAppStore((s) => s.startError);

  useEffect(() => {
    // src/main.tsx may have started already from the answers in the HTML (startAppNow).
    if (!startedBeforeRender()) void startApp();
  }, []);

  let content;
  if (loading) content = <FullPageLoading />;
  else if (startError?.kind === 'tenant-missing') content = <TenantMissing />;
  else if (startError) content = <StartFailed onRetry={() => void startApp()} />;
  else content = <Shell createRouter={createRouter} />;
  return <Providers>{content}</Providers>;
}
