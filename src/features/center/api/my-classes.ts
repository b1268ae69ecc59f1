// 我的培训班 (spec learning §2 "Personal center" study/myClasses; §7 classes/searchByUser): the
// classes I am enrolled in, by class state; my favourite classes and my discussion circles (issue 17).
// Silent: the page shows its own error with a retry.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getFavoriteClasses, getMyCircles, getMyClasses, pageOf, saveClassFavorite, type ClassState } from '../../../api/classes';
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

/** One page of my favourite classes (classes/searchFavor), under the center's study root. */
export function useFavoriteClasses(page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['center-study', tenantId, userId, 'favorite-classes', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getFavoriteClasses(page, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Takes a class off my favourites; my favourite classes (and any class page's heart) are read again. */
export function useUnfavoriteClass() {
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => saveClassFavorite(id, false),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: ['center-study', tenantId] }),
      client.invalidateQueries({ queryKey: ['class-tools', tenantId] }),
    ]),
  });
}

/** One page of my discussion circles (circle/myList): the classes I am a member or teacher of. */
export function useMyCircles(page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['center-study', tenantId, userId, 'circles'],
    queryFn: ({ signal }) => getMyCircles({ silent: true, signal }),
    select: (rows) => pageOf(rows, page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
