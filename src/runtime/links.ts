import type { LinkItem } from '../../schemas/link';
import {
  CATEGORY_PATHS, CATEGORY_PURPOSE_QUERY, LINK_ROUTES, PROVIDER_WARNING_SECONDS, READING_PRODUCT_TYPES, TAB_PAGE_PREFIX,
} from './link-routes';
import type { RuntimeContext } from './widget-definition';
import { i18n } from '../i18n/i18n';

/**
 * Link resolution (spec shell §2 "Link behaviour", commerce §2 "Jump rules"): a LinkItem from
 * settings becomes a route, an http(s) address, a warning, or nothing. Links are data: only
 * http(s) addresses and known routes ever leave this module.
 */

/** Where a link leads once resolved. */
export type ResolvedLink =
  | { kind: 'route'; to: string; newTab?: boolean }
  | { kind: 'external'; href: string; needsPlaceholderResolution?: boolean; placeholders?: string[] }
  | { kind: 'blocked'; reason: string }
  | { kind: 'warning'; message: string; duration: number };

/** What link resolution needs to know about the page. */
export type LinkContext = Pick<RuntimeContext, 'makeForSchool' | 'locale'> & {
  /** The page's protocol, added to addresses without one; location.protocol when absent. */
  pageProtocol?: string;
};

const blocked = (reason: string): ResolvedLink => ({ kind: 'blocked', reason });
const DANGEROUS_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob']);
const PLACEHOLDER = /\{([^{}]*)\}/g;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pageProtocol(ctx: LinkContext): 'http:' | 'https:' {
  const protocol = ctx.pageProtocol ?? (typeof location === 'undefined' ? undefined : location.protocol);
  return protocol === 'http:' ? 'http:' : 'https:';
}

/** The params of a link as an object; params may be an object or a JSON string (spec shell §3). */
export function linkParams(link: Pick<LinkItem, 'params'>): Record<string, unknown> | undefined {
  if (isRecord(link.params)) return link.params;
  if (typeof link.params === 'string' && link.params.trim()) {
    try {
      const parsed: unknown = JSON.parse(link.params);
      return isRecord(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function withQuery(path: string, query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const idSegment = (id: unknown): string | undefined =>
  (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.trim() !== '') ? encodeURIComponent(String(id).trim()) : undefined;

/** An external address: http(s) only, the page protocol added when missing (spec shell §2). */
function resolveUrl(raw: string | undefined, ctx: LinkContext): ResolvedLink {
  const text = (raw ?? '').trim();
  if (!text) return blocked('The link has no address; enter an http(s) address.');
  // Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
  const compact = text.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  let href: string;
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    const rest = compact.slice(scheme[0].length);
    const isHostPort = !DANGEROUS_SCHEMES.has(name) && /^\d+([/?#]|$)/.test(rest);
    if (!isHostPort && name !== 'http' && name !== 'https') {
      return blocked(`The address uses "${name}:", which links may not use; only http and https addresses are allowed.`);
    }
    href = isHostPort ? `${pageProtocol(ctx)}//${text}` : text;
  } else if (compact.startsWith('//')) {
    href = `${pageProtocol(ctx)}${text}`;
  } else if (compact.startsWith('/')) {
    return { kind: 'external', href: text };
  } else {
    href = `${pageProtocol(ctx)}//${text}`;
  }
  const placeholders = [...href.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  let parsed: URL;
  try {
    parsed = new URL(href.replace(PLACEHOLDER, 'x'));
  } catch {
    return blocked(`"${text}" is not a valid address; enter a full http(s) address such as https://example.com.`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    return blocked(`"${text}" is not an http(s) address; only http and https addresses are allowed.`);
  }
  return placeholders.length ? { kind: 'external', href, needsPlaceholderResolution: true, placeholders } : { kind: 'external', href };
}

/** A route by name from the route table, with the link's params as query. */
function resolveRouteName(name: string, link: LinkItem): ResolvedLink {
  const target = LINK_ROUTES[name];
  if (!target) return blocked(`No route is named "${name}"; pick a route from the link editor's list.`);
  let path = target.path;
  if (path.includes(':id')) {
    const id = idSegment(link.id);
    if (!id) return blocked(`The route "${name}" needs an id; set the link's id.`);
    path = path.replace(':id', id);
  }
  const to = withQuery(path, { ...linkParams(link), ...target.query });
  return target.newTab ? { kind: 'route', to, newTab: true } : { kind: 'route', to };
}

/** spec shell §2: category jump by purpose with categoryId, categoryName, categoryPath. */
function resolveCategory(link: LinkItem): ResolvedLink {
  const purpose = link.purpose;
  const path = purpose === undefined ? undefined : CATEGORY_PATHS[purpose];
  if (!path || purpose === undefined) {
    return blocked(`Category purpose ${String(purpose)} has no list page; use 1 (course), 2 (knowledge), 3 (content), 4 (product) or 6 (search).`);
  }
  const params = linkParams(link) ?? {};
  return {
    kind: 'route',
    to: withQuery(path, {
      categoryId: link.id ?? params.categoryId,
      categoryName: params.categoryName ?? link.pageCodeTitle,
      categoryPath: params.categoryPath,
      purpose: CATEGORY_PURPOSE_QUERY[purpose],
    }),
  };
}

/** spec commerce §2: reading-type products open the reader, others the product detail (new tab). */
function resolveProduct(link: LinkItem): ResolvedLink {
  const id = idSegment(link.prodId ?? link.id);
  if (!id) return blocked('The product link has no product id; choose a product.');
  if (link.productType !== undefined && READING_PRODUCT_TYPES.has(link.productType)) return { kind: 'route', to: `/sub_shop/noval/${id}` };
  return { kind: 'route', to: `/product/detail/${id}`, newTab: true };
}

/** spec shell §4 "Provider or store": off-shelf providers warn for 1 s and do not navigate. */
function resolveProvider(link: LinkItem, ctx: LinkContext): ResolvedLink {
  if (link.state === 1 || link.state === -1) {
    const school = ctx.makeForSchool === true;
    const message = i18n.t(school ? 'links.schoolOffShelf' : 'links.merchantOffShelf', { lng: ctx.locale === 'en' ? 'en' : 'zh' });
    return { kind: 'warning', message, duration: PROVIDER_WARNING_SECONDS };
  }
  const id = idSegment(link.providerId ?? link.id);
  if (!id) return blocked('The provider link has no provider id; choose a school or merchant.');
  const isSchool = String(link.orgType ?? '').toUpperCase() === 'SCHOOL';
  return { kind: 'route', to: `/sub_shop/${isSchool ? 'school' : 'provider'}/${id}` };
}

/** spec commerce §2: match links take matchId from params (an object or a JSON string). */
function resolveMatch(link: LinkItem): ResolvedLink {
  const id = idSegment(linkParams(link)?.matchId);
  if (!id) return blocked('The match link has no matchId in its params; set params to {"matchId": <id>}.');
  return { kind: 'route', to: `/match/detail/${id}` };
}

function resolveTabPage(link: LinkItem): ResolvedLink {
  const code = link.pageCode ?? '';
  return { kind: 'route', to: withQuery(`/tabBarIndex/${encodeURIComponent(code)}`, { pageCodeTitle: link.pageCodeTitle }) };
}

const LOOKS_LIKE_ADDRESS = /^([a-z][a-z0-9+.-]*:|\/\/|www\.)/i;

/** Resolves a link item from settings (see the module comment); never throws. */
export function resolveLink(link: LinkItem | null | undefined, ctx: LinkContext = {}): ResolvedLink {
  if (!link || typeof link !== 'object') return blocked('The link is empty; choose where it should lead.');
  const type = (link.linkType ?? '').trim();
  switch (type) {
    case 'url': return resolveUrl(link.linkUrl, ctx);
    case 'category': return resolveCategory(link);
    case 'product': return resolveProduct(link);
    case 'provider': return resolveProvider(link, ctx);
    case 'match': return resolveMatch(link);
    case 'article': {
      const id = idSegment(link.id);
      return id ? { kind: 'route', to: `/share/article/detail/${id}` } : blocked('The article link has no article id; choose an article.');
    }
    case 'help': return resolveRouteName('helpCenter', link);
    case 'page':
      return link.pageCode?.startsWith(TAB_PAGE_PREFIX) ? resolveTabPage(link) : resolveRouteName(link.pageCode ?? '', link);
    case '':
    case 'route':
      break;
    default:
      if (!LINK_ROUTES[type]) return blocked(`Link type "${type}" is not known; use url, route, category, product, provider, match, article, help or page.`);
      return resolveRouteName(type, link);
  }
  // Route links (and links without a type): infer from what is set.
  if (link.providerId !== undefined) return resolveProvider(link, ctx);
  if (link.prodId !== undefined) return resolveProduct(link);
  if (link.pageCode?.startsWith(TAB_PAGE_PREFIX)) return resolveTabPage(link);
  const name = (link.linkUrl ?? '').trim() || (link.pageCode ?? '').trim();
  if (!name) return blocked('The link has no target; choose a route, a page or an address.');
  if (name.startsWith(TAB_PAGE_PREFIX)) return resolveTabPage({ ...link, pageCode: name });
  if (LOOKS_LIKE_ADDRESS.test(name.replace(/[\u0000-\u0020\u007f]/g, ''))) return resolveUrl(name, ctx);
  return resolveRouteName(name, link);
}

/**
 * Substitutes the answer of the placeholder-resolving call (spec shell §2) and checks the result
 * again; anything still holding placeholders or not http(s) is blocked.
 */
export async function resolvePlaceholderLink(href: string, resolve: (href: string) => Promise<string>, ctx: LinkContext = {}): Promise<ResolvedLink> {
  let final: string;
  try {
    final = await resolve(href);
  } catch (error) {
    return blocked(`The link's placeholders could not be resolved: ${(error as Error).message}`);
  }
  const again = resolveUrl(final, ctx);
  if (again.kind === 'external' && again.needsPlaceholderResolution) return blocked('The link still has placeholders after resolution; check the link settings.');
  return again;
}
