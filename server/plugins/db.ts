import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { OutboxSmsSender, type SmsSender } from '../lib/sms';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Delivers verification codes (server/lib/sms.ts). */
    smsSender: SmsSender;
  }
}

/** The database (owner and app-role connections) and what sends through it: the SMS outbox by default. */
export async function dbPlugin(app: FastifyInstance, opts: { db: Database; smsSender?: SmsSender | undefined }): Promise<void> {
  app.decorate('db', opts.db);
  opts.db.health.setLog({ warn: (line) => app.log.warn(line), info: (line) => app.log.info(line) });
  app.decorate('smsSender', opts.smsSender ?? new OutboxSmsSender(opts.db.app, app.log));
}
// Like fastify-plugin: the decorators belong to the whole app, not just this plugin's scope.
(dbPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
