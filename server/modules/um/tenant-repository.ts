// The tenant card and the linked-tenant list (issue 21 W: GET /um/api/tenant/query, queryAuth).
import type { Kysely } from 'kysely';
import type { TenantInfo } from '../../../schemas/tenant-settings';
import type { LinkedTenant, TenantCard, TenantFunction } from '../../../schemas/api/um-tenant';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { listConfig, findStore } from '../../lib/store-settings';
import { findTenantById } from '../../lib/tenant-context';
import { findLinkedAccounts } from '../../lib/linked-accounts';

function parseObject(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const FUNCTIONS: readonly TenantFunction[] = ['study', 'shop', 'gpt'];

/** The tenant's public card, from its directory row, its default store and its settings. */
export async function findTenantCard(db: Kysely<DB>, tenant: TenantInfo): Promise<TenantCard> {
  return withTenant(db, tenant.id, async (trx): Promise<TenantCard> => {
    const store = await findStore(trx);
    const config = await listConfig(trx, store?.store.id ?? 0);
    const value = (group: string, key: string) => config.find((c) => c.paramGroup === group && c.paramKey === key)?.paramValue;
    const options = parseObject(value('PcStartup', 'options'));
    const login = parseObject(value('PcLoginConfig', 'loginConfig'));
    const fn = FUNCTIONS.find((f) => f === options.function) ?? 'study';
    const loginTypes = Array.isArray(login.loginTypes) ? login.loginTypes.filter((t): t is string => typeof t === 'string') : ['account'];
    return {
      id: tenant.id,
      code: tenant.code,
      name: tenant.name,
      appName: value('PcStartup', 'appName') || tenant.name,
      logoImg: value('PcStartup', 'logoImg') || store?.store.thumbImg || null,
      type: fn,
      tenantType: tenant.tenantType,
      language: options.language === 'en' ? 'en' : 'zh',
      // The same rule the register call applies (profile-repository registrationOpen).
      registerOpen: login.allowRegister !== false,
      loginTypes,
    };
  });
}

/** The tenants the signed-in user has an account in (theirs first), each with its card. */
export async function findLinkedTenants(db: Kysely<DB>, tenantId: number, userId: number): Promise<LinkedTenant[]> {
  const accounts = await findLinkedAccounts(db, tenantId, userId);
  const linked: LinkedTenant[] = [];
  for (const account of accounts) {
    const tenant = await findTenantById(db, account.tenantId);
    if (!tenant) continue;
    linked.push({ tenant: await findTenantCard(db, tenant), userId: account.userId, account: account.account, current: account.tenantId === tenantId });
  }
  return linked;
}
