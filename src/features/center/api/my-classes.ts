// 我的培训班 (spec learning §2 "Personal center" study/myClasses; §7 classes/searchByUser): the
// classes I am enrolled in, by class state. Silent: the page shows its own error with a retry.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMyClasses, type ClassState } from '../../../api/classes';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** One page of my classes, optionally in one class state; keyed under the center's study root. */
export function useMyClasses(state: ClassState | undefined, page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['center-study', tenantId, userId, 'classes', state ?? 0, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getMyClasses({ ...page, ...(state ? { state } : {}) }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
