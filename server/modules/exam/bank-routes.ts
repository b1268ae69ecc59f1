// The back-office's question bank, exam builder, role grants and practice sets (issue 18 part A;
// docs/api.md "Exams: back-office"). Every call is guarded as /cfg/api/admin/* (bank-guard.ts):
// tenantType 1 and the caller's adminAuth, checked on every call; a teacher without adminAuth is refused.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import {
  AdminExam, AdminExamPage, AdminExamsQuery, AdminRoleGrant, ArchiveBody, ArchiveResult, BankCategory, BankQuestion, BankQuestionPage, BuilderChoices, IdBody, IdQuery, ImportBody, ImportResult, PracticeSetRow, PracticeSetStateBody, PublishBody, QuestionsQuery, RoleBody, SaveCategoryBody, SaveExamBody, SavePaperBody, SavePracticeSetBody, SaveQuestionBody, TenantOnly, UserChoice, UsersQuery,
} from '../../../schemas/api/exam-admin';
import { ok } from '../../plugins/envelope';
import { asBankAdmin } from './bank-guard';
import { importQuestions, importTemplate } from './bank-import';
import { archiveQuestion, deleteCategory, getQuestion, listCategories, saveCategory, saveQuestion, searchQuestions } from './bank-repository';
import {
  builderChoices, createPracticeSet, findUsers, getAdminExam, grant, listAdminExams, listGrants, listPracticeSets, publishExam, revoke,
  saveExamSettings, savePaper, setPracticeSetState,
} from './builder-service';

const tags = ['exam-admin'];

export async function bankRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // --- Categories ---
  r.get('/exam/api/admin/bank/categories', {
    schema: { tags, summary: 'Back-office: every question category (a tree by parentId) with its question count', querystring: TenantOnly, response: { 200: Envelope(Type.Array(BankCategory)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => listCategories(trx))));

  r.post('/exam/api/admin/bank/category/save', {
    schema: { tags, summary: 'Back-office: create, rename or move a question category', body: SaveCategoryBody, response: { 200: Envelope(BankCategory) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => saveCategory(trx, req.body.tenantId, req.body)), '保存成功'));

  r.post('/exam/api/admin/bank/category/delete', {
    schema: { tags, summary: 'Back-office: delete an empty question category (refused while it holds categories or questions)', body: IdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    await asBankAdmin(app, req, req.body.tenantId, (trx) => deleteCategory(trx, req.body.id));
    return ok(null, '已删除');
  });

  // --- Questions ---
  r.get('/exam/api/admin/bank/questions', {
    schema: { tags, summary: 'Back-office: bank questions by category (and below), kind, difficulty and stem text, paged', querystring: QuestionsQuery, response: { 200: Envelope(BankQuestionPage) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => searchQuestions(trx, req.query))));

  r.get('/exam/api/admin/bank/question', {
    schema: { tags, summary: 'Back-office: one bank question with its sub-questions and answer', querystring: IdQuery, response: { 200: Envelope(BankQuestion) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => getQuestion(trx, req.query.id))));

  r.post('/exam/api/admin/bank/question/save', {
    schema: { tags, summary: 'Back-office: create or edit a bank question, checked by kind (option keys, answers, judge options, fill blanks, composite children)', body: SaveQuestionBody, response: { 200: Envelope(BankQuestion) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx, userId) => saveQuestion(trx, req.body.tenantId, userId, req.body.question)), '保存成功'));

  r.post('/exam/api/admin/bank/question/archive', {
    schema: { tags, summary: 'Back-office: delete a question no exam or practice set uses, else archive it; restore: true brings an archived one back', body: ArchiveBody, response: { 200: Envelope(ArchiveResult) } },
  }, async (req) => {
    const outcome = await asBankAdmin(app, req, req.body.tenantId, (trx) => archiveQuestion(trx, req.body.id, req.body.restore ?? false));
    return ok({ outcome }, outcome === 'deleted' ? '已删除' : outcome === 'archived' ? '已有考试用过这道题，已归档' : '已恢复');
  });

  // --- Import ---
  r.post('/exam/api/admin/bank/import', {
    bodyLimit: 12 * 1024 * 1024,
    schema: { tags, summary: 'Back-office: import questions from an .xlsx in the template layout; all or nothing, with a per-row error report', body: ImportBody, response: { 200: Envelope(ImportResult) } },
  }, async (req) => {
    const { tenantId, fileName, data } = req.body;
    const result = await asBankAdmin(app, req, tenantId, (trx, userId) => importQuestions(trx, tenantId, userId, fileName, Buffer.from(data, 'base64')));
    return ok(result, result.errors.length ? `有 ${result.errors.length} 处错误，没有导入任何题目` : `已导入 ${result.imported} 道题`);
  });

  r.get('/exam/api/admin/bank/template', {
    schema: { tags, summary: 'Back-office: the import template (.xlsx): the header, and examples with the rules on a second sheet', querystring: TenantOnly },
  }, async (req, reply) => {
    await asBankAdmin(app, req, req.query.tenantId, async () => undefined);
    const file = await importTemplate();
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="question-bank-template.xlsx"').send(file);
  });

  // --- Exams ---
  r.get('/exam/api/admin/exams', {
    schema: { tags, summary: 'Back-office: every exam and survey (drafts too), newest first', querystring: AdminExamsQuery, response: { 200: Envelope(AdminExamPage) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => listAdminExams(trx, req.query))));

  r.get('/exam/api/admin/exam', {
    schema: { tags, summary: 'Back-office: one exam\'s settings, paper, markers and invigilators', querystring: IdQuery, response: { 200: Envelope(AdminExam) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => getAdminExam(trx, req.query.id))));

  r.get('/exam/api/admin/exam/choices', {
    schema: { tags, summary: 'Back-office: the builder\'s pickers (exam categories, classes)', querystring: TenantOnly, response: { 200: Envelope(BuilderChoices) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => builderChoices(trx))));

  r.post('/exam/api/admin/exam/save', {
    schema: { tags, summary: 'Back-office: create (a draft) or edit an exam\'s settings', body: SaveExamBody, response: { 200: Envelope(AdminExam) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx, userId) => saveExamSettings(trx, req.body.tenantId, userId, req.body.exam)), '保存成功'));

  r.post('/exam/api/admin/exam/paper/save', {
    schema: { tags, summary: 'Back-office: an exam\'s paper, fixed (bank questions copied in order with points) or random (draw rules checked against the bank); refused once anyone has an attempt', body: SavePaperBody, response: { 200: Envelope(AdminExam) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => savePaper(trx, req.body.tenantId, req.body)), '试卷已保存'));

  r.post('/exam/api/admin/exam/publish', {
    schema: { tags, summary: 'Back-office: publish or unpublish an exam (publishing needs a paper)', body: PublishBody, response: { 200: Envelope(AdminExam) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => publishExam(trx, req.body.id, req.body.published)), req.body.published ? '已发布' : '已取消发布'));

  // --- Roles ---
  r.get('/exam/api/admin/roles', {
    schema: { tags, summary: 'Back-office: every role grant of the tenant (user, role, scope and its name)', querystring: TenantOnly, response: { 200: Envelope(Type.Array(AdminRoleGrant)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => listGrants(trx))));

  r.post('/exam/api/admin/role/grant', {
    schema: { tags, summary: 'Back-office: grant teacher over a class or a live room, marker over an exam or a competition (a judge), invigilator over an exam, or any of them tenant-wide (scopeType null)', body: RoleBody, response: { 200: Envelope(Type.Array(AdminRoleGrant)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => grant(trx, req.body.tenantId, req.body)), '已授权'));

  r.post('/exam/api/admin/role/revoke', {
    schema: { tags, summary: 'Back-office: revoke one grant', body: RoleBody, response: { 200: Envelope(Type.Array(AdminRoleGrant)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => revoke(trx, req.body)), '已撤销'));

  r.get('/exam/api/admin/users', {
    schema: { tags, summary: 'Back-office: users whose account or name contains the text (20 at most), to grant roles to', querystring: UsersQuery, response: { 200: Envelope(Type.Array(UserChoice)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => findUsers(trx, req.query.text))));

  // --- Practice sets ---
  r.get('/exam/api/admin/practiceSets', {
    schema: { tags, summary: 'Back-office: every practice set, hidden ones too', querystring: TenantOnly, response: { 200: Envelope(Type.Array(PracticeSetRow)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.query.tenantId, (trx) => listPracticeSets(trx))));

  r.post('/exam/api/admin/practiceSet/save', {
    schema: { tags, summary: 'Back-office: create a practice set from chosen bank questions or N random of a category', body: SavePracticeSetBody, response: { 200: Envelope(Type.Array(PracticeSetRow)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx, userId) => createPracticeSet(trx, req.body.tenantId, userId, req.body)), '已创建'));

  r.post('/exam/api/admin/practiceSet/state', {
    schema: { tags, summary: 'Back-office: show (published) or hide a practice set', body: PracticeSetStateBody, response: { 200: Envelope(Type.Array(PracticeSetRow)) } },
  }, async (req) => ok(await asBankAdmin(app, req, req.body.tenantId, (trx) => setPracticeSetState(trx, req.body.id, req.body.state)), '已保存'));
}
