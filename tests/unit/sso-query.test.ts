// spec shell §4 "Login identities" (signed query, tokenid, sso_token) and §8 ("Login info failure",
// "SSO failure"): recognising the SSO query, cleaning the address, storing the session, navigating.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../../src/api/transport';
import { getAuthInfo, ssoLogin } from '../../src/api/sso';
import type { LoginResult } from '../../src/api/user';
import { clearStorageBeforeTenant, handleSsoQuery, recogniseSsoQuery, withoutSsoParams, type SsoDeps } from '../../src/app/sso';
import { getTenantId, setTenantId } from '../../src/lib/storage';
import { useUserStore } from '../../src/stores/user-store';

const feedback = vi.hoisted(() => ({ showMessage: vi.fn(), showAlert: vi.fn() }));
vi.mock('../../src/components/feedback/feedback', () => feedback);

const session: LoginResult = {
  id: 7, token: '1001.tok', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: null, nickName: null, avatarImg: null, mobile: null, email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

const at = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

function fakes() {
  const api = { ssoLogin: vi.fn(), exchangeTokenId: vi.fn(), getAuthInfo: vi.fn() };
  const addresses: string[] = [];
  const history = { state: null, replaceState: vi.fn((_s: unknown, _t: string, url?: string | URL | null) => { addresses.push(String(url)); }) };
  const navigate = vi.fn();
  return { api, history, navigate, addresses, deps: { api, history, navigate } as unknown as SsoDeps };
}

beforeEach(() => {
  // SSO failures are logged by design; the tests check the log where it matters.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.clear();
  sessionStorage.clear();
  setTenantId(1001);
  useUserStore.getState().hydrate(1001);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('recogniseSsoQuery', () => {
  it('reads the signed form (UUID, uname, appId, oid, ts, sg), with lower-case and account aliases', () => {
    expect(recogniseSsoQuery('?oid=o1&UUID=u-123456&uname=learner&appId=hr&sg=ab12&ts=1700000000&tab=2')).toEqual({
      kind: 'signed', keys: ['sg', 'UUID', 'uname', 'appId', 'oid', 'ts'],
      request: { appId: 'hr', uname: 'learner', uuid: 'u-123456', oid: 'o1', ts: 1700000000, sg: 'ab12' },
    });
    expect(recogniseSsoQuery('?uuid=u-123456&account=learner&appid=hr&sg=ab12')).toEqual({
      kind: 'signed', keys: ['sg', 'uuid', 'appid', 'account'],
      request: { appId: 'hr', uname: 'learner', uuid: 'u-123456', sg: 'ab12' },
    });
  });

  it('reads tokenid and sso_token; sso_token wins and every SSO key is listed for removal', () => {
    expect(recogniseSsoQuery('?tokenid=abc')).toEqual({ kind: 'tokenid', tokenid: 'abc', keys: ['tokenid'] });
    expect(recogniseSsoQuery('?tokenId=abc')).toMatchObject({ kind: 'tokenid', tokenid: 'abc' });
    expect(recogniseSsoQuery('?sso_token=1001.x&tokenid=abc&sg=1')).toMatchObject({ kind: 'sso_token', token: '1001.x', keys: ['sso_token', 'tokenid', 'sg'] });
  });

  it('ignores addresses without an SSO form (an account or uuid alone is not one)', () => {
    for (const search of ['', '?tab=1', '?account=x', '?UUID=u&uname=x&appId=a', '?sso_token=', '?tokenid=%20']) {
      expect(recogniseSsoQuery(search)).toBeNull();
    }
  });

  it('clears storage before the tenant is resolved only for an sso_token', () => {
    localStorage.setItem('portal.lang', '"en"');
    expect(clearStorageBeforeTenant('?tokenid=x')).toBe(false);
    expect(localStorage.getItem('portal.tenantId')).toBe('1001');
    expect(clearStorageBeforeTenant('?sso_token=1002.x')).toBe(true);
    expect(localStorage.getItem('portal.tenantId')).toBeNull();
    expect(localStorage.getItem('portal.lang')).toBe('"en"');
  });

  it('removes only the named keys, keeping the path, other parameters and the hash', () => {
    expect(withoutSsoParams(at('/study/course?id=5&tokenid=abc&x=1#top'), ['tokenid'])).toBe('/study/course?id=5&x=1#top');
    expect(withoutSsoParams(at('/study/home?sso_token=t'), ['sso_token'])).toBe('/study/home');
    expect(withoutSsoParams({ pathname: '/study/home', search: '?tokenid=x&a=1' }, ['tokenid'])).toBe('/study/home?a=1');
  });
});

describe('handleSsoQuery', () => {
  it('does nothing without an SSO query', async () => {
    const f = fakes();
    expect(await handleSsoQuery(at('/study/home?tab=1'), 1001, f.deps)).toBe('none');
    expect(f.history.replaceState).not.toHaveBeenCalled();
  });

  it('signed query: stores the session, cleans the address and goes to /home', async () => {
    const f = fakes();
    f.api.ssoLogin.mockImplementation(async () => {
      // The address is clean before the call, so a reload meanwhile does not replay the link.
      expect(f.addresses).toEqual(['/study/course?id=5']);
      return session;
    });
    expect(await handleSsoQuery(at('/study/course?id=5&UUID=u-123456&uname=learner&appId=hr&sg=ab&ts=1700000000'), 1001, f.deps)).toBe('signed-in');
    expect(f.api.ssoLogin).toHaveBeenCalledWith(1001, { appId: 'hr', uname: 'learner', uuid: 'u-123456', sg: 'ab', ts: 1700000000 });
    expect(f.navigate).toHaveBeenCalledWith('/home');
    expect(JSON.parse(localStorage.getItem('portal.registerInfo.1001') ?? 'null')).toEqual({ id: 7, token: '1001.tok' });
    expect(useUserStore.getState().userInfo?.username).toBe('learner');
  });

  it('signed query refused: 登录信息获取失败 and /login with the page to come back to', async () => {
    const f = fakes();
    f.api.ssoLogin.mockRejectedValue(new Error('单点登录签名无效'));
    expect(await handleSsoQuery(at('/study/course?id=5&UUID=u-123456&uname=learner&appId=hr&sg=ab'), 1001, f.deps)).toBe('failed');
    expect(feedback.showMessage).toHaveBeenCalledWith('error', '登录信息获取失败');
    expect(f.navigate).toHaveBeenCalledWith('/login?returnUrl=%2Fcourse%3Fid%3D5');
    expect(localStorage.getItem('portal.registerInfo.1001')).toBeNull();

    const g = fakes();
    g.api.ssoLogin.mockRejectedValue(new Error('no'));
    await handleSsoQuery(at('/study/home?sg=ab'), 1001, g.deps);
    expect(g.navigate).toHaveBeenCalledWith('/login');
  });

  it('default navigation rewrites the address under /study (start-up runs before the router exists)', async () => {
    const f = fakes();
    f.api.exchangeTokenId.mockResolvedValue(session);
    await handleSsoQuery(at('/study/?tokenid=abc'), 1001, { api: f.api, history: f.history } as unknown as SsoDeps);
    expect(f.addresses).toEqual(['/study/', '/study/home']);
  });

  it('tokenid: exchanged once and /home; a refusal shows 获取登录信息失败 and stays', async () => {
    const f = fakes();
    f.api.exchangeTokenId.mockResolvedValue(session);
    expect(await handleSsoQuery(at('/study/home?tokenid=abc'), 1001, f.deps)).toBe('signed-in');
    expect(f.api.exchangeTokenId).toHaveBeenCalledWith(1001, 'abc');
    expect(f.navigate).toHaveBeenCalledWith('/home');

    const g = fakes();
    g.api.exchangeTokenId.mockRejectedValue(new Error('登录凭证无效或已过期'));
    expect(await handleSsoQuery(at('/study/course?tokenid=abc'), 1001, g.deps)).toBe('failed');
    expect(feedback.showMessage).toHaveBeenCalledWith('error', '获取登录信息失败');
    expect(g.navigate).not.toHaveBeenCalled();
    expect(g.addresses).toEqual(['/study/course']);
  });

  it('sso_token: clears storage but language and preferences, stores the login info, stays on the page', async () => {
    localStorage.setItem('portal.lang', '"en"');
    localStorage.setItem('portal.prefs', '{"fontSize":"large"}');
    localStorage.setItem('portal.registerInfo.1001', '{"id":1,"token":"old"}');
    localStorage.setItem('other.app', 'x');
    sessionStorage.setItem('portal.pageId', '3');
    useUserStore.getState().hydrate(1001);
    const f = fakes();
    f.api.getAuthInfo.mockImplementation(async () => {
      expect(localStorage.getItem('portal.registerInfo.1001')).toBeNull();
      expect(useUserStore.getState().registerInfo).toBeNull();
      return { ...session, tenantId: 1001, token: '1001.shared' };
    });
    expect(await handleSsoQuery(at('/study/course?id=5&sso_token=1001.shared'), 1001, f.deps)).toBe('signed-in');
    expect(f.api.getAuthInfo).toHaveBeenCalledWith(1001, '1001.shared');
    expect(localStorage.getItem('portal.lang')).toBe('"en"');
    expect(localStorage.getItem('portal.prefs')).toBe('{"fontSize":"large"}');
    expect(localStorage.getItem('other.app')).toBeNull();
    expect(sessionStorage.getItem('portal.pageId')).toBeNull();
    expect(getTenantId()).toBe(1001);
    expect(localStorage.getItem('portal.tenantId')).toBe('1001');
    expect(JSON.parse(localStorage.getItem('portal.registerInfo.1001') ?? 'null')).toEqual({ id: 7, token: '1001.shared' });
    expect(JSON.parse(localStorage.getItem('portal.loginData.1001') ?? 'null')).toMatchObject({ tenantId: 1001, id: 7 });
    expect(f.navigate).not.toHaveBeenCalled();
    expect(f.addresses).toEqual(['/study/course?id=5']);
  });

  it('sso_token refused: logged only, signed out, navigation continues', async () => {
    const warn = vi.mocked(console.warn);
    localStorage.setItem('portal.registerInfo.1001', '{"id":1,"token":"old"}');
    useUserStore.getState().hydrate(1001);
    const f = fakes();
    f.api.getAuthInfo.mockRejectedValue(new Error('登录信息无效或已过期'));
    expect(await handleSsoQuery(at('/study/home?sso_token=bad'), 1001, f.deps)).toBe('failed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SSO failure'), expect.any(Error));
    expect(feedback.showMessage).not.toHaveBeenCalled();
    expect(f.navigate).not.toHaveBeenCalled();
    expect(useUserStore.getState().registerInfo).toBeNull();
  });

  it('a session that cannot be stored shows 保存登录信息失败', async () => {
    const f = fakes();
    f.api.exchangeTokenId.mockResolvedValue(session);
    const { signIn } = useUserStore.getState();
    useUserStore.setState({ signIn: () => { throw new Error('quota'); } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await handleSsoQuery(at('/study/home?tokenid=abc'), 1001, f.deps)).toBe('failed');
      expect(feedback.showMessage).toHaveBeenCalledWith('error', '保存登录信息失败');
      expect(f.navigate).not.toHaveBeenCalled();
    } finally {
      useUserStore.setState({ signIn });
    }
  });
});

describe('src/api/sso calls', () => {
  it('sends the sso_token as the token header (not in the query) and the signed fields in the body', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const original = apiClient.defaults.adapter;
    apiClient.defaults.adapter = async (config) => {
      seen.push(config);
      return { data: { success: true, code: 200, flag: 0, message: 'success', data: { ...session, tenantId: 1001 } }, status: 200, statusText: 'OK', headers: {}, config };
    };
    try {
      await getAuthInfo(1001, '1001.shared');
      await ssoLogin(1001, { appId: 'hr', uname: 'learner', uuid: 'u-123456', sg: 'ab', ts: 1 });
    } finally {
      apiClient.defaults.adapter = original;
    }
    expect(seen[0]?.url).toBe('/um/api/tenant/user/auth/info');
    expect(seen[0]?.params).toEqual({ tenantId: 1001 });
    expect(seen[0]?.headers.get('token')).toBe('1001.shared');
    expect(JSON.parse(String(seen[1]?.data))).toEqual({ tenantId: 1001, appId: 'hr', uname: 'learner', uuid: 'u-123456', sg: 'ab', ts: 1 });
  });
});
