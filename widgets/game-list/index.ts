import { searchGames, type GameItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { GameListProps } from './schema';

/** game-list: learning games (GET /task/api/game/search), each opening /game/detail/{id}. */
export const widget = defineWidget<GameListProps, Paged<GameItem>>({
  type: 'game-list',
  version: 1,
  propsSchema: GameListProps,
  defaultProps: listDefaults(),
  migrations: [],
  load: () => import('./game-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['task', 'game/search', query], fetch: (signal) => searchGames(query, signal) };
  },
});
