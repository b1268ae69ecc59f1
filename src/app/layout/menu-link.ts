// Where a top-navigation menu leads. Menus carry a page path besides their link item, so they get
// this thin layer over the runtime's link resolution (src/runtime/links.ts).
import type { NavigateItem } from '../../../schemas/tenant-settings';
import { resolveLink, type LinkContext, type ResolvedLink } from '../../runtime/links';

/** A menu's target: an url link first (spec shell §2), then its page path, its link, its page code. */
export function resolveMenu(menu: NavigateItem, ctx: LinkContext = {}): ResolvedLink {
  if (menu.link?.linkType === 'url') return resolveLink(menu.link, ctx);
  const path = menu.pagePath?.trim();
  if (path) return path.startsWith('/') ? { kind: 'route', to: path } : resolveLink({ linkUrl: path }, ctx);
  if (menu.link) return resolveLink(menu.link, ctx);
  if (menu.pageCode) return resolveLink({ linkType: 'page', pageCode: menu.pageCode, pageCodeTitle: menu.title }, ctx);
  return { kind: 'blocked', reason: `Menu "${menu.title}" has no page path, page code or link; set one in the tenant's navigation.` };
}

/** True when the menu's route is the current page or a page under it. */
export function isMenuActive(target: ResolvedLink, pathname: string): boolean {
  if (target.kind !== 'route') return false;
  const path = target.to.split('?')[0] ?? target.to;
  return pathname === path || pathname.startsWith(`${path}/`);
}
