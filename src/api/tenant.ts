// Tenant and settings calls (spec shell §7 "Tenant and settings"; paths in docs/api.md).
import type { TenantByCode } from '../../schemas/api/um';
import type { ConfigItem, HomePageEntry, NavigateItem, StoreSetting, TenantInfo } from '../../schemas/tenant-settings';
import { HOME_PAGES_PAGE_SIZE, NAV_CHILD_PAGE_SIZE, PC_PURPOSE } from '../lib/constants';
import { apiGet, type ApiOptions, type Paged } from './client';

/** Resolves a tenant code (the host's first label) to the tenant; sends no tenantId, none is known yet. */
export async function getTenantByCode(code: string, opts: ApiOptions = {}): Promise<TenantInfo> {
  const data = await apiGet<TenantByCode>('/um/api/tenant/getByCode', { code }, { ...opts, noTenantId: true });
  return data.tenant;
}

/** The tenant's own record (name, type). */
export function getTenant(tenantId: number, opts: ApiOptions = {}): Promise<TenantInfo> {
  return apiGet<TenantInfo>('/um/api/tenant/get', { tenantId }, opts);
}

/** Start-up settings of a tenant's store (the default store when storeId is null). */
export function getTenantStoreSetting(tenantId: number, storeId: number | null, opts: ApiOptions = {}): Promise<StoreSetting> {
  const params: Record<string, unknown> = { tenantId, purpose: PC_PURPOSE };
  if (storeId !== null) params.storeId = storeId;
  return apiGet<StoreSetting>('/cfg/api/store/getTenantStoreSetting', params, opts);
}

/** The settings of one group, e.g. PcFoot or PcLoginConfig. */
export function getGroupConfig(paramGroup: string, opts: ApiOptions = {}): Promise<ConfigItem[]> {
  return apiGet<ConfigItem[]>('/cfg/api/config/getGroupConfig', { paramGroup }, opts);
}

/** The published home pages of a tenant, for the navbar's switcher (spec shell §9: page size 40). */
export function listHomePages(tenantId: number, opts: ApiOptions = {}): Promise<Paged<HomePageEntry>> {
  return apiGet<Paged<HomePageEntry>>('/cfg/api/page/list', { tenantId, pageNo: 1, pageSize: HOME_PAGES_PAGE_SIZE, purpose: PC_PURPOSE, state: 1 }, opts);
}

/** Child menus of a navbar menu (spec shell §9: page size 99). */
export function listNavChildren(parentId: number, storeId: number | null, opts: ApiOptions = {}): Promise<Paged<NavigateItem>> {
  const params: Record<string, unknown> = { parentId, purpose: PC_PURPOSE, pageNo: 1, pageSize: NAV_CHILD_PAGE_SIZE };
  if (storeId !== null) params.storeId = storeId;
  return apiGet<Paged<NavigateItem>>('/cfg/api/navigate/search', params, opts);
}
