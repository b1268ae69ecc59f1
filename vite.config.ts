import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives under /study (spec shell §2: history mode under the base path /study).
// In `npm run dev:web` the API paths are proxied to the API server (`npm run dev:server`).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const apiPrefixes = ['/um', '/cfg', '/cm', '/train', '/exam', '/task', '/order', '/sm', '/dataapi', '/cmu', '/pm', '/uploads', '/docs'];

export default defineConfig({
  base: '/study/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
