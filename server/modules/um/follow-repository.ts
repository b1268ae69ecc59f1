// Follows (issue 20 part U; spec learning §7 POST /um/api/userFollow/save, GET followList, fans):
// a learner follows an author of the reading platform. One row per pair; unfollowing deletes it.
// Run under the tenant's row-level security (readTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { FanItem, FollowItem, FollowState } from '../../../schemas/api/reading-platform';

type Trx = Transaction<DB>;

/** The author's account (null: none), or undefined when the tenant has no such author. */
export async function authorOwner(trx: Trx, authorId: number): Promise<{ userId: number | null } | undefined> {
  const row = await trx.selectFrom('author').select('user_id').where('id', '=', authorId).executeTakeFirst();
  return row ? { userId: row.user_id === null ? null : Number(row.user_id) } : undefined;
}

/** The caller's own pen name, or null when they write nothing yet. */
export async function ownAuthorId(trx: Trx, userId: number): Promise<number | null> {
  const row = await trx.selectFrom('author').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.id) : null;
}

async function fansOf(trx: Trx, authorId: number): Promise<number> {
  const row = await trx.selectFrom('user_follow').select(sql<number>`count(*)`.as('n')).where('author_id', '=', authorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Follows or unfollows (either twice is harmless) and returns the new state with the follower count. */
export async function saveFollow(trx: Trx, userId: number, authorId: number, follow: boolean): Promise<FollowState> {
  if (follow) {
    await trx.insertInto('user_follow').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, author_id: authorId })
      .onConflict((oc) => oc.doNothing()).execute();
  } else {
    await trx.deleteFrom('user_follow').where('user_id', '=', userId).where('author_id', '=', authorId).execute();
  }
  return { authorId, following: follow, fans: await fansOf(trx, authorId) };
}

/** A page of the authors the user follows, the latest followed first. */
export async function followList(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<FollowItem>> {
  const base = trx.selectFrom('user_follow as f')
    .innerJoin('author as a', (j) => j.onRef('a.tenant_id', '=', 'f.tenant_id').onRef('a.id', '=', 'f.author_id'))
    .where('f.user_id', '=', userId);
  const rows = base.select(['a.id', 'a.pen_name', 'a.avatar', 'a.intro', 'f.created_at',
    sql<number>`(select count(*) from user_follow o where o.tenant_id = a.tenant_id and o.author_id = a.id)`.as('fans'),
    sql<number>`(select count(*) from content c where c.tenant_id = a.tenant_id and c.author_id = a.id and c.state = 1 and c.purpose in (5, 6, 7))`.as('works'),
  ]).orderBy('f.created_at', 'desc').orderBy('a.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: Number(r.id), penName: r.pen_name, avatar: r.avatar, intro: r.intro,
    workCount: Number(r.works), fans: Number(r.fans), followedAt: iso(r.created_at),
  }));
}

const DISPLAY_NAME = sql<string>`coalesce(nullif(btrim(u.nick_name), ''), nullif(btrim(u.real_name), ''), '学员')`;

/** A page of an author's followers, the latest first: display names only, and the follower's own pen name when they write. */
export async function fansList(trx: Trx, authorId: number, q: { pageNo: number; pageSize: number }): Promise<Page<FanItem>> {
  const base = trx.selectFrom('user_follow as f')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'f.tenant_id').onRef('u.id', '=', 'f.user_id'))
    .leftJoin('author as w', (j) => j.onRef('w.tenant_id', '=', 'f.tenant_id').onRef('w.user_id', '=', 'f.user_id'))
    .where('f.author_id', '=', authorId);
  const rows = base.select([DISPLAY_NAME.as('name'), 'u.avatar_img', 'w.id as author_id', 'w.pen_name', 'w.avatar as author_avatar', 'f.created_at'])
    .orderBy('f.created_at', 'desc').orderBy('f.user_id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    name: r.name, avatar: r.avatar_img, followedAt: iso(r.created_at),
    author: r.author_id !== null && r.pen_name !== null ? { id: Number(r.author_id), penName: r.pen_name, avatar: r.author_avatar } : null,
  }));
}
