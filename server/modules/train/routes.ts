import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { ListParams, listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { classesRoutes } from './classes-routes';
import { searchPublicClasses, searchRooms } from './repository';
import { ClassItem, RoomItem } from '../../../schemas/api/train';

/** train: the public class list, the class calls (classes-routes.ts) and the live-room list of spec learning §7 "Training". */
export async function trainRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await classesRoutes(app);

  r.get('/train/api/classes/searchAuth', {
    schema: {
      tags: ['train'], summary: 'Public training classes (sort popular: most enrolled)',
      querystring: Type.Object({
        ...ListParams,
        state: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: '1 enrolling (not started), 2 in progress, 3 finished.' })),
      }),
      response: { 200: Envelope(Paged(ClassItem)) },
    },
  }, async (req) => {
    const { state } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchPublicClasses(trx, { ...listOptions(req.query), ...(state ? { state } : {}) })));
  });

  r.get('/train/api/room/search', {
    schema: {
      tags: ['train'], summary: 'Live rooms: by schedule (live, then upcoming soonest first, then ended) unless sorted otherwise',
      querystring: Type.Object({
        ...ListParams,
        sort: Type.Optional(Type.Enum(['schedule', 'newest', 'popular'], { default: 'schedule', description: 'schedule (default), newest or popular (enrolments plus viewers).' })),
        liveState: Type.Optional(Type.Enum(['upcoming', 'live', 'ended'], { description: 'Only rooms in this state.' })),
      }),
      response: { 200: Envelope(Paged(RoomItem)) },
    },
  }, async (req) => {
    const { liveState, sort = 'schedule' } = req.query;
    const options = { ...listOptions({ ...req.query, sort: undefined }), sort, ...(liveState ? { liveState } : {}) };
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchRooms(trx, options)));
  });
}
