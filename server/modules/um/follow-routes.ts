// Follows (issue 20 part U; spec learning §7 "POST userFollow/save", "GET userFollow/followList,
// userFollow/fans"; docs/api.md "Reading platform"): a signed-in learner follows or unfollows an
// author of the reading platform; followList is whom I follow; fans is an author's followers (open
// to guests, display names only) or, without an author, my own followers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { FanItem, FansQuery, FollowBody, FollowItem, FollowState, MyPagedQuery } from '../../../schemas/api/reading-platform';
import { authorOwner, fansList, followList, ownAuthorId, saveFollow } from './follow-repository';

const authorMissing = (id: number) => new ApiError(`作者不存在（编号 ${id}），可能已被删除；请从作品页重新进入。`, { code: 404, errorCode: 'AUTHOR_NOT_FOUND' });

/** The signed-in user of this call's tenant, or null. */
const viewerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** The follow calls; registered from umModule (server/modules/um/index.ts). */
export async function followRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/um/api/userFollow/save', {
    schema: {
      tags: ['um'], summary: 'Follow (follow true) or unfollow (false) an author; following your own pen name is refused (FOLLOW_SELF)',
      body: FollowBody, response: { 200: Envelope(FollowState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { authorId, follow } = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const owner = await authorOwner(trx, authorId);
      if (!owner) throw authorMissing(authorId);
      // Issue 20 part U: following yourself is refused (unfollowing stays harmless).
      if (follow && owner.userId === user.userId) throw new ApiError('不能关注自己的笔名。', { code: 400, errorCode: 'FOLLOW_SELF' });
      const state = await saveFollow(trx, user.userId, authorId, follow);
      return ok(state, follow ? '已关注' : '已取消关注');
    });
  });

  r.get('/um/api/userFollow/followList', {
    schema: {
      tags: ['um'], summary: 'A page of the authors the caller follows, the latest followed first, with works and followers counted',
      querystring: MyPagedQuery, response: { 200: Envelope(Paged(FollowItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => followList(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/um/api/userFollow/fans', {
    schema: {
      tags: ['um'], summary: 'A page of an author\'s followers (authorId; open to guests), or of the caller\'s own (no authorId), the latest first',
      querystring: FansQuery, response: { 200: Envelope(Paged(FanItem)) },
    },
  }, async (req) => {
    const { tenantId, authorId, pageNo = 1, pageSize = 10 } = req.query;
    const user = authorId === undefined ? requireUser(req, tenantId) : viewerOf(req, tenantId);
    return ok(await readTenant(app, tenantId, async (trx) => {
      if (authorId !== undefined) {
        if (!(await authorOwner(trx, authorId))) throw authorMissing(authorId);
        return fansList(trx, authorId, { pageNo, pageSize });
      }
      // Without a pen name nobody can follow the caller yet: an empty page, not an error.
      const own = await ownAuthorId(trx, user!.userId);
      return own === null ? { list: [], total: 0, pageNo, pageSize } : fansList(trx, own, { pageNo, pageSize });
    }));
  });
}
