// The start-up data embedded in the HTML (issue 15 point 3): when the client may use it instead of
// its calls, and that the server resolves the tenant, the home page and the chunks exactly as the
// client would.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, type PortalBootstrap } from '../../schemas/bootstrap';
import type { HomePageEntry } from '../../schemas/tenant-settings';
import { templateBlockTypes } from '../../schemas/template-block-types';
import {
  BOOTSTRAP_PAGE_SIZE, BOOTSTRAP_PURPOSE, bootstrapHomePage, bootstrapTenantCode, homeRouteId, isTemplateRoute, linkedHrefs, pageRouteLinks, preloadLinks, readPreloadMap, scriptSafeJson, tabRouteCode, withBootstrap,
} from '../../server/plugins/bootstrap';
import { bootstrapCandidate, bootstrapMatches, parseBootstrap, resetBootstrap, takeBootstrapTemplate, takeStartUpBootstrap, type StartUpRequest } from '../../src/lib/bootstrap';
import { HOME_PAGES_PAGE_SIZE, PC_PURPOSE } from '../../src/lib/constants';
import { currentHomePage } from '../../src/lib/home-pages';
import { hostTenantCode, tenantCandidates } from '../../src/lib/tenant-candidates';

const page = (pageId: number, name = `page ${pageId}`): HomePageEntry => ({ pageId, name, type: 0, state: 1 });

const boot: PortalBootstrap = {
  version: 1,
  code: 'acme',
  source: 'host',
  tenant: { id: 1002, code: 'acme', name: 'ACME', tenantType: 0 },
  setting: { configList: [], navigateList: [], store: { id: 7 }, globalStyle: {}, tenant: { id: 1002, code: 'acme', name: 'ACME', tenantType: 0 } } as unknown as PortalBootstrap['setting'],
  homePages: [page(11), page(12)],
  template: { pageId: 11, pageCode: 'acme_home', name: 'Home', template: { schemaVersion: 2, blocks: [] } },
};

const request = (over: Partial<StartUpRequest> & { hostname?: string; pathname?: string; storedTenantId?: number | null } = {}): StartUpRequest => ({
  candidates: tenantCandidates({ pathname: over.pathname ?? '/study/home', hostname: over.hostname ?? 'acme.localhost', storedTenantId: over.storedTenantId ?? null, defaultCode: 'demo' }),
  storeIdOf: over.storeIdOf ?? (() => null),
  search: over.search ?? '',
  hasSso: over.hasSso ?? false,
});

function embed(value: unknown): void {
  document.body.innerHTML = '';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = typeof value === 'string' ? value : scriptSafeJson(value);
  document.body.append(script);
}

afterEach(() => {
  resetBootstrap();
  document.body.innerHTML = '';
});

describe('when start-up may use the embedded data (bootstrapMatches)', () => {
  it('matches the tenant the host names, with no store chosen and a plain address', () => {
    expect(bootstrapMatches(boot, request())).toBe(true);
  });

  it('matches when the store chosen earlier is the one embedded, not when it is another', () => {
    expect(bootstrapMatches(boot, request({ storeIdOf: () => 7 }))).toBe(true);
    expect(bootstrapMatches(boot, request({ storeIdOf: () => 8 }))).toBe(false);
  });

  it('does not match another tenant: another host, a stored tenant tried first, or a path id', () => {
    expect(bootstrapMatches(boot, request({ hostname: 'shop.localhost' }))).toBe(false);
    // No host code: the stored id comes before the default code.
    const demo: PortalBootstrap = { ...boot, code: 'demo', source: 'default', tenant: { ...boot.tenant, id: 1001, code: 'demo' } };
    expect(bootstrapMatches(demo, request({ hostname: 'localhost' }))).toBe(true);
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', storedTenantId: 1001 }))).toBe(true);
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', storedTenantId: 1003 }))).toBe(false);
    // A path id may name another tenant or a home page: only the embedded tenant's own id matches.
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', pathname: '/study/home/1001' }))).toBe(true);
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', pathname: '/study/home/2' }))).toBe(false);
  });

  it('passes over a path id the server found to name no tenant, as start-up would after asking', () => {
    const demo: PortalBootstrap = { ...boot, code: 'demo', source: 'default', tenant: { ...boot.tenant, id: 1001, code: 'demo' }, pathIdNamesNoTenant: 2 };
    // /home/2 on a host without a code: the path id 2 names no tenant, so start-up settles on the default code.
    expect(bootstrapCandidate(demo, request({ hostname: 'localhost', pathname: '/study/home/2' }))).toEqual({ kind: 'code', code: 'demo', source: 'default' });
    // The stored id still comes before the default code; only another tenant's stored id refuses.
    expect(bootstrapCandidate(demo, request({ hostname: 'localhost', pathname: '/study/home/2', storedTenantId: 1001 }))).toEqual({ kind: 'id', id: 1001, source: 'storage' });
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', pathname: '/study/home/2', storedTenantId: 1003 }))).toBe(false);
    // Another path id is a tenant start-up would try first: no match.
    expect(bootstrapMatches(demo, request({ hostname: 'localhost', pathname: '/study/home/3' }))).toBe(false);
    // On a host with a code, the path id comes first too and is passed over the same way.
    const acme: PortalBootstrap = { ...boot, pathIdNamesNoTenant: 12 };
    expect(bootstrapCandidate(acme, request({ pathname: '/study/home/12' }))).toEqual({ kind: 'code', code: 'acme', source: 'host' });
    expect(bootstrapMatches(boot, request({ pathname: '/study/home/12' }))).toBe(false);
  });

  it('does not match a privacy or SSO query', () => {
    expect(bootstrapMatches(boot, request({ search: '?privacy=1' }))).toBe(false);
    expect(bootstrapMatches(boot, request({ search: '?sso_token=x', hasSso: true }))).toBe(false);
  });
});

describe('reading and taking the embedded data', () => {
  it('ignores what is absent, not JSON, or of another version', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseBootstrap(null)).toBeNull();
    expect(parseBootstrap('{not json')).toBeNull();
    expect(parseBootstrap(JSON.stringify({ ...boot, version: 2 }))).toBeNull();
    expect(parseBootstrap(JSON.stringify({ ...boot, tenant: null }))).toBeNull();
    expect(parseBootstrap(scriptSafeJson(boot))).toEqual(boot);
    warn.mockRestore();
  });

  it('gives start-up the data once, and only when it matches', () => {
    embed(boot);
    expect(takeStartUpBootstrap(request({ hostname: 'shop.localhost' }))).toBeNull();
    expect(takeStartUpBootstrap(request())).toEqual({ boot, candidate: { kind: 'code', code: 'acme', source: 'host' } });
    // A retry asks the API again.
    expect(takeStartUpBootstrap(request())).toBeNull();
  });

  it('gives the home template once, for the same tenant and page only', () => {
    embed(boot);
    expect(takeBootstrapTemplate(1001, { pageId: 11 })).toBeUndefined();
    // Another home page chosen for the session asks for another id.
    expect(takeBootstrapTemplate(1002, { pageId: 12 })).toBeUndefined();
    expect(takeBootstrapTemplate(1002, { pageId: 11 })).toEqual(boot.template);
    expect(takeBootstrapTemplate(1002, { pageId: 11 })).toBeUndefined();
  });

  it("gives a tab page's template by its code, once", () => {
    embed(boot);
    expect(takeBootstrapTemplate(1002, { pageCode: 'Pzy_other' })).toBeUndefined();
    expect(takeBootstrapTemplate(1001, { pageCode: 'acme_home' })).toBeUndefined();
    expect(takeBootstrapTemplate(1002, { pageCode: 'acme_home' })).toEqual(boot.template);
    expect(takeBootstrapTemplate(1002, { pageCode: 'acme_home' })).toBeUndefined();
  });
});

describe('the server resolves as the client does', () => {
  it('names the tenant code of the host like hostTenantCode, else the default', () => {
    for (const host of ['acme.localhost', 'ACME.localhost.', 'www.example.com', 'localhost', '127.0.0.1', 'shop.example.com', 'a.b.c.example.com']) {
      const client = hostTenantCode(host);
      for (const header of [host, `${host}:18080`]) {
        expect(bootstrapTenantCode(header, 'demo'), header).toEqual(client === null ? { code: 'demo', source: 'default' } : { code: client, source: 'host' });
      }
    }
    expect(bootstrapTenantCode('[::1]:8080', 'demo')).toEqual({ code: 'demo', source: 'default' });
    expect(bootstrapTenantCode(undefined, 'demo')).toEqual({ code: 'demo', source: 'default' });
  });

  it('asks the pages list with the client start-up parameters', () => {
    expect(BOOTSTRAP_PAGE_SIZE).toBe(HOME_PAGES_PAGE_SIZE);
    expect(BOOTSTRAP_PURPOSE).toBe(PC_PURPOSE);
  });

  it('picks the home page like currentHomePage with nothing chosen for the session', () => {
    const pages = [page(11), page(12)];
    for (const url of ['/study/home', '/study/home/12', '/study/home/1002', '/study/home/99', '/study/12', '/study/index/12', '/study']) {
      const routeId = homeRouteId(url);
      expect(routeId, url).not.toBeUndefined();
      const client = currentHomePage(pages, { routeId: routeId === null || routeId === undefined ? undefined : String(routeId), tenantId: 1002, selectedPageId: null });
      expect(bootstrapHomePage(pages, routeId ?? null, 1002), url).toEqual(client);
    }
    expect(homeRouteId('/study/courseCenter')).toBeUndefined();
    expect(homeRouteId('/study/tabBarIndex/x')).toBeUndefined();
    expect(homeRouteId('/other')).toBeUndefined();
  });

  it("reads a tab page's code from its path as the router does (/tabBarIndex/:pageCode, decoded)", () => {
    expect(tabRouteCode('/study/tabBarIndex/Pzy_resources')).toBe('Pzy_resources');
    expect(tabRouteCode('/study/tabBarIndex/Pzy_resources/?pageCodeTitle=%E8%B5%84%E6%BA%90')).toBe('Pzy_resources');
    expect(tabRouteCode('/study/tabBarIndex/Pzy_%E8%B5%84')).toBe('Pzy_资');
    expect(tabRouteCode('/study/tabBarIndex/%E0%A4%A')).toBeUndefined();
    expect(tabRouteCode('/study/tabBarIndex/')).toBeUndefined();
    expect(tabRouteCode('/study/tabBarIndex/a/b')).toBeUndefined();
    expect(tabRouteCode('/study/home')).toBeUndefined();
    expect(['/study/home', '/study/home/3', '/study/tabBarIndex/x'].every(isTemplateRoute)).toBe(true);
    expect(['/study/courseCenter', '/study/login', '/other'].some(isTemplateRoute)).toBe(false);
  });
});

describe('the HTML', () => {
  it('keeps a </script>, <!-- and U+2028/2029 in a value from ending the element, and reads back the same', () => {
    const value = { text: '</script><script>alert(1)</script><!-- \u2028\u2029 & $& $1' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<|>|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
    const html = withBootstrap('<html><head>\n  </head><body></body></html>', { ...boot, code: "$`$'" } as PortalBootstrap, '');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // A replacement string would have expanded $` and $' into the text around </head>.
    expect(html).toContain('"code":"$`$\'"');
  });

  it('preloads the runtime, the registry and the component and validator chunks of the widgets a template uses, not those the HTML names already', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bootstrap-manifest-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({
      'index.html': { file: 'assets/index.js', imports: ['_vendor.js'] },
      _vendor: { file: 'assets/vendor.js' },
      '_vendor.js': { file: 'assets/vendor.js' },
      'src/features/home/components/runtime-page.tsx': { file: 'assets/runtime-page.js', imports: ['index.html', '_renderer.js'], css: ['assets/runtime.css'] },
      '_renderer.js': { file: 'assets/renderer.js' },
      'widgets/index.ts': { file: 'assets/widgets.js' },
      'schemas/template-block-types.ts': { file: 'assets/template-block-types.js' },
      'widgets/banner/banner.tsx': { file: 'assets/banner.js', imports: ['_parts.js'] },
      '_parts.js': { file: 'assets/parts.js' },
      'widgets/course-list/course-list.tsx': { file: 'assets/course-list.js' },
      // The props validator compiled at build time, which the runtime loads before it normalises the page.
      'virtual:widget-validators/banner': { file: 'assets/banner-validator.js', imports: ['_parts.js'] },
      'widgets/banner/index.ts': { file: 'assets/not-a-component.js' },
      'src/app/lazy-routes.ts': { file: 'assets/lazy-routes.js', imports: ['index.html', '_vendor.js'] },
    }));
    const map = readPreloadMap(dist)!;
    // Any route but the home gets the page routes' chunk with the entry (src/app/router.tsx discoverPageRoutes); the home never.
    expect(pageRouteLinks(map, '/study/', linkedHrefs('<script type="module" src="/study/assets/index.js"></script><link rel="modulepreload" href="/study/assets/vendor.js">')))
      .toBe('<link rel="modulepreload" crossorigin href="/study/assets/lazy-routes.js">');
    expect(preloadLinks(map, ['banner'], '/study/', new Set())).not.toContain('lazy-routes');
    expect([...map.widgets.keys()].sort()).toEqual(['banner', 'course-list']);
    const already = linkedHrefs('<script type="module" crossorigin src="/study/assets/index.js"></script><link rel="modulepreload" href="/study/assets/vendor.js">');
    const links = preloadLinks(map, ['banner', 'unknown'], '/study/', already);
    const hrefs = [...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(['/study/assets/banner-validator.js', '/study/assets/banner.js', '/study/assets/parts.js', '/study/assets/renderer.js', '/study/assets/runtime-page.js', '/study/assets/runtime.css', '/study/assets/template-block-types.js', '/study/assets/widgets.js']);
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/study/assets/runtime.css">');
    expect(links).not.toContain('course-list');
    // A template the server checked needs no validator (issue 15 point 2: server/lib/template-serve.ts).
    const checked = [...preloadLinks(map, ['banner'], '/study/', already, { validators: false }).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(checked).toContain('/study/assets/banner.js');
    expect(checked).not.toContain('/study/assets/banner-validator.js');
  });

  it('preloads the runtime when the runtime page and its widgets are built into a named chunk group (no manifest key of their own)', () => {
    // vite.config.ts groups the runtime page, registry and widgets into one chunk; the manifest then
    // names it `_runtime-page-<hash>.js`, and the home's HTML preloaded none of it (the runtime came one round trip late).
    const dist = mkdtempSync(join(tmpdir(), 'bootstrap-manifest-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({
      'index.html': { file: 'assets/index.js', imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_runtime-page-AbC123.js': { file: 'assets/runtime-page-AbC123.js', name: 'runtime-page', imports: ['index.html', '_widget-validators-x.js', '_vendor.js'], css: ['assets/runtime-page-x.css'] },
      '_widget-validators-x.js': { file: 'assets/widget-validators-x.js', name: 'widget-validators' },
      '_other-x.js': { file: 'assets/other-x.js', name: 'other' },
    }));
    const map = readPreloadMap(dist)!;
    const already = linkedHrefs('<script type="module" crossorigin src="/study/assets/index.js"></script><link rel="modulepreload" href="/study/assets/vendor.js">');
    const hrefs = [...preloadLinks(map, ['banner'], '/study/', already).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(['/study/assets/runtime-page-AbC123.js', '/study/assets/runtime-page-x.css', '/study/assets/widget-validators-x.js']);
  });

  it('reads the widget types of format 2 blocks with their slots and of a legacy template', () => {
    expect(templateBlockTypes({ schemaVersion: 2, blocks: [
      { id: 'a', type: 'banner', version: 1, props: {} },
      { id: 'b', type: 'columns', version: 1, props: {}, slots: { left: [{ id: 'c', type: 'course-list', version: 1, props: {} }], right: [{ id: 'd', type: 'banner', version: 1, props: {} }] } },
    ] })).toEqual(['banner', 'columns', 'course-list']);
    expect(templateBlockTypes({ pageCode: 'x', pageName: 'x', components: [{ compType: 'swiper', config: {} }, { compType: 'courseList', config: {} }] })).toEqual(['banner', 'course-list']);
    expect(templateBlockTypes(null)).toEqual([]);
    expect(templateBlockTypes({ blocks: 'nope' })).toEqual([]);
  });
});
