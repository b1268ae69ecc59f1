// Everything the app renders inside: translations, the server-state cache and the theme (tenant
// colours, the visitor's light/dark and font-size preferences) as CSS custom properties on the
// document root. antd's ConfigProvider is not here: the shell paints with plain elements, and what
// renders antd components wraps itself in <AntdTheme> (src/components/antd-theme.tsx), which loads with them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { themeCssVars } from '../lib/theme-colors';
import { useAppStore } from '../stores/app-store';
import { useColorStyle, useFontSizePx } from '../stores/preferences-store';
import { FeedbackHost } from '../components/feedback/feedback';
import { RegistryProvider } from '../runtime/registry-context';
import { loadedPortalRegistry, loadPortalRegistry } from './portal-registry';

/** A query client with the portal's defaults: one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

/** The <html lang> of each language (spec shell §1: Chinese by default, English available). */
const HTML_LANG: Record<string, string> = { zh: 'zh-CN', en: 'en' };

/** Keeps <html lang> on the active language, so screen readers and hyphenation follow a switch. */
function useDocumentLanguage(): void {
  useLayoutEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = HTML_LANG[language] ?? 'zh-CN';
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, []);
}

/**
 * Puts the theme on the document root: the --portal-* colours (src/lib/settings.ts themeCssVars),
 * --portal-font-size and data-theme="light|dark". The root rather than the app's div, because
 * html/body paint the page background (global.css) and antd's popups, alerts and the preferences
 * popover render outside the app's div but still read these variables. A layout effect, so the
 * first paint already has them.
 */
function useRootTheme(colorStyle: 'light' | 'dark'): void {
  const colors = useAppStore((s) => s.themeColors);
  const fontSize = useFontSizePx();
  const vars = useMemo(
    () => ({ ...themeCssVars(colors, colorStyle), '--portal-font-size': `${fontSize}px` }),
    [colors, colorStyle, fontSize],
  );
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    root.dataset.theme = colorStyle;
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
      delete root.dataset.theme;
    };
  }, [vars, colorStyle]);
}

/** The app's root (global.css .portal-app: the theme's text colour and font, as antd's App did). */
function ThemeRoot({ children }: { children: ReactNode }) {
  const colorStyle = useColorStyle();
  useRootTheme(colorStyle);
  useDocumentLanguage();
  return (
    <div className="portal-app" data-color-style={colorStyle}>
      {/* The holder of antd's alerts and messages loads (themed) the first time one is shown. */}
      <FeedbackHost />
      {children}
    </div>
  );
}

/** Wraps the app (and component tests) in i18n, TanStack Query, the widget registry and the tenant's theme variables. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The registry itself when it loaded before the first render (src/app/warm-start.ts), so the
  // home's first commit shows its blocks; else its loader.
  const [registry] = useState(() => loadedPortalRegistry() ?? loadPortalRegistry);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RegistryProvider registry={registry}>
          <ThemeRoot>{children}</ThemeRoot>
        </RegistryProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
