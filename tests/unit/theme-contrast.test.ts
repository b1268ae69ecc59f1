// Issue 23 (WCAG 2.1 AA on every page): the theme colours the shell and antd paint text with reach
// 4.5:1 (1.4.3). Each case is a violation axe found on a page before the fix.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, onPrimaryColor, paintedColors, READABLE_TAG_TOKENS, themeCssVars } from '../../src/lib/settings';

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
