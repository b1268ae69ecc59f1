// Which entries the navbar's user menu shows (spec shell §2 "Top navigation bar", §6), as a pure
// function so each rule has a unit test.
import type { NavigateItem } from '../../../schemas/tenant-settings';
import type { UserMenuKey } from '../../lib/settings';

/** An entry of the user menu. */
export type UserMenuEntry = 'admin' | 'user' | 'safe' | 'orders' | 'help' | 'logout';

/** In-app targets of the entries (spec shell §2 "User menu targets"). */
export const USER_MENU_TARGETS: Record<Exclude<UserMenuEntry, 'logout' | 'admin'>, string> = {
  user: '/user/center/study/myInfo',
  safe: '/user/center/study/mySafe',
  orders: '/sub_shop/order/order',
  help: '/helpCenter',
};

/** The back-office path the admin entry opens in a new window (spec shell §6). */
export const ADMIN_PATH = '/admin/';

/** What the entries depend on. */
export interface UserMenuInput {
  /** navbar option userMenu (default admin, user, logout). */
  keys: readonly UserMenuKey[];
  tenantType: number | null;
  adminAuth: boolean;
  signedIn: boolean;
  /** The tenant's menus, top level and children. */
  menus: readonly NavigateItem[];
  siteFunction: string;
}

const PERSONAL_CENTER = /^\/?user\/center\b/;

/** The entries to show, in the spec's order. */
export function userMenuEntries(input: UserMenuInput): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [];
  // spec shell §6: admin only when tenantType is 1 and adminAuth is set (a visitor whose session
  // ended sees it too, and is told to log in first).
  if (input.keys.includes('admin') && input.tenantType === 1 && (input.adminAuth || !input.signedIn)) entries.push('admin');
  // spec shell §6: the personal center and security items show only if a menu points to the personal center.
  const hasCenterMenu = input.menus.some((menu) => PERSONAL_CENTER.test(menu.pagePath ?? ''));
  if (input.keys.includes('user') && hasCenterMenu) entries.push('user');
  if (input.keys.includes('safe') && hasCenterMenu) entries.push('safe');
  if (input.siteFunction === 'shop') entries.push('orders');
  // spec shell §6: help shows if allowed.
  if (input.keys.includes('help')) entries.push('help');
  if (input.keys.includes('logout')) entries.push('logout');
  return entries;
}

/** The back-office address with the JSON of userId and tenantId it expects (spec shell §6). */
export function adminUrl(origin: string, userId: number, tenantId: number): string {
  return `${origin}${ADMIN_PATH}?params=${encodeURIComponent(JSON.stringify({ userId, tenantId }))}`;
}

/** spec shell §9: the badge uses the wide style over 99. */
export function badgeText(count: number | null): { text: string; wide: boolean } | null {
  if (count === null || count <= 0) return null;
  return count > 99 ? { text: '99+', wide: true } : { text: String(count), wide: false };
}
