// What the privacy pages need when opened bare with ?privacy (spec shell §2 "Access": the query
// skips tenant initialisation). Start-up has then loaded nothing, so the page resolves the tenant
// the way start-up does (path id, host code, stored id, default code) and reads PcLoginConfig from
// the tenant's store settings itself, without touching the app store or the stored tenant.
import { ApiError, type ApiOptions } from '../../../api/client';
import { getTenantByCode, getTenantStoreSetting } from '../../../api/tenant';
import { readDefaultTenantCode, tenantCandidates, type TenantCandidate } from '../../../lib/tenant-candidates';
import { deriveSettings, type LoginConfig } from '../../../lib/settings';
import { getStoredTenantId } from '../../../lib/storage';
import type { PrivacyDoc } from '../components/texts';

/** The tenant's app name and its agreement / policy HTML (null when the tenant set none). */
export interface PrivacySettings {
  tenantId: number;
  appName: string;
  agreement: string | null;
  policy: string | null;
}

/** The calls the privacy page makes; tests pass fakes. */
export interface PrivacyApi {
  getTenantByCode: typeof getTenantByCode;
  getTenantStoreSetting: typeof getTenantStoreSetting;
}

const defaultApi: PrivacyApi = { getTenantByCode, getTenantStoreSetting };

// The page shows its own failure; no alert, and never the 'return' alert of the error catalogue.
const silent: ApiOptions = { silent: true };

const notFound = (error: unknown) => error instanceof ApiError && error.errorCode === 'TENANT_NOT_FOUND';

/** A setting text that is present: a non-empty string. */
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The agreement and policy of a loginConfig (docs/tenant-settings.md "agreement and policy"). */
export function privacyTextsOf(loginConfig: LoginConfig): Pick<PrivacySettings, 'agreement' | 'policy'> {
  return { agreement: textOf(loginConfig.agreement), policy: textOf(loginConfig.policy) };
}

/** The HTML of one document, or null for the fallback. */
export function privacyHtml(settings: Pick<PrivacySettings, 'agreement' | 'policy'>, doc: PrivacyDoc): string | null {
  return doc === 'agreement' ? settings.agreement : settings.policy;
}

/** Where the page reads the address from; tests pass their own. */
export interface PrivacyEnv {
  location: Pick<Location, 'pathname' | 'hostname'>;
  storedTenantId: number | null;
  defaultCode: string;
}

function currentEnv(): PrivacyEnv {
  return { location: window.location, storedTenantId: getStoredTenantId(), defaultCode: readDefaultTenantCode() };
}

/**
 * Resolves the tenant as start-up does and loads its settings (default store). Null when no
 * tenant matches (start-up's 暂无企业ID); other failures reject.
 */
export async function loadPrivacySettings(env: PrivacyEnv = currentEnv(), api: PrivacyApi = defaultApi): Promise<PrivacySettings | null> {
  const candidates: TenantCandidate[] = tenantCandidates({
    pathname: env.location.pathname, hostname: env.location.hostname, storedTenantId: env.storedTenantId, defaultCode: env.defaultCode,
  });
  for (const candidate of candidates) {
    let tenantId: number;
    if (candidate.kind === 'code') {
      try {
        tenantId = (await api.getTenantByCode(candidate.code, silent)).id;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    } else {
      tenantId = candidate.id;
    }
    try {
      const setting = await api.getTenantStoreSetting(tenantId, null, silent);
      const derived = deriveSettings(setting.configList);
      return { tenantId, appName: derived.appName, ...privacyTextsOf(derived.loginConfig) };
    } catch (error) {
      // A stale stored id is skipped, as start-up skips it.
      if (candidate.kind === 'id' && notFound(error)) continue;
      throw error;
    }
  }
  return null;
}
