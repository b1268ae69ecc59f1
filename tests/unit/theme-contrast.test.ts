// Issue 23 (WCAG 2.1 AA on every page): the theme colours the shell and antd paint text with reach
// 4.5:1 (1.4.3). Each case is a violation axe found on a page before the fix.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { readableTagTokens } from '../../src/components/antd-theme';
import { contrastRatio, mixColors, onDangerColor, onPrimaryColor, paintedColors, READABLE_TAG_TOKENS, themeCssVars, themeTokens, THEME_SURFACE } from '../../src/lib/theme-colors';

const DEMO = { primary: '#00aaff', secondary: '#66b1ff' };
const STYLES = ['light', 'dark'] as const;

describe('theme contrast of text (WCAG 2.1 AA 1.4.3)', () => {
  it.each(STYLES)('primary-coloured text reads on the page and on the pale tint, %s (the course categories\' #00aaff on #e6f7ff read 2.3:1)', (style) => {
    const vars = themeCssVars(DEMO, style);
    expect(contrastRatio(vars['--portal-primary-text']!, vars['--portal-bg']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-primary-text']!, vars['--portal-primary-bg']!)).toBeGreaterThanOrEqual(4.5);
    // The tenant's own colour stays for borders and icons.
    expect(vars['--portal-primary']).toBe('#00aaff');
  });

  it.each(STYLES)('text on a primary fill reads, %s (the route error\'s white 刷新页面 on #00aaff read 2.6:1)', (style) => {
    const vars = themeCssVars(DEMO, style);
    const on = vars['--portal-on-primary']!;
    const onHex = on.startsWith('rgba') ? '#000000' : on;
    expect(contrastRatio(onHex, vars['--portal-primary-text']!)).toBeGreaterThanOrEqual(4.5);
  });

  it('antd\'s primary button text is dark on the dark style\'s light primary (white on #0394dc read 3.3:1)', () => {
    expect(onPrimaryColor(DEMO, 'dark')).not.toBe('#ffffff');
    expect(onPrimaryColor(DEMO, 'light')).toBe('#ffffff');
  });

  it.each(STYLES)('a primary danger button\'s text reads on its fill, %s (the shop cart\'s white 结算 on #ff4d4f read 3.3:1)', (style) => {
    // The fill as antd derives it from the tokens AntdTheme passes; the text AntdTheme gives Button.
    const algorithm = style === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
    const fill = theme.getDesignToken({ algorithm, token: themeTokens(DEMO, style) }).colorError;
    const text = onDangerColor(style);
    expect(contrastRatio(text.startsWith('rgba') ? '#000000' : text, fill)).toBeGreaterThanOrEqual(4.5);
    // A danger button's and a form error's red text on the page reads too (light style).
    if (style === 'light') expect(contrastRatio(fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(STYLES)('prices read on the page and on cards, %s (the cart\'s #cf1322 line totals read 2.9:1 on the dark #1f1f1f)', (style) => {
    const vars = themeCssVars(DEMO, style);
    expect(contrastRatio(vars['--portal-price']!, vars['--portal-bg']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-price']!, THEME_SURFACE[style])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(STYLES)('status tags and a checked tag read on their fill, %s (the exam result\'s 错误 #cc3e3f on #fff2f0 read 4.4:1, the dark course labels\' white on #0394dc 3.3:1)', (style) => {
    const algorithm = style === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
    const token = themeTokens(DEMO, style);
    const painted = theme.getDesignToken({ algorithm, token }) as unknown as Record<string, string>;
    const tag = readableTagTokens(token, algorithm);
    const hex = (c: string) => (c.startsWith('rgba') ? '#000000' : c);
    for (const status of ['Success', 'Info', 'Warning', 'Error']) {
      expect(contrastRatio(tag[`color${status}`]!, painted[`color${status}Bg`]!), status).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(hex(tag.colorTextLightSolid!), painted.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
    // What antd paints by itself falls short somewhere (the violations axe found).
    const antdOwn = ['Success', 'Info', 'Warning', 'Error'].map((s) => contrastRatio(painted[`color${s}`]!, painted[`color${s}Bg`]!));
    expect(Math.min(...antdOwn, contrastRatio(painted.colorTextLightSolid!, painted.colorPrimary!))).toBeLessThan(4.5);
  });

  it.each(STYLES)('preset colour tags read on their tint, %s (the dark style\'s geekblue #5273e0 on #131629 read 3.7:1)', (style) => {
    const algorithm = style === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
    const token = themeTokens(DEMO, style);
    const painted = theme.getDesignToken({ algorithm, token }) as unknown as Record<string, string>;
    const tag = readableTagTokens(token, algorithm);
    for (const preset of ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']) {
      expect(contrastRatio(tag[`${preset}7`]!, painted[`${preset}1`]!), preset).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(STYLES)('prices read on the filled band of the product page, %s (#f5222d read 2.8:1 on the dark #3a3a3a)', (style) => {
    const vars = themeCssVars(DEMO, style);
    const band = style === 'dark' ? mixColors('#ffffff', THEME_SURFACE.dark, 0.12) : mixColors('#000000', THEME_SURFACE.light, 0.06);
    expect(contrastRatio(vars['--portal-price']!, band)).toBeGreaterThanOrEqual(4.5);
  });

  it('a tenant navbar keeps its text colour and darkens its background to 4.5:1 (ai\'s white on #08979c read 3.5:1)', () => {
    const painted = paintedColors('#08979c', '#ffffff', 'light');
    expect(painted.color).toBe('#ffffff');
    expect(contrastRatio(painted.background!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(paintedColors('#ffffff', '#333333', 'light')).toEqual({ background: '#ffffff', color: '#333333' });
  });

  it('preset tags\' text reads on their tint in the light style (green #389e0d on #f6ffed read 3.4:1)', () => {
    const palette = theme.getDesignToken() as unknown as Record<string, string>;
    for (const [key, text] of Object.entries(READABLE_TAG_TOKENS)) {
      const tint = palette[key.replace('7', '1')]!;
      expect(contrastRatio(palette[key]!, tint), `${key} as antd paints it`).toBeLessThan(4.5);
      expect(contrastRatio(text, tint), key).toBeGreaterThanOrEqual(4.5);
    }
  });
});
