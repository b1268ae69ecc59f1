// Start-up and the home's template query take the data the server embedded in the HTML (issue 15
// point 3) instead of calling, when it is what they would have asked for; otherwise they call.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID } from '../../schemas/bootstrap';
import { startApp, type StartUpApi } from '../../src/app/start-up';
import { pageTemplateQuery } from '../../src/features/home/api/page-template';
import { resetBootstrap } from '../../src/lib/bootstrap';
import { setStoreId } from '../../src/lib/storage';
import { useAppStore } from '../../src/stores/app-store';
import { demoBootstrap, demoPages, demoSetting } from '../unit/fixtures';
import { resetApp } from './render-shell';

const setting = demoSetting();
const boot = demoBootstrap(setting);

function fakeApi(): StartUpApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    getTenantByCode: async (code) => (calls.push(`getByCode ${code}`), boot.tenant),
    getTenantStoreSetting: async (tenantId, storeId) => (calls.push(`setting ${tenantId} ${storeId}`), setting),
    listHomePages: async (tenantId) => (calls.push(`pages ${tenantId}`), { list: demoPages, total: demoPages.length, pageNo: 1, pageSize: 40 }),
  };
}

const location = (search = '') => ({ pathname: '/study/home', hostname: 'localhost', search });

beforeEach(() => {
  resetApp();
  resetBootstrap();
  localStorage.clear();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = JSON.stringify(boot);
  document.head.append(script);
});

afterEach(() => {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  resetBootstrap();
  vi.restoreAllMocks();
});

describe('start-up with the data embedded in the HTML', () => {
  it('loads the tenant, its settings and home pages without a call', async () => {
    const api = fakeApi();
    await startApp({ location: location(), api });
    expect(api.calls).toEqual([]);
    const app = useAppStore.getState();
    expect(app.tenantId).toBe(1001);
    expect(app.homePages).toEqual(demoPages);
    expect(app.startError).toBeNull();
    expect(app.loading).toBe(false);
  });

  it('calls as before when another store was chosen for the tenant', async () => {
    setStoreId(1001, 99);
    const api = fakeApi();
    await startApp({ location: location(), api });
    expect(api.calls).toContain('setting 1001 99');
  });

  it('calls as before on a retry: the embedded data serves the first start only', async () => {
    await startApp({ location: location(), api: fakeApi() });
    const api = fakeApi();
    await startApp({ location: location(), api });
    // The first start stored the tenant id, so the retry starts from it.
    expect(api.calls).toEqual(['pages 1001', 'setting 1001 null']);
  });

  it("gives the home page's template query the embedded template of that page only", () => {
    const other = pageTemplateQuery(1001, { pageId: demoPages[1]!.pageId });
    expect(other.initialData()).toBeUndefined();
    const home = pageTemplateQuery(1001, { pageId: demoPages[0]!.pageId });
    expect(home.initialData()).toEqual(boot.template);
  });
});
