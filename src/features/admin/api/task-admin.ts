// The back-office's learning tasks and certificate rules (issue 19 part J; docs/api.md "Back-office:
// tasks and certificates"). Reads are silent (each page shows its own error, the server's message on
// a refusal); saves go through the error catalogue, which shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { apiGet, apiPost } from '../../../api/client';
import type {
  AdminCredentialRule, AdminTask, AdminTaskFields, AdminTaskRow, CredentialRuleFields, IssuedCredential, PickKind, PickRow, TaskContentKind,
} from '../../../../schemas/api/task-admin';
import type { CertificateFile } from '../../../../schemas/api/credentials';
import { useAppStore } from '../../../stores/app-store';

export type { AdminCredentialRule, AdminTask, AdminTaskFields, AdminTaskRow, CredentialRuleFields, IssuedCredential, PickKind, PickRow, TaskContentKind };
export type TaskWindowState = AdminTaskRow['windowState'];
export interface PageOf<T> { list: T[]; total: number; pageNo: number; pageSize: number }
export type ContentInput = { kind: TaskContentKind; refId: number; required: boolean };
type Pdf = Static<typeof CertificateFile>;

const silent = { silent: true } as const;

function useKey(...parts: unknown[]) {
  const tenantId = useAppStore((s) => s.tenantId);
  return ['task-admin', tenantId, ...parts] as const;
}

/** A write that drops every cached read of these editors when it succeeds. */
function useWrite<A, R>(post: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  return useMutation({ mutationFn: post, onSuccess: () => void client.invalidateQueries({ queryKey: ['task-admin', tenantId] }) });
}

// --- Tasks ---
export interface TaskFilter { text?: string | undefined; windowState?: TaskWindowState | undefined; pageNo: number; pageSize: number }
export const useAdminTasks = (filter: TaskFilter) => useQuery({
  queryKey: useKey('tasks', filter),
  queryFn: ({ signal }) => apiGet<PageOf<AdminTaskRow>>('/task/api/admin/tasks', { ...filter }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useAdminTask = (id: number | null) => useQuery({
  queryKey: useKey('task', id),
  queryFn: ({ signal }) => apiGet<AdminTask>('/task/api/admin/task', { id }, { ...silent, signal }),
  enabled: id !== null,
  retry: false,
});
export const useSaveTask = () => useWrite((body: { id?: number; task: AdminTaskFields }) => apiPost<AdminTask>('/task/api/admin/task/save', { ...body }));
export const useSaveContents = () => useWrite((body: { taskId: number; contents: ContentInput[] }) => apiPost<AdminTask>('/task/api/admin/task/contents/save', { ...body }));
export const useAssign = () => useWrite((body: { taskId: number; userIds?: number[]; classesId?: number }) => apiPost<AdminTask>('/task/api/admin/task/assignees/add', { ...body }));
export const useUnassign = () => useWrite((body: { taskId: number; userId: number }) => apiPost<AdminTask>('/task/api/admin/task/assignees/remove', { ...body }));
export const useSaveTeam = () => useWrite((body: { taskId: number; id?: number; name: string; leaderId: number; memberIds: number[] }) => apiPost<AdminTask>('/task/api/admin/task/team/save', { ...body }));
export const useDeleteTeam = () => useWrite((body: { taskId: number; id: number }) => apiPost<AdminTask>('/task/api/admin/task/team/delete', { ...body }));
export const useCloseTask = () => useWrite((id: number) => apiPost<AdminTask>('/task/api/admin/task/close', { id }));
export const useDeleteTask = () => useWrite((id: number) => apiPost<null>('/task/api/admin/task/delete', { id }));

/** The editors' pickers: the tenant's own rows of a kind whose title holds the text. */
export function pickRows(kind: PickKind, text: string): Promise<PickRow[]> {
  return apiGet<PickRow[]>('/task/api/admin/pick', { kind, text }, silent);
}

// --- Certificate rules ---
export const useCredentialRules = (text: string | undefined) => useQuery({
  queryKey: useKey('rules', text),
  queryFn: ({ signal }) => apiGet<AdminCredentialRule[]>('/um/api/admin/credentialRules', { text }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useSaveRule = () => useWrite((body: { id?: number; rule: CredentialRuleFields }) => apiPost<AdminCredentialRule>('/um/api/admin/credentialRule/save', { ...body }));
export const useDeleteRule = () => useWrite((id: number) => apiPost<null>('/um/api/admin/credentialRule/delete', { id }));
export function previewRule(rule: CredentialRuleFields): Promise<Pdf> {
  return apiPost<Pdf>('/um/api/admin/credentialRule/preview', { rule });
}
export const useIssued = (q: { ruleId: number | null; text?: string | undefined; pageNo: number; pageSize: number }) => useQuery({
  queryKey: useKey('issued', q),
  queryFn: ({ signal }) => apiGet<PageOf<IssuedCredential>>('/um/api/admin/credentials', { ...q }, { ...silent, signal }),
  enabled: q.ruleId !== null,
  placeholderData: keepPreviousData,
  retry: false,
});
export const useRevoke = () => useWrite((body: { id: number; reason: string }) => apiPost<null>('/um/api/admin/credential/revoke', { ...body }));
export const useRestore = () => useWrite((id: number) => apiPost<null>('/um/api/admin/credential/restore', { id }));
export function pickSources(kind: CredentialRuleFields['sourceKind'], text: string): Promise<PickRow[]> {
  return apiGet<PickRow[]>('/um/api/admin/credentialRule/sources', { kind, text }, silent);
}
