/** Base path the SPA is served under (spec shell §2: history mode under /study). */
export const BASE_PATH = '/study';

/** Auth cookie lifetime in days (spec shell §9). */
export const AUTH_COOKIE_DAYS = 15;

/** Name of the cookie that carries the sign-in token (spec shell §7 "Response handling"). */
export const AUTH_COOKIE_NAME = 'pctoken';

/** The pager's page sizes (spec learning §9: 5, 6, 10, 15, 20); every list's size changer offers these. */
export const PAGE_SIZE_OPTIONS: readonly number[] = [5, 6, 10, 15, 20];

/** Page size for nav children (spec shell §9). */
export const NAV_CHILD_PAGE_SIZE = 99;

/** Page size of the home-page switcher list (spec shell §9). */
export const HOME_PAGES_PAGE_SIZE = 40;

/** Menu purpose the PC portal asks for (spec shell §7). */
export const PC_PURPOSE = 2;

/** Minimum page width in px (spec shell §1, §9). */
export const MIN_PAGE_WIDTH = 1280;

/** Default theme colours, light theme (spec shell §9). */
export const DEFAULT_PRIMARY_COLOR = '#00aaff';
export const DEFAULT_SECONDARY_COLOR = '#66b1ff';

/** Navbar defaults (spec shell §9: item margin 30 px; child font is the font size minus 3). */
export const DEFAULT_MENU_FONT_SIZE = 16;
export const DEFAULT_MENU_MARGIN_LEFT = 30;
export const NAV_CHILD_FONT_OFFSET = 3;
export const DEFAULT_NAV_CHILD_FONT_SIZE = 14;

/** Tenant code used when the deployment did not inject one (vite dev serves the raw placeholder). */
export const FALLBACK_TENANT_CODE = 'demo';
