// The back-office's issue 19 editors of the task module (part I): competitions and games, with their
// pickers (docs/api.md "Growth: back-office"; rules in docs/growth.md "Back-office"). The spec names
// no back-office calls for them: ours, under /task/api/admin/. Every call is guarded as
// /cfg/api/admin/* (growth-admin-guard.ts): tenantType 1 and the caller's adminAuth, on every call.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import {
  AdminGame, AdminGamePage, AdminIdBody, AdminIdQuery, AdminJudge, AdminListQuery, AdminMatch, AdminMatchPage, AdminTenantOnly, BankCategoryChoice,
  BankImportQuery, ContentChoice, ContentsQuery, GameQuestionInput, JudgeBody, MatchChoices, PublishGameBody, SaveGameBody, SaveMatchBody,
} from '../../../schemas/api/growth-admin';
import { ok } from '../../plugins/envelope';
import { asGrowthAdmin } from './growth-admin-guard';
import {
  bankCategoryChoices, bankQuestionsFor, contentChoices, deleteAdminGame, getAdminGame, listAdminGames, publishAdminGame, saveAdminGame,
} from './growth-admin-games';
import { closeAdminMatch, deleteAdminMatch, getAdminMatch, listAdminMatches, matchChoices, saveAdminMatch, setJudge } from './growth-admin-matches';

const tags = ['task-admin'];

/** The back-office's issue 19 editors of the task module: competitions, games and learning tasks (guarded as cfg/admin-routes.ts). */
export async function growthAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // --- Matches ---
  r.get('/task/api/admin/matches', {
    schema: { tags, summary: 'Back-office: every match (drafts too) with its status and entrants, newest start first; keyword searches titles', querystring: AdminListQuery, response: { 200: Envelope(AdminMatchPage) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => listAdminMatches(trx, req.query))));

  r.get('/task/api/admin/match', {
    schema: { tags, summary: 'Back-office: one match with its stages (and their entries) and judges', querystring: AdminIdQuery, response: { 200: Envelope(AdminMatch) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => getAdminMatch(trx, req.query.id))));

  r.get('/task/api/admin/match/choices', {
    schema: { tags, summary: 'Back-office: the stage editor\'s exam picker (the tenant\'s exams, drafts too)', querystring: AdminTenantOnly, response: { 200: Envelope(MatchChoices) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => matchChoices(trx))));

  r.post('/task/api/admin/match/save', {
    schema: { tags, summary: 'Back-office: create or edit a match and its stages in order (windows checked; rules sanitised; a stage with entries keeps its kind and stays)', body: SaveMatchBody, response: { 200: Envelope(AdminMatch) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.body.tenantId, (trx) => saveAdminMatch(trx, req.body.tenantId, req.body.match)), '保存成功'));

  r.post('/task/api/admin/match/delete', {
    schema: { tags, summary: 'Back-office: delete a match nobody ever enrolled in (else refused: close it early)', body: AdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asGrowthAdmin(app, req, req.body.tenantId, (trx) => deleteAdminMatch(trx, req.body.id));
    return ok(null, '已删除');
  });

  r.post('/task/api/admin/match/close', {
    schema: { tags, summary: 'Back-office: end a match now (enrolment too); places and points follow as for any ended match', body: AdminIdBody, response: { 200: Envelope(AdminMatch) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.body.tenantId, (trx) => closeAdminMatch(trx, req.body.id)), '竞赛已结束'));

  r.post('/task/api/admin/match/judge', {
    schema: { tags, summary: 'Back-office: grant (grant: true) or revoke the marker role over a match: its judges', body: JudgeBody, response: { 200: Envelope(Type.Array(AdminJudge)) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.body.tenantId, (trx) => setJudge(trx, req.body.tenantId, req.body.id, req.body.userId, req.body.grant)),
    req.body.grant ? '已设为评委' : '已取消评委'));

  // --- Games ---
  r.get('/task/api/admin/games', {
    schema: { tags, summary: 'Back-office: every game (drafts too) with rounds and players, newest first; keyword searches titles', querystring: AdminListQuery, response: { 200: Envelope(AdminGamePage) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => listAdminGames(trx, req.query))));

  r.get('/task/api/admin/game', {
    schema: { tags, summary: 'Back-office: one game with its rounds and their questions, answers included', querystring: AdminIdQuery, response: { 200: Envelope(AdminGame) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => getAdminGame(trx, req.query.id))));

  r.post('/task/api/admin/game/save', {
    schema: { tags, summary: 'Back-office: create (a draft) or edit a game, its rounds in order and their questions; a played game keeps its rounds in order', body: SaveGameBody, response: { 200: Envelope(AdminGame) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.body.tenantId, (trx) => saveAdminGame(trx, req.body.tenantId, req.body.game)), '保存成功'));

  r.post('/task/api/admin/game/publish', {
    schema: { tags, summary: 'Back-office: publish (needs ≥ 1 round, every round ≥ 1 question) or unpublish a game', body: PublishGameBody, response: { 200: Envelope(AdminGame) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.body.tenantId, (trx) => publishAdminGame(trx, req.body.id, req.body.published)), req.body.published ? '已发布' : '已取消发布'));

  r.post('/task/api/admin/game/delete', {
    schema: { tags, summary: 'Back-office: delete a game nobody played (else refused: unpublish it)', body: AdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asGrowthAdmin(app, req, req.body.tenantId, (trx) => deleteAdminGame(trx, req.body.id));
    return ok(null, '已删除');
  });

  r.get('/task/api/admin/game/contents', {
    schema: { tags, summary: 'Back-office: the round editor\'s content picker (published contents, 50 at most)', querystring: ContentsQuery, response: { 200: Envelope(Type.Array(ContentChoice)) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => contentChoices(trx, req.query.keyword))));

  r.get('/task/api/admin/game/bankCategories', {
    schema: { tags, summary: 'Back-office: the question bank\'s categories, with how many single, multiple and judge questions each holds', querystring: AdminTenantOnly, response: { 200: Envelope(Type.Array(BankCategoryChoice)) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => bankCategoryChoices(trx))));

  r.get('/task/api/admin/game/bankQuestions', {
    schema: { tags, summary: 'Back-office: up to count single, multiple and judge questions of a bank category, as round questions to append', querystring: BankImportQuery, response: { 200: Envelope(Type.Array(GameQuestionInput)) } },
  }, async (req) => ok(await asGrowthAdmin(app, req, req.query.tenantId, (trx) => bankQuestionsFor(trx, req.query.categoryId, req.query.count))));
}
