import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../../schemas/common';

// Study time per day (issue 7 item 6, myStudyRecord; spec learning §7 "User-related":
// GET /um/api/userIntegrate/dailyStudyHours, whose parameters the spec does not show: docs/api.md
// "Study time per day" records the design).

/** The longest range one call answers: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

const DateParam = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const DailyStudyQuery = Type.Object({
  tenantId: TenantIdParam,
  startDate: Type.Optional(DateParam('First day, YYYY-MM-DD, in the tenant\'s time zone. With endDate; without both, the last `days` days.')),
  endDate: Type.Optional(DateParam('Last day, YYYY-MM-DD, inclusive.')),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RANGE_DAYS, default: 7, description: 'Without startDate/endDate: this many days ending today (default 7).' })),
});
export type DailyStudyQuery = Static<typeof DailyStudyQuery>;

export const StudyDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD in the tenant\'s time zone.' }),
  seconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'Seconds studied that day (played, watched or read).' }),
});
export type StudyDay = Static<typeof StudyDay>;

export const DailyStudyHours = Type.Object({
  timeZone: Type.String({ description: 'The IANA zone the days are counted in (the tenant\'s).' }),
  today: Type.String({ description: 'Today in that zone, YYYY-MM-DD.' }),
  startDate: Type.String(),
  endDate: Type.String(),
  days: Type.Array(StudyDay, { description: 'Every day of the range, oldest first; days without study have 0 seconds.' }),
  rangeSeconds: Type.Integer({ minimum: 0, description: 'Sum of the range.' }),
  todaySeconds: Type.Integer({ minimum: 0 }),
  totalSeconds: Type.Integer({ minimum: 0, description: 'All study time ever recorded per day.' }),
  studyDays: Type.Integer({ minimum: 0, description: 'Days with any study, ever.' }),
});
export type DailyStudyHours = Static<typeof DailyStudyHours>;
