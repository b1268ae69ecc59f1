// The author page's queries (issue 20 part U; spec learning §2 /content/author/{id}): an author
// with counts and the caller's follow state, and the author's published works. Follows are written
// by the um follow calls (server/modules/um/follow-repository.ts); here they are only counted.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { AuthorDetail, BookCard } from '../../../schemas/api/reading-platform';
import { BOOK_COLUMNS, bookCardOf, publishedBooks } from './platform-repository';

type Trx = Transaction<DB>;

/** An author with works, words and followers counted, and whether the caller follows them; null when there is none. */
export async function findAuthor(trx: Trx, id: number, userId: number | null): Promise<AuthorDetail | null> {
  const row = await trx.selectFrom('author as a')
    .select(['a.id', 'a.user_id', 'a.pen_name', 'a.avatar', 'a.intro',
      sql<number>`(select count(*) from user_follow f where f.tenant_id = a.tenant_id and f.author_id = a.id)`.as('fans')])
    .where('a.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const works = await publishedBooks(trx).where('c.author_id', '=', id)
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(c.word_count), 0)`.as('words')]).executeTakeFirstOrThrow();
  const following = userId === null ? undefined
    : await trx.selectFrom('user_follow').select('author_id').where('user_id', '=', userId).where('author_id', '=', id).executeTakeFirst();
  return {
    id: Number(row.id), penName: row.pen_name, avatar: row.avatar, intro: row.intro,
    workCount: Number(works.n), wordCount: Number(works.words), fans: Number(row.fans),
    following: following !== undefined, mine: userId !== null && row.user_id !== null && Number(row.user_id) === userId,
  };
}

/** A page of an author's published works, the latest updated first. */
export async function authorWorks(trx: Trx, authorId: number, q: { pageNo: number; pageSize: number }): Promise<Page<BookCard>> {
  const base = publishedBooks(trx).where('c.author_id', '=', authorId);
  const rows = base.select(BOOK_COLUMNS).orderBy(sql`coalesce(c.chapter_updated_at, c.publish_time) desc, c.id desc`)
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, bookCardOf);
}
