// The server render's build (issue 15 point 3; server/plugins/ssr-home.ts): src/ssr/worker.ts and
// the app it imports, for Node, into <outDir>-ssr (dist-ssr beside dist). `npm run build` runs it
// after the browser build. The server loads the built worker by path, so server/ never imports src/.
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import base from './vite.config';

const outDir = 'dist-ssr'; // --outDir overrides it (a build into X goes with X-ssr)

export default defineConfig(async (env) => {
  const resolved = (typeof base === 'function' ? await base(env) : base) as UserConfig;
  // The browser build's plugins but its compressor (the server reads these files) and chunk-cycle check.
  const plugins = (await Promise.all((resolved.plugins ?? []).flat())).flat().filter((plugin) => {
    const name = plugin && typeof plugin === 'object' && 'name' in plugin ? String(plugin.name) : '';
    return !/compress|chunk-cycles/.test(name);
  });
  return mergeConfig({ ...resolved, plugins: [] }, {
    plugins,
    // antd's and the app's CSS-in-JS packages are bundled, so their ES modules resolve as in the browser build.
    ssr: { noExternal: true, external: ['jsdom'] },
    build: { ssr: 'src/ssr/worker.ts', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } },
  });
});
