// antd's ConfigProvider with the tenant's theme tokens, the visitor's light/dark and font-size
// preferences (src/stores/preferences-store.ts) and the zh_CN/en locale. Not part of the
// shell's first paint (the shell is plain elements styled from the theme's CSS custom properties,
// src/app/providers.tsx): it wraps only what renders antd components, and it ships with them, in the
// on-demand chunks: the runtime page (src/features/home/components/runtime-page.tsx, loaded in
// parallel with its template request), the lazily loaded pages, the feedback holder (alerts and
// messages, src/components/feedback) and the navbar's on-demand Dropdown.
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd/es/locale, not antd/locale: a Vite production build silently drops the latter's locale.
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onDangerColor, onPrimaryColor, READABLE_TAG_TOKENS, readableColor, readableTextColor, themeTokens } from '../lib/settings';
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

// antd's default control height (32 px) fits its default 14 px text; bigger text gets taller
// controls (18 → 40, 22 → 48) so a button or input never clips its line.
const controlHeightFor = (fontSize: number) => 32 + (fontSize - 14) * 2;

type Algorithm = typeof theme.defaultAlgorithm;
const TAG_STATUSES = ['Success', 'Info', 'Warning', 'Error'] as const;
/** antd's preset tag colours (`<Tag color="geekblue">`). */
const TAG_PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/**
 * WCAG 2.1 AA 1.4.3 for antd's tags in the theme `token` and `algorithm` give: a status tag's text
 * (success, processing, warning, error: colorX on colorXBg; the exam result's 错误 read 4.4:1 on
 * #fff2f0, 已通过 2.2:1, the dark style's 4.0:1) moves away from its tint until it reads, and a
 * checked checkable tag's text (colorTextLightSolid on colorPrimary: the dark style's white on
 * #0394dc read 3.3:1 in the course list's labels) is white or near-black, whichever reads.
 * Component tokens: antd paints the status tints from the global colours, so only the text moves.
 */
export function readableTagTokens(token: Record<string, string | number>, algorithm: Algorithm): Record<string, string> {
  const design = theme.getDesignToken({ token, algorithm }) as unknown as Record<string, string>;
  const out: Record<string, string> = { colorTextLightSolid: readableTextColor(design.colorPrimary!) };
  for (const status of TAG_STATUSES) out[`color${status}`] = readableColor(design[`color${status}`]!, design[`color${status}Bg`]!, 4.5);
  // A preset colour tag's text is shade 7 on shade 1 (the dark style's geekblue read #5273e0 on
  // #131629, 3.7:1): shade 7 moves away from the tint until it reads.
  for (const preset of TAG_PRESETS) out[`${preset}7`] = readableColor(design[`${preset}7`]!, design[`${preset}1`]!, 4.5);
  return out;
}

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
  const themeConfig = useMemo(() => {
    const algorithm = colorStyle === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
    const token = { ...themeTokens(colors, colorStyle), fontSize, controlHeight: controlHeightFor(fontSize) };
    return {
      token,
      // WCAG 2.1 AA 1.4.3: a primary (and a primary danger) button's text reads at 4.5:1 on its fill in both styles, and
      // a preset tag's text on its tint in the light style (a palette shade set as a global token
      // is derived again from its seed; a component's tokens apply after that).
      components: {
        Button: { primaryColor: onPrimaryColor(colors, colorStyle), dangerColor: onDangerColor(colorStyle) },
        Tag: { ...readableTagTokens(token, algorithm), ...(colorStyle === 'light' ? READABLE_TAG_TOKENS : {}) },
      },
      algorithm,
    };
  }, [colors, colorStyle, fontSize]);
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
