// spec shell §4 "App start": which tenant a visit belongs to, and what start-up does with it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomePageEntry, StoreSetting, TenantInfo } from '../../schemas/tenant-settings';
import { ApiError } from '../../src/api/client';
import { loadTenant, startApp, type StartUpApi } from '../../src/app/start-up';
import { hostTenantCode, pathTenantId, readDefaultTenantCode, tenantCandidates } from '../../src/lib/tenant-candidates';
import { getStoredTenantId, getStoreId, setPageId, setStoreId, setTenantId } from '../../src/lib/storage';
import { useAppStore } from '../../src/stores/app-store';
import { demoPages, demoSetting } from './fixtures';

const notFound = (errorCode: string) => new ApiError('Not found.', { code: 404, flag: -1, errorCode, status: 200 });

/** A fake API knowing tenants by code and id; records every call. */
function fakeApi(tenants: Record<string, number>, opts: { stores?: number[]; pages?: HomePageEntry[] | Error } = {}) {
  const ids = new Set(Object.values(tenants));
  const calls: string[] = [];
  const api: StartUpApi = {
    getTenantByCode: vi.fn(async (code: string): Promise<TenantInfo> => {
      calls.push(`code:${code}`);
      const id = tenants[code];
      if (id === undefined) throw notFound('TENANT_NOT_FOUND');
      return { id, code, name: code, tenantType: 0 };
    }),
    getTenantStoreSetting: vi.fn(async (tenantId: number, storeId: number | null): Promise<StoreSetting> => {
      calls.push(`settings:${tenantId}:${storeId ?? '-'}`);
      if (!ids.has(tenantId)) throw notFound('TENANT_NOT_FOUND');
      if (storeId !== null && !(opts.stores ?? [1]).includes(storeId)) throw notFound('STORE_NOT_FOUND');
      return demoSetting({ tenantId });
    }),
    listHomePages: vi.fn(async (tenantId: number) => {
      calls.push(`pages:${tenantId}`);
      if (opts.pages instanceof Error) throw opts.pages;
      if (!ids.has(tenantId)) throw notFound('TENANT_NOT_FOUND');
      const list = opts.pages ?? demoPages;
      return { list, total: list.length, pageNo: 1, pageSize: 40 };
    }),
  };
  return { api, calls };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  setTenantId(null);
  useAppStore.getState().reset();
  document.title = '';
  document.head.innerHTML = '';
});
afterEach(() => warn.mockRestore());

describe('pathTenantId', () => {
  it.each([
    ['/study/home/1002', 1002],
    ['/study/1002', 1002],
    ['/study/index/7', 7],
    ['/study/home/12/', 12],
    ['/home/5', 5],
    ['/study/home', null],
    ['/study/course/12', null],
    ['/study/home/abc', null],
    ['/study/home/0', null],
  ])('%s → %s', (path, id) => {
    expect(pathTenantId(path)).toBe(id);
  });
});

describe('hostTenantCode', () => {
  it.each([
    ['acme.localhost', 'acme'],
    ['ACME.example.com', 'acme'],
    ['localhost', null],
    ['www.example.com', null],
    ['127.0.0.1', null],
    ['[::1]', null],
    ['', null],
  ])('%s → %s', (host, code) => {
    expect(hostTenantCode(host)).toBe(code);
  });
});

describe('readDefaultTenantCode', () => {
  it('reads the code the server injected, and uses demo while the placeholder is still there', () => {
    document.head.innerHTML = '<meta name="portal-default-tenant" content="acme">';
    expect(readDefaultTenantCode()).toBe('acme');
    document.head.innerHTML = '<meta name="portal-default-tenant" content="%PORTAL_DEFAULT_TENANT%">';
    expect(readDefaultTenantCode()).toBe('demo');
    document.head.innerHTML = '';
    expect(readDefaultTenantCode()).toBe('demo');
  });
});

describe('tenantCandidates', () => {
  const base = { storedTenantId: null, defaultCode: 'demo' };
  it('tries a path id, then the host code, and stops at the host code', () => {
    expect(tenantCandidates({ ...base, pathname: '/study/home/1002', hostname: 'acme.localhost', storedTenantId: 9 })).toEqual([
      { kind: 'id', id: 1002, source: 'path' },
      { kind: 'code', code: 'acme', source: 'host' },
    ]);
  });

  it('without a host code tries the stored id, then the default code', () => {
    expect(tenantCandidates({ ...base, pathname: '/study/home', hostname: 'localhost', storedTenantId: 1003 })).toEqual([
      { kind: 'id', id: 1003, source: 'storage' },
      { kind: 'code', code: 'demo', source: 'default' },
    ]);
    expect(tenantCandidates({ ...base, pathname: '/study/home', hostname: '10.0.0.5' })).toEqual([{ kind: 'code', code: 'demo', source: 'default' }]);
  });
});

describe('loadTenant', () => {
  it('loads settings and home pages for a tenant id in the path, without resolving a code', async () => {
    const { api, calls } = fakeApi({ demo: 1001, acme: 1002 });
    const result = await loadTenant([{ kind: 'id', id: 1002, source: 'path' }, { kind: 'code', code: 'demo', source: 'default' }], api);
    expect(result).toMatchObject({ kind: 'found', tenantId: 1002, homePages: demoPages });
    expect(calls.sort()).toEqual(['pages:1002', 'settings:1002:-']);
  });

  it('treats a path id that is no tenant as a page id and goes on to the next candidate', async () => {
    const { api } = fakeApi({ demo: 1001 });
    const result = await loadTenant([{ kind: 'id', id: 2, source: 'path' }, { kind: 'code', code: 'demo', source: 'default' }], api);
    expect(result).toMatchObject({ kind: 'found', tenantId: 1001 });
  });

  it('an unknown host code is missing and never falls back to the default tenant', async () => {
    const { api, calls } = fakeApi({ demo: 1001 });
    const result = await loadTenant(tenantCandidates({ pathname: '/study/home', hostname: 'nosuch.localhost', storedTenantId: 1001, defaultCode: 'demo' }), api);
    expect(result).toEqual({ kind: 'missing', candidate: { kind: 'code', code: 'nosuch', source: 'host' } });
    expect(calls).toEqual(['code:nosuch']);
  });

  it('forgets a stored tenant id that no longer exists and uses the default tenant', async () => {
    setTenantId(4242);
    const { api } = fakeApi({ demo: 1001 });
    const result = await loadTenant([{ kind: 'id', id: 4242, source: 'storage' }, { kind: 'code', code: 'demo', source: 'default' }], api);
    expect(result).toMatchObject({ kind: 'found', tenantId: 1001 });
    expect(getStoredTenantId()).toBeNull();
  });

  it('falls back to the default store when the stored store is gone', async () => {
    setStoreId(1001, 9);
    const { api, calls } = fakeApi({ demo: 1001 });
    await loadTenant([{ kind: 'id', id: 1001, source: 'path' }], api);
    expect(calls).toContain('settings:1001:9');
    expect(calls).toContain('settings:1001:-');
    expect(getStoreId(1001)).toBeNull();
  });

  it('a failing home-page list does not stop start-up', async () => {
    const { api } = fakeApi({ demo: 1001 }, { pages: new Error('boom') });
    await expect(loadTenant([{ kind: 'code', code: 'demo', source: 'default' }], api)).resolves.toMatchObject({ kind: 'found', homePages: [] });
  });

  it('any other failure propagates', async () => {
    const { api } = fakeApi({ demo: 1001 });
    vi.mocked(api.getTenantStoreSetting).mockRejectedValue(new ApiError('系统错误', { code: 500, flag: -1, status: 500 }));
    await expect(loadTenant([{ kind: 'code', code: 'demo', source: 'default' }], api)).rejects.toMatchObject({ status: 500 });
  });
});

describe('startApp', () => {
  const at = (pathname: string, hostname = 'localhost', search = '') => ({ pathname, hostname, search });

  it('stores the tenant id as a number, fills the store and sets title and favicon', async () => {
    setPageId(2);
    const { api } = fakeApi({ acme: 1002 });
    await startApp({ location: at('/study/home', 'acme.localhost'), api });
    const state = useAppStore.getState();
    expect(state).toMatchObject({ loading: false, startError: null, tenantId: 1002, selectedPageId: 2 });
    expect(state.site.appName).toBe('演示学堂');
    expect(state.menus.map((m) => m.title)).toEqual(['首页', '课程', '学习资源', '官网']);
    expect(localStorage.getItem('portal.tenantId')).toBe('1002');
    expect(getStoredTenantId()).toBe(1002);
    expect(document.title).toBe('演示学堂');
    expect(document.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe('/uploads/seed/favicon-demo.svg');
  });

  it('ends loading with tenant-missing for an unknown code', async () => {
    const { api } = fakeApi({ demo: 1001 });
    await startApp({ location: at('/study/home', 'nosuch.localhost'), api });
    expect(useAppStore.getState()).toMatchObject({ loading: false, startError: { kind: 'tenant-missing' }, tenantId: null });
  });

  it('ends loading with a failure for anything else, and logs the cause', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = fakeApi({ demo: 1001 });
    vi.mocked(api.getTenantByCode).mockRejectedValue(new ApiError('系统错误', { code: 500, flag: -1, status: 500 }));
    await startApp({ location: at('/study/home'), api });
    expect(useAppStore.getState()).toMatchObject({ loading: false, startError: { kind: 'failed' } });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('skips tenant initialisation with ?privacy', async () => {
    const { api, calls } = fakeApi({ demo: 1001 });
    await startApp({ location: at('/study/privacy/loginPolicy', 'localhost', '?privacy=1'), api });
    expect(calls).toEqual([]);
    expect(useAppStore.getState()).toMatchObject({ loading: false, privacy: true, startError: null });
  });

  it('runs once when called twice at the same time (StrictMode)', async () => {
    const { api, calls } = fakeApi({ demo: 1001 });
    await Promise.all([startApp({ location: at('/study/home'), api }), startApp({ location: at('/study/home'), api })]);
    expect(calls.filter((c) => c.startsWith('code:'))).toHaveLength(1);
  });
});
