import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { searchGames } from './repository';
import { searchTaskList } from './tasks-repository';
import { TaskListQuery } from '../../../schemas/api/tasks';
import { GameItem, TaskItem, TaskSearchQuery } from '../../../schemas/api/task';

/** task: the public task list and the game list of spec learning §7 "Tasks and games". */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/task/api/task/searchAuth', {
    schema: {
      tags: ['task'], summary: 'Public tasks (sort popular: most joined); windowState filters upcoming, open or closed ones (issue 19 part A)',
      querystring: TaskListQuery,
      response: { 200: Envelope(Paged(TaskItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await searchTaskList(trx, { ...listOptions(req.query), windowState: req.query.windowState }))));

  r.get('/task/api/game/search', {
    schema: {
      tags: ['task'], summary: 'Learning games (sort popular: most players)',
      querystring: TaskSearchQuery,
      response: { 200: Envelope(Paged(GameItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await searchGames(trx, listOptions(req.query)))));
}
