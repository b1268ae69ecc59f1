import { searchGames, type GameItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { gameListContract, type GameListProps } from '../../schemas/widgets/game-list';

/** game-list: learning games (GET /task/api/game/search), each opening /game/detail/{id}. */
export const widget = defineWidget<GameListProps, Paged<GameItem>>({
  ...gameListContract,
  load: () => import('./game-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['task', 'game/search', query], fetch: (signal) => searchGames(query, signal) };
  },
});
