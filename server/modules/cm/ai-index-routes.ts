// Issue 21 part B: the retrieval index's back-office calls (ours, docs/api.md "AI: the retrieval
// index"), for /sub_admin/ai: its state per kind, a rebuild, and a preview of what the offline
// assistant finds and answers. Registering this plugin also gives the index its own database
// handle (a rebuild runs in its own transaction) and its document reader (help articles' and
// article contents' HTML, read through the app's own /uploads route as a browser would).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Transaction } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { AiIndexPreview, AiIndexPreviewBody, AiIndexStatus, AiIndexTenantBody, AiIndexTenantQuery } from '../../../schemas/api/ai-index';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { composeAnswer } from '../../lib/ai/offline-answer';
import { PASSAGE_KINDS, type PassageKind } from '../../lib/ai/types';
import { ok } from '../../plugins/envelope';
import type { DB } from '../../db/types';
import { sourceFingerprint } from './ai-index-build';
import { dropIndexSources, rebuildIndex, searchPassages, useIndexSources } from './ai-index-search';

/** The index's state for the back office. */
async function indexStatus(trx: Transaction<DB>, tenantId: number): Promise<AiIndexStatus> {
  const state = await trx.selectFrom('ai_index_state').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  const counts = await trx.selectFrom('ai_passage')
    .select(['kind', sql<string>`count(distinct ref_id)`.as('items'), sql<string>`count(*)`.as('passages')])
    .where('tenant_id', '=', tenantId).groupBy('kind').execute();
  const byKind = new Map(counts.map((c) => [c.kind as PassageKind, c]));
  return {
    builtAt: state ? new Date(state.built_at).toISOString() : null,
    passages: state?.passage_count ?? 0,
    buildMs: state?.build_ms ?? 0,
    fresh: Boolean(state && state.fingerprint === await sourceFingerprint(trx, tenantId)),
    kinds: PASSAGE_KINDS.map((kind) => ({ kind, items: Number(byKind.get(kind)?.items ?? 0), passages: Number(byKind.get(kind)?.passages ?? 0) })),
  };
}

/** Issue 21 part B: the retrieval index over the tenant's catalogue and the offline answers composed from it. */
export async function aiIndexRoutes(app: FastifyInstance): Promise<void> {
  useIndexSources({
    db: app.db.app,
    read: async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return res.statusCode === 200 ? res.body : null;
    },
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onClose', async () => dropIndexSources(app.db.app));
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/ai/index/status', {
    schema: { tags: ['cm'], summary: 'Back office: the AI retrieval index — when it was built, whether the catalogue changed since, items and passages per kind', querystring: AiIndexTenantQuery, response: { 200: Envelope(AiIndexStatus) } },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => indexStatus(trx, req.query.tenantId))));

  r.post('/cm/api/ai/index/rebuild', {
    schema: { tags: ['cm'], summary: 'Back office: rebuild the AI retrieval index from the catalogue now (searches also rebuild it when the catalogue changed)', body: AiIndexTenantBody, response: { 200: Envelope(AiIndexStatus) } },
  }, async (req) => {
    const { tenantId } = req.body;
    const status = await asBackOfficeAdmin(app, req, tenantId, async (trx) => {
      await rebuildIndex(trx);
      return indexStatus(trx, tenantId);
    });
    return ok(status, `索引已重建：${status.passages} 个段落`);
  });

  r.post('/cm/api/ai/index/preview', {
    schema: { tags: ['cm'], summary: 'Back office: what the offline assistant finds for a question (passages, best first) and the answer it composes from them', body: AiIndexPreviewBody, response: { 200: Envelope(AiIndexPreview) } },
  }, async (req) => {
    const { tenantId, question, lang = 'zh' } = req.body;
    return ok(await asBackOfficeAdmin(app, req, tenantId, async (trx) => {
      const passages = await searchPassages(trx, { text: question });
      const answer = composeAnswer(question, passages, lang);
      return { passages, answer: answer.text, links: answer.links };
    }));
  });
}
