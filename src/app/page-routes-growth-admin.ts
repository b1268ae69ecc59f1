// The back-office's issue 19 editors (/sub_admin/...): competitions, games, learning tasks and
// certificate rules. Their own document, as the bank's (page-routes-bank.ts): only
// /study/sub_admin/ documents allow the eval @rjsf needs.
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const growthAdminPageRoutes: PageRoute[] = [
  // issue 19 part I: competitions and games.
  { path: 'sub_admin/matches', name: 'adminMatches', meta: { title: 'route.adminMatches', auth: true }, load: adminPage(() => import('../features/admin/growth/matches-page')) },
  { path: 'sub_admin/matches/:id', name: 'adminMatchEdit', meta: { title: 'route.adminMatches', auth: true }, load: adminPage(() => import('../features/admin/growth/match-editor-page')) },
  { path: 'sub_admin/games', name: 'adminGames', meta: { title: 'route.adminGames', auth: true }, load: adminPage(() => import('../features/admin/growth/games-page')) },
  { path: 'sub_admin/games/:id', name: 'adminGameEdit', meta: { title: 'route.adminGames', auth: true }, load: adminPage(() => import('../features/admin/growth/game-editor-page')) },
];
