// Single sign-on from the address (spec shell §4 "Login identities"), run by start-up once the
// tenant is known and before the router is created:
// - signed query (oid, UUID, uname, appId, ts, sg): "Success goes to /home and failure to /login";
// - tokenid: "exchanged for login data. Success navigates to /home";
// - sso_token: "clears local and session storage, resolves the tenant, fetches login info by token
//   and stores it. On failure it is logged and navigation continues" (§8 "SSO failure").
// The server verifies every form (docs/shell.md "Single sign-on and third-party login"). The SSO
// parameters leave the address before the call, so neither a reload nor the history replays them.
import * as defaultApi from '../api/sso';
import type { SignedSsoRequest } from '../api/sso';
import { AUTH_COOKIE_NAME, BASE_PATH } from '../lib/constants';
import { deleteCookie } from '../lib/cookies';
import { inAppPath, loginPath } from '../lib/login-path';
import { setLoginData, setTenantId } from '../lib/storage';
import { useUserStore } from '../stores/user-store';
import { showMessage } from '../components/feedback/feedback';

/** What handling the address came to: no SSO query, a new session, or a refused or failed one. */
export type SsoOutcome = 'none' | 'signed-in' | 'failed';

/** The SSO form an address carries, with every SSO key it holds (all are removed, whichever form wins). */
export type SsoQuery =
  | { kind: 'sso_token'; token: string; keys: string[] }
  | { kind: 'tokenid'; tokenid: string; keys: string[] }
  | { kind: 'signed'; request: SignedSsoRequest; keys: string[] };

/** spec shell §8 "Login info failure" messages, by where the failure happened. */
export const SSO_MESSAGES = {
  signedFailed: '登录信息获取失败',
  tokenIdFailed: '获取登录信息失败',
  saveFailed: '保存登录信息失败',
} as const;

/**
 * localStorage keys an sso_token keeps: the language and display preferences belong to the
 * person at this browser, not to a session, and start-up has already painted with them.
 */
export const KEPT_STORAGE_KEYS: readonly string[] = ['portal.lang', 'portal.prefs'];

// The parameter names of the forms; UUID and appId also in the lower case some integrators send.
const SIGNED_KEYS = ['sg', 'UUID', 'uuid', 'uname', 'appId', 'appid', 'oid', 'ts'];
const TOKENID_KEYS = ['tokenid', 'tokenId'];
const SSO_TOKEN_KEYS = ['sso_token'];

const first = (params: URLSearchParams, names: readonly string[]): string => {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return '';
};

/**
 * The SSO form of a query string, or null. sso_token wins over tokenid, tokenid over the signed
 * form. The signed form is recognised by sg alone: an incomplete one is sent as it is, so the
 * server's refusal (and /login) follows rather than a silent stay. `account` stands for uname
 * when uname is absent ("Account/UUID plus uname").
 */
export function recogniseSsoQuery(search: string): SsoQuery | null {
  const params = new URLSearchParams(search);
  const signedKeys = params.has('sg') ? [...SIGNED_KEYS, ...(params.has('uname') ? [] : ['account'])] : [];
  const keys = [...SSO_TOKEN_KEYS, ...TOKENID_KEYS, ...signedKeys].filter((key) => params.has(key));
  const token = first(params, SSO_TOKEN_KEYS);
  if (token) return { kind: 'sso_token', token, keys };
  const tokenid = first(params, TOKENID_KEYS);
  if (tokenid) return { kind: 'tokenid', tokenid, keys };
  if (!params.has('sg')) return null;
  const ts = Number(params.get('ts'));
  const oid = first(params, ['oid']);
  const request: SignedSsoRequest = {
    appId: first(params, ['appId', 'appid']),
    uname: first(params, ['uname', 'account']),
    uuid: first(params, ['UUID', 'uuid']),
    sg: first(params, ['sg']),
    ...(oid ? { oid } : {}),
    ...(params.get('ts') && Number.isSafeInteger(ts) ? { ts } : {}),
  };
  return { kind: 'signed', request, keys };
}

/** The parts of the address SSO reads (start-up's own location type has no hash, hence optional). */
export type SsoLocation = Pick<Location, 'pathname' | 'search'> & { hash?: string };

/** The address without the given query keys, keeping the path, the other parameters and the hash. */
export function withoutSsoParams(location: SsoLocation, keys: readonly string[]): string {
  const params = new URLSearchParams(location.search);
  for (const key of keys) params.delete(key);
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}${location.hash ?? ''}`;
}

/** Clears localStorage (but KEPT_STORAGE_KEYS) and sessionStorage; never throws. */
function clearBrowserStorage(): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && !KEPT_STORAGE_KEYS.includes(key)) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch (error) {
    console.warn('Browser storage could not be cleared for the sso_token sign-in.', error);
  }
}

/**
 * For start-up, before it resolves the tenant: with an sso_token in the address, clears storage
 * first, in the spec's order ("clears local and session storage, resolves the tenant"), so a
 * tenant remembered from an earlier visit does not decide which tenant the token is tried on.
 * Returns whether it cleared. handleSsoQuery clears again afterwards (harmless).
 */
export function clearStorageBeforeTenant(search: string): boolean {
  if (recogniseSsoQuery(search)?.kind !== 'sso_token') return false;
  clearBrowserStorage();
  return true;
}

/** Clears local and session storage for an sso_token, keeping KEPT_STORAGE_KEYS and this tab's tenant. */
export function clearStorageForSso(tenantId: number): void {
  clearBrowserStorage();
  // Start-up resolved the tenant already; the id goes back so this tab's calls keep carrying it.
  setTenantId(tenantId);
  // The old session is gone from storage: the store and the pctoken cookie forget it too, or the
  // server would still see the previous user through the cookie if the sso_token fails.
  deleteCookie(AUTH_COOKIE_NAME);
  useUserStore.getState().hydrate(tenantId);
}

/** What handleSsoQuery may be given instead of the real API and browser history (tests). */
export interface SsoDeps {
  api?: Pick<typeof defaultApi, 'ssoLogin' | 'exchangeTokenId' | 'getAuthInfo'>;
  history?: Pick<History, 'replaceState' | 'state'>;
  /**
   * Goes to an in-app path (without /study). Default: history.replaceState, which suits the call
   * from start-up (the router is created afterwards and starts at that address).
   */
  navigate?: (path: string) => void;
}

/**
 * Recognises an SSO query, signs in through the server, stores the session and decides where to
 * go (see the header). Never throws: every failure is logged, and shown where the spec says so.
 */
export async function handleSsoQuery(location: SsoLocation, tenantId: number, deps: SsoDeps = {}): Promise<SsoOutcome> {
  const query = recogniseSsoQuery(location.search);
  if (!query) return 'none';
  const api = deps.api ?? defaultApi;
  const history = deps.history ?? window.history;
  const cleaned = withoutSsoParams(location, query.keys);
  history.replaceState(history.state, '', cleaned);
  const go = deps.navigate ?? ((path: string) => history.replaceState(null, '', path === '/' ? BASE_PATH : `${BASE_PATH}${path}`));
  const save = (store: () => void): boolean => {
    try {
      store();
      return true;
    } catch (error) {
      console.error('Storing the SSO session failed.', error);
      showMessage('error', SSO_MESSAGES.saveFailed);
      return false;
    }
  };

  if (query.kind === 'sso_token') {
    clearStorageForSso(tenantId);
    try {
      const info = await api.getAuthInfo(tenantId, query.token);
      return save(() => {
        useUserStore.getState().signIn(tenantId, info);
        setLoginData(tenantId, info);
      }) ? 'signed-in' : 'failed';
    } catch (error) {
      // §8 "SSO failure: logged, and navigation continues": the page asked for opens signed out.
      console.warn('SSO failure: the sso_token gave no login info; continuing without a session.', error);
      return 'failed';
    }
  }

  if (query.kind === 'tokenid') {
    try {
      const result = await api.exchangeTokenId(tenantId, query.tokenid);
      if (!save(() => useUserStore.getState().signIn(tenantId, result))) return 'failed';
      go('/home');
      return 'signed-in';
    } catch (error) {
      // The spec gives only the success path; a refused tokenid shows the message and the page
      // asked for opens (its access rules send an anonymous user to /login when needed).
      console.warn('SSO failure: the tokenid exchange was refused.', error);
      showMessage('error', SSO_MESSAGES.tokenIdFailed);
      return 'failed';
    }
  }

  try {
    const result = await api.ssoLogin(tenantId, query.request);
    if (save(() => useUserStore.getState().signIn(tenantId, result))) {
      go('/home');
      return 'signed-in';
    }
  } catch (error) {
    console.warn('SSO failure: the signed sign-in request was refused.', error);
    showMessage('error', SSO_MESSAGES.signedFailed);
  }
  // Failure goes to /login, coming back to the page the link named after a manual sign-in.
  const target = inAppPath(cleaned.split('#')[0] ?? '');
  go(target === '/' || target === '/home' ? '/login' : loginPath(target));
  return 'failed';
}
