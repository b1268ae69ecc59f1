// The study record's calls (issue 7 item 6, myStudyRecord; docs/api.md "Study time per day"): the
// signed-in learner's time per day, and the history of what they studied. Reads are silent: the
// page shows its own error with a retry.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DailyStudyHours } from '../../../../schemas/api/um';
import { apiGet, type ApiOptions, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import type { PageArgs, StudiedContent } from './my-study';

// One day of the tenant's calendar with the seconds studied on it, and the answer of GET
// /um/api/userIntegrate/dailyStudyHours: the server's response schemas (schemas/api/um.ts), derived
// (issue 14 point 4).
export type { DailyStudyHours, StudyDay } from '../../../../schemas/api/um';

export const getDailyStudyHours = (days: number, opts: ApiOptions = {}) =>
  apiGet<DailyStudyHours>('/um/api/userIntegrate/dailyStudyHours', { days }, opts);

/** Everything studied (every purpose but help), newest study first: the content searchByUser without a purpose. */
export const getStudyHistory = (page: PageArgs, opts: ApiOptions = {}) =>
  apiGet<Paged<StudiedContent>>('/cm/api/content/searchByUser', page, opts);

function useScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['center-study', tenantId, userId] as const;
}

/** The last `days` days of study time; refetched when the learner comes back to the tab. */
export function useDailyStudyHours(days: number) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'daily', days],
    queryFn: ({ signal }) => getDailyStudyHours(days, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false, refetchOnWindowFocus: true,
  });
}

export function useStudyHistory(page: PageArgs) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'history', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getStudyHistory(page, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}
