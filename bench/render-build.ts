// The render bench's build and serving (bench/render.ts): the harness built with the project's own
// Vite config, its page limit lifted, ours.html given the preload links the portal's server writes,
// and a static server for the result.
import { createServer, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, mergeConfig, type Plugin, type PluginOption } from 'vite';
import { linkedHrefs, preloadLinks, readPreloadMap, withBootstrap } from '../server/plugins/bootstrap';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** A static server for the built harness; unknown paths (fixture covers) answer 404 quickly. */
export function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolvePromise) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    resolvePromise({ server, url: `http://127.0.0.1:${port}/` });
  }));
}

/** Lifts the runtime's blocks-per-page limit in the harness build only (see the module comment). */
export function liftPageLimit(maxBlocks: number): Plugin {
  return {
    name: 'render-bench:lift-page-limit',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/schemas/template-limits.ts')) return undefined;
      const declaration = /export const MAX_PAGE_BLOCKS = [\d_]+;/;
      if (!declaration.test(code)) this.error('schemas/template-limits.ts no longer declares "export const MAX_PAGE_BLOCKS = <n>;"; update liftPageLimit in bench/render.ts.');
      return code.replace(declaration, `export const MAX_PAGE_BLOCKS = ${maxBlocks};`);
    },
  };
}

/**
 * Gives ours.html the <link rel="modulepreload"> tags of the page's widget chunks, exactly as the
 * portal's server writes them into a home's HTML from the template it serves (issue 15 point 3;
 * server/plugins/bootstrap.ts, whose functions this calls): the chunks download beside the entry,
 * and are evaluated when the runtime imports them after t0. Their cost shows in "JS ready" and in
 * the main-thread busy time; nothing is imported or rendered before t0.
 */
export async function preloadPageWidgets(outDir: string, types: readonly string[], checked: boolean): Promise<void> {
  const map = readPreloadMap(outDir);
  if (!map) throw new Error('The harness build wrote no manifest; preloadPageWidgets needs build.manifest.');
  const file = join(outDir, 'bench/render-harness/ours.html');
  const html = await readFile(file, 'utf8');
  // The page sits two folders below the build's root (base './'), as its own asset URLs do; a
  // checked template's page names no validator, as the portal's (server/plugins/spa.ts).
  const links = preloadLinks({ runtime: [], widgets: map.widgets, validators: map.validators, pages: [] }, types, '../../', linkedHrefs(html), { validators: !checked });
  if (!links) return;
  await writeFile(file, withBootstrap(html, null, links));
}

/** Every plugin of a PluginOption (nested arrays and promises), resolved. */
export async function flatPlugins(option: PluginOption): Promise<Plugin[]> {
  const value = await option;
  if (!value) return [];
  if (Array.isArray(value)) return (await Promise.all(value.map(flatPlugins))).flat();
  return [value as Plugin];
}

/**
 * Builds the harness with the project's own Vite config (its plugins shape the runtime, e.g. the
 * precompiled widget validators), minus the pre-compression of assets (served over loopback here),
 * with the four harness pages as inputs.
 */
export async function buildHarness(outDir: string, maxBlocks: number, anchorPage: string): Promise<void> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, resolve(repoRoot, 'vite.config.ts'), repoRoot, 'warn');
  const { plugins: own = [], ...config } = loaded?.config ?? {};
  const plugins = (await flatPlugins(own)).filter((p) => !/compress/i.test(p.name));
  const page = (name: string) => resolve(repoRoot, `bench/render-harness/${name}.html`);
  await build(mergeConfig(config, {
    configFile: false, root: repoRoot, base: './', logLevel: 'warn', publicDir: false, mode: 'production',
    plugins: [...plugins, liftPageLimit(maxBlocks)],
    resolve: { alias: { '@anchor-page': anchorPage } },
    build: {
      outDir, emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 10_000,
      // --profile: readable function names in the profile (the figures of such a run are not comparable).
      ...(process.argv.includes('--profile') ? { minify: false } : {}),
      rolldownOptions: { input: { ours: page('ours'), plain: page('plain'), puck: page('puck'), mixed: page('mixed') } },
    },
  }));
}

