import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { homeMarkupElements, renderedAddress, signedInRequest, ssrWorkerFile, startHomeRenderer } from './ssr-home';
import {
  blockDataScript, blockDataWithin, bootstrapTemplateChecked, bootstrapWidgetTypes, bootstrapWithin, isTemplateRoute, linkedHrefs, pageRouteLinks,
  preloadLinks, readPreloadMap, scriptSafeJson, withBootstrap,
} from './bootstrap';

/** How long start-up waits for the server render worker to load the app. */
const SSR_READY_WAIT_MS = 15_000;

/** Serves the built SPA under /study with history routing; returns the index sender for 404s. */
export async function registerSpa(
  app: FastifyInstance,
  opts: { distDir: string; defaultTenant: string; bootstrapTimeoutMs?: number; blockDataTimeoutMs?: number; serverRender?: boolean },
): Promise<(reply: FastifyReply) => FastifyReply | Promise<FastifyReply>> {
  const distDir = resolve(opts.distDir);
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built SPA at ${indexFile}; run "npm run build". /study will answer with a hint until then.`);
    return (reply) => reply.status(503).type('text/plain; charset=utf-8').send('The portal is not built yet: run "npm run build" and restart.');
  }
  // The deployment's default tenant (used when the host names none) is written into the page, so
  // an operator changes it with DEFAULT_TENANT instead of a rebuild.
  const tenantCode = opts.defaultTenant.replace(/[^a-z0-9-]/g, '');
  const indexHtml = readFileSync(indexFile, 'utf8').replaceAll('%PORTAL_DEFAULT_TENANT%', tenantCode);
  const preloadMap = readPreloadMap(distDir);
  const linked = linkedHrefs(indexHtml);
  // The guest's home as markup in its HTML (server/plugins/ssr-home.ts), unless turned off.
  const renderer = opts.serverRender === false ? null : startHomeRenderer({ workerFile: ssrWorkerFile(distDir), log: app.log });
  if (renderer) {
    app.addHook('onClose', () => renderer.close());
    // The node is ready once its render is (~2 s): its first guests get the markup too.
    let timer: NodeJS.Timeout | undefined;
    const loaded = await Promise.race([renderer.ready, new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), SSR_READY_WAIT_MS); })]);
    clearTimeout(timer);
    if (loaded !== true) app.log.warn(`The server render worker ${loaded === 'late' ? `was not ready within ${SSR_READY_WAIT_MS} ms` : 'did not load'}; homes go out without markup until it is.`);
  }
  // Issue 15 point 3: the HTML carries the start-up data of the tenant the host names (and, on a
  // home route, preloads the runtime and the template's widgets), so the home paints after one API
  // call. It is per tenant now: never shared across hosts by a cache, revalidated on every load.
  const sendIndex = async (reply: FastifyReply) => {
    // request.host honours X-Forwarded-Host behind a trusted proxy, as the browser's location does.
    const { url, host } = reply.request;
    const bootstrap = await bootstrapWithin(app, { host, url, defaultTenant: tenantCode }, opts.bootstrapTimeoutMs);
    const templateRoute = isTemplateRoute(url);
    let links = '';
    // With a server render, the widgets' style sheets apply at once: the markup paints with them.
    if (preloadMap && templateRoute) links = preloadLinks(preloadMap, bootstrapWidgetTypes(bootstrap), '/study/', linked, { validators: !bootstrapTemplateChecked(bootstrap), stylesheets: renderer !== null });
    else if (preloadMap) links = pageRouteLinks(preloadMap, '/study/', linked);
    const page = withBootstrap(indexHtml, bootstrap, links);
    reply.status(200).header('cache-control', 'no-cache').header('vary', 'Host').type('text/html; charset=utf-8');
    const end = page.lastIndexOf('</body>');
    if (!templateRoute || !bootstrapTemplateChecked(bootstrap) || end < 0) return reply.send(page);
    // A home or tab page: the page goes out at once, so the browser fetches its scripts, and its end
    // follows with the answers of the blocks' requests as a guest gets them (issue 15 point 3). The
    // scripts are modules, which run once the whole document has arrived, so they find the answers.
    const body = new PassThrough();
    body.write(page.slice(0, end));
    // With the answers, a guest's home is rendered (and cached) on the server; a request with the
    // sign-in cookie gets no markup, and a signed-in browser without it ignores it (the inline check).
    const signedIn = signedInRequest(reply.request.headers.cookie);
    void blockDataWithin(app, bootstrap, opts.blockDataTimeoutMs).then(async (data) => {
      let markup = '';
      if (renderer && bootstrap && data && !signedIn && renderedAddress(url)) {
        const home = await renderer.render({
          url: `${reply.request.protocol}://${host}${url}`,
          defaultTenant: tenantCode,
          bootstrapJson: scriptSafeJson(bootstrap),
          blockDataJson: scriptSafeJson(data),
        }).catch(() => null);
        if (home) markup = homeMarkupElements(home, bootstrap.tenant.id);
      }
      body.end(`${markup}${blockDataScript(data)}${page.slice(end)}`);
    });
    return reply.send(body);
  };

  const assetsDir = join(distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/study/',
    index: false,
    wildcard: true,
    // Issue 15 point 4: the build writes .br and .gz beside each asset (scripts/vite-compress.ts);
    // they are sent as they are to a browser that accepts them. Cache-Control is set here alone.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // A hashed asset never changes under its name: cached for a year, never revalidated. Any
      // other file (favicon, robots) is revalidated each time, by its ETag and Last-Modified.
      const hashed = path.startsWith(assetsDir);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address answers brotli, gzip or plain: a shared cache must key on the encoding.
      if (hashed) res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/study', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/study/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/study/index.html', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/study/home'));
  // DESIGN "What the product is": the back-office lives at /admin/; it is the portal's
  // /sub_admin/myAdmin page (spec commerce §2), so the shell's admin entry (spec shell §6: a new
  // window at an admin path, with the JSON of userId and tenantId) keeps its query on the way.
  const toAdmin = (url: string) => `/study/sub_admin/myAdmin${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`;
  app.get('/admin', { schema: { hide: true } }, (req, reply) => reply.redirect(toAdmin(req.url)));
  app.get('/admin/*', { schema: { hide: true } }, (req, reply) => reply.redirect(toAdmin(req.url)));
  return sendIndex;
}
