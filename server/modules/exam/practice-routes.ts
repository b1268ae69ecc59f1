// Mock practice calls (issue 18 "Learners"; docs/api.md "Exams: practice"). categories and sets are
// open to guests (the pages show what there is before sign-in); every other call needs a signed-in
// user of the call's tenant and touches only their own sessions and wrong-answer book.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso, isoOrNull } from '../../lib/list-sql';
import {
  AnswerPracticeBody, AnswerResult, AssessBody, ExamWrongQuery, ExamWrongSummary, FinishBody, PracticeCategory, PracticeHistoryItem,
  PracticePageQuery, PracticeSession, PracticeSetItem, PracticeTenantQuery, RemovedResult, RemoveWrongBody, SessionQuery, StartPracticeBody,
  WrongAnswerItem, WrongBookQuery,
} from '../../../schemas/api/practice';
import {
  answerPractice, assessPractice, examWrongSummary, finishPractice, latestSets, practiceCategories, practiceHistory, sessionOf, startPractice,
} from './practice-service';
import { listWrongBook, removeWrong } from './practice-wrong';

/** The practice calls; registered from exam's index.ts. */
export async function practiceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['exam'];

  r.get('/exam/api/practice/categories', {
    schema: { tags, summary: 'The question bank\'s categories with their practisable questions (a parent counts its children\'s)', querystring: PracticeTenantQuery, response: { 200: Envelope(Type.Array(PracticeCategory)) } },
  }, async (req) => ok(await readTenant(app, req.query.tenantId, practiceCategories)));

  r.get('/exam/api/practice/sets', {
    schema: { tags, summary: 'The newest published practice sets (/paper/latest)', querystring: PracticePageQuery, response: { 200: Envelope(Paged(PracticeSetItem)) } },
  }, async (req) => ok(await readTenant(app, req.query.tenantId, (trx) => latestSets(trx, req.query.pageNo ?? 1, req.query.pageSize ?? 10))));

  r.post('/exam/api/practice/start', {
    schema: { tags, summary: 'Start a practice: drawn from a category (fewer when the bank has fewer: requested says so), a set, a finished exam\'s wrong answers or the wrong-answer book', body: StartPracticeBody, response: { 200: Envelope(PracticeSession) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => startPractice(trx, user.userId, req.body)));
  });

  r.get('/exam/api/practice/session', {
    schema: { tags, summary: 'One of the caller\'s sessions: resume it or review it (answers only of the questions checked)', querystring: SessionQuery, response: { 200: Envelope(PracticeSession) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => sessionOf(trx, user.userId, req.query.id)));
  });

  r.post('/exam/api/practice/answer', {
    schema: { tags, summary: 'Check one question: right or wrong, the right answer and the explanation (short: the reference answer, then assess). Twice is refused', body: AnswerPracticeBody, response: { 200: Envelope(AnswerResult) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { sessionId, index, value, parts } = req.body;
    return ok(await readTenant(app, user.tenantId, (trx) => answerPractice(trx, user.userId, sessionId, index, value, parts)));
  });

  r.post('/exam/api/practice/assess', {
    schema: { tags, summary: 'The learner\'s own verdict on a short answer after reading the reference ("I got it" / "I missed it"); once', body: AssessBody, response: { 200: Envelope(AnswerResult) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => assessPractice(trx, user.userId, req.body.sessionId, req.body.index, req.body.correct)));
  });

  r.post('/exam/api/practice/finish', {
    schema: { tags, summary: 'Finish a session (its summary: counts and accuracy); again returns it unchanged', body: FinishBody, response: { 200: Envelope(PracticeSession) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => finishPractice(trx, user.userId, req.body.sessionId)));
  });

  r.get('/exam/api/practice/history', {
    schema: { tags, summary: 'The caller\'s practice sessions, newest first, with counts and accuracy', querystring: PracticePageQuery, response: { 200: Envelope(Paged(PracticeHistoryItem)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => practiceHistory(trx, user.userId, req.query.pageNo ?? 1, req.query.pageSize ?? 10)));
  });

  r.get('/exam/api/practice/wrongBook', {
    schema: { tags, summary: 'The caller\'s wrong-answer book: the entries still to practise (or the mastered ones), latest first', querystring: WrongBookQuery, response: { 200: Envelope(Paged(WrongAnswerItem)) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const pageNo = req.query.pageNo ?? 1;
    const pageSize = req.query.pageSize ?? 10;
    const { rows, total } = await readTenant(app, user.tenantId, (trx) => listWrongBook(trx, user.userId, { pageNo, pageSize, mastered: req.query.mastered ?? false }));
    return ok({
      list: rows.map((w) => ({
        source: w.source, questionId: Number(w.question_id), examId: w.exam_id === null ? null : Number(w.exam_id), examTitle: w.exam_title ?? null,
        kind: w.kind, stem: w.stem, lastAnswer: w.last_answer, wrongCount: w.wrong_count, lastWrongAt: iso(w.last_wrong_at), masteredAt: isoOrNull(w.mastered_at),
      })),
      total, pageNo, pageSize,
    });
  });

  r.post('/exam/api/practice/wrongBook/remove', {
    schema: { tags, summary: 'Remove an entry from the caller\'s wrong-answer book', body: RemoveWrongBody, response: { 200: Envelope(RemovedResult) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const removed = await readTenant(app, user.tenantId, (trx) => removeWrong(trx, user.userId, req.body.source, req.body.questionId));
    if (!removed) throw new ApiError('错题本里没有这道题，可能已经移除，请刷新页面。', { code: 404, errorCode: 'WRONG_NOT_FOUND' });
    return ok({ removed });
  });

  r.get('/exam/api/practice/examWrong', {
    schema: { tags, summary: 'Whether a finished exam\'s wrong answers can be practised (/exam/practice) and how many there are', querystring: ExamWrongQuery, response: { 200: Envelope(ExamWrongSummary) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => examWrongSummary(trx, user.userId, req.query.examId)));
  });
}
