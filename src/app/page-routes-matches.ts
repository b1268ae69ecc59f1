// Issue 19 part F: matches: competitions, stages, entrants, submissions, scoreboard (spec learning §2
// "Ranking and competitions": /match and /match/detail/{id} are public; myMatch needs sign-in).
import { withTheme, type PageRoute } from './page-route-kit';

export const matchesPageRoutes: PageRoute[] = [
  { path: 'match', name: 'match', meta: { title: 'route.match' }, load: () => withTheme(() => import('../features/matches/routes/match-list-page')) },
  { path: 'match/detail/:id', name: 'matchDetail', meta: { title: 'route.matchDetail' }, load: () => withTheme(() => import('../features/matches/routes/match-detail-page')) },
  { path: 'user/center/study/myMatch', name: 'myMatch', meta: { title: 'route.myMatch', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-match-page')) },
];
