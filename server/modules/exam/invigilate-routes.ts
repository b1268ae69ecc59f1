// The invigilators' calls (issue 18 "Teachers": myExamInvigilate; docs/api.md "Exams: heartbeat and
// invigilation"). Each needs a signed-in user of the call's tenant holding the invigilator role over
// the exam (server/lib/roles.ts), checked on every call: anyone else gets 403 NOT_INVIGILATOR.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import {
  AttemptEvents, AttemptEventsQuery, CandidateList, CandidatesQuery, ForceSubmitBody, ForceSubmitResult, InvigilateExam, InvigilateExamsQuery,
} from '../../../schemas/api/exam-invigilate';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { attemptEvents, candidatesOf, forceSubmit, myRunningExams } from './invigilate-service';

/** The /exam/api/invigilate/* calls; registered from examService (index.ts). */
export async function invigilateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/exam/api/invigilate/exams', {
    schema: {
      tags: ['exam'], summary: 'The running exams (window open) the caller invigilates, with candidate counts',
      querystring: InvigilateExamsQuery, response: { 200: Envelope(Type.Array(InvigilateExam)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => myRunningExams(trx, user.userId)));
  });

  r.get('/exam/api/invigilate/candidates', {
    schema: {
      tags: ['exam'], summary: 'The live list of an exam\'s candidates: name, start, answered / total, last seen (offline past 45 s), leaves and latest events, state',
      querystring: CandidatesQuery, response: { 200: Envelope(CandidateList) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => candidatesOf(trx, user.userId, req.query.examId)));
  });

  r.get('/exam/api/invigilate/events', {
    schema: {
      tags: ['exam'], summary: 'One attempt\'s event timeline (start, leave, return, offline, online, force_submit, auto_submit), oldest first',
      querystring: AttemptEventsQuery, response: { 200: Envelope(AttemptEvents) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => attemptEvents(trx, user.userId, req.query.attemptId)));
  });

  r.post('/exam/api/invigilate/forceSubmit', {
    schema: {
      tags: ['exam'], summary: 'Hand an open attempt in as it stands, with a reason the learner sees (a force_submit event; the paper learns at its next heartbeat)',
      body: ForceSubmitBody, response: { 200: Envelope(ForceSubmitResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => forceSubmit(trx, user.userId, req.body.attemptId, req.body.reason)));
  });
}
