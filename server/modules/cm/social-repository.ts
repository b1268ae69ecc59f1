import { sql, type Expression, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { iso, offsetOf, pageOf } from '../../lib/list-sql';
import type { AppraiseSummary, CommentItem, FavoriteItem, FavoriteState, MyCommentItem, ScoreSummary, TargetType } from '../../../schemas/api/cm/social';

// Favourites, comments and appraisals (migration 0005). Callers pass a transaction scoped to the
// tenant (withTenant): row-level security keeps other tenants' rows out, and every write names the
// user, so nobody changes another's rows.

type Trx = Transaction<DB>;
type Paging = { pageNo: number; pageSize: number };

/** A course, subject or content: what a favourite, comment or appraisal is about. */
export interface Target {
  type: TargetType;
  id: number;
}

/** True when the tenant has the target and it is published (state 1). */
export async function publishedTargetExists(trx: Trx, target: Target): Promise<boolean> {
  const row = await trx.selectFrom(target.type).select('id').where('id', '=', target.id).where('state', '=', 1).executeTakeFirst();
  return Boolean(row);
}

/** The target's favourite count (the card's favourCount). */
async function favouriteCount(trx: Trx, target: Target): Promise<number> {
  const row = await trx.selectFrom(target.type).select('favour_count').where('id', '=', target.id).executeTakeFirst();
  return Number(row?.favour_count ?? 0);
}

/** Moves the target's favourCount by one, never below 0. */
async function bumpFavouriteCount(trx: Trx, target: Target, by: 1 | -1): Promise<void> {
  await trx.updateTable(target.type).set({ favour_count: sql`greatest(favour_count + ${by}, 0)` })
    .where('id', '=', target.id).execute();
}

/** Whether the user has the target among their favourites, and its count. */
export async function favoriteState(trx: Trx, userId: number | null, target: Target): Promise<FavoriteState> {
  const mine = userId === null ? undefined : await trx.selectFrom('favorite').select('user_id')
    .where('user_id', '=', userId).where('target_type', '=', target.type).where('target_id', '=', target.id).executeTakeFirst();
  return { favorited: Boolean(mine), count: await favouriteCount(trx, target) };
}

/** Adds the favourite; adding it again changes nothing (the count moves only for a new row). */
export async function addFavorite(trx: Trx, userId: number, target: Target): Promise<FavoriteState> {
  const added = await trx.insertInto('favorite').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, target_type: target.type, target_id: target.id })
    .onConflict((oc) => oc.doNothing()).returning('user_id').executeTakeFirst();
  if (added) await bumpFavouriteCount(trx, target, 1);
  return { favorited: true, count: await favouriteCount(trx, target) };
}

/** Removes the favourite; removing one that is not there changes nothing. */
export async function cancelFavorite(trx: Trx, userId: number, target: Target): Promise<FavoriteState> {
  const removed = await trx.deleteFrom('favorite')
    .where('user_id', '=', userId).where('target_type', '=', target.type).where('target_id', '=', target.id)
    .returning('user_id').executeTakeFirst();
  if (removed) await bumpFavouriteCount(trx, target, -1);
  return { favorited: false, count: await favouriteCount(trx, target) };
}

/** A page of the user's favourites of one type, newest first, with the target's card; targets taken off shelf are left out. */
export async function searchUserFavorites(trx: Trx, userId: number, type: TargetType, q: Paging): Promise<Page<FavoriteItem>> {
  // The three target tables share the card columns (migration 0002), so one typing serves them all.
  const table = type as 'course';
  const base = trx.selectFrom('favorite as f')
    .innerJoin(`${table} as t`, (j) => j.onRef('t.tenant_id', '=', 'f.tenant_id').onRef('t.id', '=', 'f.target_id'))
    .where('f.user_id', '=', userId).where('f.target_type', '=', type).where('t.state', '=', 1);
  const rows = base.select(['f.target_id', 'f.created_at', 't.title', 't.cover', 't.summary'])
    .orderBy('f.created_at', 'desc').orderBy('f.target_id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    targetType: type, targetId: Number(r.target_id), title: r.title, cover: r.cover, summary: r.summary, favoriteTime: iso(r.created_at),
  }));
}

/**
 * How many comments the user wrote in the last minute (deleted ones count: deleting does not buy
 * another). Takes a per-user lock first, so two concurrent writes cannot both pass the limit.
 */
export async function countRecentComments(trx: Trx, userId: number): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended('comment:' || current_setting('app.tenant_id') || ':' || ${String(userId)}, 0))`.execute(trx);
  const row = await trx.selectFrom('comment').select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId).where(sql<boolean>`created_at > now() - interval '1 minute'`).executeTakeFirstOrThrow();
  return Number(row.n);
}

const DISPLAY_NAME = sql<string>`coalesce(nullif(btrim(u.nick_name), ''), nullif(btrim(u.real_name), ''), '学员')`;

/** Writes a comment (text already filtered) and returns it as the list shows it. */
export async function insertComment(trx: Trx, userId: number, target: Target, content: string, score: number | null): Promise<CommentItem> {
  const row = await trx.insertInto('comment')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, target_type: target.type, target_id: target.id, content, score })
    .returning(['id']).executeTakeFirstOrThrow();
  const page = await listComments(trx, userId, target, { pageNo: 1, pageSize: 1 }, Number(row.id));
  return page.list[0]!;
}

/** A page of the target's visible comments, newest first, with `mine` for the caller (null: a guest). */
export async function listComments(trx: Trx, userId: number | null, target: Target, q: Paging, onlyId?: number): Promise<Page<CommentItem>> {
  let base = trx.selectFrom('comment as c')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
    .where('c.target_type', '=', target.type).where('c.target_id', '=', target.id).where('c.state', '=', 1);
  if (onlyId !== undefined) base = base.where('c.id', '=', onlyId);
  const rows = base.select(['c.id', 'c.content', 'c.score', 'c.created_at', 'c.user_id', DISPLAY_NAME.as('user_name'), 'u.avatar_img'])
    .orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: Number(r.id), content: r.content, score: r.score, createTime: iso(r.created_at),
    userName: r.user_name, avatar: r.avatar_img, mine: userId !== null && Number(r.user_id) === userId,
  }));
}

/** A page of the user's visible comments, newest first, with the title of what each is about. */
export async function listUserComments(trx: Trx, userId: number, q: Paging): Promise<Page<MyCommentItem>> {
  const base = trx.selectFrom('comment as c').where('c.user_id', '=', userId).where('c.state', '=', 1);
  // The target is one of three tables; a target taken off shelf keeps the comment but loses its title.
  const title = sql<string | null>`case c.target_type
    when 'course' then (select t.title from course t where t.tenant_id = c.tenant_id and t.id = c.target_id and t.state = 1)
    when 'subject' then (select t.title from subject t where t.tenant_id = c.tenant_id and t.id = c.target_id and t.state = 1)
    else (select t.title from content t where t.tenant_id = c.tenant_id and t.id = c.target_id and t.state = 1) end`;
  const rows = base.select(['c.id', 'c.content', 'c.score', 'c.created_at', 'c.target_type', 'c.target_id', title.as('target_title')])
    .orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: Number(r.id), content: r.content, score: r.score, createTime: iso(r.created_at),
    targetType: r.target_type, targetId: Number(r.target_id), targetTitle: r.target_title,
  }));
}

/** What deleting a comment found: deleted now, already deleted by its author, someone else's, or no such comment. */
export type DeleteOutcome = 'deleted' | 'already' | 'not-author' | 'missing';

/** Marks the user's own comment deleted (state 0); never touches another user's. */
export async function deleteOwnComment(trx: Trx, userId: number, id: number): Promise<DeleteOutcome> {
  const done = await trx.updateTable('comment').set({ state: 0, deleted_at: sql<Date>`now()` })
    .where('id', '=', id).where('user_id', '=', userId).where('state', '=', 1).returning('id').executeTakeFirst();
  if (done) return 'deleted';
  const row = await trx.selectFrom('comment').select(['user_id', 'state']).where('id', '=', id).executeTakeFirst();
  if (!row) return 'missing';
  if (Number(row.user_id) !== userId) return row.state === 1 ? 'not-author' : 'missing';
  return 'already';
}

/** Sets the score of the user's newest visible comment on the target; false when they have none. */
export async function updateMyScore(trx: Trx, userId: number, target: Target, score: number): Promise<boolean> {
  const newest = trx.selectFrom('comment').select('id')
    .where('user_id', '=', userId).where('target_type', '=', target.type).where('target_id', '=', target.id).where('state', '=', 1)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
  const done = await trx.updateTable('comment').set({ score }).where('id', '=', newest).returning('id').executeTakeFirst();
  return Boolean(done);
}

/**
 * The scores that count for a target: each user's newest visible scored comment, once, so writing
 * more comments does not weigh more. The one source of a rating: the summary below and the course
 * cards' score (averageScore) both read it, so a course's header and its rating box agree (issue 13
 * point 3: the header showed a seeded 4.1 beside 暂无评分).
 */
function countedScores(type: TargetType, id: Expression<unknown>): RawBuilder<{ score: number }> {
  return sql<{ score: number }>`
    select distinct on (c.user_id) c.score from comment c
    where c.target_type = ${type} and c.target_id = ${id} and c.state = 1 and c.score is not null
    order by c.user_id, c.created_at desc, c.id desc`;
}

/**
 * The average of the target's counted scores to one decimal (as scoreSummary rounds it), 0 when
 * nobody rated: a select expression, e.g. averageScore('course', sql.ref('course.id')).
 */
export function averageScore(type: TargetType, id: Expression<unknown>): RawBuilder<number> {
  return sql<number>`(select coalesce(round(avg(s.score)::numeric, 1), 0)::float8 from (${countedScores(type, id)}) s)`;
}

/** The rating summary: the average to one decimal, how many rated and how many gave each star. */
export async function scoreSummary(trx: Trx, target: Target): Promise<ScoreSummary> {
  const { rows } = await sql<{ score: number; n: number | string }>`
    select score, count(*) as n from (${countedScores(target.type, sql`${target.id}::bigint`)}) s group by score`.execute(trx);
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    const n = Number(r.n);
    distribution[r.score as 1 | 2 | 3 | 4 | 5] = n;
    count += n;
    sum += n * r.score;
  }
  return { average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10, count, distribution };
}

/** Sets (1, -1) or takes back (0) the user's appraisal of the target. */
export async function saveAppraise(trx: Trx, userId: number, target: Target, value: -1 | 0 | 1): Promise<void> {
  if (value === 0) {
    await trx.deleteFrom('appraise').where('user_id', '=', userId).where('target_type', '=', target.type).where('target_id', '=', target.id).execute();
    return;
  }
  await trx.insertInto('appraise')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, target_type: target.type, target_id: target.id, value })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'target_type', 'target_id']).doUpdateSet({ value, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Likes and dislikes of the target, and the caller's own (0 for a guest). */
export async function appraiseSummary(trx: Trx, userId: number | null, target: Target): Promise<AppraiseSummary> {
  const row = await trx.selectFrom('appraise')
    .select([
      sql<number>`count(*) filter (where value = 1)`.as('likes'),
      sql<number>`count(*) filter (where value = -1)`.as('dislikes'),
      sql<number>`coalesce(max(value) filter (where user_id = ${userId ?? 0}::bigint), 0)`.as('mine'),
    ])
    .where('target_type', '=', target.type).where('target_id', '=', target.id).executeTakeFirstOrThrow();
  return { likeCount: Number(row.likes), dislikeCount: Number(row.dislikes), mine: userId === null ? 0 : Number(row.mine) };
}
