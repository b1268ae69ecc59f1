// Issue 14 points 16 and 18: when the server answers CAPTCHA_REQUIRED (an account after a few
// failed sign-ins, an address that asked codes for several mobiles), the sign-in page shows the
// slider and tries again with the passed puzzle, instead of only printing the message.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import type { LoginResult } from '../../src/api/user';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const user: LoginResult = {
  id: 7,
  token: 't0k3n',
  expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: '李学员', nickName: '小李', avatarImg: null, mobile: '13800000001', email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

const api = vi.hoisted(() => ({ loginByAccount: vi.fn(), applyChecknum: vi.fn(), getUnreadCount: vi.fn() }));
const captcha = vi.hoisted(() => ({ askSlideCaptcha: vi.fn() }));
vi.mock('../../src/api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/user')>()), ...api }));
vi.mock('../../src/features/auth/components/slide-captcha', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/features/auth/components/slide-captcha')>()), ...captcha }));

const captchaRequired = () => new ApiError('请先完成滑块验证', { code: 400, flag: -1, errorCode: 'CAPTCHA_REQUIRED', status: 200 });

beforeEach(() => {
  resetApp();
  localStorage.clear();
  loadSettings(demoSetting(), demoPages);
  useUserStore.getState().hydrate(1001);
  api.getUnreadCount.mockResolvedValue(0);
  captcha.askSlideCaptcha.mockResolvedValue('passed-uuid');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the slider when the server asks for it', () => {
  it('signs in after the slider when the account needs the captcha', async () => {
    api.loginByAccount.mockRejectedValueOnce(captchaRequired()).mockResolvedValueOnce(user);
    renderRoutes('/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('login-account'), 'learner');
    await ue.type(screen.getByTestId('login-password'), 'Study@2026');
    await ue.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(api.loginByAccount).toHaveBeenCalledTimes(2));
    expect(captcha.askSlideCaptcha).toHaveBeenCalledTimes(1);
    expect(api.loginByAccount).toHaveBeenLastCalledWith('learner', 'Study@2026', { captchaUuid: 'passed-uuid' });
    await waitFor(() => expect(localStorage.getItem('portal.registerInfo.1001')).toContain('t0k3n'));
  });

  it('shows the message when the slider is closed', async () => {
    api.loginByAccount.mockRejectedValue(captchaRequired());
    captcha.askSlideCaptcha.mockResolvedValue(null);
    renderRoutes('/login');
    const ue = userEvent.setup();
    await ue.type(await screen.findByTestId('login-account'), 'learner');
    await ue.type(screen.getByTestId('login-password'), 'Study@2026');
    await ue.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('请先完成滑块验证');
    expect(api.loginByAccount).toHaveBeenCalledTimes(1);
  });

  it('sends the code after the slider when the address asked codes for several mobiles', async () => {
    api.applyChecknum.mockRejectedValueOnce(captchaRequired()).mockResolvedValueOnce({ retryAfter: 60 });
    renderRoutes('/login');
    fireEvent.click(await screen.findByRole('tab', { name: '手机号登录' }));
    fireEvent.change(await screen.findByTestId('login-mobile'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(api.applyChecknum).toHaveBeenCalledTimes(2));
    expect(api.applyChecknum).toHaveBeenLastCalledWith('13800000001', 'passed-uuid');
    expect(captcha.askSlideCaptcha).toHaveBeenCalledTimes(1);
  });
});
