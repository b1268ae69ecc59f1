// The credentials calls (issue 19 part E; schemas/api/credentials.ts, docs/api.md "Credentials"),
// shared by the personal center's myCredentials, the certificate detail and the public verify page.
// Reads are silent where the page shows its own error; writes go through the error catalogue, so a
// refusal shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateFile, CredentialState, CredentialVerification, UserCredential } from '../../schemas/api/credentials';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type Paged } from './client';

export type { CredentialState, CredentialVerification, UserCredential } from '../../schemas/api/credentials';
export { HOLDER_NAME_MAX } from '../../schemas/api/credentials';

/** One certificate's page (spec learning §2 "Archives": /archives/certificatesDetail). */
export const certificatePath = (id: number) => `/archives/certificatesDetail?id=${id}`;

/** The public verification page's full address, for copying and sharing (the server gives the path). */
export const verifyUrlOf = (credential: Pick<UserCredential, 'verifyPath'>, origin = window.location.origin) => `${origin}${credential.verifyPath}`;

/** The cache key of one user's credentials (list pages and details). */
const credentialsKey = (tenantId: number | null, userId: number | null) => ['credentials', tenantId, userId] as const;

/** A page of my certificates, optionally of one state. */
export function useMyCredentials(q: { pageNo: number; pageSize: number; state?: CredentialState | undefined }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: [...credentialsKey(tenantId, userId), 'list', q.state ?? 'all', q.pageNo, q.pageSize],
    queryFn: ({ signal }) => apiGet<Paged<UserCredential>>('/um/api/userCredentials/list', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.state ? { state: q.state } : {}) }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** One of my certificates in full; disabled without an id. */
export function useCredential(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: [...credentialsKey(tenantId, userId), 'info', id],
    queryFn: ({ signal }) => apiGet<UserCredential>('/um/api/userCredentials/getCredentialsInfo', { id }, { silent: true, signal }),
    enabled: id !== null, retry: false,
  });
}

/** Changes the printed name or the public switch; every cached list and detail of mine refreshes. */
export function useModifyCredential() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; holderName?: string; publicVerify?: boolean }) => apiPost<UserCredential>('/um/api/userCredentials/modify', { ...change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey(tenantId, userId) }),
  });
}

/** Renders the certificate PDF on the server (POST /dataapi/tool/generateCertificate). */
export const generateCertificate = (id: number) => apiPost<CertificateFile>('/dataapi/tool/generateCertificate', { id });

/** Saves a rendered certificate as a file, as a download link would. */
export function saveCertificate(file: CertificateFile): void {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL may go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The public verification of a code (no sign-in); tenantId from the link when it names one. */
export function useVerifyCredential(code: string, tenantId: number | null) {
  const appTenant = useAppStore((s) => s.tenantId);
  const tenant = tenantId ?? appTenant;
  return useQuery({
    queryKey: ['credential-verify', tenant, code],
    queryFn: ({ signal }) => apiGet<CredentialVerification>('/um/api/userCredentials/verify', { code, ...(tenant !== null ? { tenantId: tenant } : {}) }, { silent: true, signal }),
    enabled: code.length > 0 && tenant !== null, retry: false,
  });
}
