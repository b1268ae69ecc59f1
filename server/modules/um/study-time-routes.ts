import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { dailyStudyHours, daysBetween, type DayRange } from './study-time-repository';
import { DailyStudyHours, DailyStudyQuery, MAX_RANGE_DAYS } from '../../../schemas/api/um';

const invalid = (message: string) => new ApiError(message, { code: 400, errorCode: 'VALIDATION' });

/** The range a query asks for, checked: both dates or neither, real days, in order, at most a year. */
export function rangeOf(q: DailyStudyQuery): DayRange {
  if (q.startDate === undefined && q.endDate === undefined) return { days: q.days ?? 7 };
  if (q.startDate === undefined || q.endDate === undefined) throw invalid('Send both startDate and endDate, or neither (then `days` days ending today).');
  const span = daysBetween(q.startDate, q.endDate);
  if (Number.isNaN(span)) throw invalid(`startDate and endDate must be real days (YYYY-MM-DD); got ${q.startDate} and ${q.endDate}.`);
  if (span < 1) throw invalid(`startDate (${q.startDate}) is after endDate (${q.endDate}).`);
  if (span > MAX_RANGE_DAYS) throw invalid(`The range has ${span} days; ask for at most ${MAX_RANGE_DAYS}.`);
  return { startDate: q.startDate, endDate: q.endDate };
}

/** um: the caller's study time per day (myStudyRecord). */
export async function umStudyTimeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/userIntegrate/dailyStudyHours', {
    schema: {
      tags: ['um'], summary: 'The caller\'s study time per day over a range (every day listed), with today\'s and all-time totals',
      querystring: DailyStudyQuery, response: { 200: Envelope(DailyStudyHours) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const range = rangeOf(req.query);
    return ok(await readTenant(app, user.tenantId, (trx) => dailyStudyHours(trx, user.tenantId, user.userId, range)));
  });
}
