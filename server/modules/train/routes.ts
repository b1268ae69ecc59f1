import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { classesRoutes } from './classes-routes';
import { classesAttendanceRoutes } from './classes-attendance-routes';
import { classesContentRoutes } from './classes-content-routes';
import { classesFeedRoutes } from './classes-feed-routes';
import { classesSocialRoutes } from './classes-social-routes';
import { classesStatisRoutes } from './classes-statis-routes';
import { roomRoutes } from './room-routes';
import { roomTokenRoutes } from './room-token-routes';
import { workRoutes } from './work-routes';
import { searchPublicClasses, searchRooms } from './repository';
import { ClassItem, ClassSearchQuery, RoomItem, RoomSearchQuery } from '../../../schemas/api/train';

/** train: the public class list, the class calls (classes-routes.ts) and the live-room list of spec learning §7 "Training". */
export async function trainRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await classesRoutes(app);
  // Issue 17: the rest of the class calls (schemas/api/train-classes-more.ts).
  await classesContentRoutes(app);
  await classesAttendanceRoutes(app);
  await classesSocialRoutes(app);
  await classesStatisRoutes(app);
  await classesFeedRoutes(app);
  await roomRoutes(app);
  await roomTokenRoutes(app);
  // Issue 18: the teachers' work center (to-do, schedule, class management).
  await workRoutes(app);

  r.get('/train/api/classes/searchAuth', {
    schema: {
      tags: ['train'], summary: 'Public training classes (sort popular: most enrolled)',
      querystring: ClassSearchQuery,
      response: { 200: Envelope(Paged(ClassItem)) },
    },
  }, async (req) => {
    const { state } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchPublicClasses(trx, { ...listOptions(req.query), ...(state ? { state } : {}) })));
  });

  r.get('/train/api/room/search', {
    schema: {
      tags: ['train'], summary: 'Live rooms: by schedule (live, then upcoming soonest first, then ended) unless sorted otherwise',
      querystring: RoomSearchQuery,
      response: { 200: Envelope(Paged(RoomItem)) },
    },
  }, async (req) => {
    const { liveState, sort = 'schedule' } = req.query;
    const options = { ...listOptions({ ...req.query, sort: undefined }), sort, ...(liveState ? { liveState } : {}) };
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchRooms(trx, options)));
  });
}
