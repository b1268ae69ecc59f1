// Everything the app renders inside: translations, the server-state cache and the tenant's theme as
// CSS custom properties. antd's ConfigProvider is not here: the shell paints with plain elements,
// and what renders antd components wraps itself in <AntdTheme> (src/app/antd-theme.tsx), which
// loads with them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { themeCssVars } from '../lib/settings';
import { useAppStore } from '../stores/app-store';
import { FeedbackHost } from './feedback/feedback';

/** A query client with the portal's defaults: one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

/**
 * The app's root: the tenant's theme as CSS custom properties (--portal-primary and the rest,
 * src/lib/settings.ts themeCssVars), with the theme's text colour and font (global.css .portal-app).
 */
function ThemeRoot({ children }: { children: ReactNode }) {
  const colors = useAppStore((s) => s.themeColors);
  const colorStyle = useAppStore((s) => s.site.colorStyle);
  const style = useMemo(() => themeCssVars(colors, colorStyle) as CSSProperties, [colors, colorStyle]);
  return (
    <div className="portal-app" data-color-style={colorStyle} style={style}>
      {/* The holder of antd's alerts and messages loads (themed) the first time one is shown. */}
      <FeedbackHost />
      {children}
    </div>
  );
}

/** Wraps the app (and component tests) in i18n, TanStack Query and the tenant's theme variables. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeRoot>{children}</ThemeRoot>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
