// How start-up names the tenant (spec shell §4 "App start"; design "The runtime" step 1): pure
// functions of the address and storage, shared by start-up (src/app) and pages that resolve a tenant
// before the app store has one (the privacy page).
import { BASE_PATH, FALLBACK_TENANT_CODE } from './constants';

/** One way of naming the tenant, in the order start-up tries them. */
export type TenantCandidate =
  | { kind: 'id'; id: number; source: 'path' | 'storage' }
  | { kind: 'code'; code: string; source: 'host' | 'default' };

/** A tenant id in the path: /home/{id}, /{id} or /index/{id} (spec shell §2), under /study or not. */
export function pathTenantId(pathname: string): number | null {
  const path = pathname.startsWith(`${BASE_PATH}/`) || pathname === BASE_PATH ? pathname.slice(BASE_PATH.length) : pathname;
  const match = /^\/(?:home\/|index\/)?(\d+)\/?$/.exec(path);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The tenant code in the host's first label (acme.localhost → acme); null for www, IPs and one-label hosts. */
export function hostTenantCode(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host || IPV4.test(host) || host.includes(':') || host.startsWith('[')) return null;
  const labels = host.split('.');
  const first = labels[0];
  if (labels.length < 2 || !first || first === 'www') return null;
  return first;
}

/** The deployment's default tenant code, written into index.html by the server; 'demo' under vite dev. */
export function readDefaultTenantCode(doc: Document = document): string {
  const content = doc.querySelector('meta[name="portal-default-tenant"]')?.getAttribute('content')?.trim() ?? '';
  return content && !content.startsWith('%') ? content : FALLBACK_TENANT_CODE;
}

/**
 * The ways to find the tenant, in order (spec shell §4; design "The runtime" step 1):
 * (a) a numeric id in the path, (b) the host's first label as a code, (c) the stored id,
 * (d) the deployment's default code. A host code is final: an unknown one is 暂无企业ID and never
 * falls back to the default tenant. An id that names no tenant is skipped (a path id may be a
 * home page id instead, spec shell §2 "/home/{id?}").
 */
export function tenantCandidates(input: { pathname: string; hostname: string; storedTenantId: number | null; defaultCode: string }): TenantCandidate[] {
  const candidates: TenantCandidate[] = [];
  const fromPath = pathTenantId(input.pathname);
  if (fromPath !== null) candidates.push({ kind: 'id', id: fromPath, source: 'path' });
  const fromHost = hostTenantCode(input.hostname);
  if (fromHost !== null) {
    candidates.push({ kind: 'code', code: fromHost, source: 'host' });
    return candidates;
  }
  if (input.storedTenantId !== null && input.storedTenantId !== fromPath) candidates.push({ kind: 'id', id: input.storedTenantId, source: 'storage' });
  candidates.push({ kind: 'code', code: input.defaultCode, source: 'default' });
  return candidates;
}
