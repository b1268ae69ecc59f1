// Marking subjective answers (issue 18, /user/center/work/myExamMarking; docs/api.md "Exams:
// marking"). Every call needs a signed-in user of the call's tenant who marks the exam (the marker
// role over it, or tenant-wide: server/lib/roles.ts); the service checks it on every call.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  MarkingAnswers, MarkingAnswersQuery, MarkingExam, MarkingExamQuery, MarkingExamsQuery, MarkingPaper, SaveMarkBody, SaveMarkResult,
} from '../../../schemas/api/exam-marking';
import { markerExams, markingAnswers, markingPaper, saveMark } from './marking-service';

/** The marker's calls; registered from examService (server/modules/exam/index.ts). */
export async function markingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/exam/api/marking/exams', {
    schema: {
      tags: ['exam'], summary: 'The exams with short questions the caller marks, with pending attempts and answers (403 NOT_MARKER for anyone who marks nothing)',
      querystring: MarkingExamsQuery, response: { 200: Envelope(Type.Array(MarkingExam)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => markerExams(trx, user.userId)));
  });

  r.get('/exam/api/marking/paper', {
    schema: {
      tags: ['exam'], summary: 'One exam\'s short questions for its marker: stem, model answer, points and progress',
      querystring: MarkingExamQuery, response: { 200: Envelope(MarkingPaper) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => markingPaper(trx, user.userId, req.query.examId)));
  });

  r.get('/exam/api/marking/answers', {
    schema: {
      tags: ['exam'], summary: 'The answers to one short question, pending (oldest first) or marked (latest first); candidates numbered, named only without blind marking',
      querystring: MarkingAnswersQuery, response: { 200: Envelope(MarkingAnswers) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { examId, questionId, state = 'pending' } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => markingAnswers(trx, user.userId, examId, questionId, state)));
  });

  r.post('/exam/api/marking/save', {
    schema: {
      tags: ['exam'], summary: 'Mark one short answer (0 to its points, with a comment) or change a mark; the attempt\'s score is final once every short answer has one',
      body: SaveMarkBody, response: { 200: Envelope(SaveMarkResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { attemptId, questionId, score, comment } = req.body;
    return ok(await readTenant(app, user.tenantId, (trx) => saveMark(trx, user.tenantId, user.userId, { attemptId, questionId, score, comment })));
  });
}
