import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ContentPartItem } from '../../../schemas/api/cm/part';

type Trx = Transaction<DB>;

/**
 * The parts of a published content in play order (sort, then id for equal sorts), or undefined when
 * the tenant has no published content with that id: an unpublished content hides its parts too.
 * Row-level security already keeps other tenants' rows out.
 */
export async function listContentParts(trx: Trx, contentId: number): Promise<ContentPartItem[] | undefined> {
  const published = await trx.selectFrom('content').select('id').where('id', '=', contentId).where('state', '=', 1).executeTakeFirst();
  if (!published) return undefined;
  const rows = await trx.selectFrom('content_part')
    .select(['id', 'content_id', 'title', 'kind', 'media_url', 'duration', 'sort'])
    .where('content_id', '=', contentId)
    // Issue 20 part V: a creator's chapter (body_html set) is listed once approved and not hidden by its author.
    .where((eb) => eb.or([eb('body_html', 'is', null), eb.and([eb('state', '=', 1), eb('published_html', 'is not', null)])]))
    .orderBy('sort').orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id, contentId: row.content_id, title: row.title, kind: row.kind, mediaUrl: row.media_url, duration: row.duration, sort: row.sort,
  }));
}
