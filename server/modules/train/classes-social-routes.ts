// Favourites, my rights, comments and the circle of a class (spec learning §7 "Training":
// classes searchFavor, classesAdminAuth, classesFavorite/save, classesComment search, searchByUser,
// save, delComment; §2 /classes/userList, /circle/detail/{id}, study/myGroup). Comments and the
// circle are written by enrolled members and the class's teachers; an author deletes their own,
// a teacher of the class any (moderation).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { rolesOf } from '../../lib/roles';
import { requireClass, requireParticipant, userText } from './classes-access';
import {
  circleCounts, deleteComment, deletePost, findComment, findPost, insertComment, insertPost, isFavorite, listMyCircles, searchComments,
  searchFavoriteClasses, searchPosts, setFavorite,
} from './classes-social-repository';
import {
  ClassComment, ClassesAuth, ClassesIdQuery, ClassesPageQuery, DeleteBody, Deleted, FavoriteBody, FavoriteClass,
  FavoriteResult, MyPageQuery, SaveCommentBody,
} from '../../../schemas/api/train-classes-more';
import {
  Circle, CircleDetail, CirclePost, CirclePostBody, CirclePostsQuery, CircleQuery, CircleReplyBody,
} from '../../../schemas/api/train-circle';

const notYours = (what: string) => new ApiError(`只能删除自己的${what}；老师可以删除本班的任何${what}。`, { code: 403, errorCode: 'NOT_YOURS' });

/** The social calls of a class; registered from trainRoutes. */
export async function classesSocialRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/train/api/classesFavorite/save', {
    schema: { tags: ['train'], summary: 'Favourites (favorite: true) or unfavourites a class I may see; both idempotent', body: FavoriteBody, response: { 200: Envelope(FavoriteResult) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.body.classesId, user.userId);
      await setFavorite(trx, user.tenantId, user.userId, access.id, req.body.favorite);
      return ok({ classesId: access.id, favorite: req.body.favorite });
    });
  });

  r.get('/train/api/classes/searchFavor', {
    schema: { tags: ['train'], summary: 'My favourite classes that are still published, newest favourite first', querystring: MyPageQuery, response: { 200: Envelope(Paged(FavoriteClass)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchFavoriteClasses(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/train/api/classes/classesAdminAuth', {
    schema: { tags: ['train'], summary: 'What I may do in the class: member, teacher (assess, statistics of everyone, moderation), favourite', querystring: ClassesIdQuery, response: { 200: Envelope(ClassesAuth) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.classesId, user.userId);
      return ok({
        classesId: a.id, isMember: a.isMember, isTeacher: a.isTeacher, canAssess: a.isTeacher, canViewStatistics: a.isTeacher, canModerate: a.isTeacher,
        favorite: await isFavorite(trx, user.userId, a.id),
      });
    });
  });

  // --- Comments (/classes/userList) ---------------------------------------------------------------

  r.get('/train/api/classesComment/search', {
    schema: { tags: ['train'], summary: 'Comments on a class, newest first (anyone who may see the class)', querystring: ClassesPageQuery, response: { 200: Envelope(Paged(ClassComment)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.classesId, user.userId);
      return ok(await searchComments(trx, { classesId: a.id }, user.userId, () => a.isTeacher, { pageNo, pageSize }));
    });
  });

  r.get('/train/api/classesComment/searchByUser', {
    schema: { tags: ['train'], summary: 'My comments on classes, newest first', querystring: MyPageQuery, response: { 200: Envelope(Paged(ClassComment)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchComments(trx, { userId: user.userId }, user.userId, () => false, { pageNo, pageSize })));
  });

  r.post('/train/api/classesComment/save', {
    schema: { tags: ['train'], summary: 'Comments on a class (enrolled members and its teachers); text filtered, 1–500 characters', body: SaveCommentBody, response: { 200: Envelope(ClassComment) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const content = userText(req.body.content, '评论内容');
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.body.classesId, user.userId);
      requireParticipant(a);
      const id = await insertComment(trx, user.tenantId, a.id, user.userId, content, req.body.score ?? null);
      const page = await searchComments(trx, { classesId: a.id }, user.userId, () => a.isTeacher, { pageNo: 1, pageSize: 50 });
      return ok(page.list.find((c) => c.id === id)!);
    });
  });

  r.post('/train/api/classesComment/delComment', {
    schema: { tags: ['train'], summary: 'Deletes a comment: my own, or any in a class I teach', body: DeleteBody, response: { 200: Envelope(Deleted) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const found = await findComment(trx, req.body.id);
      if (!found) throw new ApiError(`评论不存在或已删除（编号 ${req.body.id}）。`, { code: 404, errorCode: 'COMMENT_NOT_FOUND' });
      if (found.userId !== user.userId) {
        const a = await requireClass(trx, found.classesId, user.userId);
        if (!a.isTeacher) throw notYours('评论');
      }
      await deleteComment(trx, req.body.id, user.userId);
      return ok({ id: req.body.id, deleted: true as const });
    });
  });

  // --- The circle (/circle/detail/{id}, study/myGroup); a circle's id is its class's ------------------

  r.get('/train/api/circle/myList', {
    schema: { tags: ['train'], summary: 'The circles of the classes I am enrolled in or teach, latest activity first', querystring: MyPageQuery, response: { 200: Envelope(Type.Array(Circle)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const teacher = (await rolesOf(trx, user.userId)).filter((g) => g.role === 'teacher');
      const teacherOf = teacher.some((g) => g.scopeType === null) ? 'all' as const
        : teacher.filter((g) => g.scopeType === 'classes').map((g) => g.scopeId!);
      return ok(await listMyCircles(trx, user.userId, teacherOf));
    });
  });

  r.get('/train/api/circle/detail', {
    schema: { tags: ['train'], summary: 'One class\'s circle (its members and teachers only)', querystring: CircleQuery, response: { 200: Envelope(CircleDetail) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.id, user.userId);
      requireParticipant(a);
      const counts = await circleCounts(trx, a.id);
      const members = await trx.selectFrom('training_class').select('enrol_count').where('id', '=', a.id).executeTakeFirstOrThrow();
      return ok({ id: a.id, title: a.title, cover: a.cover, summary: a.summary, memberCount: members.enrol_count, ...counts, isTeacher: a.isTeacher, canModerate: a.isTeacher });
    });
  });

  r.get('/train/api/circle/posts', {
    schema: { tags: ['train'], summary: 'The circle\'s posts, newest first, with their replies (members and teachers only)', querystring: CirclePostsQuery, response: { 200: Envelope(Paged(CirclePost)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.id, user.userId);
      requireParticipant(a);
      return ok(await searchPosts(trx, a.id, user.userId, a.isTeacher, { pageNo, pageSize }));
    });
  });

  r.post('/train/api/circle/post', {
    schema: { tags: ['train'], summary: 'Posts in the circle (members and teachers); text filtered, 1–500 characters', body: CirclePostBody, response: { 200: Envelope(CirclePost) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const content = userText(req.body.content, '帖子内容');
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.body.id, user.userId);
      requireParticipant(a);
      const id = await insertPost(trx, user.tenantId, a.id, user.userId, null, content);
      const page = await searchPosts(trx, a.id, user.userId, a.isTeacher, { pageNo: 1, pageSize: 1, postId: id });
      return ok(page.list[0]!);
    });
  });

  r.post('/train/api/circle/reply', {
    schema: { tags: ['train'], summary: 'Replies to a post of a circle I take part in; text filtered, 1–500 characters', body: CircleReplyBody, response: { 200: Envelope(CirclePost) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const content = userText(req.body.content, '回复内容');
    return readTenant(app, user.tenantId, async (trx) => {
      const post = await findPost(trx, req.body.postId);
      if (!post || post.parentId !== null) throw new ApiError(`帖子不存在或已删除（编号 ${req.body.postId}）。`, { code: 404, errorCode: 'POST_NOT_FOUND' });
      const a = await requireClass(trx, post.classesId, user.userId);
      requireParticipant(a);
      await insertPost(trx, user.tenantId, a.id, user.userId, req.body.postId, content);
      const page = await searchPosts(trx, a.id, user.userId, a.isTeacher, { pageNo: 1, pageSize: 1, postId: req.body.postId });
      return ok(page.list[0]!);
    });
  });

  r.post('/train/api/circle/delete', {
    schema: { tags: ['train'], summary: 'Deletes a post (with its replies) or a reply: my own, or any in a class I teach', body: DeleteBody, response: { 200: Envelope(Deleted) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const post = await findPost(trx, req.body.id);
      if (!post) throw new ApiError(`帖子不存在或已删除（编号 ${req.body.id}）。`, { code: 404, errorCode: 'POST_NOT_FOUND' });
      if (post.userId !== user.userId) {
        const a = await requireClass(trx, post.classesId, user.userId);
        if (!a.isTeacher) throw notYours('帖子');
      }
      await deletePost(trx, req.body.id, user.userId);
      return ok({ id: req.body.id, deleted: true as const });
    });
  });
}
