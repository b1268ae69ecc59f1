// Browser storage of the portal (spec shell §3 "Stored locally per tenant" / "Stored globally").
// Keys that belong to a tenant include its id, so two tenants on one origin never see each
// other's sign-in. Reads never throw: a blocked or corrupt storage reads as "nothing stored".

/** Registration info returned by sign-in; its token goes out as a header on every call. */
export interface RegisterInfo {
  id?: number | string;
  token?: string;
}

const KEY = {
  tenantId: 'portal.tenantId',
  userData: (tenantId: number) => `portal.userData.${tenantId}`,
  registerInfo: (tenantId: number) => `portal.registerInfo.${tenantId}`,
  storeId: (tenantId: number) => `portal.storeId.${tenantId}`,
  orgPath: (tenantId: number) => `portal.orgPath.${tenantId}`,
  pageId: 'portal.pageId',
  cart: (tenantId: number) => `portal.cart.${tenantId}`,
  followSummary: (tenantId: number) => `portal.followSummary.${tenantId}`,
  loginData: (tenantId: number) => `portal.loginData.${tenantId}`,
  loggedOut: (tenantId: number) => `portal.loggedOut.${tenantId}`,
  music: (tenantId: number, userId: number | null) => `portal.music.${tenantId}.${userId ?? 'guest'}`,
  pendingProgress: (tenantId: number, userId: number) => `portal.progress.pending.${tenantId}.${userId}`,
} as const;

function read(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not write "${key}" to browser storage; the value lasts only until the page is closed.`, error);
  }
}

const local = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

const asPositiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

// The tenant of this tab. Kept in memory as well as in localStorage so a second tab opened on
// another tenant (same origin) cannot change which tenant this tab's calls carry.
let currentTenantId: number | null = null;

/** The tenant id this tab runs for: the one start-up resolved, else the last one stored. */
export function getTenantId(): number | null {
  return currentTenantId ?? asPositiveInt(read(local(), KEY.tenantId));
}

/** The tenant id remembered from an earlier visit (start-up rule (c)), ignoring this tab's memory. */
export function getStoredTenantId(): number | null {
  return asPositiveInt(read(local(), KEY.tenantId));
}

/** Records the tenant this tab runs for; stored as a number (spec shell §9). Null forgets it. */
export function setTenantId(tenantId: number | null): void {
  currentTenantId = tenantId;
  write(local(), KEY.tenantId, tenantId);
}

/** The signed-in user's data for a tenant, or null. */
export function getUserData<T = Record<string, unknown>>(tenantId: number): T | null {
  return read(local(), KEY.userData(tenantId)) as T | null;
}

/** Stores the signed-in user's data for a tenant. */
export function setUserData(tenantId: number, data: unknown): void {
  write(local(), KEY.userData(tenantId), data);
}

/** Registration info (id, token) for a tenant, or null. */
export function getRegisterInfo(tenantId: number): RegisterInfo | null {
  const value = read(local(), KEY.registerInfo(tenantId));
  return value && typeof value === 'object' ? (value as RegisterInfo) : null;
}

/** Stores registration info for a tenant. */
export function setRegisterInfo(tenantId: number, info: RegisterInfo | null): void {
  write(local(), KEY.registerInfo(tenantId), info);
}

/**
 * Forgets who is signed in for a tenant (spec shell §4 "Logout", §8 flag 401): user data, register
 * info, the cart, the follow summary and stored login data.
 */
export function clearUserData(tenantId: number): void {
  for (const key of [KEY.userData(tenantId), KEY.registerInfo(tenantId), KEY.cart(tenantId), KEY.followSummary(tenantId), KEY.loginData(tenantId)]) {
    write(local(), key, null);
  }
}

/** The follow summary cached for the signed-in user of a tenant, or null. */
export function getFollowSummary<T = Record<string, unknown>>(tenantId: number): T | null {
  return read(local(), KEY.followSummary(tenantId)) as T | null;
}

/** Caches the follow summary of the signed-in user. */
export function setFollowSummary(tenantId: number, summary: unknown): void {
  write(local(), KEY.followSummary(tenantId), summary);
}

/** Stores the login data an SSO exchange returned (spec shell §3 "Login info"). */
export function setLoginData(tenantId: number, data: unknown): void {
  write(local(), KEY.loginData(tenantId), data);
}

/** True once the user logged out on purpose (spec shell §4: logout sets a logged-out flag). */
export function isLoggedOut(tenantId: number): boolean {
  return read(local(), KEY.loggedOut(tenantId)) === true;
}

/** Sets or clears the logged-out flag; signing in clears it. */
export function setLoggedOut(tenantId: number, loggedOut: boolean): void {
  write(local(), KEY.loggedOut(tenantId), loggedOut ? true : null);
}

/** The store the user last chose for a tenant, or null for the default store. */
export function getStoreId(tenantId: number): number | null {
  return asPositiveInt(read(local(), KEY.storeId(tenantId)));
}

/** Remembers the chosen store for a tenant; null goes back to the default store. */
export function setStoreId(tenantId: number, storeId: number | null): void {
  write(local(), KEY.storeId(tenantId), storeId);
}

/** The organisation path of the chosen store for a tenant, or null. */
export function getOrgPath(tenantId: number): string | null {
  const value = read(local(), KEY.orgPath(tenantId));
  return typeof value === 'string' ? value : null;
}

/** Remembers the organisation path of the chosen store for a tenant. */
export function setOrgPath(tenantId: number, orgPath: string | null): void {
  write(local(), KEY.orgPath(tenantId), orgPath);
}

/** The home page chosen in this browser session (spec shell §3: page id in the session). */
export function getPageId(): number | null {
  return asPositiveInt(read(session(), KEY.pageId));
}

/** Remembers the home page chosen in this session. */
export function setPageId(pageId: number | null): void {
  write(session(), KEY.pageId, pageId);
}

/** The floating player's playlist and position (src/stores/music-store.ts), per tenant and user. */
export function getMusicState(tenantId: number, userId: number | null): unknown {
  return read(local(), KEY.music(tenantId, userId));
}

export function setMusicState(tenantId: number, userId: number | null, state: unknown): void {
  write(local(), KEY.music(tenantId, userId), state);
}

/** Study-progress saves the server has not acknowledged yet (src/services/audio/progress-saver.ts). */
export function getPendingProgress(tenantId: number, userId: number): unknown {
  return read(local(), KEY.pendingProgress(tenantId, userId));
}

export function setPendingProgress(tenantId: number, userId: number, pending: unknown): void {
  write(local(), KEY.pendingProgress(tenantId, userId), pending);
}
