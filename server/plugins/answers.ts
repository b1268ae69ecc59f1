// The node's answer cache and its listener (issue 15 point 5; server/lib/answer-cache.ts and
// server/db/answer-listener.ts), and the two things routes do with them: send a cached answer with
// its ETag, and invalidate a tenant's answers after a write.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AnswerListener } from '../db/answer-listener';
import { ANSWERS_CHANNEL } from '../db/migrations/0018-answer-cache';
import { AnswerCache, etagMatches, type AnswerCacheOptions } from '../lib/answer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-node cache of the answers every visitor of a tenant shares (settings, page templates). */
    answers: AnswerCache;
  }
}

/** Builds the cache, starts listening (caching begins once the LISTEN is up), stops on close. */
export async function answersPlugin(app: FastifyInstance, opts: AnswerCacheOptions): Promise<void> {
  const cache = new AnswerCache(opts);
  app.decorate('answers', cache);
  const listener = new AnswerListener({
    connect: () => app.db.newAppClient(),
    sink: cache,
    log: { warn: (line) => app.log.warn(line), info: (line) => app.log.info(line) },
  });
  await listener.start();
  app.addHook('onClose', async () => listener.stop());
}
// Like fastify-plugin: the decorator belongs to the whole app, not just this plugin's scope.
(answersPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/**
 * Answers with the tenant's cached answer for `key`, built by `build` on a miss. The body goes out
 * as the JSON string it was cached as; a request whose If-None-Match names its ETag gets 304.
 */
export async function sendCachedAnswer(
  request: FastifyRequest, reply: FastifyReply, tenantId: number, key: string, build: () => Promise<unknown>,
): Promise<FastifyReply> {
  // The route's own response serializer, so a cached body is byte for byte what the route sent before.
  const answer = await request.server.answers.get(tenantId, key, async () => reply.serialize(await build()) as string);
  // no-cache: the browser keeps the answer but asks each time; an unchanged one costs a 304.
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.bytes);
}

/**
 * Drops a tenant's cached answers on this node at once and on every other node through NOTIFY.
 * Call it after a write that changes a tenant's settings, menus, store, tenant info or pages has
 * committed (the back-office, the designer's publish). Migration 0018's triggers notify too, so a
 * write that forgets still reaches the other nodes; this call makes the writing node fresh at once.
 */
export async function invalidateTenantAnswers(app: FastifyInstance, tenantId: number): Promise<void> {
  app.answers.invalidateTenant(tenantId);
  await sql`select pg_notify(${ANSWERS_CHANNEL}, ${String(tenantId)})`.execute(app.db.app);
}
