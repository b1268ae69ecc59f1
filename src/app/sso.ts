// Single sign-on from the address (spec shell §4 "Login identities"), run by start-up once the
// tenant is known and before the router is created:
// - signed query (oid, UUID, uname, appId, ts, sg): "Success goes to /home and failure to /login";
// - tokenid: "exchanged for login data. Success navigates to /home";
// - sso_token: "clears local and session storage, resolves the tenant, fetches login info by token
//   and stores it. On failure it is logged and navigation continues" (§8 "SSO failure").
// The server verifies every form (docs/shell.md "Single sign-on and third-party login"). The SSO
// parameters leave the address before the call, so neither a reload nor the history replays them.
import * as defaultApi from '../api/sso';
import { AUTH_COOKIE_NAME, BASE_PATH } from '../lib/constants';
import { deleteCookie } from '../lib/cookies';
import { inAppPath, loginPath } from '../lib/login-path';
import { setLoginData, setTenantId } from '../lib/storage';
import { useUserStore } from '../stores/user-store';
import { showMessage } from '../components/feedback/feedback';

export {
  clearStorageBeforeTenant, KEPT_STORAGE_KEYS, recogniseSsoQuery, SSO_MESSAGES, withoutSsoParams, type SsoLocation, type SsoOutcome, type SsoQuery,
} from './sso-query';
import { clearBrowserStorage, recogniseSsoQuery, SSO_MESSAGES, withoutSsoParams, type SsoLocation, type SsoOutcome } from './sso-query';

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
