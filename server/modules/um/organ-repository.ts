// Issue 21 X: the tenant's organisation tree (table organ, migration 0042). The caller's
// transaction is scoped to the tenant: row-level security shows its departments only.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { OrganNode } from '../../../schemas/api/profile-organ-dict';

interface Row { id: string; parent_id: string | null; name: string; sort: number; level: number; path: string }

/** The whole tree, depth-first: parents before children, siblings by sort then id. */
export async function listOrganTree(db: Kysely<DB>): Promise<OrganNode[]> {
  // The walk carries each node's sibling ranks from the root (an array), so ordering by it is depth-first.
  const { rows } = await sql<Row>`
    with recursive ranked as (
      select id, parent_id, name, sort, row_number() over (partition by parent_id order by sort, id) as rn from organ
    ), walk as (
      select id, parent_id, name, sort, 0 as level, name as path, array[rn] as rank
      from ranked where parent_id is null
      union all
      select o.id, o.parent_id, o.name, o.sort, w.level + 1, w.path || ' / ' || o.name, w.rank || o.rn
      from ranked o join walk w on o.parent_id = w.id
    )
    select id, parent_id, name, sort, level, path from walk order by rank limit 2000`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name,
    sort: r.sort, level: r.level, path: r.path,
  }));
}
