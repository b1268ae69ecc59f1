import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The OpenAPI document of every route registered after it, at /docs (UI) and /docs/json. */
export async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Study portal API', version: '0.1.0', description: 'Every response is the envelope { success, code, flag, message, data, errorCode? }. tenantId travels in the query (GET) or the body.' },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
// Like fastify-plugin: swagger's onRoute hook must see the routes of every scope.
(swaggerPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
