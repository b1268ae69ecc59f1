// spec shell §2 "Access", §4 "Login requirement": the layout's guard against the real route table.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDefaultLoginAttempt } from '../../src/app/layout/access-guard';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, jsonItem, textItem } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

const closedSite = (forceLogin: string) =>
  demoSetting({ config: [jsonItem('PcStartup', 'options', { auth: { open: false }, function: 'study' }), textItem('Security', 'forceLogin', forceLogin)] });

const signedInUser = {
  id: 7,
  token: 't0k3n',
  expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: '学员', nickName: null, avatarImg: null, mobile: null, email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

beforeEach(() => {
  resetApp();
  resetDefaultLoginAttempt();
  localStorage.clear();
  useUserStore.getState().hydrate(1001);
});

afterEach(() => vi.restoreAllMocks());

describe('access rules', () => {
  it('with auth.open off sends a visitor to /login with the return path', async () => {
    loadSettings(closedSite('1'), demoPages);
    useUserStore.getState().hydrate(1001);
    const { router } = renderRoutes('/home?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fhome%3Fx%3D1');
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
  });

  it('with auth.open off and forceLogin 2 shows the page', async () => {
    loadSettings(closedSite('2'), demoPages);
    const { router } = renderRoutes('/home');
    expect(await screen.findByTestId('home-page-title')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('with auth.open off lets a signed-in user in', async () => {
    loadSettings(closedSite('1'), demoPages);
    useUserStore.getState().signIn(1001, signedInUser);
    const { router } = renderRoutes('/home');
    expect(await screen.findByTestId('home-page-title')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('keeps the registration page open on a closed site', async () => {
    loadSettings(closedSite('1'), demoPages);
    const { router } = renderRoutes('/user/create');
    expect(await screen.findByTestId('register-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/create');
  });

  it('with auth.open on lets visitors see open pages', async () => {
    loadSettings(demoSetting(), demoPages);
    renderRoutes('/home');
    expect(await screen.findByTestId('home-page-title')).toBeInTheDocument();
  });
});
