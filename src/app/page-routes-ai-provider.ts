// Issue 21 part A: the back office's AI 服务设置 (/sub_admin/ai, ours; docs/ai.md A), an admin page
// in its own document as the other /sub_admin editors (page-routes-points.ts).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const aiProviderPageRoutes: PageRoute[] = [
  { path: 'sub_admin/ai', name: 'adminAi', meta: { title: 'route.adminAi', auth: true }, load: adminPage(() => import('../features/admin/ai/provider-page')) },
];
