// spec shell §2 /wx_login, §4 "Login identities" (third-party login), §7 thirdLogin and
// thirdParty/login: the not-configured state, the provider buttons and the return with a code.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/user';
import { Providers, createQueryClient } from '../../src/app/providers';
import ThirdPartyPage, { THIRD_PARTY_STATE_KEY, thirdPartyRedirectUri } from '../../src/features/auth/routes/third-party-page';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const api = vi.hoisted(() => ({ listThirdParty: vi.fn(), thirdPartyLogin: vi.fn() }));
vi.mock('../../src/api/sso', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/sso')>()), ...api }));
const feedback = vi.hoisted(() => ({ showMessage: vi.fn() }));
vi.mock('../../src/components/feedback/feedback', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/components/feedback/feedback')>()), ...feedback }));

const session: LoginResult = {
  id: 9, token: '1001.wx', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 9, username: 'tp:corp:abc', realName: null, nickName: '王五', avatarImg: null, mobile: null, email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

function renderPage(path: string, assign = vi.fn()) {
  const router = createMemoryRouter([
    { path: '/wx_login', element: <ThirdPartyPage assign={assign} /> },
    { path: '/login', element: <p>login page</p> },
    { path: '/home', element: <p>home page</p> },
    { path: '/course', element: <p>course page</p> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return { router, assign };
}

beforeEach(() => {
  resetApp();
  localStorage.clear();
  sessionStorage.clear();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().hydrate(1001);
});
afterEach(() => vi.clearAllMocks());

describe('/wx_login', () => {
  it('says clearly when the tenant has no provider, with a way back to /login', async () => {
    api.listThirdParty.mockResolvedValue([]);
    const { router } = renderPage('/wx_login');
    expect(await screen.findByTestId('third-party-empty')).toHaveTextContent('该企业尚未配置第三方登录');
    await userEvent.setup().click(screen.getByTestId('third-party-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lists the providers; a button keeps the state and goes to the provider', async () => {
    api.listThirdParty.mockImplementation(async (_tenantId: number, state: string) => [
      { id: 'corp', name: '企业微信', type: 'wechat', authorizeUrl: `https://idp.test/auth?state=${state}` },
      { id: 'sso', name: 'OIDC', type: 'oidc', authorizeUrl: `https://oidc.test/auth?state=${state}` },
    ]);
    const { assign } = renderPage('/wx_login?returnUrl=%2Fcourse');
    const button = await screen.findByTestId('third-party-corp');
    expect(button).toHaveTextContent('使用企业微信登录');
    expect(screen.getByTestId('third-party-sso')).toBeInTheDocument();
    // The last call is this page's: the test before may still have listed with its own page's
    // state after its last expectation (its afterEach clears the mocks before the page unmounts).
    const [tenantId, state, redirectUri] = api.listThirdParty.mock.lastCall!;
    expect(tenantId).toBe(1001);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(redirectUri).toBe(thirdPartyRedirectUri());
    await userEvent.setup().click(button);
    expect(assign).toHaveBeenCalledWith(`https://idp.test/auth?state=${state}`);
    expect(JSON.parse(sessionStorage.getItem(THIRD_PARTY_STATE_KEY) ?? 'null')).toEqual({ state, provider: 'corp', returnUrl: '/course' });
  });

  it('trades the returned code for a session and goes back to the page asked for', async () => {
    sessionStorage.setItem(THIRD_PARTY_STATE_KEY, JSON.stringify({ state: 's1', provider: 'corp', returnUrl: '/course' }));
    api.thirdPartyLogin.mockResolvedValue(session);
    const { router } = renderPage('/wx_login?code=c0de&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(api.thirdPartyLogin).toHaveBeenCalledTimes(1);
    expect(api.thirdPartyLogin).toHaveBeenCalledWith(1001, { provider: 'corp', code: 'c0de', state: 's1', redirectUri: thirdPartyRedirectUri() });
    expect(JSON.parse(localStorage.getItem('portal.registerInfo.1001') ?? 'null')).toEqual({ id: 9, token: '1001.wx' });
    expect(feedback.showMessage).toHaveBeenCalledWith('success', '登录成功');
    expect(sessionStorage.getItem(THIRD_PARTY_STATE_KEY)).toBeNull();
  });

  it('refuses a state it did not send, without calling the server', async () => {
    sessionStorage.setItem(THIRD_PARTY_STATE_KEY, JSON.stringify({ state: 's1', provider: 'corp', returnUrl: '/home' }));
    api.listThirdParty.mockResolvedValue([{ id: 'corp', name: 'Corp', type: 'fake', authorizeUrl: 'https://idp.test' }]);
    const { router } = renderPage('/wx_login?code=c0de&state=forged');
    expect(await screen.findByTestId('third-party-error')).toHaveTextContent('登录请求已失效，请重新选择登录方式');
    expect(api.thirdPartyLogin).not.toHaveBeenCalled();
    // The code leaves the address and the buttons come back for another try.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('third-party-corp')).toBeInTheDocument();
  });

  it('shows the server message when the code is refused', async () => {
    sessionStorage.setItem(THIRD_PARTY_STATE_KEY, JSON.stringify({ state: 's1', provider: 'corp', returnUrl: '/home' }));
    api.thirdPartyLogin.mockRejectedValue(new Error('第三方登录失败，请重试'));
    api.listThirdParty.mockResolvedValue([]);
    renderPage('/wx_login?code=c0de&state=s1');
    expect(await screen.findByTestId('third-party-error')).toHaveTextContent('第三方登录失败，请重试');
    expect(useUserStore.getState().registerInfo).toBeNull();
  });
});
