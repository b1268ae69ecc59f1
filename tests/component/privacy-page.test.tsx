// /privacy/loginAgreement and /privacy/loginPolicy: the tenant's agreement and policy from
// PcLoginConfig.loginConfig, sanitised, with a fallback naming the tenant. With ?privacy start-up is
// skipped (spec shell §2), so the page resolves the tenant and loads the settings itself.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { getTenantByCode, getTenantStoreSetting } from '../../src/api/tenant';
import { createQueryClient, Providers } from '../../src/app/providers';
import { loadPrivacySettings, type PrivacyApi } from '../../src/features/privacy/api/privacy-content';
import PrivacyPage from '../../src/features/privacy/routes/privacy-page';
import { useAppStore } from '../../src/stores/app-store';
import { demoSetting, jsonItem } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

vi.mock('../../src/api/tenant', async (importOriginal) => ({ ...(await importOriginal<object>()), getTenantByCode: vi.fn(), getTenantStoreSetting: vi.fn() }));
const byCode = vi.mocked(getTenantByCode);
const storeSetting = vi.mocked(getTenantStoreSetting);

const withTexts = (texts: Record<string, string>) =>
  demoSetting({ config: [jsonItem('PcLoginConfig', 'loginConfig', { loginTypes: ['account'], ...texts })] });
const AGREEMENT = '<h2>演示学堂用户协议</h2><p>账号仅限本人使用。</p><script>window.hacked = 1</script>';
const POLICY = '<h2>演示学堂隐私政策</h2><p>我们不会出售你的个人信息。</p><img src="x" onerror="window.hacked = 2">';
const notFound = () => new ApiError('No tenant.', { code: 404, flag: -1, errorCode: 'TENANT_NOT_FOUND', status: 200 });

function mount(path: string) {
  const router = createMemoryRouter(
    [{ path: '/privacy/loginAgreement', element: <PrivacyPage /> }, { path: '/privacy/loginPolicy', element: <PrivacyPage /> }],
    { initialEntries: [path] },
  );
  return render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

beforeEach(() => {
  byCode.mockResolvedValue({ id: 1001, code: 'demo', name: '演示学堂', tenantType: 1 });
  storeSetting.mockResolvedValue(withTexts({ agreement: AGREEMENT, policy: POLICY }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  resetApp();
});

describe('privacy pages after start-up', { timeout: 20_000 }, () => {
  it('shows the tenant\'s agreement from the app store, sanitised, without a call', async () => {
    loadSettings(withTexts({ agreement: AGREEMENT, policy: POLICY }));
    const { container } = mount('/privacy/loginAgreement');
    expect(screen.getByRole('heading', { level: 1, name: '用户协议' })).toBeInTheDocument();
    // The sanitiser loads on first need (issue 15 point 2): the text follows a moment later.
    expect(await screen.findByText('账号仅限本人使用。')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(storeSetting).not.toHaveBeenCalled();
  });

  it('shows the policy on /privacy/loginPolicy', async () => {
    loadSettings(withTexts({ agreement: AGREEMENT, policy: POLICY }));
    const { container } = mount('/privacy/loginPolicy');
    expect(screen.getByRole('heading', { level: 1, name: '隐私政策' })).toBeInTheDocument();
    expect(await screen.findByText('我们不会出售你的个人信息。')).toBeInTheDocument();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('falls back to a text naming the tenant when it has none', async () => {
    loadSettings(withTexts({ agreement: '   ' }));
    mount('/privacy/loginPolicy');
    expect(await screen.findByText(/演示学堂仅收集为你提供学习服务所必需的账号信息/)).toBeInTheDocument();
  });
});

describe('privacy pages opened bare with ?privacy', { timeout: 20_000 }, () => {
  beforeEach(() => useAppStore.getState().setPrivacy(true));

  it('renders bare inside the app\'s routes and loads the policy of the default tenant itself', async () => {
    renderRoutes('/privacy/loginPolicy?privacy');
    expect(await screen.findByText('我们不会出售你的个人信息。', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(byCode).toHaveBeenCalledWith('demo', expect.objectContaining({ silent: true }));
    expect(storeSetting).toHaveBeenCalledWith(1001, null, expect.objectContaining({ silent: true }));
    expect(document.querySelector('.portal-layout')).toBeNull();
    expect(useAppStore.getState().tenantId).toBeNull();
  });

  it('falls back to a generic text when no tenant matches', async () => {
    byCode.mockRejectedValue(notFound());
    mount('/privacy/loginAgreement?privacy');
    expect(await screen.findByText(/欢迎使用本平台/)).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    storeSetting.mockRejectedValueOnce(new ApiError('系统错误', { code: 500, flag: null, status: 500 }));
    mount('/privacy/loginAgreement?privacy');
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('账号仅限本人使用。')).toBeInTheDocument();
  });
});

describe('loadPrivacySettings', () => {
  const api = (): PrivacyApi => ({ getTenantByCode: byCode, getTenantStoreSetting: storeSetting });
  const env = (over: Partial<{ pathname: string; hostname: string; storedTenantId: number | null }> = {}) => ({
    location: { pathname: over.pathname ?? '/study/privacy/loginPolicy', hostname: over.hostname ?? 'localhost' },
    storedTenantId: over.storedTenantId ?? null, defaultCode: 'demo',
  });

  it('resolves the tenant as start-up does: host code first', async () => {
    byCode.mockResolvedValue({ id: 1002, code: 'acme', name: 'ACME', tenantType: 0 });
    const found = await loadPrivacySettings(env({ hostname: 'acme.localhost', storedTenantId: 1001 }), api());
    expect(byCode).toHaveBeenCalledWith('acme', expect.anything());
    expect(found).toEqual({ tenantId: 1002, appName: '演示学堂', agreement: AGREEMENT, policy: POLICY });
  });

  it('skips a stored id that names no tenant and uses the default code', async () => {
    storeSetting.mockRejectedValueOnce(notFound());
    const found = await loadPrivacySettings(env({ storedTenantId: 77 }), api());
    expect(storeSetting.mock.calls.map((c) => c[0])).toEqual([77, 1001]);
    expect(found?.tenantId).toBe(1001);
  });

  it('answers null for an unknown host code, without falling back to the default tenant', async () => {
    byCode.mockRejectedValue(notFound());
    expect(await loadPrivacySettings(env({ hostname: 'nobody.localhost' }), api())).toBeNull();
    expect(byCode).toHaveBeenCalledTimes(1);
  });
});
