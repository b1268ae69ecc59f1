// spec shell §4 "Login identities": start-up signs in from a tokenid or an sso_token in the
// address before the router starts, and takes the SSO parameters out of the address.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/user';
import { exchangeTokenId, getAuthInfo } from '../../src/api/sso';
import { startApp } from '../../src/app/start-up';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting } from '../unit/fixtures';
import { resetApp } from './render-shell';

vi.mock('../../src/api/sso', () => ({ ssoLogin: vi.fn(), exchangeTokenId: vi.fn(), getAuthInfo: vi.fn() }));

const result: LoginResult = {
  id: 7, token: 'sso-session', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: null, nickName: null, avatarImg: null, mobile: null, email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

const api = {
  getTenantByCode: vi.fn(async () => ({ id: 1001, code: 'demo', name: '演示学堂', tenantType: 1 })),
  getTenantStoreSetting: vi.fn(async () => demoSetting()),
  listHomePages: vi.fn(async () => ({ list: demoPages, total: demoPages.length, pageNo: 1, pageSize: 40 })),
};

beforeEach(() => {
  resetApp();
  localStorage.clear();
  window.history.replaceState(null, '', '/study/home');
});
afterEach(() => vi.clearAllMocks());

const at = (search: string) => ({ pathname: '/study/home', hostname: 'localhost', search });

describe('start-up with SSO in the address', () => {
  it('exchanges a tokenid, stores the session, and leaves the address without it', async () => {
    vi.mocked(exchangeTokenId).mockResolvedValue(result);
    window.history.replaceState(null, '', '/study/home?tokenid=abc123&from=portal');
    await startApp({ location: at('?tokenid=abc123&from=portal'), api });
    expect(exchangeTokenId).toHaveBeenCalledWith(1001, 'abc123');
    expect(useUserStore.getState().registerInfo).toEqual({ id: 7, token: 'sso-session' });
    expect(window.location.search).not.toContain('tokenid');
    expect(window.location.pathname).toBe('/study/home');
  });

  it('clears storage for an sso_token but keeps the language, then signs in with the token', async () => {
    localStorage.setItem('portal.lang', 'en');
    localStorage.setItem('portal.registerInfo.1001', JSON.stringify({ id: 3, token: 'old' }));
    vi.mocked(getAuthInfo).mockResolvedValue({ ...result, tenantId: 1001 } as never);
    window.history.replaceState(null, '', '/study/home?sso_token=tok');
    await startApp({ location: at('?sso_token=tok'), api });
    expect(getAuthInfo).toHaveBeenCalledWith(1001, 'tok');
    expect(localStorage.getItem('portal.lang')).toBe('en');
    expect(JSON.parse(localStorage.getItem('portal.registerInfo.1001') ?? '{}')).toEqual({ id: 7, token: 'sso-session' });
  });

  it('continues signed out when the sso_token is refused (logged only)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('portal.registerInfo.1001', JSON.stringify({ id: 3, token: 'old' }));
    vi.mocked(getAuthInfo).mockRejectedValue(new Error('invalid'));
    window.history.replaceState(null, '', '/study/home?sso_token=bad');
    await startApp({ location: at('?sso_token=bad'), api });
    expect(useUserStore.getState().registerInfo).toBeNull();
    expect(localStorage.getItem('portal.registerInfo.1001')).toBeNull();
  });
});
