// The class pages' queries and actions: the public list (searchAuth), one class's detail and
// members, and enrol / cancel / quit, after which the detail, the members and my classes are read
// again. Keys carry the tenant, so two tenants in one tab never share a cache entry.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchClasses } from '../../../api/catalogue';
import { getCategoryTree, type CategoryNode } from '../../../api/catalogue-lists';
import { cancelEnrollClass, enrollClass, getClassDetail, getClassMembers, quitClass, type ClassState } from '../../../api/classes';
import { useAppStore } from '../../../stores/app-store';

/** What one page of the class list asks. */
export interface ClassListRequest {
  state?: ClassState;
  searchValue?: string;
  categoryId?: number;
  pageNo: number;
  pageSize: number;
}

/** One page of public classes; the previous page stays on screen while the next loads. */
export function useClassList(req: ClassListRequest) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['classes', tenantId, 'list', req.state ?? 0, req.searchValue ?? '', req.categoryId ?? null, req.pageNo, req.pageSize] as const,
    queryFn: ({ signal }) => searchClasses({ ...req, sort: 'newest' }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Category purpose of classes and live rooms (server/lib/purposes.ts: training 7). */
const TRAINING_PURPOSE = 7;

/** The name of a training category, for a list opened with only its id (a home widget's "more"). */
export function useTrainingCategoryName(categoryId: number | undefined): string | undefined {
  const tenantId = useAppStore((s) => s.tenantId);
  const tree = useQuery({
    queryKey: ['classes', tenantId, 'categories'],
    queryFn: ({ signal }) => getCategoryTree(TRAINING_PURPOSE, signal),
    enabled: categoryId !== undefined,
    staleTime: 10 * 60_000,
  });
  const find = (nodes: CategoryNode[]): string | undefined => {
    for (const n of nodes) {
      if (n.id === categoryId) return n.name;
      const below = find(n.children);
      if (below) return below;
    }
    return undefined;
  };
  return categoryId === undefined || !tree.data ? undefined : find(tree.data);
}

/** One class with its schedule and my membership; silent, not retried (a not-found stays one). */
export function useClassDetail(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['classes', tenantId, 'detail', id],
    queryFn: ({ signal }) => getClassDetail(id!, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** A page of the class's members. */
export function useClassMembers(id: number, page: { pageNo: number; pageSize: number }) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['classes', tenantId, 'members', id, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getClassMembers(id, page, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The three membership actions of a class. A refusal shows the server's reason (error catalogue). */
export type ClassAction = 'enrol' | 'cancel' | 'quit';

const ACTIONS: Record<ClassAction, (id: number) => Promise<unknown>> = { enrol: enrollClass, cancel: cancelEnrollClass, quit: quitClass };

/** Runs an action; afterwards, whatever happened, the class, its lists, my classes and my rights in
 * the class (the tools' sign-in, circle and assessment read them) are read again. */
export function useClassAction(id: number) {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  return useMutation({
    mutationFn: (action: ClassAction) => ACTIONS[action](id),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: ['classes', tenantId] }),
      client.invalidateQueries({ queryKey: ['center-study', tenantId] }),
      client.invalidateQueries({ queryKey: ['class-tools', tenantId] }),
    ]),
  });
}
