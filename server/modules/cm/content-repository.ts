import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { cardOf } from '../../lib/list-sql';
import type { ContentItem } from '../../../schemas/api/cm/catalogue';

type Trx = Transaction<DB>;

/**
 * One published content by id, as its list card (the detail and help pages show it), or undefined
 * when the tenant has no published content with that id (and, when asked, that purpose). Row-level
 * security already keeps other tenants' rows out; the purpose filter lets /helpCenter ask for a
 * help item only (spec learning §9: purpose 99).
 */
export async function findContent(trx: Trx, id: number, purpose?: number): Promise<ContentItem | undefined> {
  let query = trx.selectFrom('content')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'content.tenant_id').onRef('cat.id', '=', 'content.category_id'))
    .where('content.id', '=', id).where('content.state', '=', 1);
  if (purpose !== undefined) query = query.where('content.purpose', '=', purpose);
  const row = await query.select([
    'content.id', 'content.title', 'content.cover', 'content.summary', 'content.category_id', 'cat.name as category_name',
    'content.publish_time', 'content.purpose', 'content.kind', 'content.author', 'content.duration', 'content.media_url',
    'content.labels', 'content.view_count', 'content.favour_count',
    sql<number>`(select count(*) from content_part p where p.tenant_id = content.tenant_id and p.content_id = content.id)`.as('part_count'),
  ]).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...cardOf(row),
    purpose: row.purpose, kind: row.kind, author: row.author, duration: row.duration,
    mediaUrl: row.media_url, partCount: Number(row.part_count), viewCount: row.view_count, favourCount: row.favour_count, labels: row.labels,
  };
}
