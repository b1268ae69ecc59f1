// spec shell §3 settings derivation and §9 defaults: configList → the shell's settings and theme.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { contentWidth, deriveSettings, deriveThemeColors, topMenus } from '../../src/lib/settings';
import { contrastRatio, mixColors, readableColor, readableTextColor, readableThemeColors, themeCssVars, themeTokens } from '../../src/lib/theme-colors';
import { demoMenus, jsonItem, textItem } from './fixtures';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const warnings = () => warn.mock.calls.map((call) => String(call[0]));

describe('deriveSettings', () => {
  it('fills the spec defaults when the tenant sets nothing', () => {
    const settings = deriveSettings([]);
    expect(settings).toMatchObject({
      appName: '',
      logoImg: null,
      faviconImg: null,
      colorStyle: 'light',
      siteOptions: { function: 'study' },
      navbarOptions: { fontSize: 16, marginLeft: 30, userMenu: ['admin', 'user', 'logout'], childFontSize: 14 },
      footer: { footStyle: 0 },
      userPower: [],
      forceLogin: null,
      finishAudio: null,
      loginConfig: {},
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads text keys and parses JSON keys', () => {
    const settings = deriveSettings([
      textItem('PcStartup', 'appName', 'ACME University'),
      textItem('PcStartup', 'logoImg', '/uploads/acme.svg'),
      textItem('PcStartup', 'faviconImg', '/uploads/fav.svg'),
      textItem('PcStartup', 'colorStyle', 'dark'),
      jsonItem('PcStartup', 'options', { function: 'shop', hasCart: true, pageWidth: 1320 }),
      jsonItem('PcStartup', 'navbar', { fontSize: 15, marginLeft: 24, color: '#ffffff', background: '#2d1b69', userMenu: ['user', 'logout'] }),
      jsonItem('sys_init_param', 'userPower', [0, 2, 3, 9]),
      textItem('Security', 'forceLogin', '2'),
      jsonItem('PcFoot', 'footer', { footStyle: 1, copyright: '© ACME', fontColor: '#e6e0ff' }),
      textItem('Study', 'finishAudio', '80'),
      jsonItem('PcLoginConfig', 'loginConfig', { loginTypes: ['account'], slideCaptcha: true }),
    ]);
    expect(settings).toEqual({
      appName: 'ACME University',
      logoImg: '/uploads/acme.svg',
      faviconImg: '/uploads/fav.svg',
      colorStyle: 'dark',
      siteOptions: { function: 'shop', hasCart: true, pageWidth: 1320 },
      navbarOptions: { fontSize: 15, marginLeft: 24, color: '#ffffff', background: '#2d1b69', userMenu: ['user', 'logout'], childFontSize: 12 },
      footer: { footStyle: 1, copyright: '© ACME', fontColor: '#e6e0ff' },
      userPower: [0, 2, 3, 9],
      forceLogin: 2,
      finishAudio: 80,
      loginConfig: { loginTypes: ['account'], slideCaptcha: true },
    });
  });

  it('ignores a bad JSON value with a warning naming group and key, and keeps the other settings', () => {
    const settings = deriveSettings([
      textItem('PcStartup', 'appName', 'Demo'),
      jsonItem('PcStartup', 'options', '{"function": "shop",'),
      jsonItem('PcFoot', 'footer', { footStyle: 1 }),
    ]);
    expect(settings.appName).toBe('Demo');
    expect(settings.siteOptions).toEqual({ function: 'study' });
    expect(settings.footer.footStyle).toBe(1);
    expect(warnings()).toEqual([expect.stringMatching(/PcStartup\.options is not valid JSON.*ignored/)]);
  });

  it('ignores JSON of the wrong shape: an array for options, a non-array userPower', () => {
    const settings = deriveSettings([jsonItem('PcStartup', 'options', [1, 2]), jsonItem('sys_init_param', 'userPower', { a: 1 })]);
    expect(settings.siteOptions).toEqual({ function: 'study' });
    expect(settings.userPower).toEqual([]);
    expect(warnings().join('\n')).toMatch(/PcStartup\.options must be a JSON object/);
    expect(warnings().join('\n')).toMatch(/sys_init_param\.userPower must be a JSON array/);
  });

  it('ignores a forceLogin that is not a number', () => {
    expect(deriveSettings([textItem('Security', 'forceLogin', 'yes')]).forceLogin).toBeNull();
    expect(warnings()[0]).toMatch(/Security\.forceLogin must be a number/);
  });

  it('drops invalid navbar and footer colours with a warning and keeps valid ones', () => {
    const settings = deriveSettings([
      jsonItem('PcStartup', 'navbar', { color: 'red', background: '#fff' }),
      jsonItem('PcFoot', 'footer', { footStyle: 0, backgroundColor: 'url(javascript:x)', fontColor: '#c0c4cc' }),
    ]);
    expect(settings.navbarOptions.color).toBeUndefined();
    expect(settings.navbarOptions.background).toBe('#fff');
    expect(settings.footer.backgroundColor).toBeUndefined();
    expect(settings.footer.fontColor).toBe('#c0c4cc');
    expect(warnings()).toHaveLength(2);
  });

  it('reads an unknown footStyle as style 0 and an unknown variant as study', () => {
    const settings = deriveSettings([jsonItem('PcFoot', 'footer', { footStyle: 7 }), jsonItem('PcStartup', 'options', { function: 'bank' })]);
    expect(settings.footer.footStyle).toBe(0);
    expect(settings.siteOptions.function).toBe('study');
  });
});

describe('theme colours', () => {
  it('uses the site option first, then globalStyle, then the spec defaults', () => {
    expect(deriveThemeColors({ themeColor1: '#112233', themeColor2: '#445566' }, { globalStyle: { themeColor1: '#abcdef' } })).toEqual({ primary: '#abcdef', secondary: '#445566' });
    expect(deriveThemeColors({ themeColor1: '#112233' }, {})).toEqual({ primary: '#112233', secondary: '#66b1ff' });
    expect(deriveThemeColors(null, null)).toEqual({ primary: '#00aaff', secondary: '#66b1ff' });
  });

  it('skips an invalid colour with a warning and falls back to the next source', () => {
    const colors = deriveThemeColors({ themeColor1: '#123', themeColor2: 'blue' }, { globalStyle: { themeColor1: 'rgb(1,2,3)' } });
    expect(colors).toEqual({ primary: '#123', secondary: '#66b1ff' });
    expect(warnings()).toEqual([expect.stringContaining('PcStartup.options.globalStyle.themeColor1'), expect.stringContaining('globalStyle.themeColor2')]);
  });

  it('maps colour 1 to primary and info, colour 2 to links', () => {
    expect(themeTokens({ primary: '#111111', secondary: '#222222' })).toMatchObject({ colorPrimary: '#111111', colorInfo: '#111111', colorLink: '#222222' });
  });
});

describe('menus and width', () => {
  it('keeps top-level menus only, in sort order', () => {
    expect(topMenus(demoMenus).map((m) => m.title)).toEqual(['首页', '课程', '学习资源', '官网']);
  });

  it('never goes under the 1280 px minimum width', () => {
    expect(contentWidth({ pageWidth: 1320 })).toBe(1320);
    expect(contentWidth({ pageWidth: 1000 })).toBe(1280);
    expect(contentWidth(undefined)).toBe(1280);
  });
});

describe('theme CSS variables (the shell paints without antd)', () => {
  it('mixes a colour toward another by weight', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#7b2ff7', '#ffffff', 1)).toBe('#7b2ff7');
    expect(mixColors('#7b2ff7', '#ffffff', 0)).toBe('#ffffff');
  });

  it('carries the tenant colours and a pale tint of the primary in light style', () => {
    const vars = themeCssVars({ primary: '#7b2ff7', secondary: '#f107a3' } as Parameters<typeof themeCssVars>[0], 'light');
    expect(vars['--portal-primary']).toBe('#7b2ff7');
    expect(vars['--portal-secondary']).toBe('#f107a3');
    expect(vars['--portal-primary-bg']).toBe(mixColors('#7b2ff7', '#ffffff', 0.1));
    expect(vars['--portal-bg']).toBe('#ffffff');
  });

  it('switches background and text for the dark style', () => {
    const vars = themeCssVars({ primary: '#00aaff', secondary: '#66b1ff' } as Parameters<typeof themeCssVars>[0], 'dark');
    expect(vars['--portal-bg']).toBe('#141414');
    expect(vars['--portal-text']).toContain('255, 255, 255');
  });
});

describe('theme contrast (DESIGN: theme tokens validated, contrast included, before they reach antd)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777', '#ffffff')).toBeCloseTo(4.48, 2);
    // Symmetric: order does not matter.
    expect(contrastRatio('#00aaff', '#141414')).toBeCloseTo(contrastRatio('#141414', '#00aaff'), 10);
  });

  it('keeps a readable colour and lightens an unreadable one on a dark background just enough', () => {
    expect(readableColor('#00aaff', '#141414', 3)).toBe('#00aaff');
    const lifted = readableColor('#2d1b69', '#141414', 3);
    expect(lifted).not.toBe('#2d1b69');
    expect(contrastRatio(lifted, '#141414')).toBeGreaterThanOrEqual(3);
    // Only as much white as needed: one step less would not reach 3:1.
    const weight = [...Array(21).keys()].map((i) => i / 20).find((w) => mixColors('#ffffff', '#2d1b69', w) === lifted)!;
    expect(contrastRatio(mixColors('#ffffff', '#2d1b69', weight - 0.05), '#141414')).toBeLessThan(3);
  });

  it('darkens an unreadable colour on a light background', () => {
    const darkened = readableColor('#ffee88', '#ffffff', 4.5);
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves the tenant colours as they are in light style and the spec defaults as they are in dark', () => {
    const dim = { primary: '#2d1b69', secondary: '#1a1a40' };
    expect(readableThemeColors(dim, 'light')).toEqual(dim);
    expect(readableThemeColors({ primary: '#00aaff', secondary: '#66b1ff' }, 'dark')).toEqual({ primary: '#00aaff', secondary: '#66b1ff' });
  });

  it('gives antd a primary and link colour that read at 4.5:1 on white, keeping the hue (the default #00aaff is too light for button text)', () => {
    const tokens = themeTokens({ primary: '#00aaff', secondary: '#66b1ff' });
    expect(contrastRatio(tokens.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokens.colorLink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(tokens.colorPrimary).not.toBe('#00aaff');
    expect(contrastRatio(tokens.colorPrimary, '#00aaff')).toBeLessThan(2.5);
    // The shell's decorative primary stays the tenant's own.
    expect(themeCssVars({ primary: '#00aaff', secondary: '#66b1ff' }, 'light')['--portal-primary']).toBe('#00aaff');
  });

  it('lifts dim tenant colours in dark style: primary to 3:1, links to 4.5:1, for antd and the shell alike', () => {
    const dim = { primary: '#2d1b69', secondary: '#1a1a40' };
    const readable = readableThemeColors(dim, 'dark');
    expect(contrastRatio(readable.primary, '#141414')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(readable.secondary, '#141414')).toBeGreaterThanOrEqual(4.5);
    const darkTokens = themeTokens(dim, 'dark');
    expect(contrastRatio(darkTokens.colorPrimary, '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(darkTokens.colorLink).toBe(readable.secondary);
    expect(themeTokens(dim)).toMatchObject({ colorPrimary: '#2d1b69', colorInfo: '#2d1b69', colorLink: '#1a1a40' });
    const vars = themeCssVars(dim, 'dark');
    expect(vars['--portal-primary']).toBe(readable.primary);
    expect(vars['--portal-secondary']).toBe(readable.secondary);
  });

  it('gives the dark colour set: background, surface, border, text and secondary text', () => {
    const colors = { primary: '#00aaff', secondary: '#66b1ff' };
    expect(themeCssVars(colors, 'dark')).toMatchObject({
      '--portal-bg': '#141414',
      '--portal-surface': '#1f1f1f',
      '--portal-border': '#424242',
      '--portal-text': 'rgba(255, 255, 255, 0.85)',
      '--portal-text-secondary': 'rgba(255, 255, 255, 0.6)',
    });
    expect(themeCssVars(colors, 'light')).toMatchObject({
      '--portal-bg': '#ffffff',
      '--portal-surface': '#ffffff',
      '--portal-border': '#d9d9d9',
      '--portal-text': 'rgba(0, 0, 0, 0.88)',
    });
  });

  it('picks white text on a dark tenant background and dark text on a light one', () => {
    expect(readableTextColor('#2d1b69')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('rgba(0, 0, 0, 0.88)');
    expect(readableTextColor('#ffee88')).toBe('rgba(0, 0, 0, 0.88)');
  });
});
