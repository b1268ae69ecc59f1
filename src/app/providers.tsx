// Everything the app renders inside: translations, server-state cache and antd's theme and locale.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
// antd/es/locale, not antd/locale: a Vite production build silently drops the latter's locale.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { themeTokens } from '../lib/settings';
import { useAppStore } from '../stores/app-store';
import { CatalogueModalBridge } from './catalogue-ui';

/** A query client with the portal's defaults: one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

function ThemedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const colors = useAppStore((s) => s.themeColors);
  const colorStyle = useAppStore((s) => s.site.colorStyle);
  const english = active.language === 'en';
  const themeConfig = useMemo(
    () => ({ token: themeTokens(colors), algorithm: colorStyle === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [colors, colorStyle],
  );
  return (
    <ConfigProvider locale={english ? enUS : zhCN} theme={themeConfig}>
      <AntApp>
        <CatalogueModalBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Wraps the app (and component tests) in i18n, TanStack Query and antd with the tenant's theme. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemedAntd>{children}</ThemedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
