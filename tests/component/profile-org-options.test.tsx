// Issue 21 X: the profile's department field suggests the tenant's org tree
// (GET /um/api/organ/getOrganList) and stays free text; a locked field asks for nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '../../src/api/user';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const api = vi.hoisted(() => ({ getUnreadCount: vi.fn(), queryMessageTypes: vi.fn(), searchMessages: vi.fn() }));
vi.mock('../../src/api/user', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/user')>()), ...api }));
const organ = vi.hoisted(() => ({ getOrganList: vi.fn() }));
vi.mock('../../src/api/organ', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/api/organ')>()), ...organ }));

const user: LoginResult = {
  id: 7, token: 't', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: '李学员', nickName: '小李', avatarImg: null, mobile: '13800000001', email: null, gender: null, birthday: null, summary: null, orgName: '市场部', postName: null, countyCode: null, countyName: null, adminAuth: false },
};

const tree = [
  { id: 1, parentId: null, name: '演示企业', sort: 0, level: 0, path: '演示企业' },
  { id: 2, parentId: 1, name: '研发中心', sort: 1, level: 1, path: '演示企业 / 研发中心' },
  { id: 3, parentId: 2, name: '前端组', sort: 1, level: 2, path: '演示企业 / 研发中心 / 前端组' },
  { id: 4, parentId: 1, name: '市场部', sort: 2, level: 1, path: '演示企业 / 市场部' },
];

function start(userPower: number[]) {
  resetApp();
  loadSettings(demoSetting({ config: [jsonItem('sys_init_param', 'userPower', userPower)] }), demoPages);
  useUserStore.getState().signIn(1001, user);
}

beforeEach(() => {
  api.getUnreadCount.mockResolvedValue(0);
  api.queryMessageTypes.mockResolvedValue([]);
  api.searchMessages.mockResolvedValue({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  organ.getOrganList.mockResolvedValue(tree);
});
afterEach(() => vi.clearAllMocks());

describe('profile department suggestions', () => {
  it('offers the tree\'s departments (not its root) by name, labelled with their path', async () => {
    start([5]);
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    const list = await waitFor(() => within(form).getByTestId('info-org-options'));
    const options = [...list.querySelectorAll('option')].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([['研发中心', '演示企业 / 研发中心'], ['前端组', '演示企业 / 研发中心 / 前端组'], ['市场部', '演示企业 / 市场部']]);
    const field = within(form).getByDisplayValue('市场部');
    expect(field).toHaveAttribute('list', 'info-org-options');
    expect(field).not.toBeDisabled();
  });

  it('asks for no tree when the tenant does not let learners edit the department', async () => {
    start([1, 2]);
    renderRoutes('/user/center/study/myInfo');
    const form = await screen.findByTestId('my-info');
    expect(within(form).getByDisplayValue('市场部')).toBeDisabled();
    expect(organ.getOrganList).not.toHaveBeenCalled();
    expect(within(form).queryByTestId('info-org-options')).toBeNull();
  });
});
