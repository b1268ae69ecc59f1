import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The SPA lives under /study (spec shell §2: history mode under the base path /study).
// In `npm run dev:web` the API paths are proxied to the API server (`npm run dev:server`).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const apiPrefixes = ['/um', '/cfg', '/cm', '/train', '/exam', '/task', '/order', '/sm', '/dataapi', '/cmu', '/pm', '/uploads', '/docs'];

/**
 * Modules of a runtime page's path that the entry does not import: the runtime page and renderer,
 * the widget registry and every widget's component and styles (not their editor meta), the shared
 * widget parts, the page schemas (not the page-shape validators: page-shapes.ts). The entry's own
 * runtime modules (links, registry context) stay in the entry: grouped here, they would pull this
 * chunk into every route. Left out, a module only the group uses (the banner call)
 * lands in a chunk that imports this one while this one imports it (scripts/vite-chunk-cycles.ts fails such a build).
 */
function isRuntimePageModule(id: string): boolean {
  if (!portalBuild) return false;
  const path = id.replace(/\\/g, '/');
  if (path.includes('/node_modules/')) return false;
  // The entry's own runtime modules; the sanitiser loads on first need, the props compiler runs at build time.
  if (/\/src\/runtime\/(links|link-routes|registry-context|use-runtime-context|rich-text|props-compiler)\.tsx?$/.test(path)) return false;
  if (/\/widgets\/(editor-meta|[^/]+\/meta)\.tsx?$/.test(path)) return false;
  // The registry's map of build-time validators (not the validators themselves) and the contracts' fingerprint.
  if (path === '\0virtual:widget-validators' || /\/schemas\/contracts-fingerprint\.ts$/.test(path)) return true;
  return /\/src\/runtime\//.test(path)
    || /\/src\/features\/home\/components\/runtime-page\.tsx$/.test(path)
    || /\/src\/components\/(card-grid|widget-parts|widget-texts|catalogue-cards|window-badge)\.tsx?$/.test(path)
    // Only the banner widget calls it; left out, its chunk and this one imported each other.
    || /\/src\/api\/banner\.ts$/.test(path)
    || /\/widgets\//.test(path)
    || /\/schemas\/(page-template|template-limits|template-block-types|widgets\/)/.test(path);
}

/**
 * True while building the portal itself (index.html). The runtime's chunk groups are shaped around
 * its entry; another build with this config (bench/render.ts's harness: four pages that import the
 * runtime statically) would get chunks that import each other, so there the groups match nothing.
 */
let portalBuild = true;
const detectPortalBuild: Plugin = {
  name: 'portal:detect-portal-build',
  apply: 'build',
  options(options) {
    const input = options.input;
    const files = input === undefined ? [] : typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input);
    portalBuild = files.length === 1 && /(^|[\\/])index\.html$/.test(files[0]!);
  },
};
/** The test of a group that only the portal's own build uses. */
const portalOnly = (pattern: RegExp) => (id: string) => portalBuild && pattern.test(id);

export default defineConfig({
  base: '/study/',
  // The server render of a guest's home and the browser that hydrates it need the stores' current
  // state as React's server snapshot, where zustand gives their initial state (src/lib/zustand-hydration.ts).
  resolve: { alias: [{ find: /^zustand$/, replacement: fileURLToPath(new URL('./src/lib/zustand-hydration.ts', import.meta.url)) }] },
  plugins: [detectPortalBuild, react(), import('./scripts/widget-validators').then((m) => m.widgetValidators()), import('./scripts/vite-compress').then((m) => m.compressAssets()), import('./scripts/vite-chunk-cycles').then((m) => m.noChunkCycles()),
    // The client build inlines the schemas' TypeBox values as JSON: TypeBox stays out of the browser (issue 15 point 3).
    import('./scripts/vite-typebox-json').then((m) => m.typeboxJson())],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // DOMPurify's module only builds its purifier; it has no side effects of its own. Saying so
        // lets the bundler drop it where sanitizeRichText is re-exported but never called (the
        // shell imports src/runtime/links.ts), so it loads only with the widgets that render rich text.
        // TypeBox's modules only define types and their engine: once scripts/vite-typebox-json.ts has
        // inlined the schemas as JSON, a schema factory left in a module (`Nullable`, `SiteUrl`) that
        // nothing calls must not keep TypeBox's module-level set-up in the browser (issue 15 point 3).
        moduleSideEffects: [
          { test: /node_modules[\\/]dompurify[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]typebox[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // React and the router change far less often than the app: a chunk of their own stays
          // cached across deployments. Only code every page loads anyway belongs here; antd is left
          // to the default splitting so its on-demand parts (Modal, message, Dropdown) stay lazy.
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The widgets' build-time props validators as one chunk instead of one of ~1 KB per
            // widget type: a browser fetches 6 files at a time from one host over HTTP/1.1, and demo's
            // home queued ~75 files before its data call (issue 15 point 3). All of them are ~8 KB
            // brotli: less than the round trips they replace.
            // Its dependencies are left where they were: recursively, it took Vite's preload helper
            // with it, and the entry (every route) loaded the validators to get that helper.
            // Only the per-type validators (virtual:widget-validators/<type>): the map that loads them
            // is the registry's and goes with the runtime page, so a home whose template the server
            // checked loads no validator at all (issue 15 point 2, server/lib/template-serve.ts).
            // The page-shape validators go with them: only an unchecked template needs either (src/runtime/page-shapes.ts).
            { name: 'widget-validators', test: portalOnly(/virtual:(widget-validators\/|page-shape-validators)/), includeDependenciesRecursively: false },
            // Other builds with this config keep the validators' group as it was (with its dependencies):
            // without them, the render bench's harness chunks imported each other.
            { name: 'widget-validators', test: (id: string) => !portalBuild && /virtual:widget-validators/.test(id) },
            // Small modules the entry shares with lazy chunks (each was a file of its own, < 1 KB):
            // one file in the entry's first wave instead of five.
            // The client's light half (the transport loads on the first call) goes with them.
            { name: 'entry-shared', test: portalOnly(/(src[\\/]lib[\\/](constants|storage|bootstrap)\.ts|src[\\/]api[\\/](client|api-error)\.ts|schemas[\\/]widgets[\\/]request\.ts|vite[\\/]preload-helper|node_modules[\\/](clsx|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider)[\\/.])/), includeDependenciesRecursively: false },
            // What every runtime page (home, tab pages) needs after the entry, as one file instead of
            // ~40 (issue 15 point 3: 6 files at a time over HTTP/1.1, ~60 ms each here). The home's
            // HTML preloads it by this name (server/plugins/bootstrap.ts RUNTIME_GROUP_NAMES).
            { name: 'runtime-page', test: isRuntimePageModule, includeDependenciesRecursively: false },
            // What the runtime page shares with other lazy pages (texts, link schema, list calls): one
            // small file instead of four, and those pages do not load the runtime. Not antd's theme
            // config: grouped here, it brought antd's theme code to the home (widgets paint with --portal-*).
            { name: 'runtime-shared', test: portalOnly(/(src[\\/]i18n[\\/]texts|schemas[\\/]link|src[\\/]api[\\/](catalogue|community))\.ts$/), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
