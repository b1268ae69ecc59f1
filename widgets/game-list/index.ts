import type { Paged } from '../../src/api/client';
import type { GameItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { gameListContract, gameListRequest, type GameListProps } from '../../schemas/widgets/game-list';

/** game-list: learning games (GET /task/api/game/search), each opening /game/detail/{id}. */
export const widget = defineWidget<GameListProps, Paged<GameItem>>({
  ...gameListContract,
  load: () => import('./game-list'),
  data: (props, ctx) => requestDeclaration<Paged<GameItem>>(gameListRequest(props, ctx)),
});
