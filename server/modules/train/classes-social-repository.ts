// SQL of a class's favourites, comments and circle (migration 0022). Callers pass a transaction
// scoped to the tenant; row-level security keeps every row inside it, so another tenant's comment or
// post id is simply not found.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { cardOf, iso, isoOrNull } from '../../lib/list-sql';
import { DISPLAY_NAME } from './classes-access';
import type { ClassComment, FavoriteClass } from '../../../schemas/api/train-classes-more';
import type { Circle, CirclePost, CircleReply } from '../../../schemas/api/train-circle';

type Trx = Transaction<DB>;
type Paging = { pageNo: number; pageSize: number };
type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

const CLASS_STATE = sql<number>`case when now() < c.start_time then 1 when now() <= c.end_time then 2 else 3 end`;

// --- Favourites ---------------------------------------------------------------------------------

/** Sets or clears my favourite of a class; harmless when it already is so. */
export async function setFavorite(trx: Trx, tenantId: number, userId: number, classesId: number, favorite: boolean): Promise<void> {
  if (favorite) {
    await trx.insertInto('classes_favorite').values({ tenant_id: tenantId, user_id: userId, classes_id: classesId }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await trx.deleteFrom('classes_favorite').where('user_id', '=', userId).where('classes_id', '=', classesId).execute();
  }
}

/** Whether the class is among my favourites. */
export async function isFavorite(trx: Trx, userId: number, classesId: number): Promise<boolean> {
  return (await trx.selectFrom('classes_favorite').select('classes_id').where('user_id', '=', userId).where('classes_id', '=', classesId).executeTakeFirst()) !== undefined;
}

/** My favourite classes that are still published, newest favourite first. */
export async function searchFavoriteClasses(trx: Trx, userId: number, q: Paging): Promise<Page<FavoriteClass>> {
  const base = trx.selectFrom('classes_favorite as f')
    .innerJoin('training_class as c', (j) => j.onRef('c.tenant_id', '=', 'f.tenant_id').onRef('c.id', '=', 'f.classes_id'))
    .where('f.user_id', '=', userId).where('c.state', '=', 1);
  const [rows, count] = await Promise.all([
    base.leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'c.tenant_id').onRef('cat.id', '=', 'c.category_id'))
      .leftJoin('teacher as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.id', '=', 'c.teacher_id'))
      .leftJoin('classes_member as m', (j) => j.onRef('m.tenant_id', '=', 'c.tenant_id').onRef('m.classes_id', '=', 'c.id').on('m.user_id', '=', userId))
      .select([
        'c.id', 'c.title', 'c.cover', 'c.summary', 'c.category_id', 'cat.name as category_name', 'c.publish_time', 't.name as teacher_name',
        'c.start_time', 'c.end_time', 'c.enrol_limit', 'c.enrol_count', CLASS_STATE.as('class_state'), 'f.created_at', 'm.state as member_state',
      ])
      .orderBy('f.created_at', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...cardOf(r), teacherName: r.teacher_name, startTime: iso(r.start_time), endTime: iso(r.end_time), enrolLimit: r.enrol_limit,
      enrolCount: r.enrol_count, state: Number(r.class_state), favoredAt: iso(r.created_at), enrolled: Number(r.member_state) === 1,
    })),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

// --- Comments -------------------------------------------------------------------------------------

/** Comments of one class (classesId) or of mine across classes (userId), newest first; deleted ones are gone. */
export async function searchComments(trx: Trx, by: { classesId: number } | { userId: number }, viewer: number,
  canModerate: (classesId: number) => boolean, q: Paging): Promise<Page<ClassComment>> {
  let base = trx.selectFrom('classes_comment as k')
    .innerJoin('training_class as c', (j) => j.onRef('c.tenant_id', '=', 'k.tenant_id').onRef('c.id', '=', 'k.classes_id'))
    .where('k.deleted_at', 'is', null).where('c.state', '=', 1);
  base = 'classesId' in by ? base.where('k.classes_id', '=', by.classesId) : base.where('k.user_id', '=', by.userId);
  const [rows, count] = await Promise.all([
    base.innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'k.tenant_id').onRef('u.id', '=', 'k.user_id'))
      .select(['k.id', 'k.classes_id', 'c.title', 'k.user_id', DISPLAY_NAME.as('name'), 'u.avatar_img', 'k.content', 'k.score', 'k.created_at'])
      .orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => {
      const mine = Number(r.user_id) === viewer;
      return {
        id: Number(r.id), classesId: Number(r.classes_id), classesTitle: r.title, userId: Number(r.user_id), name: r.name, avatar: r.avatar_img,
        content: r.content, score: r.score, createdAt: iso(r.created_at), mine, canDelete: mine || canModerate(Number(r.classes_id)),
      };
    }),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** A new comment's id. */
export async function insertComment(trx: Trx, tenantId: number, classesId: number, userId: number, content: string, score: number | null): Promise<number> {
  const row = await trx.insertInto('classes_comment').values({ tenant_id: tenantId, classes_id: classesId, user_id: userId, content, score })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A live comment's class and author, or undefined. */
export async function findComment(trx: Trx, id: number): Promise<{ classesId: number; userId: number } | undefined> {
  const row = await trx.selectFrom('classes_comment').select(['classes_id', 'user_id']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row && { classesId: Number(row.classes_id), userId: Number(row.user_id) };
}

/** Marks a comment deleted by the user (kept for moderation history, never shown again). */
export async function deleteComment(trx: Trx, id: number, by: number): Promise<void> {
  await trx.updateTable('classes_comment').set({ deleted_at: sql<Date>`now()`, deleted_by: by }).where('id', '=', id).execute();
}

// --- The circle -----------------------------------------------------------------------------------

/** The circles of the classes I am enrolled in or teach (teacherOf), latest post first. */
export async function listMyCircles(trx: Trx, userId: number, teacherOf: number[] | 'all'): Promise<Circle[]> {
  const { rows } = await sql<{ id: number; title: string; cover: string | null; enrol_count: number; posts: number; last_post: Date | null; member: boolean }>`
    select c.id, c.title, c.cover, c.enrol_count,
      (select count(*) from classes_circle_post p where p.tenant_id = c.tenant_id and p.classes_id = c.id and p.parent_id is null and p.deleted_at is null)::int as posts,
      (select max(p.created_at) from classes_circle_post p where p.tenant_id = c.tenant_id and p.classes_id = c.id and p.deleted_at is null) as last_post,
      exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${userId}::bigint and m.state = 1) as member
    from training_class c
    where c.state = 1 and (
      exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${userId}::bigint and m.state = 1)
      or ${teacherOf === 'all' ? sql`true` : teacherOf.length ? sql`c.id in (${sql.join(teacherOf)})` : sql`false`})
    order by last_post desc nulls last, c.id desc
    limit 200`.execute(trx);
  return rows.map((r) => ({
    id: Number(r.id), title: r.title, cover: r.cover, memberCount: Number(r.enrol_count), postCount: Number(r.posts),
    lastPostTime: isoOrNull(r.last_post), isTeacher: teacherOf === 'all' || teacherOf.includes(Number(r.id)),
  }));
}

/** Post count and latest activity of one circle. */
export async function circleCounts(trx: Trx, classesId: number): Promise<{ postCount: number; lastPostTime: string | null }> {
  const row = await trx.selectFrom('classes_circle_post').where('classes_id', '=', classesId).where('deleted_at', 'is', null)
    .select([sql<number>`count(*) filter (where parent_id is null)`.as('n'), sql<Date | null>`max(created_at)`.as('last')]).executeTakeFirstOrThrow();
  return { postCount: Number(row.n), lastPostTime: isoOrNull(row.last) };
}

/** A page of the circle's posts (or the one post `postId`), newest first, each with its replies oldest first. */
export async function searchPosts(trx: Trx, classesId: number, viewer: number, moderator: boolean, q: Paging & { postId?: number }): Promise<Page<CirclePost>> {
  let base = trx.selectFrom('classes_circle_post as p').where('p.classes_id', '=', classesId).where('p.parent_id', 'is', null).where('p.deleted_at', 'is', null);
  if (q.postId !== undefined) base = base.where('p.id', '=', q.postId);
  const [posts, count] = await Promise.all([
    base.innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'))
      .select(['p.id', 'p.parent_id', 'p.user_id', DISPLAY_NAME.as('name'), 'u.avatar_img', 'p.content', 'p.created_at'])
      .orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = posts.map((p) => Number(p.id));
  const replies = ids.length === 0 ? [] : await trx.selectFrom('classes_circle_post as p')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'))
    .select(['p.id', 'p.parent_id', 'p.user_id', DISPLAY_NAME.as('name'), 'u.avatar_img', 'p.content', 'p.created_at'])
    .where('p.parent_id', 'in', ids).where('p.deleted_at', 'is', null).orderBy('p.created_at').orderBy('p.id').execute();
  const toReply = (r: (typeof replies)[number]): CircleReply => ({
    id: Number(r.id), userId: Number(r.user_id), name: r.name, avatar: r.avatar_img, content: r.content, createdAt: iso(r.created_at),
    canDelete: moderator || Number(r.user_id) === viewer,
  });
  return {
    list: posts.map((p) => ({ ...toReply(p), replies: replies.filter((r) => Number(r.parent_id) === Number(p.id)).map(toReply) })),
    total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** A new post (parentId null) or reply; its id. */
export async function insertPost(trx: Trx, tenantId: number, classesId: number, userId: number, parentId: number | null, content: string): Promise<number> {
  const row = await trx.insertInto('classes_circle_post').values({ tenant_id: tenantId, classes_id: classesId, user_id: userId, parent_id: parentId, content })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A live post or reply, or undefined. */
export async function findPost(trx: Trx, id: number): Promise<{ classesId: number; userId: number; parentId: number | null } | undefined> {
  const row = await trx.selectFrom('classes_circle_post').select(['classes_id', 'user_id', 'parent_id']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row && { classesId: Number(row.classes_id), userId: Number(row.user_id), parentId: row.parent_id === null ? null : Number(row.parent_id) };
}

/** Marks a post deleted, with its replies. */
export async function deletePost(trx: Trx, id: number, by: number): Promise<void> {
  await trx.updateTable('classes_circle_post').set({ deleted_at: sql<Date>`now()`, deleted_by: by })
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)])).where('deleted_at', 'is', null).execute();
}
