// The tenant back-office's calls (docs/api.md "Back-office"). Reads are silent (the page shows its
// own error with a retry); saves go through the error catalogue, which shows the server's message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client';
import type { AdminMenu, AdminSettings } from '../../../../schemas/api/cfg';
import type { GlobalStyle } from '../../../../schemas/tenant-settings';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

// A top-level menu as the back-office edits it (state 1 shown, 0 hidden) and everything GET
// /cfg/api/admin/settings answers: the server's response schemas (schemas/api/cfg.ts), derived
// (issue 14 point 4).
export type { AdminMenu, AdminSettings } from '../../../../schemas/api/cfg';

/** The JSON settings edited with a schema form. */
export type JsonSettingName = 'navbar' | 'footer' | 'siteOptions';

function useAdminKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['admin-settings', tenantId, userId] as const;
}

export function useAdminSettings() {
  return useQuery({
    queryKey: useAdminKey(),
    queryFn: ({ signal }) => apiGet<AdminSettings>('/cfg/api/admin/settings', undefined, { silent: true, signal }),
    retry: false,
  });
}

/** A save that patches the cached settings with what the server kept. */
function useSave<A, R>(post: (args: A) => Promise<R>, patch: (settings: AdminSettings, saved: R, args: A) => AdminSettings) {
  const client = useQueryClient();
  const key = useAdminKey();
  return useMutation({
    mutationFn: post,
    onSuccess: (saved, args) => client.setQueryData<AdminSettings>(key, (old) => (old ? patch(old, saved, args) : old)),
  });
}

export const useSaveBasics = () => useSave(
  (body: { appName: string; logoImg: string }) => apiPost<string>('/cfg/api/admin/basics/save', body),
  (old, appName, body) => ({ ...old, appName, logoImg: body.logoImg.trim() }),
);

export const useSaveGlobalStyle = () => useSave(
  (globalStyle: GlobalStyle) => apiPost<GlobalStyle>('/cfg/api/admin/globalStyle/save', { globalStyle }),
  (old, globalStyle) => ({ ...old, globalStyle }),
);

export const useSaveSetting = () => useSave(
  (body: { name: JsonSettingName; value: object }) => apiPost<object>('/cfg/api/admin/setting/save', { name: body.name, value: body.value as Record<string, unknown> }),
  (old, value, body) => ({ ...old, [body.name]: value }),
);

export const useSaveMenus = () => useSave(
  (menus: Array<{ id: number; title: string; state: number }>) => apiPost<AdminMenu[]>('/cfg/api/admin/menus/save', { menus }),
  (old, menus) => ({ ...old, menus }),
);
