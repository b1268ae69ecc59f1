// Pure derivation of what the portal needs from the tenant's start-up settings (spec shell §3).
// One bad setting must never stop a tenant's portal: unparsable or ill-typed values are ignored
// with a console warning naming the group and key, and the defaults apply.
import { CONFIG_KEYS, PARAM_VALUE_JSON, type ConfigKeyName } from '../../schemas/config-keys';
import type {
  ConfigItem,
  FooterSettings,
  GlobalStyle,
  NavbarOptions,
  NavigateItem,
  SiteOptions,
} from '../../schemas/tenant-settings';
import {
  DEFAULT_MENU_FONT_SIZE,
  DEFAULT_NAV_CHILD_FONT_SIZE,
  NAV_CHILD_FONT_OFFSET,
  DEFAULT_MENU_MARGIN_LEFT,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  MIN_PAGE_WIDTH,
} from './constants';

/** Sign-in options (PcLoginConfig.loginConfig); the shared schemas do not define this shape yet. */
export interface LoginConfig {
  loginTypes?: string[];
  slideCaptcha?: boolean;
  allowRegister?: boolean;
  [key: string]: unknown;
}

/** User-menu entries (spec shell §3). Spelled out here: schemas' UserMenuKey has the static type never. */
export type UserMenuKey = 'admin' | 'user' | 'safe' | 'help' | 'logout';

const USER_MENU_KEYS: readonly UserMenuKey[] = ['admin', 'user', 'safe', 'help', 'logout'];

/** spec shell §6: the default user menu is admin, user, logout. */
export const DEFAULT_USER_MENU: readonly UserMenuKey[] = ['admin', 'user', 'logout'];

/** Navbar options with the spec's defaults filled in (spec shell §9). */
export type ResolvedNavbarOptions = Omit<NavbarOptions, 'userMenu'> &
  Required<Pick<NavbarOptions, 'fontSize' | 'marginLeft'>> & { userMenu: UserMenuKey[]; childFontSize: number };

/** spec shell §9: nav child font size is the font size minus 3, 14 px when the tenant sets none. */
export function navChildFontSize(fontSize: number | undefined): number {
  return typeof fontSize === 'number' ? Math.max(fontSize - NAV_CHILD_FONT_OFFSET, 10) : DEFAULT_NAV_CHILD_FONT_SIZE;
}

/** Site options with the variant always known (study when the tenant says nothing). */
export type ResolvedSiteOptions = SiteOptions & Required<Pick<SiteOptions, 'function'>>;

/** Everything the shell reads from configList, defaults applied. */
export interface DerivedSettings {
  appName: string;
  logoImg: string | null;
  faviconImg: string | null;
  colorStyle: 'light' | 'dark';
  siteOptions: ResolvedSiteOptions;
  navbarOptions: ResolvedNavbarOptions;
  footer: FooterSettings;
  userPower: number[];
  forceLogin: number | null;
  finishAudio: number | null;
  loginConfig: LoginConfig;
}

/** The two theme colours after validation (spec shell §9 defaults). */
export interface ThemeColors {
  primary: string;
  secondary: string;
}

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** True for #rgb / #rrggbb, the colour format the settings schema allows. */
export function isValidColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR.test(value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nameOf = (key: ConfigKeyName) => CONFIG_KEYS[key].join('.');

function findItem(configList: readonly ConfigItem[], key: ConfigKeyName): ConfigItem | undefined {
  const [group, paramKey] = CONFIG_KEYS[key];
  // The last matching row wins, as a store-level row follows the tenant-level one.
  return configList.findLast((item) => item.paramGroup === group && item.paramKey === paramKey);
}

function text(configList: readonly ConfigItem[], key: ConfigKeyName): string | null {
  const value = findItem(configList, key)?.paramValue?.trim();
  return value ? value : null;
}

function json(configList: readonly ConfigItem[], key: ConfigKeyName): unknown {
  const item = findItem(configList, key);
  if (!item || item.paramValue.trim() === '') return undefined;
  if (item.paramValueType !== PARAM_VALUE_JSON) {
    console.warn(`Tenant setting ${nameOf(key)} should be JSON (paramValueType ${PARAM_VALUE_JSON}) but says type ${item.paramValueType}; it is read as JSON anyway.`);
  }
  try {
    return JSON.parse(item.paramValue) as unknown;
  } catch {
    console.warn(`Tenant setting ${nameOf(key)} is not valid JSON, so it is ignored and its defaults apply; fix the value in the tenant's settings.`);
    return undefined;
  }
}

function jsonObject(configList: readonly ConfigItem[], key: ConfigKeyName): Record<string, unknown> {
  const value = json(configList, key);
  if (value === undefined) return {};
  if (isPlainObject(value)) return value;
  console.warn(`Tenant setting ${nameOf(key)} must be a JSON object, so it is ignored and its defaults apply.`);
  return {};
}

function number(configList: readonly ConfigItem[], key: ConfigKeyName): number | null {
  const raw = text(configList, key);
  if (raw === null) return null;
  const value = Number(raw);
  if (Number.isFinite(value)) return value;
  console.warn(`Tenant setting ${nameOf(key)} must be a number but is "${raw}", so it is ignored.`);
  return null;
}

/** Drops colour fields that are not #rgb/#rrggbb, warning once per field, so antd never gets junk. */
function keepValidColors<T extends Record<string, unknown>>(value: T, fields: readonly (keyof T & string)[], where: string): T {
  const result = { ...value };
  for (const field of fields) {
    if (result[field] !== undefined && !isValidColor(result[field])) {
      console.warn(`${where}.${field} is not a #rgb or #rrggbb colour ("${String(result[field])}"), so it is ignored.`);
      delete result[field];
    }
  }
  return result;
}

function userPowerOf(configList: readonly ConfigItem[]): number[] {
  const value = json(configList, 'userPower');
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((n) => Number.isInteger(n))) return value as number[];
  console.warn(`Tenant setting ${nameOf('userPower')} must be a JSON array of field indexes such as [0,1,2], so it is ignored and no profile field is editable.`);
  return [];
}

function userMenuOf(value: unknown): UserMenuKey[] {
  if (value === undefined) return [...DEFAULT_USER_MENU];
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const known = list.filter((key): key is UserMenuKey => USER_MENU_KEYS.includes(key as UserMenuKey));
  if (!Array.isArray(value) || known.length !== list.length) {
    console.warn(`Tenant setting ${nameOf('navbarOptions')}.userMenu may only list ${USER_MENU_KEYS.join(', ')}; other entries are ignored.`);
  }
  return Array.isArray(value) ? known : [...DEFAULT_USER_MENU];
}

function footerOf(configList: readonly ConfigItem[]): FooterSettings {
  const raw = keepValidColors(jsonObject(configList, 'footer'), ['backgroundColor', 'fontColor'], nameOf('footer'));
  const footStyle = raw.footStyle === 1 || raw.footStyle === '1' ? 1 : 0;
  if (raw.footStyle !== undefined && raw.footStyle !== 0 && raw.footStyle !== 1 && raw.footStyle !== '0' && raw.footStyle !== '1') {
    console.warn(`Tenant setting ${nameOf('footer')}.footStyle must be 0 or 1 but is ${JSON.stringify(raw.footStyle)}, so style 0 is used.`);
  }
  return { ...(raw as Partial<FooterSettings>), footStyle };
}

/** Turns the start-up configList into the shell's settings, with defaults for anything missing. */
export function deriveSettings(configList: readonly ConfigItem[]): DerivedSettings {
  const siteOptions = jsonObject(configList, 'siteOptions') as SiteOptions;
  const navbar = keepValidColors(
    jsonObject(configList, 'navbarOptions'),
    ['color', 'background', 'navChildColor', 'navChildColorBg'],
    nameOf('navbarOptions'),
  ) as NavbarOptions;
  const variant = siteOptions.function;
  return {
    appName: text(configList, 'appName') ?? '',
    logoImg: text(configList, 'logoImg'),
    faviconImg: text(configList, 'faviconImg'),
    colorStyle: text(configList, 'colorStyle') === 'dark' ? 'dark' : 'light',
    siteOptions: { ...siteOptions, function: variant === 'shop' || variant === 'gpt' ? variant : 'study' },
    navbarOptions: {
      ...navbar,
      fontSize: typeof navbar.fontSize === 'number' ? navbar.fontSize : DEFAULT_MENU_FONT_SIZE,
      marginLeft: typeof navbar.marginLeft === 'number' ? navbar.marginLeft : DEFAULT_MENU_MARGIN_LEFT,
      userMenu: userMenuOf(navbar.userMenu),
      childFontSize: navChildFontSize(navbar.fontSize),
    },
    footer: footerOf(configList),
    userPower: userPowerOf(configList),
    forceLogin: number(configList, 'forceLogin'),
    finishAudio: number(configList, 'finishAudio'),
    loginConfig: jsonObject(configList, 'loginConfig') as LoginConfig,
  };
}

function firstValidColor(candidates: readonly [string, unknown][], fallback: string): string {
  for (const [where, value] of candidates) {
    if (value === undefined || value === null || value === '') continue;
    if (isValidColor(value)) return value;
    console.warn(`${where} is not a #rgb or #rrggbb colour ("${String(value)}"), so it is ignored.`);
  }
  return fallback;
}

/** Theme colours: the site option overrides the store's globalStyle; invalid colours are skipped. */
export function deriveThemeColors(globalStyle: GlobalStyle | null | undefined, siteOptions: SiteOptions | null | undefined): ThemeColors {
  return {
    primary: firstValidColor(
      [
        ['PcStartup.options.globalStyle.themeColor1', siteOptions?.globalStyle?.themeColor1],
        ['globalStyle.themeColor1', globalStyle?.themeColor1],
      ],
      DEFAULT_PRIMARY_COLOR,
    ),
    secondary: firstValidColor([['globalStyle.themeColor2', globalStyle?.themeColor2]], DEFAULT_SECONDARY_COLOR),
  };
}

/** Top-level menus in display order (children load separately, spec shell §9 page size 99). */
export function topMenus(navigateList: readonly NavigateItem[]): NavigateItem[] {
  return navigateList
    .filter((item) => item.parentId === undefined || item.parentId === null)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.sort ?? 0) - (b.item.sort ?? 0) || a.index - b.index)
    .map(({ item }) => item);
}

/** Content width in px: the tenant's pageWidth, never under the 1280 px minimum (spec shell §1). */
export function contentWidth(siteOptions: SiteOptions | null | undefined): number {
  const width = siteOptions?.pageWidth;
  return typeof width === 'number' && width > MIN_PAGE_WIDTH ? width : MIN_PAGE_WIDTH;
}
