// spec shell §4 "App start": Loading until the settings arrive, then the shell; 暂无企业ID for an
// unknown tenant code; a retry screen for other failures. The API module is mocked.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TenantInfo } from '../../schemas/tenant-settings';
import { ApiError } from '../../src/api/client';
import { getTenantByCode, getTenantStoreSetting, listHomePages } from '../../src/api/tenant';
import { App } from '../../src/app/app';
import { discoverPageRoutes, routes } from '../../src/app/router';
import { i18n } from '../../src/i18n/i18n';
import { demoPages, demoSetting, jsonItem } from '../unit/fixtures';
import { resetApp } from './render-shell';

vi.mock('../../src/api/tenant', () => ({
  getTenantByCode: vi.fn(),
  getTenant: vi.fn(),
  getTenantStoreSetting: vi.fn(),
  getGroupConfig: vi.fn(),
  listHomePages: vi.fn(),
  listNavChildren: vi.fn(),
}));

const demoTenant: TenantInfo = { id: 1001, code: 'demo', name: '演示学堂', tenantType: 1 };
const renderApp = () => render(<App createRouter={() => createMemoryRouter(routes, { initialEntries: ['/home'], patchRoutesOnNavigation: discoverPageRoutes })} />);

beforeEach(() => {
  vi.clearAllMocks();
  resetApp();
  vi.mocked(getTenantByCode).mockResolvedValue(demoTenant);
  vi.mocked(getTenantStoreSetting).mockResolvedValue(demoSetting());
  vi.mocked(listHomePages).mockResolvedValue({ list: demoPages, total: 3, pageNo: 1, pageSize: 40 });
});
afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.removeItem('portal.lang');
  await i18n.changeLanguage('zh');
});

const englishTenant = () => demoSetting({ config: [jsonItem('PcStartup', 'options', { auth: { open: true }, function: 'study', pageWidth: 1280, language: 'en' })] });

describe('app start', () => {
  it('shows Loading until the settings load, then the shell of the tenant', async () => {
    let release: (tenant: TenantInfo) => void = () => undefined;
    vi.mocked(getTenantByCode).mockReturnValue(new Promise((resolve) => (release = resolve)));
    renderApp();
    expect(screen.getByTestId('app-loading')).toHaveTextContent('加载中...');
    expect(screen.queryByTestId('navbar')).toBeNull();

    release(demoTenant);
    expect(await screen.findByTestId('navbar-app-name')).toHaveTextContent('演示学堂');
    expect(screen.queryByTestId('app-loading')).toBeNull();
    expect(getTenantByCode).toHaveBeenCalledWith('demo', expect.objectContaining({ silent: true }));
    expect(getTenantStoreSetting).toHaveBeenCalledWith(1001, null, expect.objectContaining({ silent: true }));
    expect(screen.getAllByTestId('navbar-menu').map((m) => m.textContent)).toEqual(['首页', '课程', '学习资源', '官网']);
    expect(screen.getByTestId('footer')).toHaveAttribute('data-foot-style', '0');
    expect(screen.getByTestId('home-page-title')).toHaveTextContent('学院首页');
    await waitFor(() => expect(document.title).toBe('演示学堂 - 首页'));
  });

  it('says 暂无企业ID, in an alert and on the page, when the tenant code is unknown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(getTenantByCode).mockRejectedValue(new ApiError('No tenant has the code "demo".', { code: 404, flag: -1, errorCode: 'TENANT_NOT_FOUND', status: 200 }));
    renderApp();
    expect(await screen.findByTestId('tenant-missing')).toHaveTextContent('暂无企业ID');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('暂无企业ID')).toBeInTheDocument();
    expect(screen.queryByTestId('app-loading')).toBeNull();
    expect(screen.queryByTestId('navbar')).toBeNull();
    expect(getTenantStoreSetting).not.toHaveBeenCalled();
  });

  it('ends loading on any other failure and lets the user retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getTenantStoreSetting).mockRejectedValueOnce(new ApiError('系统错误', { code: 500, flag: -1, status: 500 }));
    renderApp();
    expect(await screen.findByTestId('start-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('app-loading')).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('could not start'), expect.any(ApiError));

    await userEvent.setup().click(screen.getByTestId('start-retry'));
    expect(await screen.findByTestId('navbar-app-name')).toHaveTextContent('演示学堂');
  });

  // Issue 13 point 9: acme (default language English) showed 登录 and other Chinese in the shell.
  it('shows the shell in English when the tenant\'s default language is English', async () => {
    vi.mocked(getTenantStoreSetting).mockResolvedValue(englishTenant());
    renderApp();
    expect(await screen.findByTestId('navbar-login')).toHaveTextContent('Sign in');
    expect(screen.getByTestId('navbar-search')).toHaveAttribute('aria-label', 'Search');
    // The tenant's default is not the visitor's choice: nothing is remembered.
    expect(localStorage.getItem('portal.lang')).toBeNull();
  });

  it('keeps the language the visitor chose over the tenant\'s default', async () => {
    localStorage.setItem('portal.lang', 'zh');
    vi.mocked(getTenantStoreSetting).mockResolvedValue(englishTenant());
    renderApp();
    expect(await screen.findByTestId('navbar-login')).toHaveTextContent('登录');
  });
});
