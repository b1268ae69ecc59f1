// spec shell §4 "Login identities", "Logout", "Verification-code button", §5 messages, §6 user menu,
// §9 badge: the sign-in page, the user menu and the navbar counts against the real route table,
// with the user API module faked.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/user';
import { useUserStore } from '../../src/stores/user-store';
import { DEFAULT_LOGIN_SLOGAN } from '../../schemas/tenant-settings';
import { i18n } from '../../src/i18n/i18n';
import { demoPages, demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const user: LoginResult = {
  id: 7,
  token: 't0k3n',
  expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: '李学员', nickName: '小李', avatarImg: null, mobile: '13800000001', email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: true },
};

const api = vi.hoisted(() => ({
  loginByAccount: vi.fn(),
  loginByMobile: vi.fn(),
  applyChecknum: vi.fn(),
  logoutOnServer: vi.fn(),
  getUnreadCount: vi.fn(),
}));

vi.mock('../../src/api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/user')>()), ...api }));

beforeEach(() => {
  resetApp();
  localStorage.clear();
  sessionStorage.clear();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().hydrate(1001);
  api.loginByAccount.mockResolvedValue(user);
  api.loginByMobile.mockResolvedValue(user);
  api.applyChecknum.mockResolvedValue({ retryAfter: 60 });
  api.logoutOnServer.mockResolvedValue(null);
  api.getUnreadCount.mockResolvedValue(3);
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('login page', () => {
  it('shows the spec messages for empty fields and sends nothing', async () => {
    renderRoutes('/login');
    await userEvent.setup().click(await screen.findByTestId('login-submit'));
    // antd validates each field on its own promise: on a busy machine the second message can show a tick later.
    expect(await screen.findByText('帐号不能为空')).toBeInTheDocument();
    expect(await screen.findByText('密码不能为空')).toBeInTheDocument();
    expect(api.loginByAccount).not.toHaveBeenCalled();
  });

  it('signs in, stores the session and goes back to the returnUrl', async () => {
    const { router } = renderRoutes('/login?returnUrl=%2Fsearch%3FsearchValue%3Djava');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('login-account'), 'learner');
    await ue.type(screen.getByTestId('login-password'), 'Study@2026');
    await ue.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?searchValue=java'));
    expect(api.loginByAccount).toHaveBeenCalledWith('learner', 'Study@2026', {});
    expect(JSON.parse(localStorage.getItem('portal.registerInfo.1001') ?? '{}')).toEqual({ id: 7, token: 't0k3n' });
    expect(document.cookie).toContain('pctoken=t0k3n');
  });

  it('shows the server message when sign-in fails', async () => {
    api.loginByAccount.mockRejectedValue(new Error('用户名或密码错误'));
    renderRoutes('/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('login-account'), 'learner');
    await ue.type(screen.getByTestId('login-password'), 'bad');
    await ue.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('用户名或密码错误');
  });

  it('checks the mobile before sending a code, then counts down from 60 and resets', async () => {
    renderRoutes('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '手机号登录' }));
    const send = await screen.findByTestId('send-code');
    fireEvent.click(send);
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('login-mobile'), { target: { value: '12345678901' } });
    fireEvent.click(send);
    expect(await screen.findByText('请填写正确的手机号码')).toBeInTheDocument();
    expect(api.applyChecknum).not.toHaveBeenCalled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByTestId('login-mobile'), { target: { value: '13800138000' } });
    fireEvent.click(send);
    await waitFor(() => expect(api.applyChecknum).toHaveBeenCalledWith('13800138000'));
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('60秒后重新获取'));
    expect(screen.getByTestId('send-code')).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByTestId('send-code')).toHaveTextContent('59秒后重新获取');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByTestId('send-code')).toHaveTextContent('获取验证码');
    expect(screen.getByTestId('send-code')).not.toBeDisabled();
  });

  it('uses the campus layout for tenant 1533', async () => {
    loadSettings(demoSetting({ tenantId: 1533 }), demoPages);
    renderRoutes('/login');
    expect(await screen.findByTestId('login-page')).toHaveAttribute('data-layout', 'campus');
  });

  it('uses the default layout for other tenants', async () => {
    renderRoutes('/login');
    expect(await screen.findByTestId('login-page')).toHaveAttribute('data-layout', 'default');
  });
});

// Issue 13 point 12: the login page's left half was an empty gradient with one line.
describe('login page hero was an empty gradient with one line', () => {
  const withLoginConfig = (config: Record<string, unknown>, tenantId = 1001) =>
    loadSettings(demoSetting({ tenantId, config: [jsonItem('PcLoginConfig', 'loginConfig', { loginTypes: ['account'], ...config })] }), demoPages);

  it('shows the site name, the tenant\'s slogan and the illustration beside the form', async () => {
    withLoginConfig({ slogan: '一起学习，每天进步一点点' });
    renderRoutes('/login');
    const page = await screen.findByTestId('login-page');
    expect(within(page).getByRole('heading', { level: 2 })).toHaveTextContent('演示学堂');
    expect(within(page).getByTestId('login-slogan')).toHaveTextContent('一起学习，每天进步一点点');
    expect(within(page).getByTestId('login-illustration').tagName.toLowerCase()).toBe('svg');
  });

  it('shows the default slogan when the tenant sets none, in the visitor\'s language', async () => {
    withLoginConfig({});
    renderRoutes('/login');
    expect(await screen.findByTestId('login-slogan')).toHaveTextContent(DEFAULT_LOGIN_SLOGAN.zh);
    cleanup();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    try {
      renderRoutes('/login');
      expect(await screen.findByTestId('login-slogan')).toHaveTextContent(DEFAULT_LOGIN_SLOGAN.en);
    } finally {
      await act(async () => {
        await i18n.changeLanguage('zh');
      });
    }
  });

  it('shows the tenant\'s own picture in place of the drawing, and never an unsafe address', async () => {
    withLoginConfig({ illustration: '/uploads/seed/login-art.png' });
    renderRoutes('/login');
    expect(await screen.findByTestId('login-illustration')).toHaveAttribute('src', '/uploads/seed/login-art.png');
    cleanup();
    withLoginConfig({ illustration: 'javascript:alert(1)' });
    renderRoutes('/login');
    expect((await screen.findByTestId('login-illustration')).tagName.toLowerCase()).toBe('svg');
  });

  it('paints the drawing with theme variables only, never a fixed colour', async () => {
    withLoginConfig({});
    renderRoutes('/login');
    const art = await screen.findByTestId('login-illustration');
    for (const el of art.querySelectorAll('*')) {
      for (const attr of ['fill', 'stroke']) {
        const value = el.getAttribute(attr);
        if (value !== null) expect(value, `${el.tagName} ${attr}`).toBe('none');
      }
    }
  });

  it('shows the slogan on the campus layout too, the default one when unset', async () => {
    withLoginConfig({}, 1533);
    renderRoutes('/login');
    expect(await screen.findByTestId('login-page')).toHaveAttribute('data-layout', 'campus');
    expect(screen.getByTestId('login-slogan')).toHaveTextContent(DEFAULT_LOGIN_SLOGAN.zh);
  });
});

describe('navbar for a signed-in user', () => {
  it('loads the unread count only with a user id and shows it on the bell', async () => {
    renderRoutes('/home');
    await screen.findByTestId('navbar-login');
    expect(api.getUnreadCount).not.toHaveBeenCalled();
    act(() => useUserStore.getState().signIn(1001, user));
    expect(await screen.findByTestId('navbar-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('navbar-badge').className).not.toContain('--wide');
  });

  it('shows 99+ in the wide style above 99', async () => {
    api.getUnreadCount.mockResolvedValue(120);
    useUserStore.getState().signIn(1001, user);
    renderRoutes('/home');
    const badge = await screen.findByTestId('navbar-badge');
    expect(badge).toHaveTextContent('99+');
    expect(badge.className).toContain('portal-navbar__badge--wide');
  });

  it('asks before logging out, then clears the session and goes to /login with the return path', async () => {
    useUserStore.getState().signIn(1001, user);
    localStorage.setItem('portal.followSummary.1001', '{"points":1}');
    const { router } = renderRoutes('/home');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('user-menu'));
    await ue.click(await screen.findByTestId('user-menu-logout'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeInTheDocument();
    expect(useUserStore.getState().registerInfo).not.toBeNull();
    await ue.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fhome');
    expect(api.logoutOnServer).toHaveBeenCalled();
    expect(localStorage.getItem('portal.registerInfo.1001')).toBeNull();
    expect(localStorage.getItem('portal.followSummary.1001')).toBeNull();
    expect(localStorage.getItem('portal.loggedOut.1001')).toBe('true');
  });

  it('names the user menu starting with the name it shows (axe label-content-name-mismatch: it was only 用户菜单)', async () => {
    useUserStore.getState().signIn(1001, user);
    renderRoutes('/home');
    const button = await screen.findByTestId('user-menu');
    const shown = button.textContent?.trim() ?? '';
    expect(shown).not.toBe('');
    expect(button.getAttribute('aria-label')?.startsWith(shown)).toBe(true);
  });

  it('opens the back-office in a new window with the userId and tenantId', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    useUserStore.getState().signIn(1001, user);
    renderRoutes('/home');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('user-menu'));
    await ue.click(await screen.findByTestId('user-menu-admin'));
    const url = new URL(String(open.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/admin/');
    expect(JSON.parse(url.searchParams.get('params') ?? '')).toEqual({ userId: 7, tenantId: 1001 });
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
  });
});
