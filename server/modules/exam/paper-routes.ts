// Sitting an exam or survey (spec learning §2 "Exams": /exam/detail/{id}, /exam/paper/{id},
// /exam/examResult; §7 "Exams" searchByMember; docs/api.md "Exams: sitting"). detail works for
// guests; every other call needs a signed-in user of the call's tenant and touches only their own
// attempts. Overdue attempts are closed in a transaction of their own before the call's work, so a
// refusal that follows never rolls that close back.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { searchHistory, searchMemberExams } from './paper-repository';
import {
  AttemptQuery, ExamDetail, ExamIdQuery, ExamPreview, ExamResult, HistoryItem, HistoryQuery, MemberExam, MemberQuery, Paper, SaveAnswerBody,
  SaveResult, StartBody, SubmitBody,
} from '../../../schemas/api/exam';
import { examDetail, previewOf, resultOf, saveAnswers, settleOverdue, startAttempt, submitAttempt } from './paper-service';

/** The caller's user id when signed in to this tenant; null for a guest. */
const viewerId = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user.userId : null);

/** The sitting calls; registered from examRoutes (server/modules/exam/routes.ts). */
export async function paperRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const settle = (tenantId: number, userId: number) => readTenant(app, tenantId, (trx) => settleOverdue(trx, userId));

  r.get('/exam/api/exam/detail', {
    schema: {
      tags: ['exam'], summary: 'An exam or survey with the caller\'s attempts and whether they can start now (and why not)',
      querystring: ExamIdQuery, response: { 200: Envelope(ExamDetail) },
    },
  }, async (req) => {
    const userId = viewerId(req, req.query.tenantId);
    return ok(await readTenant(app, req.query.tenantId, (trx) => examDetail(trx, userId, req.query.id)));
  });

  r.post('/exam/api/exam/start', {
    schema: {
      tags: ['exam'], summary: 'Start a sitting, or resume the open one: the questions without answers and the server deadline',
      body: StartBody, response: { 200: Envelope(Paper) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    await settle(user.tenantId, user.userId);
    return ok(await readTenant(app, user.tenantId, (trx) => startAttempt(trx, user.userId, req.body.examId)));
  });

  r.post('/exam/api/exam/saveAnswer', {
    schema: {
      tags: ['exam'], summary: 'Autosave answers of the open attempt (refused after its deadline or once handed in)',
      body: SaveAnswerBody, response: { 200: Envelope(SaveResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    await settle(user.tenantId, user.userId);
    return ok(await readTenant(app, user.tenantId, (trx) => saveAnswers(trx, user.userId, req.body.attemptId, req.body.answers)));
  });

  r.post('/exam/api/exam/submit', {
    schema: {
      tags: ['exam'], summary: 'Hand the attempt in and score it on the server; returns the result (a survey\'s: no score). A second submit is refused',
      body: SubmitBody, response: { 200: Envelope(ExamResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    // No settle first: a submit that arrives just after the deadline is this attempt's hand-in (with
    // the answers saved in time), not a second submit.
    return ok(await readTenant(app, user.tenantId, (trx) => submitAttempt(trx, user.userId, req.body.attemptId, req.body.answers)));
  });

  r.get('/exam/api/exam/result', {
    schema: {
      tags: ['exam'], summary: 'Score, pass and the review with correct answers of a closed attempt (surveys: only the answers given, no score)',
      querystring: AttemptQuery, response: { 200: Envelope(ExamResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    await settle(user.tenantId, user.userId);
    return ok(await readTenant(app, user.tenantId, (trx) => resultOf(trx, user.userId, req.query.attemptId)));
  });

  r.get('/exam/api/exam/searchByMember', {
    schema: {
      tags: ['exam'], summary: 'A page of the exams and surveys the caller has sat, latest attempt first, with best score',
      querystring: MemberQuery, response: { 200: Envelope(Paged(MemberExam)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    await settle(user.tenantId, user.userId);
    const { pageNo = 1, pageSize = 10, type } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchMemberExams(trx, user.userId, { pageNo, pageSize, ...(type ? { type } : {}) })));
  });

  r.get('/exam/api/exam/preview', {
    schema: {
      tags: ['exam'], summary: 'The paper read-only without answers, when the exam allows preview (403 PREVIEW_OFF otherwise); a random paper shows only how many it draws',
      querystring: ExamIdQuery, response: { 200: Envelope(ExamPreview) },
    },
  }, async (req) => {
    const userId = viewerId(req, req.query.tenantId);
    return ok(await readTenant(app, req.query.tenantId, (trx) => previewOf(trx, userId, req.query.id)));
  });

  r.get('/exam/api/exam/history', {
    schema: {
      tags: ['exam'], summary: "A page of the caller's attempts at exams, newest first: score or awaiting marking, time used (/exam/examHistory)",
      querystring: HistoryQuery, response: { 200: Envelope(Paged(HistoryItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    await settle(user.tenantId, user.userId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchHistory(trx, user.userId, { pageNo, pageSize })));
  });
}
