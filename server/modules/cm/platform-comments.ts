// My comments on books and works (issue 20 part U; spec learning §2 "Personal center" content
// myComment, §7 GET /cmu/api/articleComment/searchByUser, POST /cmu/api/articleComment/delComment).
// They are the cm comments (migration 0005, written by /cm/api/commentScore/saveComment from a
// book's page) whose target is a reading work: a content of purpose 5, 6 or 7.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { BookComment } from '../../../schemas/api/reading-platform';
import { READING_PURPOSES } from './platform-repository';

type Trx = Transaction<DB>;

/** The user's visible comments on reading works (any state: a work taken off shelf keeps its comments). */
function myBookComments(trx: Trx, userId: number) {
  return trx.selectFrom('comment as m')
    .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.target_id'))
    .leftJoin('author as a', (j) => j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.author_id'))
    .where('m.target_type', '=', 'content').where('c.purpose', 'in', [...READING_PURPOSES])
    .where('m.user_id', '=', userId).where('m.state', '=', 1);
}

/** A page of the user's comments on books and works, newest first; a work taken off shelf loses its title. */
export async function listBookComments(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<BookComment>> {
  const base = myBookComments(trx, userId);
  const rows = base.select(['m.id', 'm.content', 'm.score', 'm.created_at', 'c.id as book_id', 'c.title', 'c.state', 'c.cover', 'c.author', 'a.pen_name'])
    .orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: Number(r.id), content: r.content, score: r.score, createTime: iso(r.created_at), bookId: Number(r.book_id),
    bookTitle: r.state === 1 ? r.title : null, cover: r.state === 1 ? r.cover : null, authorName: r.pen_name ?? r.author,
  }));
}

/**
 * Deletes one of the user's comments on a reading work (kept as state 0, as the cm delete does);
 * false when the user has no such visible comment: someone else's, a deleted one, one on anything
 * but a reading work, or none at all answer the same (spec §8's way with another learner's rows).
 */
export async function deleteBookComment(trx: Trx, userId: number, id: number): Promise<boolean> {
  const mine = myBookComments(trx, userId).select('m.id').where('m.id', '=', id);
  const done = await trx.updateTable('comment').set({ state: 0, deleted_at: sql<Date>`now()` })
    .where('id', 'in', mine).returning('id').executeTakeFirst();
  return done !== undefined;
}
