// antd's ConfigProvider with the tenant's theme tokens, the visitor's light/dark and font-size
// preferences (src/stores/preferences-store.ts) and the zh_CN/en locale. Not part of the
// shell's first paint (the shell is plain elements styled from the theme's CSS custom properties,
// src/app/providers.tsx): it wraps only what renders antd components, and it ships with them, in the
// on-demand chunks: the runtime page (src/features/home/components/runtime-page.tsx, loaded in
// parallel with its template request), the lazily loaded pages, the feedback holder (alerts and
// messages, src/components/feedback) and the navbar's on-demand Dropdown.
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd/es/locale, not antd/locale: a Vite production build silently drops the latter's locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdThemeConfig } from './antd-theme-config';
import { useAppStore } from '../stores/app-store';
import { useColorStyle, useFontSizePx } from '../stores/preferences-store';

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

export { readableTagTokens } from './antd-theme-config';

/**
 * antd's ConfigProvider with the tenant's theme (colours, light/dark), the visitor's font size and
 * the active language. useTranslation re-renders it on i18next's languageChanged, so antd's texts
 * (pagination, empty states, pickers) switch with the portal's.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const colors = useAppStore((s) => s.themeColors);
  const colorStyle = useColorStyle();
  const fontSize = useFontSizePx();
  const locale = useAntdLocale(active.language === 'en');
  // Dates follow the language: antd's pickers read dayjs's global locale (month and weekday names).
  // Set here, with antd, so dayjs stays off the home (issue 15 point 3); idempotent, before the children render.
  dayjs.locale(active.language === 'en' ? 'en' : 'zh-cn');
  const themeConfig = useMemo(() => antdThemeConfig(colors, colorStyle, fontSize), [colors, colorStyle, fontSize]);
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

/** A page component rendered inside <AntdTheme> (for lazily loaded pages that use antd). */
export function withAntdTheme<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Themed(props: P) {
    return (
      <AntdTheme>
        <Page {...props} />
      </AntdTheme>
    );
  }
  Themed.displayName = `WithAntdTheme(${Page.displayName ?? Page.name ?? 'Page'})`;
  return Themed;
}
