import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives under /study (spec shell §2: history mode under the base path /study).
// In `npm run dev:web` the API paths are proxied to the API server (`npm run dev:server`).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const apiPrefixes = ['/um', '/cfg', '/cm', '/train', '/exam', '/task', '/order', '/sm', '/dataapi', '/cmu', '/pm', '/uploads', '/docs'];

export default defineConfig({
  base: '/study/',
  plugins: [react(), import('./scripts/widget-validators').then((m) => m.widgetValidators()), import('./scripts/vite-compress').then((m) => m.compressAssets())],
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
        moduleSideEffects: [{ test: /node_modules[\\/]dompurify[\\/]/, sideEffects: false }],
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
            { name: 'widget-validators', test: /virtual:widget-validators/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
