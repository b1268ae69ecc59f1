// The start-up data the server embeds in the HTML (schemas/bootstrap.ts; issue 15 point 3: one
// round trip to a painted home). Start-up and the home page's template query use it instead of
// their calls, but only where it is what they would have asked for; each part is used once, so a
// retry or a later visit asks the API for fresh answers.
import type { PageWithTemplate } from '../../schemas/api/cfg';
import { BLOCK_DATA_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID, BOOTSTRAP_VERSION, type PortalBlockData, type PortalBootstrap } from '../../schemas/bootstrap';
import type { TenantCandidate } from './tenant-candidates';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bootstrap in a JSON text, or null when it is absent, unreadable or of another format. */
export function parseBootstrap(text: string | null | undefined): PortalBootstrap | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.warn('The start-up data in the page is not JSON; the portal loads the tenant through the API instead.');
    return null;
  }
  if (!isRecord(value) || value.version !== BOOTSTRAP_VERSION) return null;
  const { tenant, setting, homePages, code } = value;
  if (typeof code !== 'string' || !isRecord(tenant) || typeof tenant.id !== 'number' || !isRecord(setting) || !isRecord(setting.store) || !Array.isArray(homePages)) return null;
  return value as unknown as PortalBootstrap;
}

let cached: PortalBootstrap | null | undefined;
let startUpTaken = false;
let templateTaken = false;
let blockData: PortalBlockData | null | undefined;

/** The bootstrap of this page (read once from the document). */
export function readBootstrap(doc: Document = document): PortalBootstrap | null {
  cached ??= parseBootstrap(doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent);
  return cached;
}

/** Forgets what was read and taken (tests, which change the document between cases). */
export function resetBootstrap(): void {
  cached = undefined;
  startUpTaken = false;
  templateTaken = false;
  blockData = undefined;
}

/** What start-up would ask for, to compare with what the server embedded. */
export interface StartUpRequest {
  /** The ways start-up would try to find the tenant, in order (tenantCandidates). */
  candidates: readonly TenantCandidate[];
  /** The store chosen earlier for a tenant (storage), null for the default store. */
  storeIdOf: (tenantId: number) => number | null;
  /** The address's query: a privacy or SSO query makes start-up do other things. */
  search: string;
  /** True when the query carries a single sign-on form (src/app/sso.ts recogniseSsoQuery). */
  hasSso: boolean;
}

/**
 * The way of finding the tenant that start-up would settle on with the bootstrap's answers, or null
 * when they are not exactly what it would ask: the first way start-up tries names the embedded
 * tenant (the same code, or its id from the path or storage), no other store is chosen for it, and
 * the address carries no privacy or SSO query (those change storage or skip start-up; an sso_token
 * even clears storage first). A path id the server found to name no tenant is passed over, as
 * start-up passes over it after asking (src/app/start-up.ts loadTenant).
 */
export function bootstrapCandidate(boot: PortalBootstrap, request: StartUpRequest): TenantCandidate | null {
  if (request.hasSso || new URLSearchParams(request.search).has('privacy')) return null;
  const first = request.candidates.find((c) => !(c.kind === 'id' && c.source === 'path' && c.id === boot.pathIdNamesNoTenant));
  if (!first) return null;
  const sameTenant = first.kind === 'code' ? first.code === boot.code : first.id === boot.tenant.id;
  if (!sameTenant) return null;
  const storeId = request.storeIdOf(boot.tenant.id);
  return storeId === null || storeId === boot.setting.store.id ? first : null;
}

/** True when the bootstrap answers exactly what start-up would ask (bootstrapCandidate). */
export function bootstrapMatches(boot: PortalBootstrap, request: StartUpRequest): boolean {
  return bootstrapCandidate(boot, request) !== null;
}

/** The bootstrap for start-up, with the way it names the tenant, when it matches the request; once per page load. */
export function takeStartUpBootstrap(request: StartUpRequest, doc: Document = document): { boot: PortalBootstrap; candidate: TenantCandidate } | null {
  if (startUpTaken) return null;
  const boot = readBootstrap(doc);
  const candidate = boot ? bootstrapCandidate(boot, request) : null;
  if (!boot || !candidate) return null;
  startUpTaken = true;
  return { boot, candidate };
}

/**
 * The embedded template of a home page (by id) or a tab page (by code) when it is the one asked for
 * (the same tenant and page: another home page chosen for the session asks for another id); once
 * per page load.
 */
export function takeBootstrapTemplate(tenantId: number, ref: { pageId: number } | { pageCode: string }, doc: Document = document): PageWithTemplate | undefined {
  if (templateTaken) return undefined;
  const boot = readBootstrap(doc);
  const template = boot?.template;
  if (!boot || !template || boot.tenant.id !== tenantId) return undefined;
  if ('pageId' in ref ? template.pageId !== ref.pageId : template.pageCode !== ref.pageCode) return undefined;
  templateTaken = true;
  return template;
}

/** The block answers in a JSON text, or null when absent, unreadable or of another format. */
export function parseBlockData(text: string | null | undefined): PortalBlockData | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.version !== BOOTSTRAP_VERSION || typeof value.tenantId !== 'number' || !isRecord(value.answers)) return null;
    return value as unknown as PortalBlockData;
  } catch {
    return null;
  }
}

/**
 * The answer the HTML carried for a block's GET (its requestKey) of this tenant, taken once: a
 * later call of the same request (a refetch, a later visit) asks the API for a fresh one.
 */
export function takeBlockAnswer<T>(tenantId: number, key: string, doc: Document | undefined = globalThis.document): { data: T } | undefined {
  if (blockData === undefined) blockData = doc ? parseBlockData(doc.getElementById(BLOCK_DATA_ELEMENT_ID)?.textContent) : null;
  if (!blockData || blockData.tenantId !== tenantId || !Object.hasOwn(blockData.answers, key)) return undefined;
  const data = blockData.answers[key] as T;
  delete blockData.answers[key];
  return { data };
}
