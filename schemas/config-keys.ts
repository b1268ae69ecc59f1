/**
 * Where each tenant setting lives in configList: [paramGroup, paramKey]. The client derives site
 * options, navbar options, footer and login config from these; the seed and the admin write them.
 * Documented in docs/tenant-settings.md.
 */
export const CONFIG_KEYS = {
  appName: ['PcStartup', 'appName'],
  logoImg: ['PcStartup', 'logoImg'],
  faviconImg: ['PcStartup', 'faviconImg'],
  colorStyle: ['PcStartup', 'colorStyle'],
  siteOptions: ['PcStartup', 'options'],
  navbarOptions: ['PcStartup', 'navbar'],
  userPower: ['sys_init_param', 'userPower'],
  forceLogin: ['Security', 'forceLogin'],
  footer: ['PcFoot', 'footer'],
  finishAudio: ['Study', 'finishAudio'],
  loginConfig: ['PcLoginConfig', 'loginConfig'],
} as const satisfies Record<string, readonly [string, string]>;

export type ConfigKeyName = keyof typeof CONFIG_KEYS;

/** paramValueType 2 means the value is JSON text (spec shell §3). */
export const PARAM_VALUE_JSON = 2;
export const PARAM_VALUE_TEXT = 1;
