import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a learning game list. */
export const GameListProps = Type.Object(listFields(), { title: '游戏列表', description: 'A grid or list of learning games.' });
export type GameListProps = Static<typeof GameListProps>;

/** The contract of the game-list widget (widgets/game-list/): what the runtime and the server's template check share. */
export const gameListContract = {
  type: 'game-list',
  version: 1,
  propsSchema: GameListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<GameListProps>;

/** The one GET of widgets/game-list/, learning games; the server's home bootstrap makes it too. */
export function gameListRequest(props: GameListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/task/api/game/search', query: { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count } };
}
