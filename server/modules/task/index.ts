import type { FastifyInstance } from 'fastify';
import { growthAdminRoutes } from './growth-admin-routes';
import { taskAdminRoutes } from './task-admin-routes';
import { tasksRoutes } from './tasks-routes';
import { gamesRoutes } from './games-routes';
import { matchesRoutes } from './matches-routes';
import { taskRoutes } from './routes';

/** task's one entry (issue 14 point 5): tasks and games. */
export async function taskService(app: FastifyInstance): Promise<void> {
  await app.register(taskRoutes);
  // issue 19
  await app.register(tasksRoutes);
  await app.register(gamesRoutes);
  await app.register(matchesRoutes);
  await app.register(growthAdminRoutes);
  await app.register(taskAdminRoutes);
}
