// spec shell §2 "User-information dialog", §5 "Profile editing", §8 "Profile save": the profile
// form as a page and as a dialog, gated by the tenant's userPower.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/user';
import { editableFields } from '../../src/features/center/components/profile-form';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const api = vi.hoisted(() => ({ modProfile: vi.fn(), getUnreadCount: vi.fn(), queryMessageTypes: vi.fn(), searchMessages: vi.fn() }));
vi.mock('../../src/api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/user')>()), ...api }));

const user: LoginResult = {
  id: 7, token: 't', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: '李学员', nickName: '小李', avatarImg: null, mobile: '13800000001', email: null, gender: null, birthday: null, summary: null, orgName: null, postName: '讲师', countyCode: null, countyName: null, adminAuth: false },
};

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting({ config: [jsonItem('sys_init_param', 'userPower', [1, 2, 9])] }), demoPages);
  useUserStore.getState().signIn(1001, user);
  api.getUnreadCount.mockResolvedValue(0);
  api.queryMessageTypes.mockResolvedValue([]);
  api.searchMessages.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  api.modProfile.mockImplementation(async (form: object) => ({ ...user.userInfo, ...form }));
});
afterEach(() => vi.clearAllMocks());

describe('profile', () => {
  it('maps userPower indexes to fields (0 avatar … 9 summary)', () => {
    expect([...editableFields([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])]).toEqual(['avatarImg', 'realName', 'nickName', 'email', 'gender', 'orgName', 'postName', 'countyName', 'birthday', 'summary']);
    expect([...editableFields([2, 42])]).toEqual(['nickName']);
  });

  it('lets only userPower fields be edited, shows the mobile masked, and sends only those fields', async () => {
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    expect(within(form).getByTestId('info-account')).toHaveAttribute('readonly');
    expect(within(form).getByDisplayValue('138****0001')).toHaveAttribute('readonly');
    expect(within(form).getByTestId('info-real-name')).not.toBeDisabled();
    expect(within(form).getByDisplayValue('讲师')).toBeDisabled();
    const ue = userEvent.setup();
    await ue.clear(within(form).getByTestId('info-real-name'));
    await ue.type(within(form).getByTestId('info-real-name'), '李同学');
    await ue.click(within(form).getByTestId('info-save'));
    await waitFor(() => expect(api.modProfile).toHaveBeenCalledTimes(1));
    expect(Object.keys(api.modProfile.mock.calls[0]![0] as object).sort()).toEqual(['nickName', 'realName', 'summary']);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(useUserStore.getState().userInfo?.realName).toBe('李同学');
  });

  it('labels the read-only account and mobile fields (axe "label", critical: they had no label)', async () => {
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    expect(within(form).getByLabelText('账号')).toBe(within(form).getByTestId('info-account'));
    expect(within(form).getByLabelText('手机号')).toHaveValue('138****0001');
  });

  // Issue 13 point 1: with the birthday empty, changing only the nickname saved 1970-01-01.
  it('keeps an empty birthday empty when only the nickname changes', async () => {
    loadSettings(demoSetting({ config: [jsonItem('sys_init_param', 'userPower', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])] }), demoPages);
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    const birthday = within(form).getByLabelText('生日');
    expect(birthday).toHaveValue('');
    const ue = userEvent.setup();
    const nick = within(form).getByDisplayValue('小李');
    await ue.clear(nick);
    await ue.type(nick, '小李子');
    await ue.click(within(form).getByTestId('info-save'));
    await waitFor(() => expect(api.modProfile).toHaveBeenCalledTimes(1));
    const sent = api.modProfile.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent).toMatchObject({ nickName: '小李子', birthday: null, gender: null, email: null, summary: null, countyName: null, orgName: null, avatarImg: null });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(useUserStore.getState().userInfo?.birthday).toBeNull();
    expect(within(form).getByLabelText('生日')).toHaveValue('');
  });

  // A user info without the field (a stored login from before it, another compatible API) showed
  // today's date, and a save wrote it as the birthday.
  it('shows no birthday and saves none when the user info carries none', async () => {
    loadSettings(demoSetting({ config: [jsonItem('sys_init_param', 'userPower', [2, 8])] }), demoPages);
    const { birthday: _none, ...withoutBirthday } = user.userInfo;
    useUserStore.getState().signIn(1001, { ...user, userInfo: withoutBirthday as LoginResult['userInfo'] });
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    expect(within(form).getByLabelText('生日')).toHaveValue('');
    await userEvent.setup().click(within(form).getByTestId('info-save'));
    await waitFor(() => expect(api.modProfile).toHaveBeenCalledTimes(1));
    expect(api.modProfile.mock.calls[0]![0]).toEqual({ nickName: '小李', birthday: null });
  });

  it('limits the intro to 100 characters with a counter', async () => {
    renderRoutes('/user/center/study/myInfo');
    const intro = await screen.findByTestId('info-summary');
    expect(intro).toHaveAttribute('maxlength', '100');
    expect(screen.getByText('0 / 100')).toBeInTheDocument();
  });

  it('opens as the user-information dialog with a basic-info tab, Close and Save', async () => {
    renderRoutes('/user/center/study/myNews');
    const ue = userEvent.setup();
    await ue.click(await screen.findByTestId('open-profile-dialog'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: '基本信息' })).toBeInTheDocument();
    await ue.click(within(dialog).getByTestId('info-close'));
    // antd animates the dialog out (jsdom never ends the motion): it is leaving, or gone.
    await waitFor(() => {
      const left = screen.queryByRole('dialog');
      expect(left === null || /leave/.test(left.closest('.ant-modal')?.className ?? left.className)).toBe(true);
    });
  });
});
