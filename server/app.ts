import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/database';
import type { ObjectStore } from './lib/object-store';
import type { SmsSender } from './lib/sms';
import { answersPlugin } from './plugins/answers';
import { authPlugin } from './plugins/auth';
import { batchPlugin } from './plugins/batch';
import { dbPlugin } from './plugins/db';
import { ApiError, failure, notFoundEnvelope, registerErrorHandling } from './plugins/envelope';
import { healthRoutes } from './plugins/health';
import { boundRequestSchemas } from './plugins/input-limits';
import { loggerOptions } from './plugins/log-redaction';
import { metricsPlugin, type MetricsOptions } from './plugins/metrics';
import { registerSecurityHeaders, uploadHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { swaggerPlugin } from './plugins/swagger';
import { cfgService } from './modules/cfg';
import { cmService } from './modules/cm';
import { examService, searchExams } from './modules/exam';
import { orderService } from './modules/order';
import { smService } from './modules/sm';
import { taskService } from './modules/task';
import { trainService } from './modules/train';
import { umService } from './modules/um';

export interface BuildAppOptions {
  db: Database;
  /** The built SPA; when absent /study is not served (server tests). */
  distDir?: string;
  /** A guest's home rendered on the server from the build's <distDir>-ssr/worker.js (default true; server/plugins/ssr-home.ts). */
  serverRender?: boolean;
  /** Local object store served at /uploads/. */
  uploadDir?: string;
  /** Where new uploads go instead of uploadDir (an S3 bucket: start.ts, from the S3_* settings). */
  objectStore?: ObjectStore;
  /** Every tenant's media (audio), served at /media/ only through signed links from the decode call. */
  mediaDir?: string;
  defaultTenant?: string;
  logger?: boolean;
  /** Where the log goes when logger is on (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /**
   * Trust X-Forwarded-For from a reverse proxy (per-IP rate limits read the client address from
   * it). Off by default: without a proxy a client could fake the header to dodge the IP limit.
   */
  trustProxy?: boolean;
  /** The SMS provider; the default writes to the sms_outbox table and the log (docs/operations.md). */
  smsSender?: SmsSender;
  /** Prometheus metrics at /metrics; default from METRICS and METRICS_TOKEN (docs/operations.md "Metrics"). */
  metrics?: MetricsOptions;
  /** Close overdue exam attempts of every tenant on a timer (issue 18); off unless given (start.ts turns it on). */
  deadlineSweep?: { intervalMs?: number } | false;
}

/** Paths the API answers; anything else under them that matches no route is an envelope 404. */
export const API_PREFIXES = ['/um/', '/cfg/', '/cm/', '/train/', '/exam/', '/task/', '/order/', '/sm/', '/dataapi/', '/cmu/', '/pm/'];

/** Builds the Fastify app: envelope and errors, OpenAPI at /docs, the service modules, the SPA. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Tokens, passwords and codes are masked in logged URLs, headers and bodies (log-redaction.ts).
    logger: opts.logger ? loggerOptions(process.env.LOG_LEVEL ?? 'info', opts.logStream) : false,
    trustProxy: opts.trustProxy ?? false,
    // strictNumbers off: with it on, ajv coerces "Infinity" to a number and then skips minimum and
    // maximum for a non-finite value, so ?pageNo=Infinity passed every bound (issue 14).
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false, strictNumbers: false } },
    // Faults the router raises before any route or error handler runs (a path segment that is not
    // valid percent-encoding, e.g. a lone surrogate %ED%A0%80) answer in the envelope too (issue 14).
    frameworkErrors: (error, _req, reply) => {
      const refused = new ApiError(error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: a part of its path is not a valid URL component.' : error.message, { code: 400, errorCode: 'BAD_URL' });
      void (reply as unknown as FastifyReply).status(refused.httpStatus).send(failure(refused));
    },
  });
  // The plugins first (server/plugins/), then one entry per service (server/modules/<service>/index.ts).
  await app.register(dbPlugin, { db: opts.db, smsSender: opts.smsSender });
  // Settings and page templates, cached per node and dropped on every node by NOTIFY (issue 15).
  await app.register(answersPlugin, {});
  registerErrorHandling(app);
  // Every route's request schema gets the input limits (ids within bigint, other integers within
  // int4, no control characters) before it is compiled or documented (plugins/input-limits.ts).
  app.addHook('onRoute', boundRequestSchemas);
  await registerSecurityHeaders(app, { extraOrigins: opts.objectStore?.origins ?? [] });

  await app.register(metricsPlugin, { settings: opts.metrics });
  await app.register(swaggerPlugin);
  await app.register(healthRoutes);

  // Sets request.user from the token header or pctoken cookie for every route below.
  await app.register(authPlugin, { apiPrefixes: API_PREFIXES });
  await app.register(umService);
  await app.register(cfgService);
  // A module never imports another (issue 14 point 5): cm's assistant gets exam's search from here.
  await app.register(cmService, { mediaDir: opts.mediaDir, searchExams, uploadDir: opts.uploadDir, objectStore: opts.objectStore });
  await app.register(trainService, { mediaDir: opts.mediaDir });
  await app.register(examService, { deadlineSweep: opts.deadlineSweep ?? false });
  await app.register(taskService);
  await app.register(orderService);
  await app.register(smService, { uploadDir: opts.uploadDir, objectStore: opts.objectStore });
  await app.register(batchPlugin, { apiPrefixes: API_PREFIXES });

  if (opts.uploadDir) {
    // nosniff, a safe Content-Disposition and a sandboxing CSP on every stored file (security-headers.ts).
    await app.register(fastifyStatic, { root: opts.uploadDir, prefix: '/uploads/', decorateReply: false, index: false, setHeaders: uploadHeaders });
  }
  const sendIndex = opts.distDir ? await registerSpa(app, { distDir: opts.distDir, defaultTenant: opts.defaultTenant ?? 'demo', serverRender: opts.serverRender ?? true }) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // History routing (spec shell §2): any /study/... path that is not a file gets index.html
    // (HEAD too: link checkers and probes ask with it; Node sends no body for HEAD).
    if (sendIndex && (request.method === 'GET' || request.method === 'HEAD') && (path === '/study' || path.startsWith('/study/'))) return sendIndex(reply);
    return reply.status(404).send(notFoundEnvelope(request.method, request.url));
  });
  return app;
}
