import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/availability';
import { pendingMigrations } from '../db/migrate';

/** A readiness probe that waits longer than this on the database answers 503 (the probe must not hang). */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for load balancers and Kubernetes (docs/operations.md "Health and readiness", issue 22):
 * `GET /healthz` answers 200 while the process serves HTTP at all (liveness: restart me only when
 * this fails); `GET /readyz` answers 200 only when the database answers and has every migration of
 * this build applied, else 503 (readiness: send me no learners now). Both are plain JSON, not the
 * API envelope, and never cached. While the server shuts down, Fastify answers 503 to both.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', pid: process.pid, uptimeSeconds: Math.round(process.uptime()) };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: { database: string; migrations: string } = { database: 'unknown', migrations: 'unknown' };
    try {
      await withTimeout(sql`select 1`.execute(app.db.app), READY_TIMEOUT_MS, 'select 1');
      checks.database = 'up';
      await app.db.health.connected();
    } catch (error) {
      checks.database = `down: ${error instanceof Error ? error.message : String(error)}`;
      // A slow answer is not an outage; a refused or cut connection makes the health probe look.
      if (isDatabaseUnavailable(error)) void app.db.health.suspect(error);
      return reply.status(503).send({ status: 'unavailable', checks });
    }
    try {
      const pending = await withTimeout(pendingMigrations(app.db.owner as never), READY_TIMEOUT_MS, 'reading the applied migrations');
      checks.migrations = pending.length === 0 ? 'current' : `pending: ${pending.join(', ')}`;
      if (pending.length) return reply.status(503).send({ status: 'unavailable', checks });
    } catch (error) {
      checks.migrations = `unknown: ${error instanceof Error ? error.message : String(error)}`;
      return reply.status(503).send({ status: 'unavailable', checks });
    }
    return { status: 'ready', checks };
  });
}
