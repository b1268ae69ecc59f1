// antd's design tokens without antd's ConfigProvider, for the runtime page (issue 15 point 3: a
// home's JS). Widgets read the tenant's colours through antd's theme.useToken() (the page background,
// the link colour) and render no antd component, so the page gives them only the tokens: the same
// values <AntdTheme> gives (src/components/antd-theme-config.ts), through the context theme.useToken
// reads (antd's theme._internalContext), without the ConfigProvider, its locale, popup and motion
// code (~23 KB gzip, 6 files). Whatever renders an antd component in a runtime page wraps itself in
// <AntdTheme> (the page's empty and error states do).
import { theme } from 'antd';
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { useAppStore } from '../stores/app-store';
import { useColorStyle, useFontSizePx } from '../stores/preferences-store';
import { antdThemeConfig } from './antd-theme-config';

type TokenContextValue = ComponentProps<typeof theme._internalContext.Provider>['value'];

/** The design-token context for the tenant's theme: the seed, and every token computed as ConfigProvider would. */
export function antdTokenContext(colors: Parameters<typeof antdThemeConfig>[0], colorStyle: 'light' | 'dark', fontSize: number): TokenContextValue {
  const { token, algorithm } = antdThemeConfig(colors, colorStyle, fontSize);
  // Every token as the algorithm derives it (public API). theme.useToken derives the map tokens from
  // the seed with antd's default algorithm, then applies the override but for the seed keys (antd's
  // formatToken): so the derived values go in both, the seed keys (a dark colorPrimary is derived
  // from the tenant's) as the seed and the rest as the override.
  const design = theme.getDesignToken({ token: token ?? {}, ...(algorithm ? { algorithm } : {}) });
  return {
    ...theme.defaultConfig,
    token: design,
    override: { override: design },
    // Its own CSS-variable scope: the tokens' variables never replace those of antd's root scope.
    cssVar: { key: 'css-var-portal-tokens' },
  } as TokenContextValue;
}

/** Gives theme.useToken() below it the tenant's tokens (colours, light/dark, font size). */
export function AntdTokens({ children }: { children: ReactNode }) {
  const colors = useAppStore((s) => s.themeColors);
  const colorStyle = useColorStyle();
  const fontSize = useFontSizePx();
  const value = useMemo(() => antdTokenContext(colors, colorStyle, fontSize), [colors, colorStyle, fontSize]);
  return <theme._internalContext.Provider value={value}>{children}</theme._internalContext.Provider>;
}
