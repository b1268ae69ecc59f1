// Issue 19 part B: games: rounds, round questions, players and their rounds (spec learning §2 "Games").
// The list and a game's detail are public; the round map, the player and my plays need a sign-in.
import { withTheme, type PageRoute } from './page-route-kit';

export const gamesPageRoutes: PageRoute[] = [
  { path: 'game', name: 'game', meta: { title: 'route.game' }, load: () => withTheme(() => import('../features/games/routes/game-list-page')) },
  { path: 'game/detail/:id', name: 'gameDetail', meta: { title: 'route.gameDetail' }, load: () => withTheme(() => import('../features/games/routes/game-detail-page')) },
  { path: 'game/round', name: 'gameRound', meta: { title: 'route.gameRound', auth: true }, load: () => withTheme(() => import('../features/games/routes/game-round-page')) },
  { path: 'game/round/player', name: 'gameRoundPlayer', meta: { title: 'route.gameRoundPlayer', auth: true }, load: () => withTheme(() => import('../features/games/routes/game-player-page')) },
  { path: 'game/history', name: 'gameHistory', meta: { title: 'route.gameHistory', auth: true }, load: () => withTheme(() => import('../features/games/routes/game-history-page')) },
];
