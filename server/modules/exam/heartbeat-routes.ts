// The paper's heartbeat (issue 18; docs/api.md "Exams: heartbeat and invigilation"): every 15 s
// and at once when the learner leaves or comes back. Needs a signed-in user of the call's tenant;
// touches only their own attempt. An overdue attempt is closed first in a transaction of its own
// (as the sitting calls do), so the answer says expired rather than open.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { HeartbeatBody, HeartbeatResult } from '../../../schemas/api/exam-invigilate';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { heartbeat } from './heartbeat-service';
import { settleOverdue } from './paper-service';

/** POST /exam/api/paper/heartbeat; registered from examService (index.ts). */
export async function heartbeatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/exam/api/paper/heartbeat', {
    schema: {
      tags: ['exam'],
      summary: 'The paper is alive: marks the attempt seen, stores leave/return/offline/online events (at most 50, clamped to the attempt\'s window), answers the server clock, the deadline and the state',
      body: HeartbeatBody, response: { 200: Envelope(HeartbeatResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    await readTenant(app, user.tenantId, (trx) => settleOverdue(trx, user.userId));
    return ok(await readTenant(app, user.tenantId, (trx) => heartbeat(trx, user.userId, req.body.attemptId, req.body.events)));
  });
}
