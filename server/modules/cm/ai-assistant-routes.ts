// Issue 21 part D: the tenant's assistants (/robot/assistant/{id?}) and applications
// (/robot/application/{id?}) for learners, and their runs (docs/api.md "Issue 21 D"; rules in
// docs/ai.md D). Guests may list and read assistants and applications; running one and the saved
// runs need sign-in. The back office's calls are in ai-assistant-admin-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { creditRules } from '../../lib/ai/credits';
import { providerFor } from '../../lib/ai/provider';
import {
  ApplicationDetail, ApplicationList, ApplicationListQuery, AssistantDetail, AssistantList, IdQuery, PickerList, PickerQuery,
  RunBody, RunCard, RunDetail, RunQuery, RunResult, RunsQuery, TenantQuery,
} from '../../../schemas/api/ai-assistants';
import { assistantDetail, listApplications, listAssistants, loadApplication } from './ai-assistant-repository';
import { chargeRun, executeRun, findRun, searchRuns } from './ai-application-run';
import { openSse } from '../../lib/ai/sse';
import { pickerItems } from './ai-application-material';
import { aiAssistantAdminRoutes } from './ai-assistant-admin-routes';

const MESSAGES = {
  zh: {
    assistant: '这个助手不存在或已停用，请回到助手列表重新选择。',
    application: '这个应用不存在或已停用，请回到应用列表重新选择。',
    run: '这条运行记录不存在或已被删除。',
    streamFailed: '服务器出了点问题，这次运行没有完成，请稍后再试。',
  },
  en: {
    assistant: 'This assistant does not exist or is disabled; please choose one from the list again.',
    application: 'This application does not exist or is disabled; please choose one from the list again.',
    run: 'This run does not exist or was deleted.',
    streamFailed: 'Something went wrong on the server and this run did not finish; please try again later.',
  },
} as const;

/** The longest a run may take before it is stopped (and refunded). */
const RUN_TIMEOUT_MS = 120_000;

export async function aiAssistantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(aiAssistantAdminRoutes);

  r.get('/cm/api/ai/assistant/list', {
    schema: { tags: ['cm'], summary: 'The tenant\'s enabled AI assistants, in their order (guests too)', querystring: TenantQuery, response: { 200: Envelope(AssistantList) } },
  }, async (req) => ok({ list: await readTenant(app, req.query.tenantId, (trx) => listAssistants(trx)) }));

  r.get('/cm/api/ai/assistant/detail', {
    schema: {
      tags: ['cm'], summary: 'An enabled assistant: description, greeting, example questions and its applications (guests too)',
      querystring: IdQuery, response: { 200: Envelope(AssistantDetail) },
    },
  }, async (req) => {
    const found = await readTenant(app, req.query.tenantId, (trx) => assistantDetail(trx, req.query.id));
    if (!found) throw new ApiError(MESSAGES[req.query.lang ?? 'zh'].assistant, { code: 404, errorCode: 'AI_ASSISTANT_NOT_FOUND' });
    return ok(found);
  });

  r.get('/cm/api/ai/application/list', {
    schema: {
      tags: ['cm'], summary: 'The tenant\'s enabled applications on enabled assistants, in their order (guests too)',
      querystring: ApplicationListQuery, response: { 200: Envelope(ApplicationList) },
    },
  }, async (req) => ok({ list: await readTenant(app, req.query.tenantId, (trx) => listApplications(trx, req.query.assistantId)) }));

  r.get('/cm/api/ai/application/detail', {
    schema: {
      tags: ['cm'], summary: 'An enabled application with its form, the credits a run costs and whether it needs the HTTP provider (guests too)',
      querystring: IdQuery, response: { 200: Envelope(ApplicationDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const found = await readTenant(app, tenantId, async (trx) => {
      const loaded = await loadApplication(trx, id);
      if (!loaded) return null;
      const { assistant: _assistant, promptTemplate: _template, ...card } = loaded;
      const provider = await providerFor(trx, tenantId);
      return { ...card, cost: (await creditRules(trx, tenantId)).prices.application, needsProvider: loaded.task === 'prompt' && provider.kind === 'offline' };
    });
    if (!found) throw new ApiError(MESSAGES[req.query.lang ?? 'zh'].application, { code: 404, errorCode: 'AI_APP_NOT_FOUND' });
    return ok(found);
  });

  r.get('/cm/api/ai/application/options', {
    schema: {
      tags: ['cm'], summary: 'Choices of an application form\'s course or content picker: the tenant\'s published items by title',
      querystring: PickerQuery, response: { 200: Envelope(PickerList) },
    },
  }, async (req) => ok({ list: await readTenant(app, req.query.tenantId, (trx) => pickerItems(trx, req.query.kind, req.query.keyword)) }));

  r.post('/cm/api/ai/application/run', {
    schema: {
      tags: ['cm'], summary: 'Runs an application for the signed-in learner: inputs checked against its form, one application run charged (refunded when it fails), the run saved',
      body: RunBody, response: { 200: Envelope(RunResult) },
    },
  }, async (req, reply) => {
    const user = requireUser(req, req.body.tenantId);
    const charged = await chargeRun(app, { tenantId: user.tenantId, userId: user.userId, id: req.body.id, inputs: req.body.inputs, lang: req.body.lang ?? 'zh' });
    // Stopped when the learner leaves: the response closes before it was sent.
    const stop = new AbortController();
    reply.raw.once('close', () => { if (!reply.raw.writableFinished) stop.abort(); });
    return ok(await executeRun(app, charged, () => undefined, AbortSignal.any([stop.signal, AbortSignal.timeout(RUN_TIMEOUT_MS)])));
  });

  r.post('/cm/api/ai/application/stream', {
    schema: {
      tags: ['cm'], summary: 'The same run as /cm/api/ai/application/run, answered as server-sent events: start {cost, balance}, delta {text} pieces, done {run, balance} or error {message}; refusals before the charge are envelopes',
      body: RunBody, response: { 200: Envelope(RunResult) },
    },
  }, async (req, reply) => {
    const user = requireUser(req, req.body.tenantId);
    const charged = await chargeRun(app, { tenantId: user.tenantId, userId: user.userId, id: req.body.id, inputs: req.body.inputs, lang: req.body.lang ?? 'zh' });
    const sse = openSse(req, reply);
    try {
      sse.send('start', { cost: charged.charge.cost, balance: charged.charge.balance });
      sse.send('done', await executeRun(app, charged, (text) => sse.send('delta', { text }), AbortSignal.any([sse.signal, AbortSignal.timeout(RUN_TIMEOUT_MS)])));
    } catch (error) {
      // Only an ApiError's sentence is meant for the learner; any other error's text stays in the log.
      if (error instanceof ApiError) req.log.warn({ err: error }, 'a streamed application run failed');
      else req.log.error({ err: error }, 'a streamed application run failed');
      if (!sse.closed) sse.send('error', { message: error instanceof ApiError ? error.message : MESSAGES[req.body.lang ?? 'zh'].streamFailed });
    } finally {
      sse.end();
    }
  });

  r.get('/cm/api/ai/application/runs', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s application runs (我的运行记录), newest first',
      querystring: RunsQuery, response: { 200: Envelope(Paged(RunCard)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, applicationId } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchRuns(trx, user.userId, { pageNo, pageSize, ...(applicationId ? { applicationId } : {}) })));
  });

  r.get('/cm/api/ai/application/run', {
    schema: { tags: ['cm'], summary: 'One of the caller\'s runs with its inputs, output and questions', querystring: RunQuery, response: { 200: Envelope(RunDetail) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const found = await readTenant(app, user.tenantId, (trx) => findRun(trx, user.userId, req.query.id));
    if (!found) throw new ApiError(MESSAGES.zh.run, { code: 404, errorCode: 'AI_APP_RUN_NOT_FOUND' });
    return ok(found);
  });
}
