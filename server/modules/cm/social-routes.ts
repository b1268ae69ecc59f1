// cm favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// issue 7 item 5; docs/api.md "Favourites, comments and scores"). Writes and the caller's own
// lists need a signed-in user of the call's tenant; the public reads (comments, score, appraisal
// counts, favourite count) work for guests and add the caller's own flags when signed in. Every
// call names a published course, subject or content of the tenant.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { charCount, filterUserText } from '../../lib/text-filter';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { awardPoints } from '../../lib/points';
import {
  addFavorite, appraiseSummary, cancelFavorite, countRecentComments, deleteOwnComment, favoriteState, insertComment, listComments,
  listUserComments, publishedTargetExists, saveAppraise, scoreSummary, searchUserFavorites, updateMyScore, type Target,
} from './social-repository';
import {
  AppraiseSummary, COMMENT_MAX_CHARS, COMMENTS_PER_MINUTE, CommentItem, DelCommentBody, FavoriteItem, FavoriteSearchQuery, FavoriteState,
  MyCommentItem, MyPageQuery, PagedTargetQuery, SaveAppraiseBody, SaveCommentBody, SaveScoreBody, ScoreSummary, TargetBody, TargetQuery,
  type TargetType,
} from '../../../schemas/api/cm/social';

const TARGET_NAMES: Record<TargetType, string> = { course: '课程', subject: '专题', content: '内容' };

/** The caller's user id when signed in to this tenant; null for a guest (or a token of another tenant). */
function viewerId(req: FastifyRequest, tenantId: number): number | null {
  return req.user && req.user.tenantId === tenantId ? req.user.userId : null;
}

/** The target of a call, after checking it is published in the tenant. */
async function requireTarget(trx: Parameters<typeof publishedTargetExists>[0], type: TargetType, id: number): Promise<Target> {
  const target = { type, id };
  if (!(await publishedTargetExists(trx, target))) {
    throw new ApiError(`${TARGET_NAMES[type]}不存在或已下线（编号 ${id}）。`, { code: 404, errorCode: 'TARGET_NOT_FOUND' });
  }
  return target;
}

/**
 * The comment text as stored: the text filter's allow-list (spec learning §5, the same rule as the
 * client's), then trimmed, then 1 to 500 characters. No bracket survives, so no markup is stored.
 */
export function commentText(raw: string): string {
  const text = filterUserText(raw).trim();
  if (text.length === 0) throw new ApiError('评论内容不能为空（特殊符号、括号和表情会被去掉）。', { code: 400, errorCode: 'VALIDATION' });
  const length = charCount(text);
  if (length > COMMENT_MAX_CHARS) throw new ApiError(`评论最多 ${COMMENT_MAX_CHARS} 字，当前 ${length} 字；请删减后再发表。`, { code: 400, errorCode: 'VALIDATION' });
  return text;
}

/** The social calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // --- Favourites -------------------------------------------------------------------------------

  r.post('/cm/api/favorite/add', {
    schema: {
      tags: ['cm'], summary: 'Add a course, subject or content to the caller\'s favourites (adding twice is harmless)',
      body: TargetBody, response: { 200: Envelope(FavoriteState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) =>
      addFavorite(trx, user.userId, await requireTarget(trx, req.body.targetType, req.body.targetId))));
  });

  r.post('/cm/api/favorite/cancel', {
    schema: {
      tags: ['cm'], summary: 'Remove a target from the caller\'s favourites (removing one that is not there is harmless)',
      body: TargetBody, response: { 200: Envelope(FavoriteState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) =>
      cancelFavorite(trx, user.userId, await requireTarget(trx, req.body.targetType, req.body.targetId))));
  });

  r.get('/cm/api/favorite/get', {
    schema: {
      tags: ['cm'], summary: 'Whether the caller has the target among their favourites (false for guests), and its favourite count',
      querystring: TargetQuery, response: { 200: Envelope(FavoriteState) },
    },
  }, async (req) => {
    const { tenantId, targetType, targetId } = req.query;
    return ok(await readTenant(app, tenantId, async (trx) =>
      favoriteState(trx, viewerId(req, tenantId), await requireTarget(trx, targetType, targetId))));
  });

  async function myFavorites(req: FastifyRequest, q: { tenantId: number; pageNo?: number | undefined; pageSize?: number | undefined }, type: TargetType) {
    const user = requireUser(req, q.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => searchUserFavorites(trx, user.userId, type, { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 })));
  }

  r.get('/cm/api/favorite/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s favourites of one type, newest first, with title and cover',
      querystring: FavoriteSearchQuery, response: { 200: Envelope(Paged(FavoriteItem)) },
    },
  }, async (req) => myFavorites(req, req.query, req.query.type));

  // spec learning §7 names searchFavor on course, subject and content: the same list for one type.
  for (const type of ['course', 'subject', 'content'] as const) {
    r.get(`/cm/api/${type}/searchFavor`, {
      schema: {
        tags: ['cm'], summary: `A page of the caller's favourite ${type === 'content' ? 'contents' : `${type}s`}, newest first (GET /cm/api/favorite/searchByUser?type=${type})`,
        querystring: MyPageQuery, response: { 200: Envelope(Paged(FavoriteItem)) },
      },
    }, async (req) => myFavorites(req, req.query, type));
  }

  // --- Comments and scores ----------------------------------------------------------------------

  r.post('/cm/api/commentScore/saveComment', {
    schema: {
      tags: ['cm'], summary: 'Write a comment, optionally with a 1–5 score (plain text, filtered, at most 500 characters, 10 a minute)',
      body: SaveCommentBody, response: { 200: Envelope(CommentItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { targetType, targetId, score } = req.body;
    const content = commentText(req.body.content);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const target = await requireTarget(trx, targetType, targetId);
      if ((await countRecentComments(trx, user.userId)) >= COMMENTS_PER_MINUTE) {
        throw new ApiError(`评论太频繁了：每分钟最多 ${COMMENTS_PER_MINUTE} 条，请稍后再试。`, { code: 429, errorCode: 'RATE_LIMITED' });
      }
      const comment = await insertComment(trx, user.userId, target, content, score ?? null);
      // Issue 19 part C (docs/growth.md "Points"): a comment earns comment points, capped a day.
      await awardPoints(trx, { userId: user.userId, kind: 'comment', ref: `comment:${comment.id}` });
      return comment;
    }), '评论成功');
  });

  r.post('/cm/api/commentScore/saveScore', {
    schema: {
      tags: ['cm'], summary: 'Change the caller\'s score of a target: the score of their newest comment on it',
      body: SaveScoreBody, response: { 200: Envelope(ScoreSummary) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { targetType, targetId, score } = req.body;
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const target = await requireTarget(trx, targetType, targetId);
      if (!(await updateMyScore(trx, user.userId, target, score))) {
        throw new ApiError('请先发表评论再评分：评分随评论一起保存（POST /cm/api/commentScore/saveComment）。', { code: 400, errorCode: 'NO_COMMENT' });
      }
      return scoreSummary(trx, target);
    }));
  });

  r.post('/cm/api/commentScore/delComment', {
    schema: {
      tags: ['cm'], summary: 'Delete one of the caller\'s own comments',
      body: DelCommentBody, response: { 200: Envelope(Type.Boolean()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { id } = req.body;
    const outcome = await readTenant(app, user.tenantId, (trx) => deleteOwnComment(trx, user.userId, id));
    if (outcome === 'missing') throw new ApiError(`找不到编号为 ${id} 的评论，它可能已被删除。`, { code: 404, errorCode: 'COMMENT_NOT_FOUND' });
    if (outcome === 'not-author') throw new ApiError('只能删除自己发表的评论。', { code: 403, errorCode: 'NOT_COMMENT_AUTHOR' });
    return ok(true, '删除成功');
  });

  r.get('/cm/api/commentScore/getScore', {
    schema: {
      tags: ['cm'], summary: 'Rating summary of a target: average (one decimal), how many scored, and how many gave each star',
      querystring: TargetQuery, response: { 200: Envelope(ScoreSummary) },
    },
  }, async (req) => {
    const { tenantId, targetType, targetId } = req.query;
    return ok(await readTenant(app, tenantId, async (trx) => scoreSummary(trx, await requireTarget(trx, targetType, targetId))));
  });

  r.get('/cm/api/commentScore/queryComment', {
    schema: {
      tags: ['cm'], summary: 'A page of a target\'s comments, newest first, with each author\'s display name and a mine flag',
      querystring: PagedTargetQuery, response: { 200: Envelope(Paged(CommentItem)) },
    },
  }, async (req) => {
    const { tenantId, targetType, targetId, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, tenantId, async (trx) =>
      listComments(trx, viewerId(req, tenantId), await requireTarget(trx, targetType, targetId), { pageNo, pageSize })));
  });

  r.get('/cm/api/commentScore/userComment', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s comments, newest first, with the title of what each is about',
      querystring: MyPageQuery, response: { 200: Envelope(Paged(MyCommentItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listUserComments(trx, user.userId, { pageNo, pageSize })));
  });

  // --- Appraisals -------------------------------------------------------------------------------

  r.post('/cm/api/appraise/save', {
    schema: {
      tags: ['cm'], summary: 'Like (1), dislike (-1) or take back (0) the caller\'s appraisal; returns the new counts',
      body: SaveAppraiseBody, response: { 200: Envelope(AppraiseSummary) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { targetType, targetId, value } = req.body;
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      const target = await requireTarget(trx, targetType, targetId);
      await saveAppraise(trx, user.userId, target, value as -1 | 0 | 1);
      return appraiseSummary(trx, user.userId, target);
    }));
  });

  r.get('/cm/api/appraise/query', {
    schema: {
      tags: ['cm'], summary: 'Likes and dislikes of a target, and the caller\'s own appraisal (0 for guests)',
      querystring: TargetQuery, response: { 200: Envelope(AppraiseSummary) },
    },
  }, async (req) => {
    const { tenantId, targetType, targetId } = req.query;
    return ok(await readTenant(app, tenantId, async (trx) => appraiseSummary(trx, viewerId(req, tenantId), await requireTarget(trx, targetType, targetId))));
  });
}
