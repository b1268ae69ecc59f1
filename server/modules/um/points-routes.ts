// Points, levels and ranking (issue 19 part C; spec learning §7 cfg and um; §9 "points ranking ...
// not shown": the rules are ours, docs/growth.md "Points, levels and ranking"; wire format in
// docs/api.md "Points"). The rules and levels are public tenant settings; the caller's standing,
// ledger and check-in need a session; the board is public and adds the caller's own place.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { awardPoints } from '../../lib/points';
import { listBoardOrgs, listLedger, listLevels, listRules, pointsBoard, saveLevels, saveRule, studyBoard, tenantDays, userScore } from './points-repository';
import {
  PointsLevel, PointsLevelsSaveBody, PointsOrgList, PointsRuleSaveBody, PointsRankPage, PointsRankQuery, PointsRule, SignInResult, StudyRankPage, StudyRankQuery, TenantBody, TenantQuery, UserLogItem,
  UserLogQuery, UserScore,
} from '../../../schemas/api/points';
import { asBackOfficeAdmin } from '../../lib/back-office';

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant (server/lib/back-office.ts). */
async function asAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx) => work(trx));
}

export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/cfgIntegrateType/listByTenantFront', {
    schema: {
      tags: ['cfg'], summary: 'The point kinds that earn points now, with their rules as learners read them',
      querystring: TenantQuery, response: { 200: Envelope(Type.Array(PointsRule)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listRules(trx, true))));

  r.get('/cfg/api/integrate/listRule', {
    schema: {
      tags: ['cfg'], summary: 'Every points rule of the tenant, paused ones included (enabled false)',
      querystring: TenantQuery, response: { 200: Envelope(Type.Array(PointsRule)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listRules(trx, false))));

  r.get('/cfg/api/integrate/listLevel', {
    schema: {
      tags: ['cfg'], summary: 'The levels by total points, lowest first',
      querystring: TenantQuery, response: { 200: Envelope(Type.Array(PointsLevel)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listLevels(trx))));

  r.get('/um/api/userIntegrate/rank', {
    schema: {
      tags: ['um'], summary: 'Points ranking: learners by points, most first; by period (week, month, all) and organisation; the caller\'s own place when signed in',
      querystring: PointsRankQuery, response: { 200: Envelope(PointsRankPage) },
    },
  }, async (req) => {
    const q = req.query;
    const orgName = q.orgName?.trim() || undefined;
    // Only a session of this tenant gets its own place (a token is one tenant's).
    const callerId = req.user && req.user.tenantId === q.tenantId ? req.user.userId : undefined;
    return readTenant(app, q.tenantId, async (trx) => ok(await pointsBoard(trx, q.tenantId, {
      pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10, period: q.period ?? 'all', orgName,
    }, callerId)));
  });

  r.get('/um/api/userIntegrate/studyRank', {
    schema: {
      tags: ['um'], summary: 'Ours: the study-time or completion board by period (the /rank page), with the caller\'s own place when signed in',
      querystring: StudyRankQuery, response: { 200: Envelope(StudyRankPage) },
    },
  }, async (req) => {
    const q = req.query;
    const callerId = req.user && req.user.tenantId === q.tenantId ? req.user.userId : undefined;
    return readTenant(app, q.tenantId, async (trx) => ok(await studyBoard(trx, q.tenantId, {
      pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10, period: q.period ?? 'week', by: q.by,
    }, callerId)));
  });

  r.get('/um/api/userIntegrate/orgList', {
    schema: {
      tags: ['um'], summary: 'Ours: the organisations the points board can be filtered by',
      querystring: TenantQuery, response: { 200: Envelope(PointsOrgList) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listBoardOrgs(trx))));

  r.get('/um/api/userIntegrate/userScore', {
    schema: {
      tags: ['um'], summary: 'The caller\'s points: total, level and the next, today\'s points against each cap, check-in, place',
      querystring: TenantQuery, response: { 200: Envelope(UserScore) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => ok(await userScore(trx, user.tenantId, user.userId)));
  });

  r.get('/um/api/userIntegrate/userLog', {
    schema: {
      tags: ['um'], summary: 'The caller\'s points ledger, newest first, by kind and period',
      querystring: UserLogQuery, response: { 200: Envelope(Paged(UserLogItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const q = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await listLedger(trx, user.tenantId, user.userId, {
      pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10, kind: q.kind, period: q.period ?? 'all',
    })));
  });

  r.post('/um/api/userIntegrate/signIn', {
    schema: {
      tags: ['um'], summary: 'Ours: the daily check-in (kind sign_in), once per tenant day',
      body: TenantBody, response: { 200: Envelope(SignInResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const { today } = await tenantDays(trx, user.tenantId);
      // docs/growth.md: one check-in a tenant day; its ref is the day, so a second is refused.
      const signedToday = async () => (await trx.selectFrom('points_ledger').select('id')
        .where('user_id', '=', user.userId).where('kind', '=', 'sign_in').where('ref', '=', today).executeTakeFirst()) !== undefined;
      const alreadySignedIn = () => new ApiError('今天已经签到过了，明天再来吧。', { code: 409, errorCode: 'ALREADY_SIGNED_IN' });
      if (await signedToday()) throw alreadySignedIn();
      const points = await awardPoints(trx, { userId: user.userId, kind: 'sign_in', ref: today });
      // A check-in at the same moment may have written today's row while this one waited for the
      // learner's lock (awardPoints then adds 0): that is the second check-in, not a rule turned off.
      if (points === 0) throw (await signedToday()) ? alreadySignedIn() : new ApiError('本站暂未开启签到积分。', { code: 409, errorCode: 'SIGN_IN_OFF' });
      const total = await trx.selectFrom('user_integral').select('points').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
      return ok({ points, total: total.points, today });
    });
  });

  // --- Back-office (/sub_admin/points): ours ---
  r.post('/cfg/api/integrate/saveRule', {
    schema: {
      tags: ['cfg'], summary: 'Ours, back-office: edit one points rule (points, step, daily cap, on/off, name, description); admins only',
      body: PointsRuleSaveBody, response: { 200: Envelope(Type.Array(PointsRule)) },
    },
  }, async (req) => {
    const { tenantId, ...rule } = req.body;
    const name = rule.name.trim();
    if (!name) throw new ApiError('请填写规则名称。', { code: 400, errorCode: 'VALIDATION' });
    return ok(await asAdmin(app, req, tenantId, async (trx) => {
      await saveRule(trx, tenantId, { ...rule, name, description: rule.description.trim() });
      return listRules(trx, false);
    }), '已保存');
  });

  r.post('/cfg/api/integrate/saveLevels', {
    schema: {
      tags: ['cfg'], summary: 'Ours, back-office: replace the levels (the first from 0 points, minimums all different); admins only',
      body: PointsLevelsSaveBody, response: { 200: Envelope(Type.Array(PointsLevel)) },
    },
  }, async (req) => {
    const { tenantId } = req.body;
    const levels = req.body.levels.map((l) => ({ name: l.name.trim(), minPoints: l.minPoints })).sort((a, b) => a.minPoints - b.minPoints);
    // docs/growth.md: every total holds a level, so one starts at 0; two levels never share a minimum.
    if (levels[0]!.minPoints !== 0) throw new ApiError('第一个等级须从 0 分开始。', { code: 400, errorCode: 'LEVELS_INVALID' });
    if (new Set(levels.map((l) => l.minPoints)).size !== levels.length) throw new ApiError('两个等级的起始积分不能相同。', { code: 400, errorCode: 'LEVELS_INVALID' });
    if (levels.some((l) => !l.name)) throw new ApiError('请填写每个等级的名称。', { code: 400, errorCode: 'VALIDATION' });
    return ok(await asAdmin(app, req, tenantId, async (trx) => {
      await saveLevels(trx, tenantId, levels);
      return listLevels(trx);
    }), '已保存');
  });
}
