import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a learning game list. */
export const GameListProps = Type.Object(listFields(), { title: '游戏列表', description: 'A grid or list of learning games.' });
export type GameListProps = Static<typeof GameListProps>;
