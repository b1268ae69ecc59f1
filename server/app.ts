import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from './db/database';
import { notFoundEnvelope, registerErrorHandling } from './plugins/envelope';
import { registerSpa } from './plugins/spa';
import { cfgRoutes } from './modules/cfg/routes';
import { labelRoutes } from './modules/cfg/label-routes';
import { adminRoutes } from './modules/cfg/admin-routes';
import { templateRoutes } from './modules/cfg/template-routes';
import { umRoutes } from './modules/um/routes';
import { cmRoutes } from './modules/cm/routes';
import { trainRoutes } from './modules/train/routes';
import { examRoutes } from './modules/exam/routes';
import { taskRoutes } from './modules/task/routes';
import { orderRoutes } from './modules/order/routes';
import { umRankRoutes } from './modules/um/rank-routes';
import { umStudyTimeRoutes } from './modules/um/study-time-routes';
import { bannerRoutes } from './modules/cfg/banner-routes';
import { authPlugin } from './plugins/auth';
import { OutboxSmsSender, type SmsSender } from './lib/sms';
import { umUserRoutes } from './modules/um/user-routes';
import { umMessageRoutes } from './modules/um/message-routes';
import { externalLinkRoutes } from './modules/cfg/external-link-routes';
import { umProfileRoutes } from './modules/um/profile-routes';
import { umSsoRoutes } from './modules/um/sso-routes';
import { captchaRoutes } from './modules/sm/captcha-routes';
import { uploadRoutes } from './modules/sm/upload-routes';
import type { ObjectStore } from './lib/object-store';
import { mediaRoutes } from './modules/cm/media-routes';
import { healthRoutes } from './plugins/health';
import { boundRequestSchemas } from './plugins/input-limits';
import { loggerOptions } from './plugins/log-redaction';
import { registerSecurityHeaders, uploadHeaders } from './plugins/security-headers';
import { metricsPlugin, type MetricsOptions } from './plugins/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Delivers verification codes (server/lib/sms.ts). */
    smsSender: SmsSender;
  }
}

export interface BuildAppOptions {
  db: Database;
  /** The built SPA; when absent /study is not served (server tests). */
  distDir?: string;
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
  });
  app.decorate('db', opts.db);
  opts.db.health.setLog({ warn: (line) => app.log.warn(line), info: (line) => app.log.info(line) });
  app.decorate('smsSender', opts.smsSender ?? new OutboxSmsSender(opts.db.app, app.log));
  registerErrorHandling(app);
  // Every route's request schema gets the input limits (ids within bigint, other integers within
  // int4, no control characters) before it is compiled or documented (plugins/input-limits.ts).
  app.addHook('onRoute', boundRequestSchemas);
  await registerSecurityHeaders(app, { extraOrigins: opts.objectStore?.origins ?? [] });

  await app.register(metricsPlugin, { settings: opts.metrics });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Study portal API', version: '0.1.0', description: 'Every response is the envelope { success, code, flag, message, data, errorCode? }. tenantId travels in the query (GET) or the body.' },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(healthRoutes);

  // Sets request.user from the token header or pctoken cookie for every route below.
  await app.register(authPlugin, { apiPrefixes: API_PREFIXES });
  await app.register(umRoutes);
  await app.register(cfgRoutes);
  await app.register(labelRoutes);
  await app.register(adminRoutes);
  await app.register(templateRoutes);
  await app.register(cmRoutes);
  await app.register(trainRoutes);
  await app.register(examRoutes);
  await app.register(taskRoutes);
  await app.register(orderRoutes);
  await app.register(umRankRoutes);
  await app.register(umStudyTimeRoutes);
  await app.register(bannerRoutes);
  await app.register(umUserRoutes);
  await app.register(umMessageRoutes);
  await app.register(externalLinkRoutes);
  await app.register(umProfileRoutes);
  await app.register(umSsoRoutes);
  await app.register(captchaRoutes);
  if (opts.uploadDir) await app.register(uploadRoutes, { uploadDir: opts.uploadDir, ...(opts.objectStore ? { store: opts.objectStore } : {}) });
  if (opts.mediaDir) await app.register(mediaRoutes, { mediaDir: opts.mediaDir });

  if (opts.uploadDir) {
    // nosniff, a safe Content-Disposition and a sandboxing CSP on every stored file (security-headers.ts).
    await app.register(fastifyStatic, { root: opts.uploadDir, prefix: '/uploads/', decorateReply: false, index: false, setHeaders: uploadHeaders });
  }
  const sendIndex = opts.distDir ? await registerSpa(app, { distDir: opts.distDir, defaultTenant: opts.defaultTenant ?? 'demo' }) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // History routing (spec shell §2): any /study/... path that is not a file gets index.html.
    if (sendIndex && request.method === 'GET' && (path === '/study' || path.startsWith('/study/'))) return sendIndex(reply);
    return reply.status(404).send(notFoundEnvelope(request.method, request.url));
  });
  return app;
}
