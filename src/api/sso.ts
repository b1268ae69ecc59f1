// Single sign-on and third-party sign-in calls (spec shell §4 "Login identities", §7; contracts in
// docs/shell.md "Single sign-on and third-party login"). All are silent: the SSO handler and the
// /wx_login page show the spec's own messages (§8 "Login info failure", "SSO failure").
import type { LoginResult } from '../../schemas/api/um';
import type { AuthInfo, ThirdProviderEntry } from '../../schemas/api/um-sso';
import { apiGet, apiPost } from './client';

/** The signed query of an integrator, as POST /um/api/user/ssoLogin takes it. */
export interface SignedSsoRequest {
  appId: string;
  uname: string;
  uuid: string;
  oid?: string;
  /** Unix seconds; absent when the link had none (the server then refuses it). */
  ts?: number;
  sg: string;
}

/** The login info of an sso_token: the session it names (schemas/api/um.ts AuthInfo). */
export type SsoAuthInfo = AuthInfo;

/** A third-party provider the tenant configured; authorizeUrl when asked with a state and redirectUri. */
export type ThirdPartyEntry = ThirdProviderEntry;

/** Signed query SSO: oid, UUID, uname, appId, ts and sg become a session. */
export function ssoLogin(tenantId: number, request: SignedSsoRequest): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/ssoLogin', { tenantId, ...request }, { silent: true });
}

/** The tokenid exchange (spec shell §7: tenantId, tokenid). */
export function exchangeTokenId(tenantId: number, tokenid: string): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/exchangeToken', { tenantId, tokenid }, { silent: true });
}

/**
 * Login info by sso_token (spec shell §7 GET /um/api/tenant/user/auth/info: token). The token goes
 * as the `token` header, which the server also reads, so it stays out of access logs.
 */
export function getAuthInfo(tenantId: number, token: string): Promise<SsoAuthInfo> {
  return apiGet<SsoAuthInfo>('/um/api/tenant/user/auth/info', { tenantId }, { silent: true, headers: { token } });
}

/** The tenant's third-party providers; with state and redirectUri each has its authorizeUrl. */
export function listThirdParty(tenantId: number, state?: string, redirectUri?: string): Promise<ThirdPartyEntry[]> {
  return apiGet<ThirdPartyEntry[]>('/um/api/user/thirdLogin', { tenantId, state, redirectUri }, { silent: true });
}

/** Third-party sign-in with the code the provider sent back. */
export function thirdPartyLogin(tenantId: number, input: { provider: string; code: string; state: string; redirectUri: string }): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/thirdParty/login', { tenantId, ...input }, { silent: true });
}
