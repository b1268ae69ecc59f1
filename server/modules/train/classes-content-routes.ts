// Studying inside a class (spec learning §7 "Training": classesContent saveLog, checkCanEnter,
// phaseWithContentDay, listUnFinish, listFinish, childList; classesLog/contentFinish). A phase opens
// classes_phase.open_day days after the class start; members may open an item from then on, also
// after the class ended (to review); teachers may always open them. docs/decisions.md "Classes, complete".
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso } from '../../lib/list-sql';
import { requireClass, requireMember, requireParticipant, type ClassAccess } from './classes-access';
import {
  addStudySeconds, itemChildren, itemsProgress, listScheduleItems, markFinished, phaseOpenTime, totalsOf, type ScheduleItem,
} from './classes-progress-repository';
import {
  CanEnter, ClassesIdQuery, ClassItemChild, ClassItemProgress, ClassItemQuery, ClassLogResult, PhaseWithDay, SaveClassLogBody,
} from '../../../schemas/api/train-classes-more';

/** Whether the caller may open the item now, and the refusal when not. */
export function canEnter(access: ClassAccess, item: ScheduleItem): CanEnter {
  const base = { type: item.type, targetId: item.targetId };
  const refuse = (reasonCode: CanEnter['reasonCode'], reason: string, openTime: Date | null = null): CanEnter =>
    ({ ...base, canEnter: false, reason, reasonCode, openTime: openTime ? iso(openTime) : null });
  if (!item.available) return refuse('UNAVAILABLE', `“${item.title}”已下线，暂时不能学习。`);
  if (access.isTeacher) return { ...base, canEnter: true, reason: null, reasonCode: null, openTime: null };
  if (!access.isMember) return refuse('NOT_MEMBER', '你不是该培训班的学员；报名后才能学习班级课程。');
  if (access.now < access.startTime) return refuse('NOT_STARTED', `培训班尚未开始，${iso(access.startTime)} 开课后才能学习。`, access.startTime);
  const opens = phaseOpenTime(access.startTime, item.openDay);
  if (access.now < opens) return refuse('PHASE_NOT_OPEN', `“${item.phaseTitle}”阶段在开班第 ${item.openDay + 1} 天开放，届时才能学习。`, opens);
  return { ...base, canEnter: true, reason: null, reasonCode: null, openTime: null };
}

/** The item of the class, or CLASSES_ITEM_NOT_FOUND. */
function findItem(items: ScheduleItem[], itemId: number): ScheduleItem {
  const item = items.find((i) => i.id === itemId);
  if (!item) throw new ApiError(`该培训班没有编号为 ${itemId} 的课程安排。`, { code: 404, errorCode: 'CLASSES_ITEM_NOT_FOUND' });
  return item;
}

/** The class content calls; registered from trainRoutes. */
export async function classesContentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /** My log result for one item (after saveLog, or for contentFinish), recording a first finish. */
  async function logResult(trx: Parameters<typeof listScheduleItems>[0], tenantId: number, access: ClassAccess, userId: number, itemId: number) {
    const items = await listScheduleItems(trx, access.id);
    findItem(items, itemId);
    let progress = await itemsProgress(trx, access.id, userId, items);
    const mine = progress.find((p) => p.id === itemId)!;
    if (mine.state === 2 && mine.finishedAt === null && access.isMember) {
      await markFinished(trx, tenantId, access.id, userId, itemId);
      progress = await itemsProgress(trx, access.id, userId, items);
    }
    return { item: progress.find((p) => p.id === itemId)!, ...totalsOf(progress) };
  }

  r.post('/train/api/classesContent/saveLog', {
    schema: {
      tags: ['train'], summary: 'Counts time studied on a class item (members, once the item is open); answers my progress on it and in the class',
      body: SaveClassLogBody, response: { 200: Envelope(ClassLogResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.body.classesId, user.userId);
      requireMember(access);
      const item = findItem(await listScheduleItems(trx, access.id), req.body.itemId);
      const entry = canEnter(access, item);
      if (!entry.canEnter) throw new ApiError(entry.reason!, { code: 403, errorCode: entry.reasonCode! });
      await addStudySeconds(trx, user.tenantId, access.id, user.userId, item.id, req.body.seconds);
      return ok(await logResult(trx, user.tenantId, access, user.userId, item.id));
    });
  });

  r.get('/train/api/classesLog/contentFinish', {
    schema: {
      tags: ['train'], summary: 'Whether I finished a class item (from my study records; the first finish is recorded), with my class totals',
      querystring: ClassItemQuery, response: { 200: Envelope(ClassLogResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      requireMember(access);
      return ok(await logResult(trx, user.tenantId, access, user.userId, req.query.itemId));
    });
  });

  r.get('/train/api/classesContent/checkCanEnter', {
    schema: {
      tags: ['train'], summary: 'Whether I may open a class item now (member, class started, its phase open, not taken down), and why not',
      querystring: ClassItemQuery, response: { 200: Envelope(CanEnter) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      return ok(canEnter(access, findItem(await listScheduleItems(trx, access.id), req.query.itemId)));
    });
  });

  r.get('/train/api/classesContent/phaseWithContentDay', {
    schema: {
      tags: ['train'], summary: 'The schedule by phase, with the day each phase opens and my progress on every item',
      querystring: ClassesIdQuery, response: { 200: Envelope(Type.Array(PhaseWithDay)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      const items = await listScheduleItems(trx, access.id);
      const progress = await itemsProgress(trx, access.id, user.userId, items);
      const phases: PhaseWithDay[] = [];
      for (const item of items) {
        let phase = phases.at(-1);
        if (!phase || phase.id !== item.phaseId) {
          const opens = phaseOpenTime(access.startTime, item.openDay);
          phase = { id: item.phaseId, title: item.phaseTitle, summary: item.phaseSummary, openDay: item.openDay, openTime: iso(opens), open: access.now >= opens, items: [] };
          phases.push(phase);
        }
        phase.items.push(progress.find((p) => p.id === item.id)!);
      }
      return ok(phases);
    });
  });

  for (const [path, finished] of [['listUnFinish', false], ['listFinish', true]] as const) {
    r.get(`/train/api/classesContent/${path}`, {
      schema: {
        tags: ['train'], summary: finished ? 'The class items I finished, in schedule order' : 'The class items I have not finished yet, in schedule order',
        querystring: ClassesIdQuery, response: { 200: Envelope(Type.Array(ClassItemProgress)) },
      },
    }, async (req) => {
      const user = requireUser(req, req.query.tenantId);
      return readTenant(app, user.tenantId, async (trx) => {
        const access = await requireClass(trx, req.query.classesId, user.userId);
        requireParticipant(access);
        const progress = await itemsProgress(trx, access.id, user.userId, await listScheduleItems(trx, access.id));
        return ok(progress.filter((p) => (p.state === 2) === finished));
      });
    });
  }

  r.get('/train/api/classesContent/childList', {
    schema: {
      tags: ['train'], summary: 'The lessons of a class item (a course\'s chapters and lessons; a content is its own one child) with my state on each',
      querystring: ClassItemQuery, response: { 200: Envelope(Type.Array(ClassItemChild)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      const items = await listScheduleItems(trx, access.id);
      const item = findItem(items, req.query.itemId);
      const [progress] = await itemsProgress(trx, access.id, user.userId, [item]);
      return ok(await itemChildren(trx, user.userId, item, progress!));
    });
  });
}
