import type { FastifyInstance } from 'fastify';
import { trainRoutes } from './routes';

/** train's one entry (issue 14 point 5): classes and live rooms. */
export async function trainService(app: FastifyInstance): Promise<void> {
  await app.register(trainRoutes);
}
