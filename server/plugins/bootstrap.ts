// One round trip to a painted home (issue 15 point 3). The HTML of /study/* carries what start-up
// would fetch (the tenant, its store settings, its home pages and the home template), built by
// calling the server's own routes in-process, so it is exactly what the client would have been
// answered (and rides any per-node cache of those routes); and, for a home route, modulepreload
// links for the runtime page, the widget registry and the widgets the template uses. Anything that
// goes wrong (no tenant, a failing call, a slow database) embeds nothing: the client then calls as
// before. server/ never imports src/ or widgets/: the chunk map comes from Vite's manifest.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageWithTemplate } from '../../schemas/api/cfg';
import type { TenantByCode } from '../../schemas/api/um';
import { BATCH_MAX_ITEMS } from '../../schemas/batch-limits';
import { BLOCK_DATA_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID, BOOTSTRAP_VERSION, type PortalBlockData, type PortalBootstrap } from '../../schemas/bootstrap';
import type { HomePageEntry, StoreSetting } from '../../schemas/tenant-settings';
import { forEachTemplateBlock, templateBlockTypes } from '../../schemas/template-block-types';
import { requestKey, requestUrl, type RequestContext, type WidgetRequest } from '../../schemas/widgets/request';
import { WIDGET_REQUESTS } from '../../schemas/widgets/requests';
import { CONTRACTS_STAMP } from '../lib/template-serve';

/** The page size and purpose the client's start-up asks the pages list with (src/lib/constants.ts HOME_PAGES_PAGE_SIZE, PC_PURPOSE). */
export const BOOTSTRAP_PAGE_SIZE = 40;
export const BOOTSTRAP_PURPOSE = 2;

/** How long the HTML waits for the start-up data before it goes out without it. */
export const BOOTSTRAP_TIMEOUT_MS = 800;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The tenant code the client would resolve when nothing is stored (src/lib/tenant-candidates.ts
 * hostTenantCode, spec shell §4 "App start"): the host's first label, else the deployment's default.
 */
export function bootstrapTenantCode(hostHeader: string | undefined, defaultCode: string): { code: string; source: 'host' | 'default' } {
  // The Host header carries the port; an IPv6 literal is bracketed.
  const raw = (hostHeader ?? '').trim().toLowerCase();
  const host = (raw.startsWith('[') ? raw : raw.replace(/:\d+$/, '')).replace(/\.$/, '');
  const labels = host.split('.');
  const first = labels[0];
  if (host && !IPV4.test(host) && !host.includes(':') && !host.startsWith('[') && labels.length >= 2 && first && first !== 'www') {
    return { code: first, source: 'host' };
  }
  return { code: defaultCode, source: 'default' };
}

/** The path under /study ('' for /study itself), or null for paths outside it. */
function studyPath(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  if (path === '/study') return '';
  return path.startsWith('/study/') ? path.slice('/study'.length) : null;
}

/**
 * The home page id a /study path shows, when it is a home route: undefined for other routes, null
 * for the home route without an id. The id of /home/{id}, /{id} and /index/{id} (spec shell §2).
 */
export function homeRouteId(url: string): number | null | undefined {
  const path = studyPath(url);
  if (path === null) return undefined;
  if (path === '' || path === '/' || path === '/index.html' || path === '/home' || path === '/home/') return null;
  const match = /^\/(?:home\/|index\/)?(\d+)\/?$/.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** The page code of a tab page's path, /tabBarIndex/{pageCode} (src/app/runtime-routes.ts); undefined for other routes. */
export function tabRouteCode(url: string): string | undefined {
  const path = studyPath(url);
  const match = path === null ? null : /^\/tabBarIndex\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!) || undefined;
  } catch {
    return undefined; // a malformed escape: the client asks for itself
  }
}

/** True for a path that shows a runtime page (a home or a tab page): its HTML carries the template, preloads its widgets and streams its blocks' answers. */
export function isTemplateRoute(url: string): boolean {
  return homeRouteId(url) !== undefined || tabRouteCode(url) !== undefined;
}

/** The home page the client shows with nothing chosen for the session (src/lib/home-pages.ts currentHomePage). */
export function bootstrapHomePage(pages: readonly HomePageEntry[], routeId: number | null, tenantId: number): HomePageEntry | undefined {
  if (routeId !== null && routeId !== tenantId) {
    const fromRoute = pages.find((page) => page.pageId === routeId);
    if (fromRoute) return fromRoute;
  }
  return pages[0];
}

/** JSON safe inside a <script> element: no `</script>`, `<!--`, and no U+2028/2029. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `data` of one of the app's own GET routes, or undefined when it did not succeed. */
async function callOwn<T>(app: FastifyInstance, url: string, query: Record<string, string | number>): Promise<T | undefined> {
  const res = await app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  if (res.statusCode !== 200) return undefined;
  const body = res.json() as { success?: boolean; code?: number; data?: T };
  return body.success === true || body.code === 200 ? body.data : undefined;
}

/**
 * True when GET /um/api/tenant/get answers that no tenant has this id (and only then: a failure
 * says nothing, and the client asks for itself as before).
 */
async function namesNoTenant(app: FastifyInstance, id: number): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url: '/um/api/tenant/get', query: { tenantId: String(id) } });
  if (res.statusCode !== 200 && res.statusCode !== 404) return false;
  const body = res.json() as { success?: boolean; errorCode?: string };
  return body.success === false && body.errorCode === 'TENANT_NOT_FOUND';
}

/** The start-up data for a request of /study/*, or null when any part of it could not be had. */
export async function buildBootstrap(app: FastifyInstance, input: { host: string | undefined; url: string; defaultTenant: string }): Promise<PortalBootstrap | null> {
  const { code, source } = bootstrapTenantCode(input.host, input.defaultTenant);
  const found = await callOwn<TenantByCode>(app, '/um/api/tenant/getByCode', { code });
  if (!found) return null;
  const tenantId = found.tenant.id;
  // The same parameters as src/api/tenant.ts getTenantStoreSetting (default store) and listHomePages.
  const [setting, pages] = await Promise.all([
    callOwn<StoreSetting>(app, '/cfg/api/store/getTenantStoreSetting', { tenantId, purpose: BOOTSTRAP_PURPOSE }),
    callOwn<{ list: HomePageEntry[] }>(app, '/cfg/api/page/list', { tenantId, pageNo: 1, pageSize: BOOTSTRAP_PAGE_SIZE, purpose: BOOTSTRAP_PURPOSE, state: 1 }),
  ]);
  if (!setting || !pages) return null;
  const bootstrap: PortalBootstrap = { version: BOOTSTRAP_VERSION, code, source, tenant: found.tenant, setting, homePages: pages.list };
  const routeId = homeRouteId(input.url);
  const page = routeId === undefined ? undefined : bootstrapHomePage(pages.list, routeId, tenantId);
  const tabCode = tabRouteCode(input.url);
  // The same parameters as src/features/home/api/page-template.ts getPageV2: a home page by id, a tab page by code.
  const pageQuery: Record<string, string | number> | undefined = page ? { pageId: page.pageId } : tabCode !== undefined ? { pageCode: tabCode } : undefined;
  const [noTenant, template] = await Promise.all([
    typeof routeId === 'number' && routeId !== tenantId ? namesNoTenant(app, routeId) : false,
    pageQuery ? callOwn<PageWithTemplate>(app, '/cfg/template/getPageV2', { tenantId, ...pageQuery }) : undefined,
  ]);
  if (noTenant) bootstrap.pathIdNamesNoTenant = routeId as number;
  if (template) bootstrap.template = template;
  return bootstrap;
}

/**
 * What `build` resolves to within `ms`, or null (and a log line naming `what` and what follows) when
 * it fails or runs late: the HTML never waits on the database past its limit.
 */
async function within<T>(app: FastifyInstance, build: () => Promise<T | null>, ms: number, what: string, otherwise: string): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const work = build().catch((error: unknown) => {
    app.log.warn({ err: error }, `${what} could not be built; ${otherwise}`);
    return null;
  });
  try {
    const result = await Promise.race([work, late]);
    if (result === 'late') {
      app.log.warn(`${what} took longer than ${ms} ms; ${otherwise}`);
      return null;
    }
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/** buildBootstrap within a time limit; null (and a log line) on failure or when it runs late. */
export function bootstrapWithin(app: FastifyInstance, input: Parameters<typeof buildBootstrap>[1], ms = BOOTSTRAP_TIMEOUT_MS): Promise<PortalBootstrap | null> {
  return within(app, () => buildBootstrap(app, input), ms, 'The start-up data for the HTML', 'the page goes out without it and the client calls the API itself.');
}

interface ManifestChunk {
  file: string;
  /** The chunk's name: a codeSplitting group's name for a grouped chunk. */
  name?: string;
  css?: string[];
  imports?: string[];
}

/** What a home route's HTML preloads, from Vite's manifest (dist/.vite/manifest.json). */
export interface PreloadMap {
  /** Files (under the base path) of the runtime page and the widget registry, with their static imports. */
  runtime: string[];
  /** The same for each widget type's component chunk. */
  widgets: Map<string, string[]>;
  /** The same for each widget type's props validator chunk (not needed for a checked template: server/lib/template-serve.ts). */
  validators: Map<string, string[]>;
  /** The page routes' chunk (src/app/lazy-routes.ts), which every route but the home and tab pages needs first. */
  pages: string[];
}

/** The page routes, which the router loads on the first path its shell routes do not match (src/app/router.tsx discoverPageRoutes). */
const PAGE_ROUTES_ENTRY = 'src/app/lazy-routes.ts';

/** The runtime page's chunk, the widget registry and what names a template's widgets (registry-context usePreloadWidgets). */
const RUNTIME_ENTRIES = ['src/features/home/components/runtime-page.tsx', 'widgets/index.ts', 'schemas/template-block-types.ts'];
/**
 * The codeSplitting group that holds the runtime page, the registry and every widget component
 * (vite.config.ts). Built into a group, those modules have no manifest key of their own: the
 * manifest names the group's chunk `_<name>-<hash>.js` with `name` set, so it is found by name.
 */
export const RUNTIME_GROUP_NAMES: readonly string[] = ['runtime-page'];
/**
 * A widget's component module (STYLE "A widget is one folder": widgets/<type>/<type>.tsx) and its
 * props validator compiled at build time (scripts/widget-validators.ts, issue 15 point 2), which the
 * runtime loads before it normalises the page: both are a home's JS, so both are preloaded.
 */
const WIDGET_CHUNKS = [/^widgets\/([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\/\1\.tsx$/, /^virtual:widget-validators\/([a-z][a-z0-9]*(?:-[a-z0-9]+)*)$/];

/** Reads the manifest of a build into the preload map; null when the build has none. */
export function readPreloadMap(distDir: string): PreloadMap | null {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const filesOf = (keys: readonly string[]): string[] => {
    const out = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      out.add(chunk.file);
      for (const css of chunk.css ?? []) out.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return [...out];
  };
  const widgets = new Map<string, string[]>();
  const validators = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    WIDGET_CHUNKS.forEach((pattern, i) => {
      const type = pattern.exec(key)?.[1];
      const into = i === 0 ? widgets : validators;
      if (type) into.set(type, [...(into.get(type) ?? []), ...filesOf([key])]);
    });
  }
  const groups = Object.keys(manifest).filter((key) => key.startsWith('_') && RUNTIME_GROUP_NAMES.includes(manifest[key]?.name ?? ''));
  return { runtime: filesOf([...RUNTIME_ENTRIES, ...groups]), widgets, validators, pages: filesOf([PAGE_ROUTES_ENTRY]) };
}

/**
 * The <link> tags that fetch a home's chunks in parallel with the entry. CSS is only fetched (Vite
 * applies it with its chunk), or applied at once with `stylesheets` (the HTML carries the markup).
 */
export function preloadLinks(map: PreloadMap, types: readonly string[], base: string, already: ReadonlySet<string>, { validators = true, stylesheets = false } = {}): string {
  const files = new Set(map.runtime);
  for (const type of types) for (const file of map.widgets.get(type) ?? []) files.add(file);
  if (validators) for (const type of types) for (const file of map.validators.get(type) ?? []) files.add(file);
  const tags: string[] = [];
  for (const file of files) {
    const href = `${base}${file}`;
    if (already.has(href)) continue;
    const css = stylesheets ? `<link rel="stylesheet" crossorigin href="${href}">` : `<link rel="preload" as="style" crossorigin href="${href}">`;
    tags.push(file.endsWith('.css') ? css : `<link rel="modulepreload" crossorigin href="${href}">`);
  }
  return tags.join('\n    ');
}

/** The <link> tags of the page routes' chunk, for the HTML of any route but the home: it arrives with the entry instead of after it. */
export function pageRouteLinks(map: PreloadMap, base: string, already: ReadonlySet<string>): string {
  return map.pages.filter((file) => !already.has(`${base}${file}`) && file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('\n    ');
}

/** The HTML with the bootstrap (and preload links) inserted before </head>. */
export function withBootstrap(html: string, bootstrap: PortalBootstrap | null, links: string): string {
  const parts: string[] = [];
  if (links) parts.push(links);
  if (bootstrap) parts.push(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>`);
  if (parts.length === 0) return html;
  // A function replacement: the JSON may hold `$&` and the like, which a replacement string would expand.
  return html.replace(/\n?\s*<\/head>/, () => `\n    ${parts.join('\n    ')}\n  </head>`);
}

/** The hrefs the HTML already names (Vite's own modulepreload and stylesheet links). */
export function linkedHrefs(html: string): Set<string> {
  return new Set([...html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^"]+)"/g)].map((m) => m[1] ?? ''));
}

/** True when the bootstrap's template was checked against this server's contracts: the browser needs no validator for it. */
export function bootstrapTemplateChecked(bootstrap: PortalBootstrap | null): boolean {
  const template = bootstrap?.template?.template;
  return typeof template === 'object' && template !== null && (template as { checked?: unknown }).checked === CONTRACTS_STAMP;
}

/** Widget types of the bootstrap's template (for the preload links). */
export function bootstrapWidgetTypes(bootstrap: PortalBootstrap | null): string[] {
  return bootstrap?.template ? templateBlockTypes(bootstrap.template.template) : [];
}

/** Most distinct block requests a home's HTML answers: the batch call's own bound (schemas/batch-limits.ts). */
export const BLOCK_DATA_MAX = BATCH_MAX_ITEMS;

/**
 * How long the HTML's end waits for the block answers before it goes out without them. The head has
 * gone out already and the browser is fetching the scripts meanwhile; without the answers the
 * runtime would ask for the same lists after it starts (one batch), so waiting a little longer here
 * costs less than giving up: only a database far slower than that is left to the client's call.
 */
export const BLOCK_DATA_TIMEOUT_MS = 2500;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The distinct GETs of a checked template's blocks (slots included), in page order, at most
 * BLOCK_DATA_MAX: each block's request as its widget declares it (schemas/widgets/requests.ts) for
 * its props, which a checked template holds migrated and filled. Walked within the normaliser's
 * bounds; a block whose request cannot be made is left to the client.
 */
export function templateRequests(template: unknown, ctx: RequestContext): WidgetRequest[] {
  const found = new Map<string, WidgetRequest>();
  forEachTemplateBlock(template, (block) => {
    const requestOf = typeof block.type === 'string' && Object.hasOwn(WIDGET_REQUESTS, block.type) ? WIDGET_REQUESTS[block.type] : undefined;
    if (requestOf && isObject(block.props)) {
      try {
        const request = requestOf(block.props, ctx);
        found.set(requestKey(request.path, request.query), request);
      } catch {
        // Props the request cannot be made from: the block asks for itself.
      }
    }
    return found.size < BLOCK_DATA_MAX;
  });
  return [...found.values()];
}

/**
 * The answers a guest gets for the blocks of the bootstrap's home template, asked in-process and
 * together, or null when there is nothing to answer (no template, one the server did not check, no
 * block with a request). A request that fails is left out: that block asks the API itself.
 */
export async function buildBlockData(app: FastifyInstance, bootstrap: PortalBootstrap | null): Promise<PortalBlockData | null> {
  if (!bootstrap?.template || !bootstrapTemplateChecked(bootstrap)) return null;
  const tenantId = bootstrap.tenant.id;
  // The store the client's runtime context names (src/runtime/use-runtime-context.ts): the bootstrap's.
  const requests = templateRequests(bootstrap.template.template, { storeId: bootstrap.setting.store.id });
  if (requests.length === 0) return null;
  const answered = await Promise.all(requests.map(async (request) => {
    const res = await app.inject({ method: 'GET', url: requestUrl(request, tenantId) });
    if (res.statusCode !== 200) return null;
    const body = res.json() as { success?: boolean; code?: number; data?: unknown };
    return body.success === true || body.code === 200 ? ([requestKey(request.path, request.query), body.data] as const) : null;
  }));
  // In the template's order, not the order the answers came in: the same answers give the same
  // HTML byte for byte, so whatever is keyed by it (a cache, an ETag) matches.
  const answers: Record<string, unknown> = {};
  for (const entry of answered) if (entry) answers[entry[0]] = entry[1];
  return { version: BOOTSTRAP_VERSION, tenantId, answers };
}

/** buildBlockData within a time limit; null (and a log line) on failure or when it runs late. */
export function blockDataWithin(app: FastifyInstance, bootstrap: PortalBootstrap | null, ms = BLOCK_DATA_TIMEOUT_MS): Promise<PortalBlockData | null> {
  return within(app, () => buildBlockData(app, bootstrap), ms, "The home blocks' data for the HTML", 'the page goes out without it and the blocks ask the API.');
}

/** The element carrying the block answers, for the end of the body ('' when there are none). */
export function blockDataScript(data: PortalBlockData | null): string {
  if (!data || Object.keys(data.answers).length === 0) return '';
  return `<script type="application/json" id="${BLOCK_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
}
