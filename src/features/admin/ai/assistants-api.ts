// The back office's assistants and applications calls (issue 21 part D; docs/api.md "Issue 21 D").
import type { AdminOverview, ApplicationSaveBody, AssistantSaveBody } from '../../../../schemas/api/ai-assistants';
import { apiGet, apiPost } from '../../../api/client';

export type { AdminOverview, AppField, ApplicationAdminRow, AssistantAdminRow } from '../../../../schemas/api/ai-assistants';
export { APP_ICONS, BUILTIN_AVATARS, FIELD_TYPES, MAX_EXAMPLES, MAX_FIELDS, PASSAGE_KIND_VALUES } from '../../../../schemas/api/ai-assistants';

type WithoutTenant<T> = Omit<T, 'tenantId'>;

export const getOverview = (signal?: AbortSignal) => apiGet<AdminOverview>('/cm/api/ai/admin/assistants', {}, { silent: true, ...(signal ? { signal } : {}) });
export const saveAssistant = (body: WithoutTenant<AssistantSaveBody>) => apiPost<{ id: number }>('/cm/api/ai/admin/assistant/save', body);
export const deleteAssistant = (id: number) => apiPost<null>('/cm/api/ai/admin/assistant/delete', { id });
export const sortAssistants = (ids: number[]) => apiPost<null>('/cm/api/ai/admin/assistant/sort', { ids });
export const saveApplication = (body: WithoutTenant<ApplicationSaveBody>) => apiPost<{ id: number }>('/cm/api/ai/admin/application/save', body);
export const deleteApplication = (id: number) => apiPost<null>('/cm/api/ai/admin/application/delete', { id });
export const sortApplications = (ids: number[]) => apiPost<null>('/cm/api/ai/admin/application/sort', { ids });
