// Component-test helpers: load settings into the app store and mount the real route table in a
// memory router inside the app's providers.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HomePageEntry, StoreSetting } from '../../schemas/tenant-settings';
// antd's ConfigProvider is no longer in <Providers>: it loads with the lazily loaded pages, the
// runtime page, the navbar's dropdowns and the feedback holder. Loading it here up front keeps those
// lazy imports as quick under the test runner as they were when <Providers> imported antd.
import '../../src/components/antd-theme';
import '../../src/components/feedback/feedback-holder';
import { Providers, createQueryClient } from '../../src/app/providers';
import { discoverPageRoutes, routes } from '../../src/app/router';
import { setTenantId } from '../../src/lib/storage';
import { useAppStore } from '../../src/stores/app-store';

/** Puts a tenant's settings and home pages into the app store, as start-up would. */
export function loadSettings(setting: StoreSetting, homePages: HomePageEntry[] = []): void {
  const app = useAppStore.getState();
  setTenantId(setting.tenant.id);
  app.applySettings(setting.tenant.id, setting);
  app.setHomePages(homePages);
  app.setLoading(false);
}

/** Clears the app store and the tab's tenant between tests. */
export function resetApp(): void {
  useAppStore.getState().reset();
  setTenantId(null);
}

/** Renders the app's routes at `path`; returns the router to inspect or drive navigation. */
export function renderRoutes(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverPageRoutes });
  const visited: string[] = [router.state.location.pathname];
  router.subscribe((state) => visited.push(state.location.pathname));
  const result = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, visited };
}
