// Everything the app renders inside: translations, server-state cache and antd's theme and locale.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd/es/locale, not antd/locale: a Vite production build silently drops the latter's locale.
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { themeTokens } from '../lib/settings';
import { useAppStore } from '../stores/app-store';
import { FeedbackHost } from './feedback/feedback';

/** A query client with the portal's defaults: one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

// antd's English locale loads only when English is chosen (Chinese is the default, spec shell §1).
let enUS: Locale | undefined;
const loadEnUS = async (): Promise<Locale> => (enUS ??= (await import('antd/es/locale/en_US')).default);

function useAntdLocale(english: boolean): Locale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!english || enUS) return;
    let live = true;
    void loadEnUS()
      .then(() => live && setLoaded((n) => n + 1))
      .catch((error: unknown) => console.error("Loading antd's English locale failed; antd keeps its Chinese texts.", error));
    return () => {
      live = false;
    };
  }, [english]);
  return english && enUS ? enUS : zhCN;
}

/** What antd's <App> gave the page: the theme's text colour and font on the app's root. */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="portal-app"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {children}
    </div>
  );
}

function ThemedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const colors = useAppStore((s) => s.themeColors);
  const colorStyle = useAppStore((s) => s.site.colorStyle);
  const locale = useAntdLocale(active.language === 'en');
  const themeConfig = useMemo(
    () => ({ token: themeTokens(colors), algorithm: colorStyle === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [colors, colorStyle],
  );
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <AppRoot>
        <FeedbackHost />
        {children}
      </AppRoot>
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
