import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { iso, isoOrNull, listFilter, listOrder, offsetOf, pageOf, cardOf } from '../../lib/list-sql';
import type { GameItem, TaskItem } from '../../../schemas/api/task';

type Trx = Transaction<DB>;

// A task's window, from the clock: upcoming before start, open until end (or for ever), then closed.
const windowState = sql<'upcoming' | 'open' | 'closed'>`case when now() < task.start_time then 'upcoming'
  when task.end_time is null or now() <= task.end_time then 'open' else 'closed' end`;

/** A page of public, published tasks (sort popular: most joined). */
export async function searchPublicTasks(trx: Trx, q: ListOptions): Promise<Page<TaskItem>> {
  const base = trx.selectFrom('task').where(listFilter('task', q)).where('task.is_public', '=', true);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'task.tenant_id').onRef('cat.id', '=', 'task.category_id'))
    .select([
      'task.id', 'task.title', 'task.cover', 'task.summary', 'task.category_id', 'cat.name as category_name', 'task.publish_time',
      'task.start_time', 'task.end_time', 'task.step_count', 'task.points', 'task.join_count', windowState.as('window_state'),
    ])
    .orderBy(listOrder('task', q.sort, 'join_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), stepCount: r.step_count,
    points: r.points, joinCount: r.join_count, windowState: r.window_state,
  }));
}

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
