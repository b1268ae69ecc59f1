// The antd theme the portal gives antd (tokens from the tenant's colours, light/dark algorithm,
// the visitor's font size, readable button and tag texts), for <AntdTheme> (antd's ConfigProvider,
// for what renders antd components). The runtime page's widgets paint with the --portal-* variables
// instead (src/lib/settings.ts themeCssVars), so this stays off the home.
import { theme, type ThemeConfig } from 'antd';
import type { ThemeColors } from '../lib/settings';
import { onDangerColor, onPrimaryColor, READABLE_TAG_TOKENS, readableColor, readableTextColor, themeTokens } from '../lib/theme-colors';

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

/** The ConfigProvider `theme` for the tenant's colours, the light or dark style and the visitor's font size. */
export function antdThemeConfig(colors: ThemeColors, colorStyle: 'light' | 'dark', fontSize: number): ThemeConfig {
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
}
