// Issue 19 part C: points, levels and ranking (spec learning §2 "Archives", "Ranking and
// competitions"). The boards are public (a signed-in learner also sees their own place); my points
// need a sign-in; the back-office's 积分规则 is an admin page in its own document, as the other
// /sub_admin editors (page-routes-growth-admin.ts: only /study/sub_admin/ documents allow @rjsf's eval).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const board = () => withTheme(() => import('../features/points/routes/points-rank-page'));
const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const pointsPageRoutes: PageRoute[] = [
  { path: 'integral/rank', name: 'integralRank', meta: { title: 'route.integralRank' }, load: board },
  { path: 'scoreboard', name: 'scoreboard', meta: { title: 'route.scoreboard' }, load: board },
  { path: 'rank', name: 'rank', meta: { title: 'route.rank' }, load: () => withTheme(() => import('../features/points/routes/study-rank-page')) },
  { path: 'archives/pointDetail', name: 'pointDetail', meta: { title: 'route.pointDetail', auth: true }, load: () => withTheme(() => import('../features/points/routes/point-detail-page')) },
  { path: 'sub_admin/points', name: 'adminPoints', meta: { title: 'route.adminPoints', auth: true }, load: adminPage(() => import('../features/admin/points/points-rules-page')) },
];
