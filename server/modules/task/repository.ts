import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { listFilter, listOrder, offsetOf, pageOf, cardOf } from '../../lib/list-sql';
import type { GameItem } from '../../../schemas/api/task';

type Trx = Transaction<DB>;

/** A page of published learning games (sort popular: most players). */
export async function searchGames(trx: Trx, q: ListOptions): Promise<Page<GameItem>> {
  const base = trx.selectFrom('game').where(listFilter('game', q));
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'game.tenant_id').onRef('cat.id', '=', 'game.category_id'))
    .select([
      'game.id', 'game.title', 'game.cover', 'game.summary', 'game.category_id', 'cat.name as category_name', 'game.publish_time',
      'game.round_count', 'game.player_count',
    ])
    .orderBy(listOrder('game', q.sort, 'player_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    roundCount: r.round_count, playerCount: r.player_count,
  }));
}
