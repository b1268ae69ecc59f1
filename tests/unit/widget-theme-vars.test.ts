// Widgets paint the tenant's colours with the theme's --portal-* variables instead of antd's
// theme.useToken (issue 15 point 3: antd's theme code off the home). The variables must give what
// antd's tokens gave them: the link colour antd paints links in, and text readable on its tint.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeConfig } from '../../src/components/antd-theme-config';
import { contrastRatio, mixColors, themeCssVars } from '../../src/lib/theme-colors';

const TENANTS = [
  { primary: '#00aaff', secondary: '#66b1ff' }, // demo: a light link colour, lifted to 4.5:1
  { primary: '#7b2ff7', secondary: '#f107a3' }, // acme
  { primary: '#2d1b69', secondary: '#1a1a40' }, // dim colours the dark style lifts
];
const STYLES = ['light', 'dark'] as const;

describe('the widgets\' theme variables', () => {
  it('--portal-link is the link colour antd paints in the light style', () => {
    for (const colors of TENANTS) {
      const { token, algorithm } = antdThemeConfig(colors, 'light', 14);
      const antdLink = theme.getDesignToken({ token: token ?? {}, ...(algorithm ? { algorithm } : {}) }).colorLink;
      expect(themeCssVars(colors, 'light')['--portal-link']).toBe(antdLink);
    }
  });

  it.each(STYLES)('--portal-link is the seed antd gets for links, readable on the page (%s)', (style) => {
    // The dark algorithm shifts antd's own link shade (#66b1ff → #5a99dc); widgets keep the seed,
    // which already reads at 4.5:1 on the dark page.
    for (const colors of TENANTS) {
      const vars = themeCssVars(colors, style);
      expect(vars['--portal-link']).toBe(antdThemeConfig(colors, style, 14).token?.colorLink);
      expect(contrastRatio(vars['--portal-link']!, vars['--portal-bg']!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(STYLES)('the provider chip reads on its tint, and the ranking\'s top rows on theirs (%s)', (style) => {
    for (const colors of TENANTS) {
      const vars = themeCssVars(colors, style);
      expect(vars['--portal-link-tint']).toBe(mixColors(vars['--portal-link']!, vars['--portal-bg']!, 0.12));
      expect(contrastRatio(vars['--portal-link-on-tint']!, vars['--portal-link-tint']!)).toBeGreaterThanOrEqual(4.5);
      expect(vars['--portal-highlight']).toBe(mixColors('#faad14', vars['--portal-bg']!, 0.1));
      expect(contrastRatio(vars['--portal-highlight-text']!, vars['--portal-highlight']!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
