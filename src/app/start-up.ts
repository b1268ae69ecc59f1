// App start (spec shell §4 "App start"): resolve the tenant, load its settings and home pages,
// and fill the app store. The Loading screen shows until this ends; failures end loading with
// a reason the app renders (暂无企业ID, or a retry screen).
import type { HomePageEntry, StoreSetting, TenantInfo } from '../../schemas/tenant-settings';
import { ApiError, type ApiOptions, type Paged } from '../api/client';
import { getTenantByCode, getTenantStoreSetting, listHomePages } from '../api/tenant';
import { applyTenantLanguage, languageReady, storedLanguageChoice } from '../i18n/i18n';
import { getPageId, getStoredTenantId, getStoreId, setOrgPath, setPageId, setStoreId, setTenantId } from '../lib/storage';
import { useAppStore } from '../stores/app-store';
import { useUserStore } from '../stores/user-store';
import { clearStorageBeforeTenant, recogniseSsoQuery } from './sso-query';
import { takeStartUpBootstrap } from '../lib/bootstrap';
import { readDefaultTenantCode, tenantCandidates, type TenantCandidate } from '../lib/tenant-candidates';

/** The calls start-up makes; tests pass fakes. */
export interface StartUpApi {
  getTenantByCode(code: string, opts?: ApiOptions): Promise<TenantInfo>;
  getTenantStoreSetting(tenantId: number, storeId: number | null, opts?: ApiOptions): Promise<StoreSetting>;
  listHomePages(tenantId: number, opts?: ApiOptions): Promise<Paged<HomePageEntry>>;
}

const defaultApi: StartUpApi = { getTenantByCode, getTenantStoreSetting, listHomePages };

// Start-up handles its own failures (spec shell §8: tenant init failure just ends loading).
const silent: ApiOptions = { silent: true };

const isNotFound = (error: unknown, errorCode: string) => error instanceof ApiError && error.errorCode === errorCode;

/** What loading the tenant came to. */
export type TenantLoad =
  | { kind: 'found'; tenantId: number; setting: StoreSetting; homePages: HomePageEntry[]; candidate: TenantCandidate }
  | { kind: 'missing'; candidate: TenantCandidate | null };

/** The store settings of a tenant, for the store chosen earlier; a vanished store falls back to the default. */
export async function loadStoreSetting(tenantId: number, api: StartUpApi = defaultApi, opts: ApiOptions = silent): Promise<StoreSetting> {
  const storeId = getStoreId(tenantId);
  try {
    return await api.getTenantStoreSetting(tenantId, storeId, opts);
  } catch (error) {
    if (storeId === null || !isNotFound(error, 'STORE_NOT_FOUND')) throw error;
    console.warn(`Store ${storeId} chosen earlier no longer exists in tenant ${tenantId}; the default store is used.`);
    setStoreId(tenantId, null);
    return api.getTenantStoreSetting(tenantId, null, opts);
  }
}

/** Tries the candidates in order and loads the first tenant found, with its settings and home pages. */
export async function loadTenant(candidates: readonly TenantCandidate[], api: StartUpApi = defaultApi): Promise<TenantLoad> {
  for (const candidate of candidates) {
    let tenantId: number;
    if (candidate.kind === 'code') {
      try {
        tenantId = (await api.getTenantByCode(candidate.code, silent)).id;
      } catch (error) {
        if (isNotFound(error, 'TENANT_NOT_FOUND')) return { kind: 'missing', candidate };
        throw error;
      }
    } else {
      tenantId = candidate.id;
    }
    // The pages list needs only the tenant id, so it loads beside the settings (one round trip).
    const pages = api.listHomePages(tenantId, silent);
    pages.catch(() => undefined);
    let setting: StoreSetting;
    try {
      setting = await loadStoreSetting(tenantId, api);
    } catch (error) {
      if (candidate.kind === 'id' && isNotFound(error, 'TENANT_NOT_FOUND')) {
        console.warn(`No tenant has the id ${tenantId} (from the ${candidate.source}); trying the next way to find the tenant.`);
        if (candidate.source === 'storage') setTenantId(null);
        continue;
      }
      throw error;
    }
    let homePages: HomePageEntry[] = [];
    try {
      homePages = (await pages).list;
    } catch (error) {
      console.warn(`The home-page list of tenant ${tenantId} could not load, so the home-page switcher is hidden.`, error);
    }
    return { kind: 'found', tenantId, setting, homePages, candidate };
  }
  return { kind: 'missing', candidate: null };
}

/** Points the favicon at the tenant's image. */
export function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/** Applies the tenant's app name and favicon to the document (route titles refine the title later). */
export function applyDocumentBasics(appName: string, faviconImg: string | null): void {
  if (appName) document.title = appName;
  if (faviconImg) setFavicon(faviconImg);
}

/** Where start-up reads the address from; tests pass their own. */
export interface StartUpEnv {
  location: Pick<Location, 'pathname' | 'hostname' | 'search'>;
  api: StartUpApi;
}

/** Puts a found tenant into the stores and the document (the synchronous part of start-up). */
function applyTenantLoad(result: TenantLoad & { kind: 'found' }) {
  const app = useAppStore.getState();
  setTenantId(result.tenantId);
  useUserStore.getState().hydrate(result.tenantId);
  app.applySettings(result.tenantId, result.setting);
  app.setHomePages(result.homePages);
  const remembered = getPageId();
  app.selectPage(result.homePages.some((page) => page.pageId === remembered) ? remembered : null);
  const state = useAppStore.getState();
  applyDocumentBasics(state.site.appName, state.site.faviconImg);
  return state;
}

/** What start-up would ask for at this address (compared with the embedded answers). */
function startUpRequest(location: StartUpEnv['location']) {
  const candidates = tenantCandidates({
    pathname: location.pathname,
    hostname: location.hostname,
    storedTenantId: getStoredTenantId(),
    defaultCode: readDefaultTenantCode(),
  });
  return { candidates, storeIdOf: getStoreId, search: location.search, hasSso: recogniseSsoQuery(location.search) !== null };
}

let startedNow = false;

/**
 * Start-up done before the first render, when the HTML carries exactly its answers (issue 15
 * point 3: the home's first commit is the page, not the Loading screen and then the shell). True
 * when it finished. False when it could not start (no answers, another tenant or store, a privacy
 * or SSO query, a remembered English choice), with nothing taken or changed, so startApp() runs as
 * before; or when it started but the tenant's English texts load first (startedBeforeRender()).
 */
export function startAppNow(location: StartUpEnv['location'] = window.location): boolean {
  // English needs its texts loaded (languageReady); the Loading screen waits for them.
  if (storedLanguageChoice() === 'en') return false;
  const request = startUpRequest(location);
  // Taken only when it matches what start-up would ask (then `candidate` names its tenant).
  const taken = takeStartUpBootstrap(request);
  if (!taken) return false;
  const { boot: embedded, candidate } = taken;
  const app = useAppStore.getState();
  app.setStartError(null);
  // A throw here (settings the stores cannot take) leaves start-up to startApp(), which asks the API.
  const { options } = applyTenantLoad({ kind: 'found', tenantId: embedded.tenant.id, setting: embedded.setting, homePages: embedded.homePages, candidate });
  startedNow = true;
  // spec shell §1: a tenant whose default language is English paints in English; its texts load
  // first, behind the Loading screen, as in startApp().
  if (options.language === 'en') {
    void applyTenantLanguage(options.language).finally(() => app.setLoading(false));
    return false;
  }
  app.setLoading(false);
  return true;
}

/** Whether startAppNow() started the app (the app then does not run start-up again on mount). */
export function startedBeforeRender(): boolean {
  return startedNow;
}

/** Forgets an earlier startAppNow() (tests, which start the app more than once per document). */
export function resetStartedBeforeRender(): void {
  startedNow = false;
}

async function run(env: StartUpEnv): Promise<void> {
  const app = useAppStore.getState();
  // spec shell §2 "Access": a privacy query skips tenant initialisation and shows the page.
  if (new URLSearchParams(env.location.search).has('privacy')) {
    app.setPrivacy(true);
    await languageReady;
    app.setLoading(false);
    return;
  }
  app.setStartError(null);
  app.setLoading(true);
  try {
    // spec shell §4: an sso_token clears local and session storage before the tenant is resolved.
    clearStorageBeforeTenant(env.location.search);
    const request = startUpRequest(env.location);
    const { candidates } = request;
    // Issue 15 point 3: the HTML carries these answers when it names the same tenant and store
    // (src/lib/bootstrap.ts bootstrapMatches); then start-up makes no call at all.
    const taken = takeStartUpBootstrap(request);
    const result: TenantLoad = taken
      ? { kind: 'found', tenantId: taken.boot.tenant.id, setting: taken.boot.setting, homePages: taken.boot.homePages, candidate: taken.candidate }
      : await loadTenant(candidates, env.api);
    if (result.kind === 'missing') {
      const named = result.candidate?.kind === 'code' ? `the code "${result.candidate.code}"` : 'this address';
      console.warn(`No tenant matches ${named}; the portal shows 暂无企业ID. Check the host name or the deployment's default tenant.`);
      app.setStartError({ kind: 'tenant-missing' });
      return;
    }
    const { options } = applyTenantLoad(result);
    // spec shell §1: a tenant whose default language is English paints in English (unless the
    // visitor chose a language), before the Loading screen goes.
    await applyTenantLanguage(options.language);
    // spec shell §4 "Login identities": signed SSO links, tokenid and sso_token sign in here,
    // before the router starts (it then opens at the address handleSsoQuery leaves).
    // The sign-in code loads only for an address that carries one of the forms.
    if (recogniseSsoQuery(env.location.search)) await (await import('./sso')).handleSsoQuery(env.location, result.tenantId);
  } catch (error) {
    console.error('The portal could not start because loading the tenant settings failed.', error);
    app.setStartError({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    // A remembered English choice loads its texts alongside the tenant request; wait for them so
    // the shell paints in the chosen language (languageReady never rejects).
    await languageReady;
    app.setLoading(false);
  }
}

let inFlight: Promise<void> | null = null;

/** Runs start-up once at a time (React StrictMode mounts twice); a retry calls it again. */
export function startApp(env: Partial<StartUpEnv> = {}): Promise<void> {
  inFlight ??= run({ location: env.location ?? window.location, api: env.api ?? defaultApi }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Chooses a home page from the navbar switcher: remembered for the session; a store entry also
 * becomes the tenant's chosen store, whose settings (menus, colours) are loaded in place.
 */
export async function selectHomePage(entry: HomePageEntry, api: StartUpApi = defaultApi): Promise<void> {
  const app = useAppStore.getState();
  const { tenantId, store } = app;
  if (tenantId === null) return;
  setPageId(entry.pageId);
  app.selectPage(entry.pageId);
  if (entry.type !== 1 || entry.storeId === undefined || entry.storeId === store?.id) return;
  setStoreId(tenantId, entry.storeId);
  setOrgPath(tenantId, entry.orgPath ?? null);
  // Not silent: a failure here is shown to the user by the error catalogue.
  const setting = await loadStoreSetting(tenantId, api, {});
  app.applySettings(tenantId, setting);
  const { site } = useAppStore.getState();
  applyDocumentBasics(site.appName, site.faviconImg);
}
