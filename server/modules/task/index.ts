import type { FastifyInstance } from 'fastify';
import { taskRoutes } from './routes';

/** task's one entry (issue 14 point 5): tasks and games. */
export async function taskService(app: FastifyInstance): Promise<void> {
  await app.register(taskRoutes);
}
