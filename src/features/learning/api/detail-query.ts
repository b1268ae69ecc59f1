// The query every detail page makes for its item and its children: keyed by kind, tenant, part and
// id; silent (the page shows its own not-found / failed view); not retried (a not-found stays one);
// off while the address has no valid id.
import { useQuery } from '@tanstack/react-query';
import type { ApiOptions } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';

export function useDetailQuery<T>(kind: string, part: string, id: number | null, fetch: (id: number, opts: ApiOptions) => Promise<T>) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: [kind, tenantId, part, id],
    queryFn: ({ signal }) => fetch(id!, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}
