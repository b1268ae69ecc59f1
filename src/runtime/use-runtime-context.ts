// The runtime context of the learner portal: the tenant (every widget query key is scoped to it),
// what block conditions know about the viewer, and the wording options from the site settings.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuntimeContext } from './widget-definition';
import { getRegisterInfo } from '../lib/storage';
import { useAppStore } from '../stores/app-store';

/** The runtime context for the current tenant, or null before start-up has picked a tenant. */
export function useRuntimeContext(): RuntimeContext | null {
  const tenantId = useAppStore((s) => s.tenantId);
  const storeId = useAppStore((s) => s.store?.id);
  const makeForSchool = useAppStore((s) => s.options.makeForSchool === true);
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  return useMemo(() => {
    if (tenantId === null) return null;
    const signedIn = Boolean(getRegisterInfo(tenantId)?.token);
    const ctx: RuntimeContext = { tenantId, viewer: { audience: signedIn ? 'learner' : 'guest' }, makeForSchool, locale };
    if (storeId !== undefined) ctx.storeId = storeId;
    return ctx;
  }, [tenantId, storeId, makeForSchool, locale]);
}
