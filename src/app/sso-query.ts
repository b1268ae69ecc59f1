// The SSO forms an address may carry (spec shell §4 "Login identities"), read without signing in:
// start-up needs them before it resolves the tenant, on every load. Signing in with them
// (src/app/sso.ts handleSsoQuery) loads only when the address carries one.
import type { SignedSsoRequest } from '../api/sso';

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
export function clearBrowserStorage(): void {
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
